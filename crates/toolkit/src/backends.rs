//! What lists a model's solutions: the [`Backend`] trait (a stream of solutions projected
//! onto the model's shown variables, each backend saying its [`Capabilities`]) and its four
//! implementations: our DPLL enumerator ([`DpllBackend`], hard parts handed to varisat),
//! varisat by blocking clauses ([`VarisatBackend`]), microlp through good_lp by no-good cuts
//! ([`LpBackend`]), and external SAT solver programs ([`ExternalBackend`], nothing they say
//! trusted unchecked). The registry builds any of them by kind from one [`Settings`] value
//! ([`build`]), as the command line does; [`StopFlag`] is the one stop every long call
//! takes.
//!
//! ```
//! use nqueens_kit::backends::{build, BackendKind, BackendName, Settings};
//! use nqueens_kit::prelude::*;
//!
//! // At most one of three variables: 4 models, whichever backend lists them.
//! let mut m = Model::new();
//! let x = m.new_vars(3);
//! m.add(Constraint::AtMostOne(x.iter().map(|v| v.positive()).collect()));
//! let problem = ModelProblem::new(&m, Depth::Levels(1), "at most one")?;
//! for (kind, name) in [
//!     (BackendKind::Dpll, BackendName::Dpll),
//!     (BackendKind::Sat, BackendName::Varisat),
//!     (BackendKind::Ilp, BackendName::Microlp),
//! ] {
//!     let backend = build(kind, &Settings::default())?;
//!     assert_eq!(backend.name(), name);
//!     assert_eq!(run(&problem, backend.as_ref(), &RunOptions::default())?.count.to_string(), "4");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Renamed here: the DPLL enumerator's conflict budget before it hands a part over is
//! [`DPLL_DEFAULT_BUDGET`] (`dpll_enum::DEFAULT_BUDGET`; the symmetry search has its own).

pub use dpll_enum::{DpllBackend, DEFAULT_BUDGET as DPLL_DEFAULT_BUDGET};
pub use ilp_enum::{IlpSolutions, LpBackend, PastDoublePrecision, RowTooLarge};
pub use solver_pipe::{
    kill_running, parse_timeout, CommandError, ExternalBackend, RunError, RunLimits, SolverCommand,
    TimeoutError,
};
pub use varisat_enum::{VarisatBackend, VarisatCheck, VarisatSolutions};
pub use zero_one_backends::{
    build, cdcl, BackendKind, BuildError, External, Settings, UnknownBackend,
};
pub use zero_one_model::{
    check_fixed, Backend, BackendEncoding, BackendError, BackendErrorKind, BackendName,
    BackendStat, Capabilities, Prepared, SatCheck, SolutionCost, SolutionIter, Solutions, StopFlag,
    UnsatAnswers,
};
