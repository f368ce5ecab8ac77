//! The workers of [`count_parallel`](crate::count_parallel): threads that take cubes one at
//! a time, count each, and add up the counts, the figures and the progress the caller's
//! callback sees (over every cube, finished or running, and the listing beside them).

use super::Split;
use crate::{Error, Options, Progress, Stats};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use zero_one_model::StopFlag;

/// What the cube workers share: the next cube to take, the sums, the progress, and the
/// flags that stop every cube at once and the listing beside them.
pub(super) struct Pool<'a> {
    /// The options of each cube: the caller's, with `cancel` for the stop flag and each
    /// worker's share of the cache when the cubes keep their caches apart.
    per_thread: Options<'a>,
    /// The caller's time limit, stated again in a cube's time-limit error.
    limit: Option<std::time::Duration>,
    /// The cubes' stop flag, a child of the caller's: raised when a cube fails, or from
    /// outside when the cubes are no longer wanted.
    pub cancel: StopFlag,
    /// The listing's stop flag, a child of the caller's: raised once every cube is counted.
    pub listing_stop: StopFlag,
    start: Instant,
    next: AtomicUsize,
    /// Cubes counted.
    done: AtomicUsize,
    sums: Mutex<Sums>,
    shown: Mutex<ProgressSum>,
}

impl<'a> Pool<'a> {
    /// A pool of `workers` workers for a count that started at `start` with `options`. Each
    /// worker's cache gets an equal share of the bound when `split_cache` (else the cubes
    /// share it out themselves).
    pub(super) fn new(
        options: &Options<'a>,
        workers: usize,
        start: Instant,
        split_cache: bool,
    ) -> Pool<'a> {
        let child = || {
            options
                .stop
                .as_ref()
                .map_or_else(StopFlag::new, StopFlag::child)
        };
        let cancel = child();
        Pool {
            per_thread: Options {
                cache_mb: if split_cache {
                    (options.cache_mb / workers).max(1)
                } else {
                    options.cache_mb
                },
                stop: Some(cancel.clone()),
                ..options.clone()
            },
            limit: options.time_limit,
            cancel,
            listing_stop: child(),
            start,
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            sums: Mutex::new(Sums::new(workers)),
            shown: Mutex::new(ProgressSum::new(workers)),
        }
    }

    /// Shows the caller worker `w`'s snapshot `p`, summed with every other worker's; under
    /// the lock, so that the caller sees the sums in the order they were made.
    pub(super) fn report(&self, w: usize, p: &Progress) {
        let Some(user) = self.per_thread.progress else {
            return;
        };
        let mut shown = self.shown.lock().expect("no worker panics holding it");
        let mut sum = shown.running(w, p);
        sum.elapsed = self.start.elapsed();
        user(&sum);
        drop(shown);
    }

    /// Worker `w`'s work so far (a cube, or the listing) is done: its figures stay in the
    /// progress shown.
    pub(super) fn finished(&self, w: usize) {
        self.shown
            .lock()
            .expect("no worker panics holding it")
            .finished(w);
    }

    /// Worker `w` counts the cubes of `split` until none is left or `cancel` is raised
    /// (by the caller's stop, from outside, or by a failed cube, so that the other cubes
    /// stop too); the last cube counted raises `listing_stop`.
    pub(super) fn work(&self, w: usize, split: &Split<'_>) {
        let report = |p: &Progress| self.report(w, p);
        let cubes = split.len();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= cubes || self.cancel.is_raised() {
                return;
            }
            // The time limit is the whole call's: each cube gets what is left.
            let watched = Options {
                progress: self
                    .per_thread
                    .progress
                    .map(|_| &report as &(dyn Fn(&Progress) + Sync)),
                time_limit: self.limit.map(|l| l.saturating_sub(self.start.elapsed())),
                ..self.per_thread.clone()
            };
            let counted = split.count(i, &watched);
            let mut sums = self.sums.lock().expect("no worker panics holding it");
            match counted {
                Ok(c) => {
                    sums.count += c.count;
                    sums.add(w, &c.stats);
                    drop(sums);
                    self.finished(w);
                    if self.done.fetch_add(1, Ordering::AcqRel) + 1 == cubes {
                        self.listing_stop.raise();
                    }
                }
                Err(e) => {
                    sums.failed(w, e, self.limit);
                    drop(sums);
                    self.cancel.raise();
                    return;
                }
            }
        }
    }

    /// Whether every cube of `split` is counted.
    pub(super) fn complete(&self, split: &Split<'_>) -> bool {
        self.done.load(Ordering::Acquire) == split.len()
    }

    /// The figures of every cube, finished or stopped.
    pub(super) fn stats(&self) -> Stats {
        self.sums
            .lock()
            .expect("no worker panics holding it")
            .stats
            .clone()
    }

    /// The count and figures of every cube, or the first failure: a stop with the figures
    /// of every cube in place of its own cube's.
    pub(super) fn total(self) -> Result<(BigUint, Stats), Error> {
        self.sums.into_inner().expect("workers are done").total()
    }
}

/// What the workers of a [`Pool`] add up, behind one lock.
struct Sums {
    /// The counts of the finished cubes.
    count: BigUint,
    /// The figures of every cube, finished or stopped: a stopped count reports them all, as
    /// the progress line sums the running cubes with the finished ones.
    stats: Stats,
    /// The first cube's failure (the others are stopped by it).
    first_error: Option<Error>,
    /// The largest cache peak of each worker's cubes: a worker holds one cube's cache at a
    /// time, so their sum bounds what the cubes held at once.
    peaks: Vec<u64>,
}

