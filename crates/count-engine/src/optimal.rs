//! Counting the optimal solutions of a model with an objective: the optimum is found and
//! proved by an [`Optimizer`], pinned as the constraint `objective = optimum`
//! ([`pin_optimum`]), and the pinned model counted through the engine like any other.

use crate::{run, Depth, EngineError, ModelProblem, Outcome, Problem, RunOptions};
use thiserror::Error;
use zero_one_model::StopFlag;
use zero_one_model::{optimize, pin_optimum, Backend, Model, OptimizeError, Optimized, Optimizer};

/// How [`count_optimal`] ended.
#[derive(Debug)]
pub enum OptimalCount {
    /// The optimum was proved and its solutions counted; an infeasible model (no optimum) is
    /// counted as it is, with its count of 0.
    Counted {
        /// The optimum, in the model's sense; `None` when the model is infeasible.
        optimum: Option<i128>,
        /// The count of the optimal solutions.
        outcome: Box<Outcome>,
        /// The independent parts the pinned model fell into.
        parts: usize,
    },
    /// Stopped before the optimum was proved: nothing was counted.
    Stopped,
}

/// Why [`count_optimal`] failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OptimalCountError {
    /// Finding or pinning the optimum failed (no objective, the optimiser failed or was
    /// wrong, an optimum past `i64`).
    #[error(transparent)]
    Optimize(#[from] OptimizeError),
    /// Splitting or counting the pinned model failed.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// Counts the optimal solutions of `model`: `optimizer` finds and proves the optimum of its
/// objective (honouring `options.stop` if it [can](zero_one_model::Capabilities::stops)),
/// the objective becomes the constraint `objective = optimum`, and the result is split to
/// `depth` ([`ModelProblem::new_until`], `about` naming it in keys) and counted through
/// `backend` with `options`: one stop flag, [`RunOptions::stop`], reaches the optimiser, the
/// lowering and the count.
///
/// ```
/// use count_engine::{count_optimal, Depth, OptimalCount, RunOptions};
/// use zero_one_model::{Cmp, Constraint, Model, Objective, Sense};
/// // Pick at most two of three items of values 1, 2, 2: the best value 4, in one way.
/// let mut m = Model::new();
/// let x: Vec<_> = (0..3).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.add(Constraint::Linear { terms: x.iter().map(|&l| (1, l)).collect(), cmp: Cmp::AtMost, rhs: 2 });
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(1, x[0]), (2, x[1]), (2, x[2])] })?;
/// let optimizer = varisat_enum::optimize::SatOptimizer::default();
/// let backend = dpll_enum::DpllBackend::default();
/// let counted = count_optimal(&m, &optimizer, &backend, Depth::Target(4), "doc", &RunOptions::default())?;
/// let OptimalCount::Counted { optimum, outcome, .. } = counted else { panic!() };
/// assert_eq!((optimum, outcome.count.to_string()), (Some(4), "1".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OptimalCountError::Optimize`] when the model has no objective, the optimiser fails or
/// its answer does not check, or the optimum does not fit a constraint;
/// [`OptimalCountError::Engine`] when the pinned model cannot be split or counted.
pub fn count_optimal(
    model: &Model,
    optimizer: &dyn Optimizer,
    backend: &dyn Backend,
    depth: Depth,
    about: &str,
    options: &RunOptions,
) -> Result<OptimalCount, OptimalCountError> {
    let stop = options.stop.as_ref();
    let (optimum, pinned) = match optimize(model, optimizer, stop, &mut |_| {})? {
        Optimized::Infeasible => (None, model.clone()),
        Optimized::Found(best) if best.proved => {
            (Some(best.value), pin_optimum(model, best.value)?)
        }
        Optimized::Found(_) | Optimized::Stopped => return Ok(OptimalCount::Stopped),
    };
    let never = StopFlag::new();
    let problem = ModelProblem::new_until(&pinned, depth, about, stop.unwrap_or(&never))?;
    let outcome = run(&problem, backend, options)?;
    Ok(OptimalCount::Counted {
        optimum,
        outcome: Box::new(outcome),
        parts: problem.parts(),
    })
}
