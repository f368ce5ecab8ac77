//! Counting and listing the solutions of any model in one call each, as a pseudo-Boolean
//! file is counted and solved: [`count_model`] splits the model into cubes and counts them
//! (its optimal solutions only, given an optimiser), [`solve_model`] lists solutions, each
//! checked against every constraint before it is given.

use crate::{count_optimal, run, CubeSolutions, Depth, EngineError, ModelProblem};
use crate::{OptimalCount, OptimalCountError, Outcome, Problem, RunOptions};
use thiserror::Error;
use zero_one_model::{
    Backend, BackendError, BackendErrorKind, BackendName, Model, Optimizer, Solutions, StopFlag,
    Violation,
};

/// The cubes a model's count is split into by default: the split aims at this many.
pub const TARGET_CUBES: usize = 512;

/// How [`count_model`] counts.
#[derive(Clone, Copy)]
pub struct ModelCount<'a> {
    /// How far to split the model into cubes.
    pub depth: Depth,
    /// What is counted, as checkpoint and shard keys name it.
    pub about: &'a str,
    /// Count only the optimal solutions, the optimum found and proved by this optimiser
    /// ([`count_optimal`]).
    pub optimal: Option<&'a dyn Optimizer>,
}

/// A count by [`count_model`].
#[derive(Debug)]
pub struct ModelCounted {
    /// With an optimiser: the optimum (`None` for an infeasible model, counted as it is).
    pub optimum: Option<Option<i128>>,
    /// The count.
    pub outcome: Outcome,
    /// The independent parts the counted model fell into.
    pub parts: usize,
}

/// Why [`count_model`] failed: each step keeps its own error, so that a caller can tell a
/// model that cannot be split from a count that failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ModelCountError {
    /// The model could not be split into cubes (or its lowering was stopped).
    #[error(transparent)]
    Split(EngineError),
    /// Counting the cubes failed.
    #[error(transparent)]
    Count(EngineError),
    /// Finding the optimum, or splitting or counting the optimal solutions, failed.
    #[error(transparent)]
    Optimal(#[from] OptimalCountError),
}

/// Counts the solutions of `model` through `backend` with `options`, split as `how` says:
/// all of them, or with [`ModelCount::optimal`] the optimal ones only. One stop flag,
/// [`RunOptions::stop`], reaches the optimiser, the lowering and the count.
///
/// ```
/// use count_engine::{count_model, Depth, ModelCount, RunOptions};
/// use zero_one_model::{Cmp, Constraint, Model};
/// // At most one of three: four solutions.
/// let mut m = Model::new();
/// let x: Vec<_> = (0..3).map(|i| m.new_var(format!("x{i}")).positive()).collect();
/// m.add(Constraint::Linear { terms: x.iter().map(|&l| (1, l)).collect(), cmp: Cmp::AtMost, rhs: 1 });
/// let how = ModelCount { depth: Depth::Target(4), about: "doc", optimal: None };
/// let backend = dpll_enum::DpllBackend::default();
/// let counted = count_model(&m, &backend, &how, &RunOptions::default())?.unwrap();
/// assert_eq!(counted.outcome.count.to_string(), "4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ModelCountError::Split`] when the model cannot be split into cubes,
/// [`ModelCountError::Count`] when counting fails, [`ModelCountError::Optimal`] for either
/// of those or a failed optimisation with an optimiser. `Ok(None)`: stopped before the
/// optimum was proved, nothing counted.
pub fn count_model(
    model: &Model,
    backend: &dyn Backend,
    how: &ModelCount<'_>,
    options: &RunOptions,
) -> Result<Option<ModelCounted>, ModelCountError> {
    if let Some(optimizer) = how.optimal {
        let counted = count_optimal(model, optimizer, backend, how.depth, how.about, options)?;
        return Ok(match counted {
            OptimalCount::Counted {
                optimum,
                outcome,
                parts,
            } => Some(ModelCounted {
                optimum: Some(optimum),
                outcome: *outcome,
                parts,
            }),
            OptimalCount::Stopped => None,
        });
    }
    let never = StopFlag::new();
    let stop = options.stop.as_ref().unwrap_or(&never);
    let problem = ModelProblem::new_until(model, how.depth, how.about, stop)
        .map_err(ModelCountError::Split)?;
    let outcome = run(&problem, backend, options).map_err(ModelCountError::Count)?;
    Ok(Some(ModelCounted {
        optimum: None,
        outcome,
        parts: problem.parts(),
    }))
}