impl Sums {
    fn new(workers: usize) -> Sums {
        Sums {
            count: BigUint::default(),
            stats: Stats::default(),
            first_error: None,
            peaks: vec![0; workers],
        }
    }

    /// Adds worker `w`'s cube's figures `s`; the cache peak is the sum of the workers'
    /// largest, not of every cube's.
    fn add(&mut self, w: usize, s: &Stats) {
        add_stats(&mut self.stats, s);
        self.peaks[w] = self.peaks[w].max(s.cache_peak_bytes);
        self.stats.cache_peak_bytes = self.peaks.iter().sum();
    }

    /// A cube failed with `e`: a stop's figures join the sums, and the first failure is kept
    /// (a cube stopped by the time limit names the whole call's `limit`).
    fn failed(&mut self, w: usize, e: Error, limit: Option<std::time::Duration>) {
        let e = match (e, limit) {
            (Error::TimeLimit { stats, .. }, Some(limit)) => Error::TimeLimit { limit, stats },
            (e, _) => e,
        };
        if let Some(stats) = stopped_stats(&e) {
            let stats = stats.clone();
            self.add(w, &stats);
        }
        self.first_error.get_or_insert(e);
    }

    /// The count and figures of every cube, or the first failure: a stop with the figures
    /// of every cube in place of its own cube's.
    fn total(self) -> Result<(BigUint, Stats), Error> {
        match self.first_error {
            None => Ok((self.count, self.stats)),
            Some(e) => Err(with_stopped_stats(e, |s| *s = self.stats)),
        }
    }
}

/// The figures a stop (the flag or the time limit) carries; `None` for other failures.
pub(super) fn stopped_stats(e: &Error) -> Option<&Stats> {
    match e {
        Error::Interrupted { stats } | Error::TimeLimit { stats, .. } => Some(stats),
        _ => None,
    }
}

/// `e` with the figures of a stop changed by `change` (other failures as they are).
pub(super) fn with_stopped_stats(mut e: Error, change: impl FnOnce(&mut Stats)) -> Error {
    if let Error::Interrupted { stats } | Error::TimeLimit { stats, .. } = &mut e {
        change(stats);
    }
    e
}

/// The progress of a count over cubes: the sums of the finished cubes, and the latest
/// snapshot of each worker's running cube.
struct ProgressSum {
    finished: Progress,
    running: Vec<Progress>,
}

impl ProgressSum {
    fn new(workers: usize) -> ProgressSum {
        ProgressSum {
            finished: Progress::default(),
            running: vec![Progress::default(); workers],
        }
    }

    /// Records worker `w`'s snapshot `p` and returns the sum over every cube.
    fn running(&mut self, w: usize, p: &Progress) -> Progress {
        self.running[w] = p.clone();
        let mut sum = self.finished.clone();
        for r in &self.running {
            add_progress(&mut sum, r);
        }
        sum
    }

    /// Worker `w`'s cube is done: the counters of its last snapshot join the finished
    /// sums; its cache does not (it is dropped, or moved into the shared one).
    fn finished(&mut self, w: usize) {
        let done = Progress {
            cache_entries: 0,
            cache_bytes: 0,
            ..std::mem::take(&mut self.running[w])
        };
        add_progress(&mut self.finished, &done);
    }
}

/// Adds one cube's progress to a running sum (the depth is the deepest).
fn add_progress(sum: &mut Progress, p: &Progress) {
    sum.decisions += p.decisions;
    sum.conflicts += p.conflicts;
    sum.cache_hits += p.cache_hits;
    sum.cache_entries += p.cache_entries;
    sum.cache_bytes += p.cache_bytes;
    sum.components += p.components;
    sum.depth = sum.depth.max(p.depth);
}

/// Adds the counters of one cube's count to the running totals.
pub(super) fn add_stats(total: &mut Stats, s: &Stats) {
    total.decisions += s.decisions;
    total.conflicts += s.conflicts;
    total.propagations += s.propagations;
    total.learnt_clauses += s.learnt_clauses;
    total.components += s.components;
    total.cache_hits += s.cache_hits;
    total.cache_misses += s.cache_misses;
    total.cache_entries += s.cache_entries;
    total.cache_peak_bytes += s.cache_peak_bytes;
    total.cache_evictions += s.cache_evictions;
    total.cache_purged += s.cache_purged;
    total.sat_calls += s.sat_calls;
    total.failed_probes += s.failed_probes;
    total.blocked_in_search += s.blocked_in_search;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_sums_finished_and_running_cubes_and_never_goes_down() {
        let at = |decisions, depth| Progress {
            decisions,
            depth,
            ..Progress::default()
        };
        let mut sum = ProgressSum::new(2);
        assert_eq!(sum.running(0, &at(10, 3)).decisions, 10);
        assert_eq!(sum.running(1, &at(5, 7)).decisions, 15);
        assert_eq!(sum.running(1, &at(5, 7)).depth, 7);
        sum.finished(0);
        // Worker 0's next cube starts from nothing; its first cube's 10 stay in the sum.
        let next = sum.running(0, &at(2, 1));
        assert_eq!((next.decisions, next.depth), (17, 7));
        sum.finished(1);
        assert_eq!(sum.running(0, &at(4, 1)).decisions, 19);
    }
}
