//! The optimum of a model's objective by microlp's branch and bound over the model's ILP (the
//! objective given to the solver as it is). microlp works in floating point: its answer is
//! rounded, re-checked against every row exactly, and the objective recomputed from the 0-1
//! values ([`Optimum::check`]); that no better solution exists is microlp's word, which is
//! why the coefficients must be exact in `f64`. microlp has no interrupt: a stop is seen only
//! before the solve.

use crate::{INTEGRALITY_TOLERANCE, NAME};
use good_lp::solvers::microlp::microlp;
use good_lp::{variable, Expression, ProblemVariables, Solution, SolverModel};
use zero_one_model::ilp::VarKind;
use zero_one_model::{
    BackendError, BackendErrorKind, BackendName, Cmp, Model, Optimized, Optimum, Sense,
};
use zero_one_model::{Capabilities, Optimizer, OptimumError, StopFlag};

/// The largest sum of absolute objective coefficients taken: every value up to it is exact
/// in `f64`.
pub const MAX_OBJECTIVE_SUM: i128 = 1 << 53;

fn err(kind: BackendErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::with_kind(kind, NAME, message)
}

/// The optimum of `model`'s objective under its constraints.
///
/// ```
/// use zero_one_model::{Cmp, Constraint, Model, Objective, Optimized, Sense};
/// let mut m = Model::new();
/// let x: Vec<_> = (0..3).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.add(Constraint::Linear { terms: vec![(2, x[0]), (2, x[1]), (3, x[2])], cmp: Cmp::AtMost, rhs: 4 });
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(3, x[0]), (2, x[1]), (4, x[2])] })?;
/// let Optimized::Found(best) = ilp_enum::optimize(&m, None)? else { panic!() };
/// assert_eq!(best.value, 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Kind [`BackendErrorKind::InvalidInput`] when the model has no objective,
/// [`BackendErrorKind::Unsupported`] when its objective's coefficients add up past
/// [`MAX_OBJECTIVE_SUM`] or a constraint does not fit a 64-bit row (a
/// [`RowTooLarge`](crate::RowTooLarge) as source) or a number passes 2^53
/// ([`PastDoublePrecision`](crate::PastDoublePrecision)), [`BackendErrorKind::SolverFailed`] when
/// microlp fails, and [`BackendErrorKind::BadAnswer`] when its answer does not check.
pub fn optimize(model: &Model, stop: Option<&StopFlag>) -> Result<Optimized, BackendError> {
    let ilp = crate::rows::lower_for_backend(model)?;
    let objective = ilp.objective.as_ref().ok_or_else(|| {
        err(
            BackendErrorKind::InvalidInput,
            "the model has no objective to optimise",
        )
    })?;
    let total: i128 = objective.terms.iter().map(|&(a, _)| a.abs()).sum();
    if total > MAX_OBJECTIVE_SUM {
        return Err(err(
            BackendErrorKind::Unsupported,
            format!("the objective's coefficients add up to {total}, past 2^53, where microlp's floating point is no longer exact"),
        ));
    }
    if stop.is_some_and(StopFlag::is_raised) {
        return Ok(Optimized::Stopped);
    }
    let mut vars = ProblemVariables::new();
    let handles: Vec<_> = ilp
        .vars
        .iter()
        .map(|v| match v.kind {
            VarKind::Binary => vars.add(variable().binary()),
            VarKind::Integer { lo, hi } => {
                vars.add(variable().integer().min(lo as f64).max(hi as f64))
            }
        })
        .collect();
    let goal: Expression = objective
        .terms
        .iter()
        .map(|&(a, i)| a as f64 * handles[i])
        .sum();
    let mut problem = match objective.sense {
        Sense::Minimize => vars.minimise(goal),
        Sense::Maximize => vars.maximise(goal),
    }
    .using(microlp);
    for row in &ilp.rows {
        let lhs: Expression = row.terms.iter().map(|&(a, i)| a as f64 * handles[i]).sum();
        let rhs = row.rhs as f64;
        problem.add_constraint(match row.cmp {
            Cmp::AtMost => lhs.leq(rhs),
            Cmp::AtLeast => lhs.geq(rhs),
            Cmp::Exactly => lhs.eq(rhs),
        });
    }
    let solution = match problem.solve() {
        Ok(s) => s,
        Err(good_lp::ResolutionError::Infeasible) => return Ok(Optimized::Infeasible),
        Err(e) => {
            return Err(err(BackendErrorKind::SolverFailed, "the solve failed").with_source(e))
        }
    };
    let raw: Vec<f64> = handles.iter().map(|&h| solution.value(h)).collect();
    let values = ilp.check_raw(&raw, INTEGRALITY_TOLERANCE).map_err(|e| {
        err(
            BackendErrorKind::BadAnswer,
            "microlp's answer does not check",
        )
        .with_source(e)
    })?;
    let assignment: Vec<bool> = values[..ilp.model_vars].iter().map(|&v| v == 1).collect();
    let value = model
        .objective()
        .map(|o| o.value(&assignment))
        .ok_or(OptimumError::NoObjective)
        .map_err(|e| err(BackendErrorKind::InvalidInput, "no objective").with_source(e))?;
    let optimum = Optimum {
        value,
        assignment,
        proved: true,
        bound: value,
        solves: 1,
    };
    optimum.check(model).map_err(|e| {
        err(
            BackendErrorKind::BadAnswer,
            "microlp's answer does not check",
        )
        .with_source(e)
    })?;
    Ok(Optimized::Found(optimum))
}

/// [`optimize`] as an [`Optimizer`]: microlp with the objective itself. It cannot be
/// interrupted (a stop is seen only before the solve), so it does not claim
/// [`Capabilities::stops`]; `on_better` hears the optimum once.
///
/// ```
/// use zero_one_model::{optimize, Cmp, Constraint, Model, Objective, Optimized, Sense};
/// let mut m = Model::new();
/// let x: Vec<_> = (0..2).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.add(Constraint::Linear { terms: vec![(1, x[0]), (1, x[1])], cmp: Cmp::AtMost, rhs: 1 });
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(2, x[0]), (3, x[1])] })?;
/// let Optimized::Found(best) = optimize(&m, &ilp_enum::LpOptimizer, None, &mut |_| {})? else { panic!() };
/// assert_eq!(best.value, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LpOptimizer;

impl Optimizer for LpOptimizer {
    fn name(&self) -> BackendName {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.native_linear(true)
    }

    /// # Errors
    /// As [`optimize`].
    fn optimize(
        &self,
        model: &Model,
        stop: Option<&StopFlag>,
        on_better: &mut dyn FnMut(i128),
    ) -> Result<Optimized, BackendError> {
        optimize(model, stop).inspect(|o| {
            if let Optimized::Found(best) = o {
                on_better(best.value);
            }
        })
    }
}
