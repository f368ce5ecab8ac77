//! The backend API of a 0-1 model: the seam between counting and solving. A [`Backend`]
//! lists a model's solutions projected onto its shown variables ([`Solutions`], an
//! [`Iterator`] through [`SolutionIter`]) and says what it can do ([`Capabilities`]); it
//! fails with a typed [`BackendError`]. An [`Optimizer`] finds the optimum of the model's
//! objective, and [`optimize`] checks its answer independently of it. Backends say who they
//! are, how the model reaches their solver and what they counted as typed values
//! ([`BackendName`], [`BackendEncoding`], [`BackendStat`]). With the feature `conformance`,
//! one test suite every backend runs from one line (`backend_conformance!`).
//!
//! This crate implements no backend: `dpll-enum`, `varisat-enum`, `ilp-enum` and
//! `solver-pipe` do, and `zero-one-backends` chooses among them.
//!
//! ```
//! use model_backend::{BackendError, BackendErrorKind, BackendName};
//! let e = BackendError::with_kind(BackendErrorKind::Timeout, BackendName::Varisat, "gave up");
//! assert_eq!(e.to_string(), "varisat backend: gave up");
//! assert_eq!(e.backend(), &BackendName::Varisat);
//! ```

mod backend;
mod backend_name;
#[cfg(feature = "conformance")]
pub mod conformance;
pub mod optimize_report;
mod optimizer;
pub mod optimum;
mod solution;

pub use backend::{
    check_fixed, Backend, BackendError, BackendErrorKind, Capabilities, Prepared, SatCheck,
    SolutionCost, SolutionIter, Solutions,
};
pub use backend_name::{BackendEncoding, BackendName, BackendStat, UnsatAnswers};
pub use optimize_report::{OptimizeReport, OptimizeStatus};
pub use optimizer::{optimize, pin_optimum, OptimizeError, Optimizer};
pub use optimum::{Optimized, Optimum, OptimumError, Search};
pub use solution::{SolutionReport, UNSATISFIABLE};

// The names of the layers below, for this crate's modules (`crate::Lit`, ...).
#[cfg(any(test, feature = "conformance"))]
use model_core::Var;
use model_core::{named, Cmp, Constraint, Lit, Model, Sense, StopFlag, Violation};
use model_encodings::{AmoEncoding, LowerError, PbEncoding};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
