//! The one stop type of the toolkit. A [`StopFlag`] is owned and cheap to clone: every clone
//! is the same flag, so a stop raised on any thread (a Ctrl-C handler, a time limit, the
//! caller's main thread) reaches whatever holds a clone on any other thread — a
//! pseudo-Boolean lowering, a backend, the counting engine, the model counter, a certifier,
//! a search. It is always passed explicitly (in an options struct or as an argument);
//! nothing reads it from a thread-local or a global.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A request to stop, shared between whoever asks (a Ctrl-C handler, a time limit, another
/// thread) and the work that honours it. Cloning shares the flag; no `'static` borrow, no
/// leak.
///
/// ```
/// use toolkit_base::StopFlag;
/// let stop = StopFlag::new();
/// let seen_by_a_worker = stop.clone();
/// assert!(stop.raise()); // the first raise says so
/// assert!(!stop.raise());
/// assert!(seen_by_a_worker.is_raised());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<Flag>);

/// What the clones of one [`StopFlag`] share.
#[derive(Debug, Default)]
struct Flag {
    raised: AtomicBool,
    /// The flag this one is a [`StopFlag::child`] of.
    parent: Option<StopFlag>,
}

impl StopFlag {
    /// A flag not raised.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// A new flag, raised when this one is and also on its own: for a caller that stops one
    /// part of its work (the enumeration a model counter takes over from, the cubes beside
    /// a listing that counted) while a stop asked of the whole (a Ctrl-C) still reaches
    /// that part. Raising the child leaves this flag as it is, so a Ctrl-C handler that
    /// holds this flag still sees the user's first Ctrl-C as the first.
    ///
    /// ```
    /// use toolkit_base::StopFlag;
    /// let whole = StopFlag::new();
    /// let part = whole.child();
    /// part.raise();
    /// assert!(part.is_raised() && !whole.is_raised());
    /// let other = whole.child();
    /// assert!(whole.raise()); // still the first raise of the whole
    /// assert!(other.is_raised());
    /// ```
    pub fn child(&self) -> StopFlag {
        StopFlag(Arc::new(Flag {
            raised: AtomicBool::new(false),
            parent: Some(self.clone()),
        }))
    }

    /// Asks everything that holds this flag (or a child of it) to stop. True when this call
    /// raised it (its own request was not raised before; a raised parent does not count):
    /// a Ctrl-C handler tells a first request from a second one so.
    pub fn raise(&self) -> bool {
        !self.0.raised.swap(true, Ordering::SeqCst)
    }

    /// Takes this flag's own request back: for a caller that raised the flag itself to stop
    /// one part of its own work and goes on (the model counter's switch stops an
    /// enumeration so, through a child of the caller's flag). Whoever else holds a clone
    /// sees it lowered too; a raised parent stays raised.
    pub fn lower(&self) {
        self.0.raised.store(false, Ordering::SeqCst);
    }

    /// Whether a stop was asked for, of this flag or of one it is a child of.
    pub fn is_raised(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed)
            || self.0.parent.as_ref().is_some_and(StopFlag::is_raised)
    }
}
