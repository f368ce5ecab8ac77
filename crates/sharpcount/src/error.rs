//! The errors the counter returns: input it refuses (weights that do not fit the formula, a
//! formula too large to compile), a stop it was asked for, or an internal inconsistency it
//! detected instead of returning a doubtful count.

use crate::stats::Stats;
use std::time::Duration;
use zero_one_model::{Lit, Var};

/// Why [`count`](crate::count) returned no count.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum Error {
    /// The stop flag of [`Options::stop`](crate::Options::stop) was raised.
    #[error("counting interrupted after {:.1} s", stats.elapsed.as_secs_f64())]
    Interrupted {
        /// The work done until the stop (boxed: it is large and errors should be small).
        stats: Box<Stats>,
    },
    /// [`Options::time_limit`](crate::Options::time_limit) ran out.
    #[error("time limit of {:.1} s reached", limit.as_secs_f64())]
    TimeLimit {
        /// The limit that ran out.
        limit: Duration,
        /// The work done until then.
        stats: Box<Stats>,
    },
    /// [`compile`](crate::compile)'s formula outgrew its memory budget,
    /// [`Options::cache_mb`](crate::Options::cache_mb) MiB (the same bound as the cache's, and
    /// apart from it): no formula is returned rather than memory growing without bound.
    #[error(
        "the compiled formula outgrew its memory budget (the cache's size) after {:.1} s and {} decisions: allow more with a larger cache, or count without compiling",
        stats.elapsed.as_secs_f64(),
        stats.decisions
    )]
    CompiledTooLarge {
        /// The work done until then.
        stats: Box<Stats>,
    },
    /// The input does not fit: weights on literals the formula does not have, or a formula
    /// a compiled formula cannot hold.
    #[error("invalid formula")]
    InvalidFormula(#[source] FormulaError),
    /// The counter found its own state inconsistent; no count is returned rather than a
    /// number that could be wrong. Please report it with the formula.
    #[error("internal inconsistency in the model counter: {what}")]
    Internal {
        /// What was found inconsistent.
        what: &'static str,
    },
}

/// What is wrong with the input beside the formula itself, which the core
/// ([`Clauses`](zero_one_model::Clauses)) keeps well formed: the weights of
/// [`count_weighted`](crate::count_weighted), or a formula too large for
/// [`compile`](crate::compile).
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormulaError {
    /// A weight is given for a literal whose variable is beyond the formula's.
    #[error("weighted literal {literal} is out of range ±1..={num_vars}")]
    WeightOutOfRange {
        /// The offending literal (shown in DIMACS numbering).
        literal: Lit,
        /// The formula's number of variables.
        num_vars: usize,
    },
    /// A weight other than 1 is given for a variable outside the projection: a projected
    /// weighted count weighs projected variables only.
    #[error(
        "variable {} has a weight other than 1 but is not in the projection",
        var.to_dimacs()
    )]
    WeightOnUnprojected {
        /// The offending variable.
        var: Var,
    },
    /// [`compile`](crate::compile) lists the variables of the compiled formula, and this
    /// formula declares more than it lists.
    #[error("the formula declares {num_vars} variables; a compiled formula lists at most {limit}")]
    TooManyToCompile {
        /// The formula's declared number of variables (or projection size).
        num_vars: u64,
        /// The most a compiled formula lists ([`MAX_COMPILED_VARS`](crate::nnf::MAX_COMPILED_VARS)).
        limit: u64,
    },
    /// [`compile`](crate::compile) writes literals as 32-bit DIMACS numbers (d4's format),
    /// and this formula counts over a variable beyond them.
    #[error(
        "variable {} is beyond the {} a compiled formula numbers",
        var.to_dimacs(),
        i32::MAX
    )]
    BeyondCompiledNumbers {
        /// The first such variable.
        var: Var,
    },
}

impl From<FormulaError> for Error {
    fn from(e: FormulaError) -> Self {
        Error::InvalidFormula(e)
    }
}
