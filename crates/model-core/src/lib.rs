//! The core of a problem-agnostic 0-1 model: variables and literals, constraints stored as
//! typed values, the [`Model`] with its projection (the shown variables) and objective,
//! [`Clauses`] (the one CNF core every consumer borrows) and [`Propagator`] (the one
//! unit-propagation loop over it), the sinks lowerings write clauses into, and [`StopFlag`],
//! the one way to stop a long call (from `toolkit-base`, re-exported).
//!
//! This crate knows no encoding and no file format: a model is lowered to CNF through the
//! [`CnfLowering`] trait, which the encodings layer (`model-encodings`) implements, and files
//! are read and written by `model-formats`. Variables are 0-based; DIMACS numbering exists
//! only in [`Var::from_dimacs`], [`Lit::from_dimacs`] and their inverses.
//!
//! ```
//! use model_core::{Constraint, Model};
//! let mut m = Model::new();
//! let a = m.new_var("a");
//! let b = m.new_var("b");
//! m.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
//! assert!(m.check(&[true, false]).is_ok());
//! assert!(m.check(&[true, true]).is_err());
//! ```

mod clauses;
mod cnf;
mod constraint;
pub mod decimal;
mod lit;
mod lowering;
mod model;
mod objective;
mod propagate;
mod sink;
pub mod stable_hash;

pub use clauses::{Clauses, ClausesBuilder};
pub use cnf::Cnf;
pub use constraint::{Cmp, Constraint};
pub use lit::{Lit, Var};
pub use lowering::CnfLowering;
pub use model::{IntDef, Model, ModelError, Violation};
pub use objective::{Objective, Sense};
pub use propagate::Propagator;
pub use sink::{ClauseSink, CountingSink, VarAlloc, VecSink};
/// Option values chosen by name (in `toolkit-base`, which the bitboard oracle shares).
pub use toolkit_base::named;
pub use toolkit_base::{cause, one_line, Blame, Fault};
pub use toolkit_base::{excerpt, excerpt_bytes, human_seconds, plural, StopFlag, EXCERPT_CHARS};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
