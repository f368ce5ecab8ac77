//! Cooperative limits: the stop flag, the time limit and the progress callback, checked
//! from the search loops at every step (the flag) and every 64 steps (the clock).

use crate::options::Options;
use crate::stats::Progress;
use std::time::{Duration, Instant};
use zero_one_model::StopFlag;

/// Why the search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The stop flag was raised.
    Interrupted,
    /// The time limit ran out.
    TimeLimit(Duration),
    /// What the search builds (a compiled formula) outgrew its memory budget.
    MemoryLimit,
}

/// The limits of one count.
pub(crate) struct Limits<'a> {
    stop: Option<StopFlag>,
    limit: Option<Duration>,
    progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    start: Instant,
    last_report: Instant,
    ticks: u32,
}

const REPORT_EVERY: Duration = Duration::from_millis(100);

impl<'a> Limits<'a> {
    /// The limits of `options`, for a count that started at `start`.
    pub(crate) fn new(options: &Options<'a>, start: Instant) -> Limits<'a> {
        Limits {
            stop: options.stop.clone(),
            limit: options.time_limit,
            progress: options.progress,
            start,
            last_report: start,
            ticks: 0,
        }
    }

    /// One step of a search: fails when a limit is reached; reports progress (built by
    /// `snapshot`, with `elapsed` filled in here) about every 100 ms.
    #[inline]
    pub(crate) fn check(&mut self, snapshot: impl FnOnce() -> Progress) -> Result<(), Stop> {
        if self.stop.as_ref().is_some_and(StopFlag::is_raised) {
            return Err(Stop::Interrupted);
        }
        self.ticks = self.ticks.wrapping_add(1);
        if !self.ticks.is_multiple_of(64) {
            return Ok(());
        }
        self.check_clock(snapshot)
    }

    #[cold]
    fn check_clock(&mut self, snapshot: impl FnOnce() -> Progress) -> Result<(), Stop> {
        let now = Instant::now();
        let elapsed = now - self.start;
        if let Some(limit) = self.limit.filter(|&l| elapsed >= l) {
            return Err(Stop::TimeLimit(limit));
        }
        if let Some(report) = self.progress
            && now - self.last_report >= REPORT_EVERY
        {
            self.last_report = now;
            let mut p = snapshot();
            p.elapsed = elapsed;
            report(&p);
        }
        Ok(())
    }
}
