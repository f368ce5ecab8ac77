//! The N-Queens client of the toolkit: the formulations as 0-1 models on `zero-one-model`, the
//! [`Board`] they decode to, the independent checker written from the board's definitions
//! ([`first_violation`], [`is_solution`]) that every board the engine counts, a solve prints
//! or a decode reads passes, and board counts checked against the OEIS tables. The board's
//! definitions (the variants, [`Rules`]: toroidal, superqueens, given queens and blocked
//! squares; the eight symmetries, [`symmetry`]; the tables, [`oeis`]) are `nqueens-board`'s,
//! and the bitboard oracle ([`count_backtrack`], [`count_rules`]) is `nqueens-oracle`'s,
//! re-exported here; the oracle's own counts are held to OEIS and to the engine rather than
//! board by board: its symmetric counters never build a board, and checking the 14.8M boards
//! of Q(16) would cost more than the search. A user's statement of a board (a
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
//! what a request costs before it runs. Queen domination is a crate of its own
//! (`nqueens-domination`).

mod answer;
mod answer_file;
mod board;
mod board_file;
mod board_file_at;
mod board_sizes;
mod checker;
mod count;
mod draw;
mod error;
mod export;
mod formulation;
pub mod generate;
mod generate_file;
mod known_text;
mod rules_builder;
pub mod shape;
pub mod sizes;
mod solvable;
mod solve;
mod solve_print;
mod spelling;

pub use answer::{answer_vars, read_answer, AnswerError, BoardAnswer};
pub use answer_file::{read_answer_file, AnswerFileError, AnswerRead};
pub use board::Board;
pub use board_file::{
    parse_board_file, write_board_file, BoardFile, BoardFileError, MAX_BOARD_FILE_BYTES,
};
pub use board_file_at::BoardFileAtError;
pub use board_sizes::{parse_board_size, BoardSizes, BoardSizesError};
pub use checker::{attacks, first_attack, first_violation, is_solution, Violation};
pub use count::{
    board_certifier, certifiable, check_stats_size, combinations, count, count_showing, count_with,
    encoding_stats, enumerate, merge_report, prefixes, prefixes_for, stats_rows, write_stats,
    BoardCounter, BoardUncertifiable, CountConfig, CountRefusal, CountReport, CountRequest,
    CounterCapabilities, EncodingStats, Ended, EngineCounter, MergeReport, NotExact, Oracle,
    Printing, Progress, QueensParams, QueensProblem, RunOptions, RunOutcome, Shard, Split,
    StatsRow, StatsTooLarge, StatsWriteError, Symmetry, SymmetryChoice, Validator, Verdict,
    STATS_HEADER, STATS_MAX_N,
};
pub use count::{certify_refusal, CertifyRefusal, CertifySpelling};
pub use count_engine::{CubeResult, RunKey, ShardFile};
pub use draw::{draw_queens, draw_solution, ShownSolution};
pub use error::QueensError;
pub use export::{format_name, Export, ExportOption, ExportRefusal, Prepared, DEFAULT_ICNF_DEPTH};
pub use formulation::{
    file_comments, ilp_title, row_cubes, BoardFormulation, ChosenOptions, ColumnFormulation,
    DecodeError, Domain, EncodingsUsed, Formulation, FormulationKind, ModelRefusal,
};
pub use generate_file::CompletionAsked;
pub use known_text::known_text;
pub use rules_builder::{RulesBuildError, RulesBuilder, SquareList};
pub use solvable::{has_solution, Authority, NoSolution, Solvable, MAX_ORACLE_SOLVABLE_N};
pub use solve::{SolveRefusal, SolveRequest, Solved};
pub use solve_print::{PrintError, SolutionStyle};
pub use spelling::Spelling;
pub use zero_one_model::Backend;

/// The eight symmetries of the square on placements and sets of squares (`nqueens-board`'s
/// one D4 module).
pub use nqueens_board::d4 as symmetry;
/// Known values from the OEIS (`nqueens-board`'s tables).
pub use nqueens_board::oeis;
/// The board's definitions, from `nqueens-board`: squares, variants, rules.
pub use nqueens_board::{parse_squares, Rules, RulesError, Square, SquaresError, Variant};
/// The bitboard oracle (`nqueens-oracle`), independent of every encoding.
pub use nqueens_oracle::{
    count_backtrack, count_backtrack_d4, count_backtrack_d4_until, count_backtrack_threads,
    count_backtrack_until, count_rules, count_rules_until, for_each_rules_solution,
    for_each_solution, for_each_solution_until, Partial, RulesCount, SymmetricCount,
    MAX_N as MAX_BACKTRACK_N,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
