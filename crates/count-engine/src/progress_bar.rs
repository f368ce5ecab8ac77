//! A progress bar for a long count ([`crate::run`]'s [`Progress`]) or a count with no known
//! end (a message and the time): on stderr, only when it is a terminal, only when wanted
//! (a command line's `--quiet` says not), and only once the count has run for more than a
//! moment, so that a quick count prints nothing there.
//!
//! ```
//! let bar = count_engine::progress_bar::ProgressBar::new(true);
//! let progress = |p| bar.update(p);
//! # let _ = &progress;
//! // ... hand `progress` to the run's options ...
//! bar.finish();
//! ```

use crate::Progress;
use indicatif::{ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

const QUIET_FOR: Duration = Duration::from_millis(700);

/// A progress bar that appears after a moment, or never.
pub struct ProgressBar {
    bar: Option<Mutex<(indicatif::ProgressBar, bool)>>,
    start: Instant,
}

impl ProgressBar {
    /// A bar for one count over cubes; none unless `wanted`.
    pub fn new(wanted: bool) -> ProgressBar {
        Self::with_template(
            wanted,
            "{bar:30} {pos}/{len} cubes  {msg}  elapsed {elapsed}  eta {eta}",
        )
    }

    /// A line for a count with no known end (the model counter): a message and the time.
    pub fn line(wanted: bool) -> ProgressBar {
        Self::with_template(wanted, "{msg}  elapsed {elapsed}")
    }

    fn with_template(wanted: bool, template: &str) -> ProgressBar {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            // The templates are this module's own, and valid.
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            Mutex::new((bar, false))
        });
        ProgressBar {
            bar,
            start: Instant::now(),
        }
    }

    /// The bar, shown once the count has run for a moment; `None` without one.
    fn shown(&self) -> Option<MutexGuard<'_, (indicatif::ProgressBar, bool)>> {
        let mut guard = self.bar.as_ref()?.lock().unwrap_or_else(|e| e.into_inner());
        let (bar, shown) = &mut *guard;
        if !*shown && self.start.elapsed() >= QUIET_FOR {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            *shown = true;
        }
        Some(guard)
    }

    /// Shows `message` on a [`ProgressBar::line`].
    pub fn say(&self, message: String) {
        if let Some(guard) = self.shown() {
            guard.0.set_message(message);
        }
    }

    /// Shows how far the count is.
    pub fn update(&self, p: Progress) {
        let Some(guard) = self.shown() else { return };
        let bar = &guard.0;
        bar.set_length(p.cubes_total as u64);
        bar.set_position(p.cubes_done as u64);
        let rate = p.found as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!("{} solutions checked, {rate:.0}/s", p.found));
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            let guard = bar.lock().unwrap_or_else(|e| e.into_inner());
            guard.0.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unwanted_bar_shows_nothing_and_takes_every_call() {
        let bar = ProgressBar::new(false);
        assert!(bar.shown().is_none());
        bar.update(Progress {
            cube: 0,
            cubes_done: 1,
            cubes_total: 2,
            found: 3,
        });
        bar.say("counting".into());
        bar.finish();
    }
}
