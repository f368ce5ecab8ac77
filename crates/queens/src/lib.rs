//! N-Queens on top of `zero-one-model`: the formulations as 0-1 models, the [`Board`] they
//! decode to, an independent checker written from the definition, a fast backtracking
//! counter used as an oracle, and the OEIS tables every count is checked against.

mod backtrack;
mod backtrack_d4;
mod backtrack_rules;
mod board;
mod board_file;
mod checker;
pub mod domination;
mod formulation;
pub mod generate;
pub mod oeis;
mod rules;
pub mod shape;
pub mod symmetry;
mod variant;

pub use backtrack::{
    count_backtrack, count_backtrack_threads, count_backtrack_until, for_each_solution,
    for_each_solution_until, Partial, MAX_N as MAX_BACKTRACK_N,
};
pub use backtrack_d4::{count_backtrack_d4, count_backtrack_d4_until, SymmetricCount};
pub use backtrack_rules::{count_rules, count_rules_until, for_each_rules_solution, RulesCount};
pub use board::Board;
pub use board_file::{parse_board_file, write_board_file, BoardFile, BoardFileError};
pub use checker::{attacks, first_attack, is_solution};
pub use domination::{Domination, DominationModel};
pub use formulation::{
    file_comments, BoardFormulation, ColumnFormulation, DecodeError, Domain, Formulation,
    FormulationKind,
};
pub use rules::{parse_squares, Rules, RulesError, Square, SquaresError, Violation};
pub use variant::Variant;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
