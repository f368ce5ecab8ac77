//! Problem-agnostic 0-1 modelling: variables and literals, constraints stored as typed
//! values, lowering to CNF with a chosen set of encodings (at-most-one, cardinality,
//! pseudo-Boolean) or to a 0-1 integer linear program, and the file formats: DIMACS, CPLEX LP,
//! free MPS, and OPB (written from the ILP, read into a model with its objective).
//!
//! Variables are 0-based everywhere in this crate; DIMACS numbering (1-based, signed) exists
//! only in [`dimacs`] and [`solver_output`], at the file boundary.
//!
//! ```
//! use zero_one_model::{Model, Constraint, CnfOptions, lower_to_cnf, VecSink};
//! let mut m = Model::new();
//! let a = m.new_var("a");
//! let b = m.new_var("b");
//! m.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
//! let mut sink = VecSink::default();
//! let info = lower_to_cnf(&m, &CnfOptions::default(), &mut sink).unwrap();
//! assert_eq!(info.clauses, 2); // a ∨ b, ¬a ∨ ¬b
//! ```

pub mod amo;
pub mod answer;
mod backend;
mod backend_name;
pub mod card;
mod clauses;
#[cfg(feature = "conformance")]
pub mod conformance;
mod constraint;
pub mod decimal;
pub mod dimacs;
pub mod ilp;
mod lit;
mod lower;
mod model;
mod objective;
pub mod opb;
pub mod optimize_report;
mod optimizer;
pub mod optimum;
#[cfg(test)]
mod oracle;
pub mod pb;
mod propagate;
pub mod shape;
mod sink;
pub mod solver_output;
pub mod stable_hash;

pub use amo::AmoEncoding;
pub use backend::{
    check_fixed, Backend, BackendError, BackendErrorKind, Capabilities, Prepared, SatCheck,
    SolutionCost, SolutionIter, Solutions,
};
pub use backend_name::{BackendEncoding, BackendName, BackendStat, UnsatAnswers};
pub use card::CardEncoding;
pub use clauses::{Clauses, ClausesBuilder};
pub use constraint::{Cmp, Constraint};
pub use lit::{Lit, Var};
pub use lower::{cnf_size, lower_to_cnf, lower_to_cnf_until, CnfInfo, CnfOptions, LowerError};
pub use model::{IntDef, Model, ModelError, Violation};
pub use objective::{Objective, Sense};
pub use optimize_report::{OptimizeReport, OptimizeStatus};
pub use optimizer::{optimize, pin_optimum, OptimizeError, Optimizer};
pub use optimum::{Optimized, Optimum, OptimumError, Search};
pub use pb::PbEncoding;
pub use propagate::Propagator;
pub use sink::{ClauseSink, CountingSink, VarAlloc, VecSink};
/// Option values chosen by name (in `toolkit-base`, which the bitboard oracle shares).
pub use toolkit_base::named;
pub use toolkit_base::{excerpt, excerpt_bytes, StopFlag, EXCERPT_CHARS};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
