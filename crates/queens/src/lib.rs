//! The N-Queens client of the toolkit, in one crate: the formulations as 0-1 models on
//! `zero-one-model`, the [`Board`] they decode to, the variants ([`Rules`]: toroidal,
//! superqueens, given queens and blocked squares), the independent checker written from the
//! definitions ([`first_violation`], [`is_solution`]) that every board the engine counts, a
//! solve prints or a decode reads passes, the bitboard backtracking oracle, and the OEIS tables
//! every count is checked against. The oracle's own counts are held to OEIS and to the engine
//! rather than board by board: its symmetric counters never build a board, and checking the
//! 14.8M boards of Q(16) would cost more than the search. A user's statement of a board (a
//! variant, squares, a board file) becomes [`Rules`] through [`RulesBuilder`]; whether a board
//! has a solution at all is [`has_solution`]; boards are drawn by [`draw_queens`] and
//! [`draw_solution`].
//!
//! Counts run through a [`BoardCounter`], which says what it can do ([`CounterCapabilities`]):
//! the problem-agnostic engine ([`count_engine`]) with any solver backend ([`EngineCounter`]),
//! or the bitboard oracle ([`Oracle`]). On the engine, [`count`] and [`count_with`] split the
//! board into cubes of first-row placements ([`QueensProblem`]), reduce by the board's symmetry
//! ([`Symmetry`]: mirror, D4 with orbit weights, the torus's translations), check every
//! solution independently ([`Validator`]), merge shards ([`merge_report`]) and give a
//! [`Verdict`] against OEIS; [`board_certifier`] certifies a board count, and [`sizes`] says
//! what a request costs before it runs. Queen domination ([`domination`]) has its model,
//! checker, tables, an exact search by bit sets, and the SAT path on the engine.

mod backtrack;
mod backtrack_d4;
mod backtrack_rules;
mod board;
mod board_file;
mod board_sizes;
mod by_name;
mod checker;
mod count;
pub mod domination;
mod draw;
mod error;
mod formulation;
pub mod generate;
pub mod oeis;
mod rules;
mod rules_builder;
pub mod shape;
pub mod sizes;
mod solvable;
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
pub use board_sizes::{parse_board_size, BoardSizes, BoardSizesError};
pub use checker::{attacks, first_attack, first_violation, is_solution, Violation};
pub use count::{
    board_certifier, certifiable, combinations, count, count_with, encoding_stats, enumerate,
    merge_report, prefixes, prefixes_for, BoardCounter, BoardUncertifiable, CountConfig,
    CountReport, CounterCapabilities, EncodingStats, EngineCounter, MergeReport, NotExact, Oracle,
    Progress, QueensParams, QueensProblem, RunOptions, RunOutcome, Shard, Split, Symmetry,
    Validator, Verdict, STATS_HEADER,
};
pub use count_engine::{CubeResult, RunKey, ShardFile};
pub use domination::{Domination, DominationModel};
pub use draw::{draw_queens, draw_solution};
pub use error::QueensError;
pub use formulation::{
    file_comments, BoardFormulation, ColumnFormulation, DecodeError, Domain, Formulation,
    FormulationKind,
};
pub use rules::{parse_squares, Rules, RulesError, Square, SquaresError};
pub use rules_builder::{RulesBuildError, RulesBuilder, SquareList};
pub use solvable::{has_solution, Authority, Solvable, MAX_ORACLE_SOLVABLE_N};
pub use variant::Variant;
pub use zero_one_model::Backend;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
