//! The N-Queens client: formulations of the board as 0-1 models ([`BoardFormulation`],
//! [`ColumnFormulation`]) decoding to a [`Board`], the variants ([`Rules`], [`Variant`]:
//! toroidal, superqueens, given and blocked squares), the independent checker
//! ([`first_violation`]), the bitboard oracle ([`count_backtrack`]), OEIS tables ([`oeis`]),
//! board counts on the engine through any counter ([`count_board`], [`CountConfig`],
//! [`EngineCounter`], [`Oracle`]) with their verdict against OEIS, certified board counts
//! ([`board_certifier`]), solves that return their verdict ([`SolveRequest`]), solvers'
//! answers read back to boards ([`read_answer`]), sizes and estimates ([`sizes`]), and queen
//! domination ([`domination`]).
//!
//! ```
//! use nqueens_kit::queens::{count_backtrack, is_solution, oeis, BoardFormulation, Formulation};
//!
//! assert_eq!(Some(count_backtrack(8)), oeis::solutions(8)); // 92, OEIS A000170
//! assert!(is_solution(&[1, 3, 0, 2])); // the queen of row r in column cols[r]
//! assert_eq!(BoardFormulation::new(4).model().num_vars(), 16);
//! ```
//!
//! Renamed here, where a name would mean something else beside the other topics:
//!
//! | name here | what it is | in its crate |
//! |---|---|---|
//! | [`count_board`] | a board size counted and judged against OEIS | `nqueens_queens::count` |
//! | [`enumerate_boards`] | the boards extending a prefix, each checked | `nqueens_queens::enumerate` |
//! | [`BoardSymmetry`] | mirror, D4 or the torus's shifts of the board | `nqueens_queens::Symmetry` |
//! | [`BoardViolation`] | why a placement is no solution | `nqueens_queens::Violation` |
//! | [`BoardMergeReport`] | merged shards of a board count | `nqueens_queens::MergeReport` |
//! | [`d4`] | the 8 symmetries of the square | `nqueens_board::d4` |
//! | [`BoardSpelling`] | a caller's names for a board request's options | `nqueens_queens::Spelling` |
//! | [`BoardExport`] | a board's model to write to a file, checked first | `nqueens_queens::Export` |
//! | [`BoardExportRefusal`] | why a [`BoardExport`] is refused | `nqueens_queens::ExportRefusal` |
//! | [`BoardExportOption`] | an option a format may have no use for | `nqueens_queens::ExportOption` |
//! | [`PreparedBoardFile`] | a [`BoardExport`] built, ready to write | `nqueens_queens::Prepared` |
//! | [`BoardCountEnded`] | how one board size's count ended, what to print | `nqueens_queens::Ended` |
//! | [`BoardCountPrinting`] | how a board count's results are printed | `nqueens_queens::Printing` |
//! | [`SolvePrintError`] | why a printed solve stopped short | `nqueens_queens::PrintError` |
//!
//! The engine's types the crate re-exports (`Progress`, `RunOptions`, `Shard`, ...) are in
//! [`count`](crate::count).

pub use nqueens_queens::{
    answer_vars, read_answer, AnswerError, BoardAnswer, ShownSolution, SolveRefusal, SolveRequest,
    Solved, MAX_BOARD_FILE_BYTES,
};
pub use nqueens_queens::{
    attacks, board_certifier, certifiable, combinations, count as count_board, count_backtrack,
    count_backtrack_d4, count_backtrack_d4_until, count_backtrack_threads, count_backtrack_until,
    count_rules, count_rules_until, count_with, draw_queens, draw_solution, encoding_stats,
    enumerate as enumerate_boards, file_comments, first_attack, first_violation,
    for_each_rules_solution, for_each_solution, for_each_solution_until, has_solution, ilp_title,
    is_solution, merge_report, parse_board_file, parse_board_size, parse_squares, prefixes,
    prefixes_for, row_cubes, write_board_file, Authority, Board, BoardCounter, BoardFile,
    BoardFileError, BoardFormulation, BoardSizes, BoardSizesError, BoardUncertifiable,
    ChosenOptions, ColumnFormulation, CountConfig, CountRefusal, CountReport, CountRequest,
    CounterCapabilities, DecodeError, Domain, EncodingStats, EncodingsUsed, EngineCounter,
    Formulation, FormulationKind, MergeReport as BoardMergeReport, ModelRefusal, NoSolution,
    NotExact, Oracle, Partial, QueensError, QueensParams, QueensProblem, Rules, RulesBuildError,
    RulesBuilder, RulesCount, RulesError, RunOutcome, Solvable, Spelling as BoardSpelling, Split,
    Square, SquareList, SquaresError, SymmetricCount, Symmetry as BoardSymmetry, SymmetryChoice,
    Validator, Variant, Verdict, Violation as BoardViolation, MAX_BACKTRACK_N,
    MAX_ORACLE_SOLVABLE_N, STATS_HEADER,
};
pub use nqueens_queens::{certify_refusal, CertifyRefusal, CertifySpelling};
pub use nqueens_queens::{
    count_showing, known_text, read_answer_file, write_stats, AnswerFileError, AnswerRead,
    BoardFileAtError, CompletionAsked, Ended as BoardCountEnded, PrintError as SolvePrintError,
    Printing as BoardCountPrinting, SolutionStyle, StatsWriteError,
};
pub use nqueens_queens::{
    format_name, Export as BoardExport, ExportOption as BoardExportOption,
    ExportRefusal as BoardExportRefusal, Prepared as PreparedBoardFile, DEFAULT_ICNF_DEPTH,
};

/// The 8 symmetries of the square (`nqueens-board`'s one D4 module) acting on squares, sets
/// of squares and placements: images, canonical forms, orbits.
pub use nqueens_board::d4;
/// Queen domination (`nqueens-domination`): the model, its checker, the exact search and the
/// SAT path.
pub use nqueens_domination as domination;
pub use nqueens_domination::{Domination, DominationModel};
/// Random n-Queens Completion and blocked instances.
pub use nqueens_queens::generate;
/// Known values from the OEIS: A000170, A002562, A051906, A051223, A051224.
pub use nqueens_queens::oeis;
/// Each formulation's model sized in closed form.
pub use nqueens_queens::shape;
/// What a board request costs before it runs: cubes, model, files, memory, seconds.
pub use nqueens_queens::sizes;
