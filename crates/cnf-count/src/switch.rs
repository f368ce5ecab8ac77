//! The watcher beside an enumeration, which judges it slow. Enumeration wins where models
//! are few enough to list (queens, Langford: 30-100x faster than Ganak,
//! bench/results/cnf.md); the counter wins where they are not (counts of dozens of digits).
//! After [`FIRST_LOOK`], and every [`TICK`] after, the watcher judges the enumeration slow
//! ([`judge`]) when
//!
//! - no cube has finished at all;
//! - the finished cubes give an estimate of the time left past [`LONG`]; or
//! - a cube straggles: no cube has finished for [`STRAGGLER`] times the mean time of a
//!   finished cube (and for [`FIRST_LOOK`] at least).
//!
//! What follows is the caller's ([`Switch::watch`]): with [`crate::Method::Auto`], the
//! enumeration is stopped (through its own stop flag, a child of the count's that a Ctrl-C
//! raises) and the file
//! handed to the counter; with enumeration asked for, the listing left is checked
//! ([`crate::listing`]).

use crate::slowness::{Sign, Slowness, Watched};
use count_engine::Progress;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use zero_one_model::StopFlag;

/// How long enumeration runs before its progress is judged.
pub const FIRST_LOOK: Duration = Duration::from_secs(1);

/// The enumeration time left, estimated from the cubes finished, past which the counter
/// takes over.
pub const LONG: Duration = Duration::from_secs(10);

/// How many times a finished cube's mean time no cube may go on without finishing before
/// the enumeration is judged slow (once past [`FIRST_LOOK`]).
///
/// The estimate from finished cubes assumes that the cubes left cost what the finished ones
/// did. Within one file they can differ without bound: the last cube of the single clause
/// `x1 ∨ … ∨ x65` leaves a clause of 56 variables to list (2^56 - 1 models), where its 511
/// siblings each leave free variables, counted at once; the estimate of the time left then
/// stays near zero while that cube runs for ever. A cube that has run for many times the
/// mean is the evidence the estimate lacks, judged per cube while the count runs (not only
/// at the first look): the same bet as handing over a file whose first cube has not
/// finished after [`FIRST_LOOK`], which is this rule before any cube has finished. The
/// factor keeps files whose cubes differ by the usual amounts (queens, Langford: the
/// slowest cube a few times the mean) with enumeration.
pub const STRAGGLER: u32 = 50;

/// How often the watcher looks.
const TICK: Duration = Duration::from_millis(20);

/// What the watcher knows at one look.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Look {
    /// Since the enumeration started.
    pub elapsed: Duration,
    /// Cubes finished.
    pub done: usize,
    /// Cubes in the run.
    pub total: usize,
    /// When the last cube finished, since the start (zero before any has).
    pub last_done: Duration,
    /// Worker threads.
    pub threads: usize,
}

/// Why the run of `watched` seen at `look` is judged slow, or `None`.
pub(crate) fn judge(watched: Watched, look: &Look) -> Option<Slowness> {
    let secs = look.elapsed.as_secs_f64();
    if look.elapsed < FIRST_LOOK {
        return None;
    }
    let Look { done, total, .. } = *look;
    let slow = |sign| Slowness {
        watched,
        sign,
        done,
        total,
        elapsed: look.elapsed,
    };
    if done == 0 {
        return Some(slow(Sign::NoCubeFinished));
    }
    let left = secs * (total.saturating_sub(done)) as f64 / done as f64;
    if left > LONG.as_secs_f64() {
        let left = Duration::try_from_secs_f64(left).unwrap_or(Duration::MAX);
        return Some(slow(Sign::TooLong { left }));
    }
    // The cubes running now started when the last one finished or before it: every one of
    // them has run for at least `stalled`. Their mean is a thread's time per finished cube.
    let stalled = look.elapsed.saturating_sub(look.last_done);
    let mean = look.last_done.as_secs_f64() * look.threads.max(1) as f64 / done as f64;
    let bound = FIRST_LOOK.as_secs_f64().max(f64::from(STRAGGLER) * mean);
    (done < total && stalled.as_secs_f64() > bound).then(|| {
        let mean = Duration::try_from_secs_f64(mean).unwrap_or(Duration::MAX);
        slow(Sign::Straggler { stalled, mean })
    })
}

/// The state a watcher thread reads: the enumeration's progress and whether it ended.
pub(crate) struct Switch<'s> {
    /// What is watched.
    what: Watched,
    /// The enumeration's stop flag (a child of the count's), raised to stop it.
    stop: &'s StopFlag,
    start: Instant,
    threads: usize,
    done: AtomicUsize,
    total: AtomicUsize,
    /// Nanoseconds from `start` to the last cube finished.
    last_done: AtomicU64,
    /// Which cubes have finished, by index.
    cubes: Vec<AtomicBool>,
    ended: AtomicBool,
    /// The watcher's thread, woken by [`Switch::finish`] so that a short count does not
    /// wait out its sleep.
    watcher: std::sync::OnceLock<std::thread::Thread>,
}

/// What the watcher saw when it judged the enumeration slow.
pub(crate) struct Slow {
    /// Why it is slow.
    pub reason: Slowness,
    /// Since the enumeration started.
    pub elapsed: Duration,
    /// Which cubes had finished, by index.
    pub finished: Vec<bool>,
}

