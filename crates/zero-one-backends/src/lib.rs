//! Every solver backend of [`zero_one_model`] by name, registered once, and the optimisers
//! ([`optimizer`]).
//!
//! A [`BackendKind`] names a backend, [`Settings`] say how it lowers a model, what stops it
//! and (for [`BackendKind::External`]) which program it runs, and [`build`] makes it. What a
//! backend can do is asked of it ([`zero_one_model::Backend::capabilities`]), never decided
//! from its kind.
//!
//! ```
//! use zero_one_backends::{build, BackendKind, Settings};
//! use zero_one_model::{Constraint, Model};
//!
//! // x or y: three models, whichever backend lists them.
//! let mut m = Model::new();
//! let v = m.new_vars(2);
//! m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
//! for kind in [BackendKind::Sat, BackendKind::Dpll, BackendKind::Ilp] {
//!     let backend = build(kind, &Settings::default()).unwrap();
//!     let mut solutions = backend.solutions(&m, &[]).unwrap();
//!     let mut listed = 0;
//!     while let Some(_) = solutions.next_solution().unwrap() {
//!         listed += 1;
//!     }
//!     assert_eq!(listed, 3, "{}", kind.name());
//! }
//! ```

mod build;
mod choice;
mod kind;
mod optimizer;
mod optimizer_choice;

pub use build::{build, cdcl, BuildError, External, Settings};
pub use choice::{cdcl_with, Choice, ChoiceError};
pub use kind::{BackendKind, UnknownBackend};
pub use optimizer::optimizer;
pub use optimizer_choice::{IdleOption, OptimizerChoice};
