//! Optimisation as a capability: an [`Optimizer`] finds the optimum of a model's objective
//! under its constraints, however it does (microlp with the objective itself in `ilp-enum`,
//! bounds on an encoded objective in `varisat-enum`). [`optimize`] is the call every user
//! makes: it refuses a model without an objective and checks the optimiser's answer
//! independently of the optimiser; [`pin_optimum`] turns a proved optimum into the constraint
//! `objective = optimum`, so that a count afterwards counts the optimal solutions.

use crate::{
    BackendError, BackendName, Capabilities, Cmp, Constraint, Model, Optimized, OptimumError,
    PbEncoding, Search, StopFlag,
};
use thiserror::Error;

/// Something that finds the optimum of a model's objective. Implemented by the backends that
/// can; callers pick one by what they want, never by comparing names.
pub trait Optimizer: Send + Sync {
    /// Which optimiser it is, for reports (`varisat`, `microlp`).
    fn name(&self) -> BackendName;

    /// What it can do; only [`Capabilities::stops`] means something here: a raised stop flag
    /// ends [`Optimizer::optimize`] soon (else it is seen at most before the solve).
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
    }

    /// The pseudo-Boolean encoding of the constraints and of the objective's bounds, for
    /// reports; `None` when the optimiser takes the model's rows as they are.
    fn encoding(&self) -> Option<PbEncoding> {
        None
    }

    /// How the bound on the objective moves, for a search over bounds; `None` otherwise.
    fn search(&self) -> Option<Search> {
        None
    }

    /// The optimum of `model`'s objective; `on_better` hears each better value found, in the
    /// model's sense. Call [`optimize`] rather than this: it checks the answer.
    ///
    /// # Errors
    /// When the model has no objective or cannot be handed to the solver, or the solver fails.
    fn optimize(
        &self,
        model: &Model,
        stop: Option<&StopFlag>,
        on_better: &mut dyn FnMut(i128),
    ) -> Result<Optimized, BackendError>;
}

/// Why an optimisation gave no answer.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OptimizeError {
    /// The model has no objective.
    #[error("the model has no objective to optimise")]
    NoObjective,
    /// The optimiser refused the model or failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// The optimiser's answer fails the independent check.
    #[error("the optimiser's answer does not check: {0}")]
    Check(#[source] OptimumError),
    /// The optimum does not fit the right-hand side of a constraint (`i64`), so it cannot be
    /// pinned.
    #[error(
        "the optimum {value} does not fit a 64-bit constraint, so its solutions cannot be counted"
    )]
    TooLargeToPin {
        /// The optimum.
        value: i128,
    },
}

/// A model the optimiser refuses (no objective, rows it cannot take, an optimum too large to
/// pin) is the caller's; a failing optimiser, or an answer that fails the check, is not.
impl model_core::Blame for OptimizeError {
    fn fault(&self) -> model_core::Fault {
        match self {
            OptimizeError::Backend(b) => b.fault(),
            OptimizeError::Check(_) => model_core::Fault::Failure,
            _ => model_core::Fault::Input,
        }
    }
}

/// The optimum of `model`'s objective by `optimizer`, its answer checked against every
/// constraint and its value recomputed ([`Optimum::check`](crate::Optimum::check)), whatever
/// the optimiser checked itself. `on_better` hears each better value found.
///
/// # Errors
/// [`OptimizeError::NoObjective`] when the model has none, [`OptimizeError::Backend`] when the
/// optimiser fails, [`OptimizeError::Check`] when its answer is wrong.
pub fn optimize(
    model: &Model,
    optimizer: &dyn Optimizer,
    stop: Option<&StopFlag>,
    on_better: &mut dyn FnMut(i128),
) -> Result<Optimized, OptimizeError> {
    if model.objective().is_none() {
        return Err(OptimizeError::NoObjective);
    }
    let outcome = optimizer.optimize(model, stop, on_better)?;
    if let Optimized::Found(best) = &outcome {
        best.check(model).map_err(OptimizeError::Check)?;
    }
    Ok(outcome)
}

/// `model` with its objective replaced by the constraint `objective = value`: its solutions
/// are the optimal ones when `value` is the proved optimum.
///
/// ```
/// use model_backend::{pin_optimum, OptimizeError};
/// use model_core::{Cmp, Constraint, Model, Objective, Sense};
/// let mut m = Model::new();
/// let x: Vec<_> = (0..2).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.try_set_objective(Objective { sense: Sense::Maximize, terms: vec![(1, x[0]), (2, x[1])] })?;
/// let pinned = pin_optimum(&m, 3)?;
/// assert!(pinned.objective().is_none());
/// assert_eq!(pinned.constraints().last(), Some(&Constraint::Linear {
///     terms: vec![(1, x[0]), (2, x[1])], cmp: Cmp::Exactly, rhs: 3 }));
/// let too_large = pin_optimum(&m, i128::from(i64::MAX) + 1);
/// assert!(matches!(too_large, Err(OptimizeError::TooLargeToPin { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OptimizeError::NoObjective`] when the model has none, [`OptimizeError::TooLargeToPin`]
/// when `value` does not fit `i64`.
pub fn pin_optimum(model: &Model, value: i128) -> Result<Model, OptimizeError> {
    let rhs = i64::try_from(value).map_err(|_| OptimizeError::TooLargeToPin { value })?;
    let mut pinned = model.clone();
    let objective = pinned.clear_objective().ok_or(OptimizeError::NoObjective)?;
    pinned.add(Constraint::Linear {
        terms: objective.terms,
        cmp: Cmp::Exactly,
        rhs,
    });
    Ok(pinned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BackendError, BackendErrorKind, BackendName};
    use model_core::Blame;

    #[test]
    fn a_refused_model_is_the_callers_a_failed_optimiser_is_not() {
        let backend =
            |kind| OptimizeError::Backend(BackendError::with_kind(kind, BackendName::Varisat, "x"));
        assert!(OptimizeError::NoObjective.is_input_error());
        assert!(OptimizeError::TooLargeToPin { value: 1 << 70 }.is_input_error());
        assert!(backend(BackendErrorKind::Unsupported).is_input_error());
        assert!(!backend(BackendErrorKind::SolverFailed).is_input_error());
    }
}
