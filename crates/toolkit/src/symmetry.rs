//! Symmetries of any CNF: the permutations of literals mapping the clauses and the projection
//! onto themselves, found by colour refinement and search ([`find`]); counting by orbits
//! ([`OrbitProblem`] on the engine, what `nqueens count cnf --symmetry auto` does) and
//! lex-leader constraints that break them in an export ([`break_symmetries`]). The board's
//! own symmetries (mirror, D4) are [`queens::BoardSymmetry`](crate::queens::BoardSymmetry).
//!
//! ```
//! use nqueens_kit::formats::read_dimacs;
//! use nqueens_kit::symmetry::{find, DEFAULT_SEARCH_BUDGET};
//!
//! // x1 ∨ x2 ∨ x3: every permutation of the three variables, 3! = 6.
//! let cnf = read_dimacs("p cnf 3 1\n1 2 3 0\n".as_bytes())?;
//! let group = find(cnf.num_vars, &cnf.clauses, &[true; 3], DEFAULT_SEARCH_BUDGET);
//! assert_eq!(group.order.to_string(), "6");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Renamed here: the search's node budget is [`DEFAULT_SEARCH_BUDGET`]
//! (`cnf_symmetry::DEFAULT_BUDGET`), and a formula too large to search is
//! [`SymmetryTooLarge`] (`cnf_symmetry::TooLarge`).

pub use cnf_symmetry::{
    break_cnf, break_for_export, break_symmetries, check_size, find, BreakCnfError, BreakError,
    Breaking, Broken, OrbitParams, OrbitProblem, Symmetries, SymmetryReport,
    TooLarge as SymmetryTooLarge, DEFAULT_BUDGET as DEFAULT_SEARCH_BUDGET, MAX_BREAKING_CLAUSES,
    MAX_BREAK_LITERALS, MAX_SEARCH_LITERALS, MAX_SEARCH_VARS,
};

/// The group a set of generators spans, listed up to a bound.
pub use cnf_symmetry::group;
/// Lex-leader constraints of a permutation.
pub use cnf_symmetry::lex;
/// Orbits of assignments under a listed group.
pub use cnf_symmetry::orbits;
