//! The errors [`count`](crate::count) returns: a formula it refuses, a stop it was asked
//! for, or an internal inconsistency it detected instead of returning a doubtful count.

use crate::stats::Stats;
use std::time::Duration;

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
    /// The formula names a variable it does not have.
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

/// What is wrong with a [`Formula`](crate::Formula).
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormulaError {
    /// A clause holds the literal 0 (a DIMACS terminator, not a literal).
    #[error("clause {clause} (0-based) holds the literal 0")]
    ZeroLiteral {
        /// Index of the clause in [`Formula::clauses`](crate::Formula::clauses).
        clause: usize,
    },
    /// A clause holds a literal whose variable is above `num_vars`.
    #[error(
        "clause {clause} (0-based) holds literal {literal}, but the formula has {num_vars} variables"
    )]
    LiteralOutOfRange {
        /// Index of the clause in [`Formula::clauses`](crate::Formula::clauses).
        clause: usize,
        /// The offending literal, in DIMACS numbering.
        literal: i32,
        /// The formula's declared number of variables.
        num_vars: u32,
    },
    /// The projection names variable 0 or a variable above `num_vars`.
    #[error("projection variable {var} is out of range 1..={num_vars}")]
    ProjectionOutOfRange {
        /// The offending variable, in DIMACS numbering.
        var: u32,
        /// The formula's declared number of variables.
        num_vars: u32,
    },
    /// A weight is given for literal 0 or for a variable above `num_vars`.
    #[error("weighted literal {literal} is out of range ±1..={num_vars}")]
    WeightOutOfRange {
        /// The offending literal, in DIMACS numbering.
        literal: i32,
        /// The formula's declared number of variables.
        num_vars: u32,
    },
    /// A weight other than 1 is given for a variable outside the projection: a projected
    /// weighted count weighs projected variables only.
    #[error("variable {var} has a weight other than 1 but is not in the projection")]
    WeightOnUnprojected {
        /// The offending variable, in DIMACS numbering.
        var: u32,
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
}

impl From<FormulaError> for Error {
    fn from(e: FormulaError) -> Self {
        Error::InvalidFormula(e)
    }
}
