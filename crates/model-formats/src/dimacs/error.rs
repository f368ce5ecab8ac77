//! Why a DIMACS file was rejected: one variant per kind of fault, each naming the line (and the
//! column, where one token is at fault), what was expected and an excerpt of what was found.

use thiserror::Error;

pub(super) use model_core::excerpt;

/// Why a DIMACS file was rejected. Lines and columns are 1-based; columns count bytes.
/// Quoted tokens (`found`) are cut to 40 characters followed by `…`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Reading the input failed.
    #[error("read error: {0}")]
    Io(String),
    /// A line longer than [`crate::dimacs::MAX_LINE_BYTES`]: cut there rather than buffered
    /// whole.
    #[error("line {line}: longer than {limit} bytes (a clause or comment line is far shorter; is this a DIMACS file?)")]
    LineTooLong {
        /// The line.
        line: usize,
        /// The longest line read, in bytes.
        limit: usize,
    },
    /// The input holds no lines at all.
    #[error("empty input: expected a 'p cnf <variables> <clauses>' line")]
    EmptyInput,
    /// Clause data or end of input before any `p cnf` line.
    #[error("line {line}: expected a 'p cnf <variables> <clauses>' line before any clause")]
    MissingHeader {
        /// Where clause data started, or the last line.
        line: usize,
    },
    /// A second problem line.
    #[error("line {line}: second 'p' line (the first was on line {first})")]
    DuplicateHeader {
        /// The second header.
        line: usize,
        /// The first header.
        first: usize,
    },
    /// A malformed problem line.
    #[error(
        "line {line}, column {column}: bad problem line: expected {expected}, found '{found}'"
    )]
    BadHeader {
        /// Line of the header.
        line: usize,
        /// Column of the offending token.
        column: usize,
        /// What should have been there.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// A token that is not an integer literal, or a signed zero such as `-0`.
    #[error("line {line}, column {column}: expected a literal (a nonzero integer) or 0, found '{found}'")]
    BadToken {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The token.
        found: String,
    },
    /// A literal (or projected variable) whose variable exceeds the header's count.
    #[error("line {line}, column {column}: literal {lit} is out of range: the header declares {num_vars} variables")]
    LiteralOutOfRange {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The literal.
        lit: i64,
        /// Variables declared.
        num_vars: usize,
    },
    /// More clauses than the header declares.
    #[error("line {line}: more clauses than the {declared} the header declares")]
    TooManyClauses {
        /// Line where the extra clause starts.
        line: usize,
        /// Clauses declared.
        declared: u64,
    },
    /// Fewer clauses than the header declares (only when reading strictly).
    #[error("line {line}: end of input after {found} clause{}, but the header declares {declared}", if *.found == 1 { "" } else { "s" })]
    TooFewClauses {
        /// Last line.
        line: usize,
        /// Clauses declared.
        declared: u64,
        /// Clauses found.
        found: u64,
    },
    /// The last clause has no terminating 0.
    #[error("line {line}: end of input inside a clause that started on line {started}: missing terminating 0")]
    UnterminatedClause {
        /// Last line.
        line: usize,
        /// Where the clause started.
        started: usize,
    },
    /// A malformed projection line (`c p show`, `c ind` or `vp`).
    #[error(
        "line {line}, column {column}: bad projection line: expected {expected}, found '{found}'"
    )]
    BadProjection {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// What should have been there.
        expected: &'static str,
        /// The token.
        found: String,
    },
    /// A `p pcnf` header whose projected-variable count differs from the variables its `vp`
    /// lines list.
    #[error("line {line}: the 'p pcnf' header declares {declared} projected variables but the 'vp' lines list {found}")]
    ProjectionCountMismatch {
        /// Line of the header.
        line: usize,
        /// Projected variables declared.
        declared: u64,
        /// Distinct variables listed on `vp` lines.
        found: u64,
    },
    /// The file asks for a weighted model count (`c t wmc`, `c p weight`, `p wcnf`, ...) of a
    /// reader not asked for weights, or in a form not read (`p wcnf`, `w` lines, miniC2D's
    /// `c weights`). It is refused rather than counted as if unweighted, which would give a
    /// wrong answer.
    #[error(
        "line {line}: {what} asks for a weighted model count, which this reader does not support"
    )]
    Weighted {
        /// Line of the request.
        line: usize,
        /// The request, quoted.
        what: String,
    },
    /// A `c t` task line naming none of the tasks of the Model Counting Competition.
    #[error("line {line}: unknown task '{found}' (expected mc, pmc, wmc or pwmc)")]
    UnknownTask {
        /// Line of the task line.
        line: usize,
        /// The task, quoted.
        found: String,
    },
    /// A second task line naming another task.
    #[error("line {line}: the task line 'c t {task}' contradicts the task line 'c t {first_task}' on line {first}")]
    ConflictingTask {
        /// Line of the second task line.
        line: usize,
        /// Its task.
        task: String,
        /// Line of the first task line.
        first: usize,
        /// Its task.
        first_task: String,
    },
    /// A weight line in a file whose task line asks for an unweighted count (`c t mc`, `c t
    /// pmc`): which of the two is meant cannot be told.
    #[error("line {line}: the task line 'c t {task}' asks for an unweighted count, but line {line} gives a weight (the task line is line {task_line})")]
    UnweightedTask {
        /// Line of the weight line.
        line: usize,
        /// The task.
        task: String,
        /// Line of the task line.
        task_line: usize,
    },
    /// A `c p` line other than `c p show` and `c p weight` in a weighted file: a misspelt
    /// weight line would otherwise be left out of the count without a word.
    #[error("line {line}: 'c p {keyword}' is neither 'c p show' nor 'c p weight', in a weighted file (a misspelt weight line?)")]
    UnknownWeightedLine {
        /// Line.
        line: usize,
        /// The word after `c p`.
        keyword: String,
    },
    /// A `c p weight` line before the `p cnf` header, which declares the variables weighed.
    #[error("line {line}: a weight line before the 'p cnf' header")]
    WeightBeforeHeader {
        /// Line of the weight line.
        line: usize,
    },
    /// A malformed `c p weight LIT W 0` line (read with [`ReadOptions::weights`](crate::dimacs::ReadOptions::weights)).
    #[error("line {line}, column {column}: bad weight line: expected {expected}, found '{found}'")]
    BadWeight {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// What should have been there.
        expected: String,
        /// The token.
        found: String,
    },
    /// A second weight for the same literal.
    #[error("line {line}: literal {lit} already has a weight (line {first})")]
    DuplicateWeight {
        /// Line of the second weight.
        line: usize,
        /// The literal.
        lit: i64,
        /// Line of the first weight.
        first: usize,
    },
}

impl ParseError {
    /// The 1-based line the error points at, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Io(_) | ParseError::EmptyInput => None,
            ParseError::MissingHeader { line }
            | ParseError::LineTooLong { line, .. }
            | ParseError::DuplicateHeader { line, .. }
            | ParseError::BadHeader { line, .. }
            | ParseError::BadToken { line, .. }
            | ParseError::LiteralOutOfRange { line, .. }
            | ParseError::TooManyClauses { line, .. }
            | ParseError::TooFewClauses { line, .. }
            | ParseError::UnterminatedClause { line, .. }
            | ParseError::BadProjection { line, .. }
            | ParseError::ProjectionCountMismatch { line, .. }
            | ParseError::Weighted { line, .. }
            | ParseError::BadWeight { line, .. }
            | ParseError::DuplicateWeight { line, .. }
            | ParseError::UnknownTask { line, .. }
            | ParseError::ConflictingTask { line, .. }
            | ParseError::UnweightedTask { line, .. }
            | ParseError::UnknownWeightedLine { line, .. }
            | ParseError::WeightBeforeHeader { line } => Some(*line),
        }
    }
}
