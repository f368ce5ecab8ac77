//! Optimisation: an [`Optimizer`] finds the optimum of a model's
//! [`Objective`](crate::model::Objective) ([`LpOptimizer`]: microlp with the objective
//! itself; [`SatOptimizer`]: varisat with bounds encoded by a pseudo-Boolean encoding), and
//! [`optimize`] is the one call: it refuses a model without an objective and checks the
//! answer against every constraint whatever the optimiser checked. [`count_optimal`] counts
//! the optimal solutions ([`pin_optimum`] makes the optimum a constraint, then the engine
//! counts). [`optimizer`] picks the optimiser as the command line does.
//!
//! Each optimiser crate also has a function named `optimize` that skips the check; they are
//! left out here, so that `optimize` means one thing.
//!
//! ```
//! use nqueens_kit::model::{Cmp, Constraint, Model, Objective, Sense};
//! use nqueens_kit::optimize::{optimize, LpOptimizer, Optimized};
//!
//! // Weights 2, 2, 3 at most 4; values 3, 2, 4: items 0 and 1, value 5.
//! let mut m = Model::new();
//! let x: Vec<_> = (0..3).map(|i| m.new_var(format!("x{i}")).positive()).collect();
//! m.add(Constraint::Linear { terms: vec![(2, x[0]), (2, x[1]), (3, x[2])], cmp: Cmp::AtMost, rhs: 4 });
//! m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(3, x[0]), (2, x[1]), (4, x[2])] })?;
//! let Optimized::Found(best) = optimize(&m, &LpOptimizer, None, &mut |_| {})? else { panic!() };
//! assert_eq!((best.value, best.proved), (5, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use count_engine::{count_optimal, OptimalCount, OptimalCountError};
/// A file's model optimised in one call, as `nqueens optimize` does; the optimiser as named.
pub use count_engine::{optimize_file, FileOptimizeError, FileOptimized};
pub use ilp_enum::{LpOptimizer, MAX_OBJECTIVE_SUM};
pub use varisat_enum::optimize::{OptimizeOptions as SatOptimizeOptions, SatOptimizer};
pub use zero_one_backends::optimizer;
pub use zero_one_backends::{IdleOption, OptimizerChoice};
pub use zero_one_model::{
    optimize, pin_optimum, OptimizeError, OptimizeReport, OptimizeStatus, Optimized, Optimizer,
    Optimum, OptimumError, Search,
};
