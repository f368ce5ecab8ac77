//! Rough run-time estimates, so a request that would run for hours is refused up front
//! unless `--force` says otherwise. The rates are measured on a 2-core machine (see
//! the book's benchmark chapters, docs/src/) and err on the fast side.

use crate::cli::BackendArg;
use nqueens_driver::Symmetry;
use nqueens_queens::{oeis, Rules};

/// Longest expected run accepted without `--force`, in seconds.
pub const LIMIT_S: f64 = 600.0;

/// Estimated seconds to enumerate every solution for `n` under `rules` with `symmetry`, or
/// `None` when nothing is known.
pub fn count_seconds(
    n: usize,
    rules: &Rules,
    backend: BackendArg,
    threads: usize,
    symmetry: Symmetry,
) -> Option<f64> {
    let solutions = estimated_solutions(n, rules)?;
    // Threads beyond the cores run nothing faster.
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = threads.clamp(1, cores);
    // Rates with d4 (the default), measured on 2 cores (bench/results/).
    let per_thread = match backend {
        // Cubes of blocking enumeration: 66k solutions/s per thread at n = 12, 65k at 14,
        // 76k at 15.
        BackendArg::Sat => 65_000.0,
        // DPLL enumeration: taken as fast as the blocking enumeration until measured on
        // boards (bench/results/).
        BackendArg::Dpll => 65_000.0,
        // The symmetric bitboard counter: 9.7M solutions/s per thread at n = 16 (14.8M in
        // 1.52 s, bench/results/oracle.md).
        BackendArg::Backtrack => 9.7e6,
        // One program start per solution found.
        BackendArg::External => 100.0,
        // microlp over half-board cubes: 5.7k solutions/s per thread at n = 12, 3.3k at 13
        // and 3.0k at 14.
        BackendArg::Ilp => 5_000.0 * (12.0 / n.max(1) as f64).powi(4),
    };
    // The mirror searches about three times what d4 does (Q(12): 7,100 solutions found
    // instead of 2,106) and no symmetry twice that; the bitboard mirror counter is 2.4x
    // slower than the symmetric one, and without symmetry the oracle walks every solution
    // on one thread.
    let slowdown = match (backend, symmetry) {
        (_, Symmetry::D4 | Symmetry::Shift) => 1.0,
        (BackendArg::Backtrack, Symmetry::Mirror) => 2.4,
        (BackendArg::Backtrack, Symmetry::None) => 4.0 * threads.max(1) as f64,
        (_, Symmetry::Mirror) => 3.0,
        (_, Symmetry::None) => 6.0,
    };
    Some(solutions * slowdown / (per_thread * threads.max(1) as f64))
}

/// Solutions to reckon with for `n` under `rules`. An open board: the largest value of its
/// table up to n (a board without solutions, like the 33 x 33 torus, still searches about
/// as much as its neighbours with some). With k rows given, that scaled by the classic
/// ratio A000170(n - k) / A000170(n) (an overestimate in practice: blocked squares only take
/// solutions away). `None` beyond the tables.
fn estimated_solutions(n: usize, rules: &Rules) -> Option<f64> {
    oeis::variant_solutions(rules.variant, n)?;
    let peak = (1..=n)
        .filter_map(|m| oeis::variant_solutions(rules.variant, m))
        .max()? as f64;
    if rules.is_open() {
        return Some(peak);
    }
    let given_rows: std::collections::BTreeSet<usize> = rules.given.iter().map(|s| s.row).collect();
    let all = oeis::solutions(n)? as f64;
    let left = match n.saturating_sub(given_rows.len()) {
        0 => 1.0,
        free => oeis::solutions(free)? as f64,
    };
    Some(peak * left / all.max(1.0))
}

/// The largest n with an estimate for `rules`: the variant's table, and for given or blocked
/// squares the classic table too.
pub fn max_estimated_n(rules: &Rules) -> usize {
    let own = oeis::max_known(rules.variant);
    if rules.is_open() {
        own
    } else {
        own.min(oeis::MAX_KNOWN)
    }
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
            max_estimated_n(rules)
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
