//! A count's progress on stderr, as a command line shows it: the enumeration's cubes on a
//! bar, the model counter's figures on a line (`count_engine::progress_bar`: only on a
//! terminal, only when wanted, only once the count has run for a moment).

use crate::Progress;
use count_engine::progress_bar::ProgressBar;

/// The bars [`Progress`] is shown on. Hand [`ProgressDisplay::show`] to
/// [`crate::Hooks::progress`]; call [`ProgressDisplay::finish`] when the count returns.
///
/// ```
/// use cnf_count::{Hooks, ProgressDisplay};
///
/// let display = ProgressDisplay::new(false, 1024);
/// let progress = |p: cnf_count::Progress<'_>| display.show(p);
/// let hooks = Hooks { progress: Some(&progress), ..Hooks::default() };
/// # let _ = hooks;
/// display.finish();
/// ```
pub struct ProgressDisplay {
    cubes: ProgressBar,
    line: ProgressBar,
    cache_mb: usize,
}

impl ProgressDisplay {
    /// Bars shown only when `wanted`, for a count whose model counter has a cache of
    /// `cache_mb` MiB ([`crate::CountOptions::cache_mb`]).
    pub fn new(wanted: bool, cache_mb: usize) -> ProgressDisplay {
        ProgressDisplay {
            cubes: ProgressBar::new(wanted),
            line: ProgressBar::line(wanted),
            cache_mb,
        }
    }

    /// Shows `p`: the cubes on the bar, or the model counter's figures on the line (the
    /// bar removed once the counter takes over).
    pub fn show(&self, p: Progress<'_>) {
        match p {
            Progress::Cubes(p) => self.cubes.update(p),
            Progress::Counter(p) => {
                self.cubes.finish();
                self.line.say(counter_line(p, self.cache_mb));
            }
        }
    }

    /// Removes the bars.
    pub fn finish(&self) {
        self.cubes.finish();
        self.line.finish();
    }
}

/// The model counter's figures as the progress line says them.
pub fn counter_line(p: &sharpcount::Progress, cache_mb: usize) -> String {
    format!(
        "model counter: {} decisions, {} conflicts, {} cache hits, cache {} MiB of {cache_mb}",
        p.decisions,
        p.conflicts,
        p.cache_hits,
        p.cache_bytes >> 20
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_line_gives_the_cache_in_mib_of_its_bound() {
        let mut p = sharpcount::Progress::default();
        (p.decisions, p.conflicts, p.cache_hits, p.cache_bytes) = (12, 3, 7, 5 << 20);
        assert_eq!(
            counter_line(&p, 64),
            "model counter: 12 decisions, 3 conflicts, 7 cache hits, cache 5 MiB of 64"
        );
        let hidden = ProgressDisplay::new(false, 64);
        hidden.show(Progress::Counter(&p));
        hidden.finish();
    }
}
