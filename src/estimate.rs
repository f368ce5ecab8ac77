//! Rough run-time estimates ([`nqueens_queens::sizes::count_seconds`]), so a request that
//! would run for hours is refused up front unless `--force` says otherwise.

use nqueens_queens::sizes;
use nqueens_queens::{BoardCounter, Rules, Symmetry};

/// Longest expected run accepted without `--force`, in seconds.
pub const LIMIT_S: f64 = 600.0;

/// Estimated seconds for `counter` to enumerate every solution for `n` under `rules` with
/// `symmetry`, by how it says it searches; `None` when nothing is known.
pub fn count_seconds(
    n: usize,
    rules: &Rules,
    counter: &dyn BoardCounter,
    threads: usize,
    symmetry: Symmetry,
) -> Option<f64> {
    sizes::count_seconds(n, rules, counter.search(), threads, symmetry)
}

/// The message for a refused request on a board under `rules` (the limit of its estimate
/// named when there is none).
pub fn refusal_for(what: &str, seconds: Option<f64>, rules: &Rules) -> String {
    match seconds {
        Some(s) => format!(
            "{what} would take about {} on this machine; pass --force to run it anyway",
            human(s)
        ),
        None => format!(
            "{what}: no estimate is possible beyond the known counts (n <= {} here); pass --force to run it anyway",
            sizes::max_estimated_n(rules)
        ),
    }
}

fn human(s: f64) -> String {
    if s < 3600.0 {
        format!("{:.0} minutes", s / 60.0)
    } else if s < 86400.0 * 2.0 {
        format!("{:.1} hours", s / 3600.0)
    } else if s < 86400.0 * 365.0 * 2.0 {
        format!("{:.0} days", s / 86400.0)
    } else if s < 86400.0 * 365.0 * 1e6 {
        format!("{:.0} years", s / (86400.0 * 365.0))
    } else {
        format!("{:.1e} years", s / (86400.0 * 365.0))
    }
}
