//! Rough run-time estimates, so a request that would run for hours is refused up front
//! unless `--force` says otherwise. The rates are measured on a 2-core machine (see the
//! README's benchmark section) and err on the fast side.

use crate::cli::BackendArg;
use nqueens_queens::oeis;

/// Longest expected run accepted without `--force`, in seconds.
pub const LIMIT_S: f64 = 600.0;

/// Estimated seconds to enumerate every solution for `n`, or `None` when nothing is known.
pub fn count_seconds(n: usize, backend: BackendArg, threads: usize) -> Option<f64> {
    let solutions = oeis::solutions(n)? as f64;
    let per_thread = match backend {
        // Cubes of blocking enumeration with the mirror: measured 27k solutions/s per thread
        // at n = 12, 27k at n = 14 and 25k at n = 15, falling slowly with the board.
        BackendArg::Sat => 27_000.0 * (12.0 / n.max(1) as f64).powf(0.5),
        // The bitboard counter with the mirror: measured 2.8M solutions/s per thread at 16.
        BackendArg::Backtrack => 2.8e6,
        // One program start per solution.
        BackendArg::External => 100.0,
        // microlp over half-board cubes with d4: measured 5.7k solutions/s per thread at
        // n = 12, 3.3k at 13 and 3.0k at 14.
        BackendArg::Ilp => 5_000.0 * (12.0 / n.max(1) as f64).powi(4),
    };
    Some(solutions / (per_thread * threads.max(1) as f64))
}

/// The message for a refused request.
pub fn refusal(what: &str, seconds: Option<f64>) -> String {
    match seconds {
        Some(s) => format!(
            "{what} would take about {} on this machine; pass --force to run it anyway",
            human(s)
        ),
        None => format!(
            "{what}: no estimate is possible beyond the OEIS table (n <= {}); pass --force to run it anyway",
            oeis::MAX_KNOWN
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
    } else {
        format!("{:.1e} years", s / (86400.0 * 365.0))
    }
}
