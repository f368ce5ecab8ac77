//! The progress bar of long counts: on stderr, only when it is a terminal, not with
//! `--quiet`, and only once a count has run for more than a moment.

use indicatif::{ProgressDrawTarget, ProgressStyle};
use nqueens_engine::Progress;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const QUIET_FOR: Duration = Duration::from_millis(700);

/// A progress bar that appears after a moment, or never.
pub struct ProgressBar {
    bar: Option<Mutex<(indicatif::ProgressBar, bool)>>,
    start: Instant,
}

impl ProgressBar {
    /// A bar for one count; `wanted` is false with `--quiet`.
    pub fn new(wanted: bool) -> ProgressBar {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} cubes  {msg}  elapsed {elapsed}  eta {eta}",
                )
                .expect("valid template"),
            );
            Mutex::new((bar, false))
        });
        ProgressBar {
            bar,
            start: Instant::now(),
        }
    }

    /// Shows how far the count is.
    pub fn update(&self, p: Progress) {
        let Some(bar) = &self.bar else { return };
        let mut guard = bar.lock().expect("no panics hold this lock");
        let (bar, shown) = &mut *guard;
        if !*shown && self.start.elapsed() >= QUIET_FOR {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            *shown = true;
        }
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