/// Why [`ModelSolutions`] gave no solution.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The backend failed (or was stopped: [`zero_one_model::BackendErrorKind::Interrupted`]).
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// The backend returned an assignment that breaks the model. Never given.
    #[error("{backend} returned an assignment that breaks the model: {violation}")]
    InvalidSolution {
        /// The backend.
        backend: BackendName,
        /// The constraint it breaks.
        violation: Violation,
    },
}

/// The solutions of a model, each checked against every constraint ([`solve_model`]).
pub struct ModelSolutions<'m> {
    model: &'m Model,
    backend: BackendName,
    solutions: Box<dyn Solutions + 'm>,
}

impl ModelSolutions<'_> {
    /// The next solution, `None` when there are no more.
    ///
    /// # Errors
    /// [`SolveError::Backend`] when the backend fails or is stopped,
    /// [`SolveError::InvalidSolution`] when what it returns is not a solution.
    pub fn next_solution(&mut self) -> Result<Option<Vec<bool>>, SolveError> {
        let Some(values) = self.solutions.next_solution()? else {
            return Ok(None);
        };
        match self.model.check(&values) {
            Ok(()) => Ok(Some(values)),
            Err(violation) => Err(SolveError::InvalidSolution {
                backend: self.backend.clone(),
                violation,
            }),
        }
    }

    /// Hands `each` the solutions, at most `limit` of them, until there are no more or
    /// `stop` is raised (then [`Listed::interrupted`]; a backend stopped mid-search is no
    /// error either).
    ///
    /// # Errors
    /// [`ListError::Solve`] as [`ModelSolutions::next_solution`] fails (a stop aside),
    /// [`ListError::Each`] when `each` fails.
    pub fn list<E>(
        &mut self,
        limit: u64,
        stop: &StopFlag,
        mut each: impl FnMut(&[bool]) -> Result<(), E>,
    ) -> Result<Listed, ListError<E>> {
        let mut listed = Listed::default();
        while listed.solutions < limit {
            let next = match stop.is_raised() {
                true => Err(SolveError::Backend(BackendError::with_kind(
                    BackendErrorKind::Interrupted,
                    self.backend.clone(),
                    "stopped",
                ))),
                false => self.next_solution(),
            };
            let values = match next {
                Ok(Some(values)) => values,
                Ok(None) => break,
                Err(SolveError::Backend(e)) if e.kind() == BackendErrorKind::Interrupted => {
                    listed.interrupted = true;
                    break;
                }
                Err(e) => return Err(ListError::Solve(e)),
            };
            each(&values).map_err(ListError::Each)?;
            listed.solutions += 1;
        }
        Ok(listed)
    }
}

/// How [`ModelSolutions::list`] ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Listed {
    /// The solutions handed over.
    pub solutions: u64,
    /// Whether the stop flag ended the listing before the limit or the last solution.
    pub interrupted: bool,
}

/// Why [`ModelSolutions::list`] stopped short.
#[derive(Debug, Error)]
pub enum ListError<E> {
    /// The backend failed, or returned a non-solution.
    #[error(transparent)]
    Solve(SolveError),
    /// The caller's callback failed.
    #[error("the caller refused a solution")]
    Each(E),
}

