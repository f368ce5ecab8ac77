//! `--method auto`: enumerate, and switch to the model counter once enumeration shows it
//! would take long. Enumeration wins where models are few enough to list (queens, Langford:
//! 30-100x faster than Ganak, bench/results/cnf.md); the counter wins where they are not
//! (counts of dozens of digits). After [`FIRST_LOOK`], the finished cubes give an estimate of
//! what is left; an estimate past [`LONG`], or no cube finished at all, stops the enumeration
//! (through the count's stop flag, as a Ctrl-C would) and hands the file to the counter.

use count_engine::Progress;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long enumeration runs before its progress is judged.
pub const FIRST_LOOK: Duration = Duration::from_secs(1);

/// The enumeration time left, estimated from the cubes finished, past which the counter
/// takes over.
pub const LONG: Duration = Duration::from_secs(10);

/// How often the watcher looks.
const TICK: Duration = Duration::from_millis(20);

/// The state a watcher thread reads: the enumeration's progress and whether it ended.
pub(crate) struct Switch<'s> {
    /// What is watched, for the reason given: `enumeration`, `the orbit search`.
    what: &'static str,
    /// The count's stop flag, raised to stop the enumeration.
    stop: &'s AtomicBool,
    start: Instant,
    done: AtomicUsize,
    total: AtomicUsize,
    finished: AtomicBool,
    switched: AtomicBool,
    /// Why the counter took over, once it did.
    reason: std::sync::Mutex<Option<String>>,
    /// The watcher's thread, woken by [`Switch::finish`] so that a short count does not
    /// wait out its sleep.
    watcher: std::sync::OnceLock<std::thread::Thread>,
}

impl<'s> Switch<'s> {
    /// A switch for a count (`what`) starting now, stopped through `stop`.
    pub(crate) fn new(what: &'static str, stop: &'s AtomicBool) -> Switch<'s> {
        Switch {
            what,
            stop,
            start: Instant::now(),
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(0),
            finished: AtomicBool::new(false),
            switched: AtomicBool::new(false),
            reason: std::sync::Mutex::new(None),
            watcher: std::sync::OnceLock::new(),
        }
    }

    /// Records the enumeration's progress (from its progress callback).
    pub(crate) fn observe(&self, p: &Progress) {
        self.done.store(p.cubes_done, Ordering::Relaxed);
        self.total.store(p.cubes_total, Ordering::Relaxed);
    }

    /// Marks the enumeration ended: the watcher returns.
    pub(crate) fn finish(&self) {
        self.finished.store(true, Ordering::SeqCst);
        if let Some(t) = self.watcher.get() {
            t.unpark();
        }
    }

    /// Why the counter took over, or `None` when enumeration was left to finish.
    pub(crate) fn switched(&self) -> Option<String> {
        if !self.switched.load(Ordering::SeqCst) {
            return None;
        }
        self.reason
            .lock()
            .expect("no panics hold this lock")
            .clone()
    }

    /// Watches until the enumeration ends, a Ctrl-C stops it, or it is judged too long:
    /// then it is stopped through the stop flag and [`Switch::switched`] says why.
    pub(crate) fn watch(&self) {
        let _ = self.watcher.set(std::thread::current());
        loop {
            // Looked at before each sleep: a count that finished before the watcher began
            // (or while it slept, which `finish` cuts short) ends the watch at once.
            if self.finished.load(Ordering::SeqCst) || self.stop.load(Ordering::SeqCst) {
                return;
            }
            std::thread::park_timeout(TICK);
            if self.finished.load(Ordering::SeqCst) || self.stop.load(Ordering::SeqCst) {
                return;
            }
            let elapsed = self.start.elapsed();
            if elapsed < FIRST_LOOK {
                continue;
            }
            if let Some(reason) = self.too_long(elapsed) {
                *self.reason.lock().expect("no panics hold this lock") = Some(reason);
                self.switched.store(true, Ordering::SeqCst);
                self.stop.store(true, Ordering::SeqCst);
                return;
            }
        }
    }

    /// Why enumeration is judged too long after `elapsed`, or `None`.
    fn too_long(&self, elapsed: Duration) -> Option<String> {
        let done = self.done.load(Ordering::Relaxed);
        let total = self.total.load(Ordering::Relaxed);
        let secs = elapsed.as_secs_f64();
        let what = self.what;
        if done == 0 {
            return Some(format!("{what} had finished no cube after {secs:.1} s"));
        }
        let left = secs * (total.saturating_sub(done)) as f64 / done as f64;
        (left > LONG.as_secs_f64()).then(|| {
            format!(
                "{what} would have taken about {left:.0} s more ({done} of {total} cubes after {secs:.1} s)"
            )
        })
    }
}
