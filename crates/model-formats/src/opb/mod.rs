//! The OPB format of the pseudo-Boolean competitions, read into a [`Model`] with its
//! [`crate::Objective`]. The format (Roussel & Manquinho, "Input/output format and solver
//! requirements for the competitions of pseudo-Boolean solvers", 2016): a first line
//! `* #variable= N #constraint= M`, comment lines starting with `*`, an optional objective
//! `min: <sum> ;` (or `max:`) before every constraint, then constraints `<sum> <op> <integer> ;`
//! where a sum is a sequence of `<integer> <literal>` terms, a literal is `xK` or `~xK` for K in
//! 1..=N, and the operator is `>=` or `=` (and `<=`, which many tools write too). A statement
//! may span lines.
//!
//! Refused, each with the line and column, what was expected and an excerpt of what was found:
//! product terms (`+1 x1 x2`; a non-linear instance must be linearised first), numbers beyond
//! `i64`, variables beyond the header's count, lines longer than [`MAX_LINE_BYTES`], headers
//! declaring more than [`MAX_VARS`] variables, and a constraint count other than the header's.
//! The writer is [`crate::ilp::opb::write_opb`], which writes a model lowered to an ILP.

mod encoded;
mod error;
mod lex;
mod read;

pub use encoded::{cnf_comments, encoded_title};
pub use error::OpbError;
pub use read::read_opb;

use crate::Model;

/// The longest line read, in bytes: a line is one constraint or comment, and a cap keeps input
/// with no newline (`/dev/zero`, say) from being buffered whole.
pub const MAX_LINE_BYTES: usize = 8 << 20;

/// The most variables a header may declare: each costs the model a slot, and the header is a
/// claim that must not make the reader allocate gigabytes before reading a constraint.
pub const MAX_VARS: usize = 1 << 24;

/// An OPB instance as read.
#[derive(Clone, Debug)]
pub struct OpbInstance {
    /// The variables `x1..xN` (model variable i is `x{i+1}`, so named) and the constraints,
    /// as [`crate::Constraint::Linear`] with the terms as written, in file order, and the
    /// file's objective, when it has one, as [`Model::objective`].
    pub model: Model,
}

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;