/// The solutions of `model` on `backend`, for a listing of at most `limit` of them: one
/// enumeration, or, for more than one solution through a backend that gains from deep cubes
/// ([`zero_one_model::Capabilities::deep_cubes`]), one per cube of a count's split
/// ([`CubeSolutions`], whose lowering hears `stop`).
///
/// ```
/// use count_engine::solve_model;
/// use zero_one_model::{Constraint, Model, StopFlag};
/// let mut m = Model::new();
/// let x = m.new_var("x").positive();
/// m.add(Constraint::Clause(vec![x]));
/// let backend = dpll_enum::DpllBackend::default();
/// let mut solutions = solve_model(&m, &backend, 2, &StopFlag::new())?;
/// assert_eq!(solutions.next_solution()?, Some(vec![true]));
/// assert_eq!(solutions.next_solution()?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The backend's, when it cannot prepare the model (or the split's lowering was stopped:
/// [`zero_one_model::BackendErrorKind::Interrupted`] or a lowering error).
pub fn solve_model<'m>(
    model: &'m Model,
    backend: &dyn Backend,
    limit: u64,
    stop: &StopFlag,
) -> Result<ModelSolutions<'m>, BackendError> {
    let solutions: Box<dyn Solutions + 'm> = if limit > 1 && backend.capabilities().deep_cubes {
        let depth = Depth::Target(TARGET_CUBES);
        Box::new(CubeSolutions::new_until(model, backend, depth, stop)?)
    } else {
        backend.solutions(model, &[])?
    };
    Ok(ModelSolutions {
        model,
        backend: backend.name(),
        solutions,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use zero_one_model::{Cmp, Constraint};

    /// At most one of three variables: four solutions.
    pub(crate) fn at_most_one_of_three() -> Model {
        let mut m = Model::new();
        let x: Vec<_> = (0..3)
            .map(|i| m.new_var(format!("x{i}")).positive())
            .collect();
        m.add(Constraint::Linear {
            terms: x.iter().map(|&l| (1, l)).collect(),
            cmp: Cmp::AtMost,
            rhs: 1,
        });
        m
    }

    #[test]
    fn count_model_counts_every_solution_without_an_optimiser() {
        let m = at_most_one_of_three();
        let how = ModelCount {
            depth: Depth::Levels(1),
            about: "test",
            optimal: None,
        };
        let backend = dpll_enum::DpllBackend::default();
        let counted = count_model(&m, &backend, &how, &RunOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(counted.outcome.count.to_string(), "4");
        assert_eq!(counted.optimum, None);
    }

    #[test]
    fn solve_model_lists_each_solution_once_through_cubes() {
        let m = at_most_one_of_three();
        let backend = ilp_enum::LpBackend;
        let mut solutions = solve_model(&m, &backend, u64::MAX, &StopFlag::new()).unwrap();
        let mut seen = Vec::new();
        while let Some(s) = solutions.next_solution().unwrap() {
            assert!(m.check(&s).is_ok());
            seen.push(s);
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 4);
    }

    #[test]
    fn list_hands_over_at_most_the_limit_and_stops_when_asked() {
        let m = at_most_one_of_three();
        let backend = dpll_enum::DpllBackend::default();
        let stop = StopFlag::new();
        let mut solutions = solve_model(&m, &backend, 3, &stop).unwrap();
        let mut seen = 0;
        let each = |_: &[bool]| {
            seen += 1;
            Ok::<(), ()>(())
        };
        let listed = solutions.list(3, &stop, each).unwrap();
        assert_eq!((listed.solutions, listed.interrupted, seen), (3, false, 3));
        stop.raise();
        let listed = solutions.list(3, &stop, |_| Ok::<(), ()>(())).unwrap();
        assert_eq!((listed.solutions, listed.interrupted), (0, true));
        let refused = solve_model(&m, &backend, 1, &StopFlag::new())
            .unwrap()
            .list(1, &StopFlag::new(), |_| Err("full"));
        assert!(matches!(refused, Err(ListError::Each("full"))));
    }
}
