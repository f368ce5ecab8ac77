//! The progress bar of long counts: on stderr, only when it is a terminal, not with
//! `--quiet`, and only once a count has run for more than a moment.

use count_engine::Progress;
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
    /// A bar for one count over cubes; `wanted` is false with `--quiet`.
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
            bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
            Mutex::new((bar, false))
        });
        ProgressBar {
            bar,
            start: Instant::now(),
        }
    }

    /// The bar, shown once the count has run for a moment; `None` without one.
    fn shown(&self) -> Option<MutexGuard<'_, (indicatif::ProgressBar, bool)>> {
        let mut guard = self.bar.as_ref()?.lock().expect("no panics hold this lock");
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
            bar.lock()
                .expect("no panics hold this lock")
                .0
                .finish_and_clear();
        }
    }
}
