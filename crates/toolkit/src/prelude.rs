//! The items a newcomer uses first: a model and its constraints, a DIMACS file read and
//! counted in one call, a model counted on the engine through a backend, and the stop flag
//! every long call takes.
//!
//! ```
//! use nqueens_kit::prelude::*;
//!
//! // At most one of four variables: 5 models.
//! let mut m = Model::new();
//! let v = m.new_vars(4);
//! m.add(Constraint::AtMostOne(v.iter().map(|x| x.positive()).collect()));
//! let problem = ModelProblem::new(&m, Depth::Levels(1), "at most one")?;
//! let outcome = run(&problem, &DpllBackend::default(), &RunOptions::default())?;
//! assert_eq!(outcome.count.to_string(), "5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::backends::{Backend, DpllBackend, StopFlag};
pub use crate::count::{count_cnf, run, CountOptions, Depth, Hooks, ModelProblem, RunOptions};
pub use crate::formats::read_dimacs;
pub use crate::model::{Cmp, CnfOptions, Constraint, Lit, Model, Objective, Sense, Var};
