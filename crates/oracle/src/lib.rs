//! The bitboard backtracking oracle: the seeds' extension algorithm (TLA+ `QueensPluscal`:
//! place row after row on a square no placed queen attacks), with the attacks kept as bit
//! masks. [`count_backtrack`] counts the classic board with the left-right mirror,
//! [`count_backtrack_d4`] with all eight symmetries of the square (fundamental solutions too),
//! [`count_rules`] under any [`Rules`] (toroidal boards, superqueens, given and blocked
//! squares); [`for_each_solution`] and [`for_each_rules_solution`] list the solutions. Each
//! count has an `_until` form that a [`StopFlag`] ends, returning what it found as a
//! [`Partial`].
//!
//! Its independence is its point: it depends on the board's definitions (`nqueens-board`)
//! and the stop flag (`toolkit-base`) and on nothing else of the toolkit, never on an
//! encoding, a model or a solver, so its counts can check theirs (a test of the workspace
//! holds its dependency list to that). Its own counts are held to OEIS and to the engine
//! rather than board by board: its symmetric counters never build a board.
//!
//! ```
//! use nqueens_oracle::{count_backtrack, count_backtrack_d4, count_rules, Rules, Variant};
//!
//! assert_eq!(count_backtrack(8), 92); // OEIS A000170
//! assert_eq!(count_backtrack_d4(8, 2).fundamental, 12); // OEIS A002562
//! let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
//! assert_eq!(count_rules(5, &torus, 1, |_| true, |_| (1, 0)).total, 10); // OEIS A051906
//! ```

mod backtrack;
mod backtrack_d4;
mod backtrack_rules;

pub use backtrack::{
    count_backtrack, count_backtrack_threads, count_backtrack_until, for_each_solution,
    for_each_solution_until, Partial, MAX_N,
};
pub use backtrack_d4::{count_backtrack_d4, count_backtrack_d4_until, SymmetricCount};
pub use backtrack_rules::{count_rules, count_rules_until, for_each_rules_solution, RulesCount};
pub use nqueens_board::{Rules, Variant};
pub use toolkit_base::StopFlag;

/// A stop flag already raised, for the tests of a stopped search.
#[cfg(test)]
fn raised() -> StopFlag {
    let stop = StopFlag::new();
    stop.raise();
    stop
}

/// The independent check the tests hold the oracle's boards to, written from
/// [`Variant::attacks`] alone: one queen per row, no two attacking.
#[cfg(test)]
fn peaceful(variant: Variant, cols: &[usize]) -> bool {
    let n = cols.len();
    cols.iter().all(|&c| c < n)
        && (0..n).all(|i| (i + 1..n).all(|j| !variant.attacks(n, (i, cols[i]), (j, cols[j]))))
}
