//! N-Queens on top of `nqueens-encode`: the formulations as 0-1 models, the [`Board`] they
//! decode to, an independent checker written from the definition, a fast backtracking
//! counter used as an oracle, and the OEIS tables every count is checked against.

mod backtrack;
mod backtrack_d4;
mod board;
mod checker;
mod formulation;
pub mod oeis;
pub mod symmetry;

pub use backtrack::{
    count_backtrack, count_backtrack_threads, for_each_solution, MAX_N as MAX_BACKTRACK_N,
};
pub use backtrack_d4::{count_backtrack_d4, SymmetricCount};
pub use board::Board;
pub use checker::{attacks, first_attack, is_solution};
pub use formulation::{
    BoardFormulation, ColumnFormulation, DecodeError, Domain, Formulation, FormulationKind,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
