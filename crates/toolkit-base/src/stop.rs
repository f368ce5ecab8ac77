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
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not raised.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks everything that holds this flag to stop. True when this call raised it (it was
    /// not raised before): a Ctrl-C handler tells a first request from a second one so.
    pub fn raise(&self) -> bool {
        !self.0.swap(true, Ordering::SeqCst)
    }

    /// Takes the request back: for a caller that raised the flag itself to stop one part of
    /// its own work (the model counter's switch stops an enumeration it hands over so) and
    /// goes on. Whoever else holds a clone sees it lowered too.
    pub fn lower(&self) {
        self.0.store(false, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
