//! Rough run-time estimates of a count, so a caller can refuse a request that would run for
//! hours. The rates are measured on a 2-core machine (see the book's benchmark chapters,
//! docs/src/, and bench/results/) and err on the fast side.

use crate::{oeis, BoardCounter, Rules, Symmetry};
pub use toolkit_base::human_seconds;
use zero_one_model::SolutionCost;

/// How the solutions are searched, as far as the estimate goes: what a counter says of itself
/// ([`BoardCounter::search`](crate::BoardCounter::search)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Search {
    /// The engine, with a backend whose solutions cost what its capabilities say
    /// ([`Capabilities::solution_cost`](zero_one_model::Capabilities::solution_cost)).
    Engine(SolutionCost),
    /// The bitboard backtracking oracle.
    Oracle,
}

/// Estimated seconds to enumerate every solution for `n` under `rules` with `search` on
/// `threads` threads and `symmetry`, or `None` when nothing is known (beyond
/// [`max_estimated_n`]).
pub fn count_seconds(
    n: usize,
    rules: &Rules,
    search: Search,
    threads: usize,
    symmetry: Symmetry,
) -> Option<f64> {
    let solutions = estimated_solutions(n, rules)?;
    // Threads beyond the cores run nothing faster.
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = threads.clamp(1, cores);
    // Rates with d4 (the default), measured on 2 cores (bench/results/).
    let per_thread = match search {
        // The symmetric bitboard counter: 9.7M solutions/s per thread at n = 16 (14.8M in
        // 1.52 s, bench/results/oracle.md).
        Search::Oracle => 9.7e6,
        // One program start per solution found.
        Search::Engine(SolutionCost::ProgramRun) => 100.0,
        // microlp over half-board cubes: 5.7k solutions/s per thread at n = 12, 3.3k at 13
        // and 3.0k at 14.
        Search::Engine(SolutionCost::LpSolve) => 5_000.0 * (12.0 / n.max(1) as f64).powi(4),
        // Cubes of varisat's blocking enumeration: 66k solutions/s per thread at n = 12, 65k
        // at 14, 76k at 15; the DPLL enumerator taken as fast until measured on boards
        // (bench/results/).
        Search::Engine(_) => 65_000.0,
    };
    // The mirror searches about three times what d4 does (Q(12): 7,100 solutions found
    // instead of 2,106) and no symmetry twice that; the bitboard mirror counter is 2.4x
    // slower than the symmetric one, and without symmetry the oracle walks every solution
    // on one thread.
    let slowdown = match (search, symmetry) {
        (_, Symmetry::D4 | Symmetry::Shift) => 1.0,
        (Search::Oracle, Symmetry::Mirror) => 2.4,
        (Search::Oracle, Symmetry::None) => 4.0 * threads.max(1) as f64,
        (_, Symmetry::Mirror) => 3.0,
        (_, Symmetry::None) => 6.0,
    };
    Some(solutions * slowdown / (per_thread * threads.max(1) as f64))
}

/// Longest expected run a caller accepts unless told to run anyway, in seconds
/// ([`within_limit`]).
pub const LIMIT_S: f64 = 600.0;

/// [`count_seconds`] for `counter`, by how it says it searches
/// ([`BoardCounter::search`]).
pub fn counter_seconds(
    n: usize,
    rules: &Rules,
    counter: &dyn BoardCounter,
    threads: usize,
    symmetry: Symmetry,
) -> Option<f64> {
    count_seconds(n, rules, counter.search(), threads, symmetry)
}

/// A run refused for its length ([`within_limit`]): `what` would run past [`LIMIT_S`], or
/// has no estimate at all.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TooLong {
    /// The estimate passes [`LIMIT_S`].
    #[error("{what} would take about {} on this machine", human_seconds(*seconds))]
    Estimated {
        /// The run, as a phrase (`counting Q(20) with the dpll backend`).
        what: String,
        /// Its estimate.
        seconds: f64,
    },
    /// The board is past the tables ([`max_estimated_n`]).
    #[error("{what}: no estimate is possible beyond the known counts (n <= {max_n} here)")]
    Unknown {
        /// The run, as a phrase.
        what: String,
        /// The largest board with an estimate under these rules.
        max_n: usize,
    },
}

