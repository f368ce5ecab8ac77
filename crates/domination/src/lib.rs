//! Queen domination: the fewest queens that occupy or attack every square of the board.
//!
//! A set of squares *dominates* the board when every square holds one of its queens or is
//! attacked by one (the attack rule of the board's [`Variant`]: classic or toroidal). The
//! domination number γ is the size of the smallest such set (OEIS A075458 on the classic
//! board, A279402 on the torus); *independent* domination asks in addition that no two queens
//! attack each other (A075324; A279404 on the torus). This is a different problem from n
//! non-attacking queens: a solution is a set of squares of any size, not one queen per row,
//! so it has its own model ([`DominationModel`]), checker ([`Domination::first_fault`]),
//! symmetry ([`orbit`]) and tables ([`known`]).
//!
//! On the engine: the smallest dominating set found by SAT checks at falling bounds
//! ([`minimum`]), and the minimum sets counted through the engine ([`DominationProblem`]:
//! cubes split from the model, every set checked by the independent checker, D4 orbits
//! weighed when the search is restricted by lex-leader constraints). The exact search without
//! SAT is [`search`]; a test checks that both agree.
//!
//! What `nqueens solve` and `nqueens count` do with a domination variant is one call each,
//! by either path: [`solve`] (a minimum set, or one under a bound; a [`MinimumSet`] or a
//! [`BoundedSet`]) and [`count`] (the domination number, then the sets; a
//! [`DominationCount`]), both stoppable and compared with the OEIS. The model's size limit
//! and sizes are in [`check_model_size`] and [`model_sizes`]; files of the model carry
//! [`DominationModel::file_model`] and its [`DominationModel::title`]. What each call
//! reports, as JSON and as text (the lines `nqueens` prints), is in [`report`].
//!
//! Surveys: Hedetniemi, Hedetniemi and Reynolds, "Combinatorial problems on chessboards: II"
//! (in *Domination in Graphs: Advanced Topics*, 1998); Östergård and Weakley, "Values of
//! domination numbers of the queen's graph", Electron. J. Combin. 8 (2001) R29.

mod check;
mod count;
mod error;
mod export;
pub mod known;
mod minimum;
mod model;
mod params;
mod problem;
pub mod report;
mod request;
pub mod search;
#[cfg(test)]
mod search_agrees;
mod size;
mod solve;
#[cfg(test)]
mod solve_count_tests;
mod verdict;

pub use check::Fault;
pub use count::{count, CountBy, CountOptions, CountStop, Counted, EngineCount, DEFAULT_CUBES};
pub use error::DominationError;
pub use minimum::{minimum, minimum_until, one_set, Minimum, Proof, Search, Step, Stopped};
pub use model::DominationModel;
/// The board's eight symmetries acting on sets of squares (the one D4 module, `nqueens-board`'s).
pub use nqueens_board::d4::{orbit, set_images as images, Orbit};
pub use params::DominationParams;
pub use problem::DominationProblem;
pub use report::{
    BestSoFar, BoundedSet, CountMethod, DominationCount, Ending, Method, MinimumSet, NoSet, Said,
    SizeTable, Trace,
};
pub use request::{
    check_engine_options, check_file, table_bound, DominationOption, Lowering, Refusal, Spelling,
};
pub use size::{
    bound_or_known, check_model_size, model_sizes, ModelSize, ModelTooLarge, SizeError,
    DEFAULT_CARD, MAX_MODEL_N,
};
pub use solve::{solve, Finder, SolveOptions, SolveStop, Solved};
pub use verdict::DominationVerdict;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use nqueens_board::{Square, Variant};
use std::fmt;
use std::str::FromStr;

/// Which domination problem: the board's attack rule, and whether the queens must be
/// independent (no two attacking each other).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Domination {
    /// The attack rule: [`Variant::Classic`] or [`Variant::Toroidal`].
    pub board: Variant,
    /// Whether no two queens may attack each other.
    pub independent: bool,
}

impl Domination {
    /// Every domination problem on offer, in a stable order.
    pub const ALL: [Domination; 4] = [
        Domination::new(Variant::Classic, false),
        Domination::new(Variant::Classic, true),
        Domination::new(Variant::Toroidal, false),
        Domination::new(Variant::Toroidal, true),
    ];

    /// Domination on `board` (classic or toroidal), independent or not.
    pub const fn new(board: Variant, independent: bool) -> Domination {
        Domination { board, independent }
    }

    /// The name on the command line (`--variant`).
    pub fn name(self) -> &'static str {
        match (self.board, self.independent) {
            (Variant::Toroidal, false) => "toroidal-domination",
            (Variant::Toroidal, true) => "toroidal-independent-domination",
            (_, false) => "domination",
            (_, true) => "independent-domination",
        }
    }

    /// Which encodings its model uses ([`DominationModel`]): a cardinality encoding for the
    /// bound on the queens, an at-most-one encoding only for the lines of an independent set.
    /// An encoding it does not use changes nothing.
    ///
    /// ```
    /// use nqueens_domination::{Domination, Variant};
    /// assert!(!Domination::new(Variant::Classic, false).encodings_used().amo);
    /// assert!(Domination::new(Variant::Classic, true).encodings_used().amo);
    /// ```
    pub fn encodings_used(self) -> nqueens_queens::EncodingsUsed {
        nqueens_queens::EncodingsUsed {
            amo: self.independent,
            card: true,
            pb: false,
        }
    }

    /// Whether a queen on `queen` covers `square` of the n x n board: it stands there or
    /// attacks it.
    pub fn covers(self, n: usize, queen: Square, square: Square) -> bool {
        queen == square
            || self
                .board
                .attacks(n, (queen.row, queen.col), (square.row, square.col))
    }

    /// A lower bound on the size of a (independent) dominating set of the n x n board.
    ///
    /// A queen covers at most its row, its column and two diagonals: 4n - 3 squares, so at
    /// least ceil(n² / (4n - 3)) queens are needed. On the classic board Spencer's bound is
    /// stronger: γ(Q_n) ≥ (n - 1) / 2 (proved by Spencer, published in Cockayne, "Chessboard
    /// domination problems", Discrete Math. 86 (1990) 13-20; see also Weakley, "Domination in
    /// the queen's graph", Graph Theory, Combinatorics and Algorithms 2 (1995) 1223-1232).
    pub fn lower_bound(self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let counting = (n * n).div_ceil(4 * n - 3);
        match self.board {
            Variant::Classic => counting.max((n - 1).div_ceil(2)),
            _ => counting,
        }
    }

    /// Who proves [`Domination::lower_bound`] for `n`: `Spencer` or `counting`.
    pub fn lower_bound_source(self, n: usize) -> &'static str {
        let counting = (n * n).div_ceil((4 * n).saturating_sub(3).max(1));
        if self.board == Variant::Classic && (n.saturating_sub(1)).div_ceil(2) > counting {
            "Spencer's bound (n-1)/2"
        } else {
            "the counting bound n²/(4n-3)"
        }
    }
}

impl fmt::Display for Domination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Domination {
    type Err = zero_one_model::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        zero_one_model::named::from_name(&Domination::ALL, Domination::name, "variant", s)
    }
}

#[cfg(test)]
mod tests;
