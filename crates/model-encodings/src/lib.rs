//! The encodings of a 0-1 model's constraints and its lowerings: at-most-one ([`amo`]),
//! cardinality ([`card`]) and pseudo-Boolean ([`pb`]) encodings, one file each, writing
//! into a [`ClauseSink`]; [`lower_to_cnf`] with a choice of them ([`CnfOptions`], which
//! implements `model-core`'s [`CnfLowering`](model_core::CnfLowering), so that
//! [`Model::lowered`](model_core::Model::lowered) and
//! [`Clauses::lower`](model_core::Clauses::lower) take it); and [`ilp::lower_to_ilp`], the
//! model as a 0-1 integer linear program with an exact check of a solver's answer.
//!
//! This crate reads and writes no file (`model-formats` does) and knows no solver.
//!
//! ```
//! use model_core::{Constraint, Model, VecSink};
//! use model_encodings::{lower_to_cnf, CnfOptions};
//! let mut m = Model::new();
//! let a = m.new_var("a");
//! let b = m.new_var("b");
//! m.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
//! let mut sink = VecSink::default();
//! let info = lower_to_cnf(&m, &CnfOptions::default(), &mut sink).unwrap();
//! assert_eq!(info.clauses, 2); // a ∨ b, ¬a ∨ ¬b
//! ```

pub mod amo;
pub mod card;
pub mod ilp;
mod lower;
#[cfg(test)]
mod oracle;
pub mod pb;

pub use amo::AmoEncoding;
pub use card::CardEncoding;
pub use lower::{cnf_size, lower_to_cnf, lower_to_cnf_until, CnfInfo, CnfOptions, LowerError};
pub use pb::PbEncoding;

// The core's names, for this crate's modules (`crate::Lit`, ...).
#[cfg(test)]
use model_core::VecSink;
use model_core::{
    named, ClauseSink, Cmp, Constraint, CountingSink, IntDef, Lit, Model, Objective, Sense,
    StopFlag, Var, VarAlloc,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