impl<'s> Switch<'s> {
    /// A switch for a count (`what`) of `cubes` cubes on `threads` threads starting now,
    /// stopped through `stop`.
    pub(crate) fn new(
        what: Watched,
        stop: &'s StopFlag,
        cubes: usize,
        threads: usize,
    ) -> Switch<'s> {
        Switch {
            what,
            stop,
            start: Instant::now(),
            threads,
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(cubes),
            last_done: AtomicU64::new(0),
            cubes: (0..cubes).map(|_| AtomicBool::new(false)).collect(),
            ended: AtomicBool::new(false),
            watcher: std::sync::OnceLock::new(),
        }
    }

    /// Records the enumeration's progress (from its progress callback, once per cube).
    pub(crate) fn observe(&self, p: &Progress) {
        let now = self.start.elapsed().as_nanos().min(u64::MAX.into()) as u64;
        self.last_done.fetch_max(now, Ordering::Relaxed);
        self.done.fetch_max(p.cubes_done, Ordering::Relaxed);
        self.total.store(p.cubes_total, Ordering::Relaxed);
        if let Some(c) = self.cubes.get(p.cube) {
            c.store(true, Ordering::Relaxed);
        }
    }

    /// Marks the enumeration ended: the watcher returns.
    pub(crate) fn finish(&self) {
        self.ended.store(true, Ordering::SeqCst);
        if let Some(t) = self.watcher.get() {
            t.unpark();
        }
    }

    /// What the watcher knows now.
    fn look(&self) -> Look {
        Look {
            elapsed: self.start.elapsed(),
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            last_done: Duration::from_nanos(self.last_done.load(Ordering::Relaxed)),
            threads: self.threads,
        }
    }

    /// Watches until the enumeration ends, a Ctrl-C stops it, or it is judged slow: then
    /// `verdict` says what to do. `Some(v)` stops the enumeration through the stop flag and
    /// is returned; `None` leaves it to run, unwatched.
    pub(crate) fn watch<T>(&self, verdict: impl FnOnce(Slow) -> Option<T>) -> Option<T> {
        let _ = self.watcher.set(std::thread::current());
        let over = || self.ended.load(Ordering::SeqCst) || self.stop.is_raised();
        loop {
            // Looked at before each sleep: a count that finished before the watcher began
            // (or while it slept, which `finish` cuts short) ends the watch at once.
            if over() {
                return None;
            }
            std::thread::park_timeout(TICK);
            if over() {
                return None;
            }
            let look = self.look();
            if let Some(reason) = judge(self.what, &look) {
                let finished = self.cubes.iter().map(|c| c.load(Ordering::Relaxed));
                let slow = Slow {
                    reason,
                    elapsed: look.elapsed,
                    finished: finished.collect(),
                };
                let v = verdict(slow)?;
                self.stop.raise();
                return Some(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(elapsed_ms: u64, done: usize, total: usize, last_done_ms: u64) -> Look {
        Look {
            elapsed: Duration::from_millis(elapsed_ms),
            done,
            total,
            last_done: Duration::from_millis(last_done_ms),
            threads: 2,
        }
    }

    #[test]
    fn nothing_is_judged_before_the_first_look() {
        assert_eq!(judge(Watched::Enumeration, &look(900, 0, 512, 0)), None);
        assert_eq!(judge(Watched::Enumeration, &look(900, 511, 512, 10)), None);
    }

    #[test]
    fn no_cube_finished_at_the_first_look_is_slow() {
        let why = judge(Watched::Enumeration, &look(1000, 0, 512, 0))
            .unwrap()
            .to_string();
        assert_eq!(why, "enumeration had finished no cube after 1.0 s");
    }

    #[test]
    fn a_long_estimate_is_slow() {
        let why = judge(Watched::Enumeration, &look(2000, 10, 512, 1990)).unwrap();
        assert_eq!(
            why.sign,
            Sign::TooLong {
                left: Duration::from_secs_f64(2000.0 * 502.0 / 10.0 / 1000.0)
            }
        );
        let why = why.to_string();
        assert!(why.contains("would have taken about 100 s more"), "{why}");
    }

    #[test]
    fn a_straggler_after_quick_cubes_is_slow() {
        // 511 of 512 cubes in 10 ms, then nothing: the estimate of the time left is tiny.
        assert_eq!(judge(Watched::Enumeration, &look(1000, 511, 512, 10)), None);
        let why = judge(Watched::Enumeration, &look(1020, 511, 512, 10)).unwrap();
        assert!(matches!(why.sign, Sign::Straggler { .. }), "{why:?}");
        let why = why.to_string();
        assert!(
            why.starts_with("enumeration finished no cube for 1.0 s, over 50 times"),
            "{why}"
        );
        assert!(why.contains("511 of 512 cubes after 1.0 s"), "{why}");
    }

    #[test]
    fn steady_progress_is_not_slow() {
        // Queens-like: cubes finish every few milliseconds, the end is near.
        assert_eq!(
            judge(Watched::Enumeration, &look(3000, 600, 746, 2995)),
            None
        );
        // Long cubes (2 s each on 2 threads): a gap of 3 s is not many times the mean.
        assert_eq!(judge(Watched::Enumeration, &look(5000, 4, 8, 2000)), None);
        // Every cube finished: nothing straggles, whatever the gap.
        assert_eq!(judge(Watched::Enumeration, &look(9000, 8, 8, 100)), None);
    }
}