/// Accepts a run of `seconds` (an estimate such as [`counter_seconds`]) on a board under
/// `rules` when it is known and at most [`LIMIT_S`].
///
/// # Errors
/// [`TooLong`] naming the run by `what`, with its estimate or the limit of the tables.
pub fn within_limit(
    seconds: Option<f64>,
    rules: &Rules,
    what: impl FnOnce() -> String,
) -> Result<(), TooLong> {
    match seconds {
        Some(s) if (0.0..=LIMIT_S).contains(&s) => Ok(()),
        // A NaN or negative figure is no estimate (a broken table or a caller's arithmetic).
        Some(s) if s.is_nan() || s < 0.0 => Err(TooLong::Unknown {
            what: what(),
            max_n: max_estimated_n(rules),
        }),
        Some(seconds) => Err(TooLong::Estimated {
            what: what(),
            seconds,
        }),
        None => Err(TooLong::Unknown {
            what: what(),
            max_n: max_estimated_n(rules),
        }),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate of a backend on the engine whose solutions cost `cost`.
    fn engine(cost: SolutionCost) -> Search {
        Search::Engine(cost)
    }

    #[test]
    fn boards_past_the_tables_have_no_estimate() {
        let classic = Rules::classic();
        let last = max_estimated_n(&classic);
        let in_process = engine(SolutionCost::InProcess);
        let one = |n| count_seconds(n, &classic, in_process, 1, Symmetry::D4);
        assert!(one(last).is_some_and(|s| s > 0.0));
        assert_eq!(one(last + 1), None);
        let what = || "counting".to_string();
        assert_eq!(within_limit(Some(LIMIT_S), &classic, what), Ok(()));
        let unknown = within_limit(None, &classic, what).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            format!("counting: no estimate is possible beyond the known counts (n <= {last} here)")
        );
        for broken in [f64::NAN, -1.0, f64::NEG_INFINITY] {
            let e = within_limit(Some(broken), &classic, what).unwrap_err();
            assert!(matches!(e, TooLong::Unknown { .. }), "{broken}: {e}");
        }
        let long = within_limit(Some(3.0 * 86400.0), &classic, what).unwrap_err();
        assert_eq!(
            long.to_string(),
            "counting would take about 3 days on this machine"
        );
    }

    #[test]
    fn seconds_read_in_the_largest_readable_unit() {
        assert_eq!(human_seconds(660.0), "11 minutes");
        assert_eq!(human_seconds(30.0), "30 seconds");
        assert_eq!(human_seconds(f64::NAN), "an unknown time");
        assert_eq!(human_seconds(-1.0), "an unknown time");
        assert_eq!(human_seconds(f64::INFINITY), "longer than any finite time");
        assert_eq!(human_seconds(7200.0), "2.0 hours");
        assert_eq!(human_seconds(86400.0 * 10.0), "10 days");
        assert_eq!(human_seconds(86400.0 * 365.0 * 3.0), "3 years");
        assert_eq!(human_seconds(86400.0 * 365.0 * 2e6), "2.0e6 years");
    }

    #[test]
    fn less_symmetry_and_slower_searches_take_longer() {
        let classic = Rules::classic();
        let secs = |search, symmetry| count_seconds(14, &classic, search, 1, symmetry).unwrap();
        let in_process = engine(SolutionCost::InProcess);
        // Q(14) = 365,596 at 65k per second with d4.
        assert_eq!(secs(in_process, Symmetry::D4), 365_596.0 / 65_000.0);
        let none = secs(in_process, Symmetry::None) / secs(in_process, Symmetry::D4);
        assert!((none - 6.0).abs() < 1e-12, "{none}");
        assert!(secs(Search::Oracle, Symmetry::D4) < secs(in_process, Symmetry::D4));
        let program = secs(engine(SolutionCost::ProgramRun), Symmetry::D4);
        assert!(program > secs(engine(SolutionCost::LpSolve), Symmetry::D4));
    }
}
