//! Problem-agnostic 0-1 modelling: variables and literals, constraints stored as typed
//! values, lowering to CNF with a chosen set of encodings (at-most-one, cardinality,
//! pseudo-Boolean) or to a 0-1 integer linear program, and the file formats: DIMACS, CPLEX LP,
//! free MPS, and OPB (written from the ILP, read into a model with its objective).
//!
//! A facade over four crates, one per layer, re-exported here at the paths they have always
//! had: the model's core types (`model-core`: [`Model`], [`Constraint`], [`Clauses`],
//! [`Propagator`], [`StopFlag`]), the encodings and lowerings (`model-encodings`: [`amo`],
//! [`card`], [`pb`], [`lower_to_cnf`], [`ilp::lower_to_ilp`]), the file formats
//! (`model-formats`: [`dimacs`], [`opb`], the ILP writers in [`ilp`], [`solver_output`],
//! [`answer`], [`shape`]) and the backend API (`model-backend`: [`Backend`], [`Optimizer`],
//! the reports). Each layer depends only on the ones before it.
//!
//! Variables are 0-based everywhere; DIMACS numbering (1-based, signed) exists only in
//! [`dimacs`] and [`solver_output`], at the file boundary.
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

// The core (crate `model-core`).
pub use model_core::{cause, decimal, named, one_line, stable_hash, Blame, Fault};
pub use model_core::{
    excerpt, excerpt_bytes, human_seconds, plural, ClauseSink, Clauses, ClausesBuilder, Cmp,
    CnfLowering, Constraint, CountingSink, IntDef, Lit, Model, ModelError, Objective, Propagator,
    Sense, StopFlag, Var, VarAlloc, VecSink, Violation, EXCERPT_CHARS,
};

// The encodings and lowerings (crate `model-encodings`).
pub use model_encodings::{amo, card, pb};
pub use model_encodings::{
    cnf_size, lower_to_cnf, lower_to_cnf_until, AmoEncoding, CardEncoding, CnfInfo, CnfOptions,
    LowerError, PbEncoding,
};

// The file formats (crate `model-formats`).
pub use model_formats::{answer, dimacs, input, shape, solver_output};

/// The model as a 0-1 integer linear program: the lowering and its exact checks
/// (`model-encodings`), and its files, CPLEX LP, free MPS and OPB, with solvers' answers
/// read back (`model-formats`).
pub mod ilp {
    pub use model_encodings::ilp::*;
    pub use model_formats::ilp::*;
}

/// The OPB format: a reader into a model with its objective (`model-formats`), and a
/// solution as the PB competition's output says it (`model-backend`).
pub mod opb {
    pub use model_backend::{SolutionReport, UNSATISFIABLE};
    pub use model_formats::opb::*;
}

// The backend API (crate `model-backend`).
#[cfg(feature = "conformance")]
pub use model_backend::{backend_conformance, conformance};
pub use model_backend::{
    check_fixed, optimize, pin_optimum, Backend, BackendEncoding, BackendError, BackendErrorKind,
    BackendName, BackendStat, Capabilities, OptimizeError, OptimizeReport, OptimizeStatus,
    Optimized, Optimizer, Optimum, OptimumError, Prepared, SatCheck, Search, SolutionCost,
    SolutionIter, Solutions, UnsatAnswers,
};
pub use model_backend::{optimize_report, optimum};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
