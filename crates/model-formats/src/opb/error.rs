//! Why an OPB file was rejected: one variant per kind of fault, each naming the line (and
//! the column, where one token is at fault), what was expected and an excerpt of what was
//! found.

use std::io;
use thiserror::Error;

/// Why an OPB file was rejected. Lines and columns are 1-based; columns count bytes. Quoted
/// tokens (`found`) are cut to [`model_core::EXCERPT_CHARS`] characters followed by `…`.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OpbError {
    /// Reading the input failed.
    #[error("read error after line {line}")]
    Io {
        /// The last line read whole.
        line: usize,
        /// What failed.
        #[source]
        source: io::Error,
    },
    /// A line longer than [`crate::opb::MAX_LINE_BYTES`]: cut there rather than buffered whole.
    #[error("line {line}: longer than {limit} bytes (an OPB line is one constraint or comment; is this an OPB file?)")]
    LineTooLong {
        /// The line.
        line: usize,
        /// The longest line read, in bytes.
        limit: usize,
    },
    /// The input holds nothing.
    #[error("empty input: expected the header '* #variable= N #constraint= M'")]
    EmptyInput,
    /// The first line is not the header.
    #[error("line 1: expected the header '* #variable= N #constraint= M', found '{found}'")]
    MissingHeader {
        /// The first line.
        found: String,
    },
    /// A header whose counts do not parse.
    #[error("line 1, column {column}: bad header: expected {expected}, found '{found}'")]
    BadHeader {
        /// Column of the offending token.
        column: usize,
        /// What should have been there.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// More variables declared than [`crate::opb::MAX_VARS`].
    #[error(
        "line 1: the header declares {declared} variables, more than this reader accepts ({limit})"
    )]
    TooManyVariables {
        /// Variables declared.
        declared: u64,
        /// The limit.
        limit: usize,
    },
    /// A token that does not belong where it is.
    #[error("line {line}, column {column}: expected {expected}, found '{found}'")]
    Unexpected {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// What should have been there.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// An integer beyond the 64-bit signed range.
    #[error("line {line}, column {column}: the number '{found}' does not fit in 64 bits (signed)")]
    NumberOutOfRange {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The number.
        found: String,
    },
    /// A variable `x0` or beyond the header's count.
    #[error("line {line}, column {column}: variable '{found}' is out of range: the header declares {declared} variables")]
    VarOutOfRange {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The literal.
        found: String,
        /// Variables declared.
        declared: usize,
    },
    /// A product of literals (a non-linear term), which this reader does not linearise.
    #[error("line {line}, column {column}: product terms are not supported: '{found}' follows another literal with no coefficient between them")]
    Product {
        /// Line.
        line: usize,
        /// Column of the second literal.
        column: usize,
        /// The second literal.
        found: String,
    },
    /// An objective after a constraint, or a second one.
    #[error("line {line}, column {column}: the objective must come once, before every constraint")]
    MisplacedObjective {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
    },
    /// The input ends inside a statement.
    #[error(
        "line {line}: end of input inside a statement that started on line {started}: missing ';'"
    )]
    Unterminated {
        /// Last line.
        line: usize,
        /// Where the statement started.
        started: usize,
    },
    /// More constraints than the header declares.
    #[error("line {line}: more constraints than the {declared} the header declares")]
    TooManyConstraints {
        /// Line where the extra constraint ends.
        line: usize,
        /// Constraints declared.
        declared: usize,
    },
    /// Fewer constraints than the header declares.
    #[error(
        "line {line}: end of input after {found} constraints, but the header declares {declared}"
    )]
    TooFewConstraints {
        /// Last line.
        line: usize,
        /// Constraints declared.
        declared: usize,
        /// Constraints found.
        found: usize,
    },
}
