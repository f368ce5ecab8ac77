//! The 0-1 model: variables and literals (0-based; DIMACS numbering only at the file
//! boundary, [`Var::from_dimacs`]), constraints stored as typed values ([`Constraint`]), an
//! optional [`Objective`], and their lowering: to CNF with a choice of encodings
//! ([`CnfOptions`]: at-most-one [`AmoEncoding`], cardinality [`CardEncoding`],
//! pseudo-Boolean [`PbEncoding`]) and to a 0-1 integer linear program ([`lower_to_ilp`]).
//!
//! [`Clauses`] is the one CNF core every counter borrows (a DIMACS file's by
//! [`Clauses::from_cnf`], a model's by [`Clauses::lower`], projected onto the model's shown
//! variables), and [`Propagator`] the one unit-propagation loop over it. [`shape`] sizes a
//! model's lowering and files from closed forms before anything is built.
//!
//! ```
//! use nqueens_kit::model::{lower_to_cnf, CnfOptions, Constraint, Model, VecSink};
//!
//! let mut m = Model::new();
//! let (a, b) = (m.new_var("a"), m.new_var("b"));
//! m.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
//! let mut sink = VecSink::default();
//! let info = lower_to_cnf(&m, &CnfOptions::default(), &mut sink)?;
//! assert_eq!(info.clauses, 2); // a ∨ b, ¬a ∨ ¬b
//! assert!(m.check(&[true, false]).is_ok() && m.check(&[true, true]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Re-exported from the crates `model-core` and `model-encodings`, through their facade
//! `zero-one-model`.

pub use zero_one_model::ilp::{lower_to_ilp, IlpModel};
/// Whose an error is (the caller's input, or a failure), as every error type here says, and
/// how it is said on one line.
pub use zero_one_model::{cause, one_line, Blame, Fault};
pub use zero_one_model::{
    cnf_size, lower_to_cnf, lower_to_cnf_until, AmoEncoding, CardEncoding, ClauseSink, Clauses,
    ClausesBuilder, Cmp, CnfInfo, CnfOptions, Constraint, CountingSink, IntDef, Lit, LowerError,
    Model, ModelError, Objective, PbEncoding, Propagator, Sense, Var, VarAlloc, VecSink, Violation,
};

/// The at-most-one encodings, one per file, each with its size in closed form.
pub use zero_one_model::amo;
/// The cardinality encodings (sequential counter, totalizer, sorting network).
pub use zero_one_model::card;
/// The pseudo-Boolean encodings (BDD, generalized totalizer, sequential weight counter,
/// adder network) and the normal form they start from.
pub use zero_one_model::pb;
/// Closed-form sizes: a model's constraint families, its CNF under any encodings, its files.
pub use zero_one_model::shape;
