//! A model read from a file (an OPB file, say) solved in one call, as `nqueens solve opb`
//! solves it: [`solve_file`] prepares the backend ([`solve_model`]), hands each checked
//! solution to the caller, and says how it ended ([`FileSolved`]); its errors name the file
//! and say whose they are ([`FileSolveError`]).

use crate::{solve_model, ListError, SolveError};
use thiserror::Error;
use zero_one_model::{Backend, BackendError, BackendErrorKind, BackendName, Blame, Fault};
use zero_one_model::{Model, StopFlag, Violation};

/// How a [`solve_file`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileSolved {
    /// This many solutions were handed over: as many as asked, or every one there is.
    Listed(u64),
    /// The model has no solution.
    NoSolution,
    /// The stop flag ended the work: what to say.
    Stopped(String),
}

/// Why [`solve_file`] failed. [`Blame`] says whose each is.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FileSolveError<E> {
    /// The backend cannot take the file's rows, or refuses them as invalid: the input's.
    #[error("'{name}'")]
    Refused {
        /// The file.
        name: String,
        /// The backend's refusal.
        #[source]
        source: BackendError,
    },
    /// The backend failed.
    #[error(transparent)]
    Backend(BackendError),
    /// The backend returned an assignment that breaks the model. Never handed over.
    #[error("{backend} returned an assignment that breaks '{name}': {violation}")]
    InvalidSolution {
        /// The file.
        name: String,
        /// The backend.
        backend: BackendName,
        /// The constraint it breaks.
        violation: Violation,
    },
    /// The caller's callback failed.
    #[error("the caller refused a solution")]
    Each(E),
}

impl<E> Blame for FileSolveError<E> {
    fn fault(&self) -> Fault {
        match self {
            FileSolveError::Refused { .. } => Fault::Input,
            _ => Fault::Failure,
        }
    }
}

impl<E> FileSolveError<E> {
    fn backend(name: &str, source: BackendError) -> FileSolveError<E> {
        match source.kind() {
            BackendErrorKind::Unsupported | BackendErrorKind::InvalidInput => {
                let name = name.to_string();
                FileSolveError::Refused { name, source }
            }
            _ => FileSolveError::Backend(source),
        }
    }
}

/// Hands `each` the solutions of `model` (read from the file `name`) on `backend`, at most
/// `limit` of them, each checked against every constraint, until there are no more or `stop`
/// is raised: it reaches a long lowering too.
///
/// ```
/// use count_engine::{solve_file, FileSolved};
/// use zero_one_model::{Constraint, Model, StopFlag};
/// let mut m = Model::new();
/// let x = m.new_var("x").positive();
/// m.add(Constraint::Clause(vec![x]));
/// let backend = dpll_enum::DpllBackend::default();
/// let mut seen = Vec::new();
/// let each = |values: &[bool]| Ok::<(), ()>(seen.push(values.to_vec()));
/// let solved = solve_file("f.opb", &m, &backend, 5, &StopFlag::new(), each).unwrap();
/// assert_eq!((solved, seen), (FileSolved::Listed(1), vec![vec![true]]));
/// ```
///
/// # Errors
/// [`FileSolveError`]: rows the backend refuses (the input's), a backend that failed or
/// returned a non-solution, or `each` failing.
pub fn solve_file<E>(
    name: &str,
    model: &Model,
    backend: &dyn Backend,
    limit: u64,
    stop: &StopFlag,
    each: impl FnMut(&[bool]) -> Result<(), E>,
) -> Result<FileSolved, FileSolveError<E>> {
    let prepared = solve_model(model, backend, limit, stop);
    if stop.is_raised() {
        let message = format!("interrupted while lowering '{name}'; nothing was solved");
        return Ok(FileSolved::Stopped(message));
    }
    let mut solutions = prepared.map_err(|e| FileSolveError::backend(name, e))?;
    let listed = solutions.list(limit, stop, each).map_err(|e| match e {
        ListError::Each(e) => FileSolveError::Each(e),
        ListError::Solve(SolveError::Backend(e)) => FileSolveError::backend(name, e),
        ListError::Solve(SolveError::InvalidSolution { backend, violation }) => {
            let name = name.to_string();
            FileSolveError::InvalidSolution {
                name,
                backend,
                violation,
            }
        }
    })?;
    Ok(match listed {
        l if l.interrupted => {
            FileSolved::Stopped(format!("interrupted after {} solutions", l.solutions))
        }
        l if l.solutions == 0 => FileSolved::NoSolution,
        l => FileSolved::Listed(l.solutions),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::Constraint;

    fn none_of(m: &mut Model) {
        let x = m.new_var("x").positive();
        m.add(Constraint::Clause(vec![x]));
        m.add(Constraint::Clause(vec![!x]));
    }

    #[test]
    fn a_model_without_solutions_is_said_so() {
        let mut m = Model::new();
        none_of(&mut m);
        let backend = dpll_enum::DpllBackend::default();
        let each = |_: &[bool]| Ok::<(), ()>(());
        let solved = solve_file("f", &m, &backend, 1, &StopFlag::new(), each);
        assert_eq!(solved.unwrap(), FileSolved::NoSolution);
    }

    #[test]
    fn a_stop_before_the_listing_says_nothing_was_solved() {
        let m = crate::model_count::tests::at_most_one_of_three();
        let stop = StopFlag::new();
        stop.raise();
        let backend = dpll_enum::DpllBackend::default();
        let each = |_: &[bool]| Ok::<(), ()>(());
        let solved = solve_file("f.opb", &m, &backend, 2, &stop, each).unwrap();
        let message = "interrupted while lowering 'f.opb'; nothing was solved";
        assert_eq!(solved, FileSolved::Stopped(message.into()));
    }

    #[test]
    fn the_callers_failure_comes_back_as_its_own() {
        let mut m = Model::new();
        m.new_var("x");
        let backend = dpll_enum::DpllBackend::default();
        let e = solve_file("f", &m, &backend, 2, &StopFlag::new(), |_| Err("full"));
        assert!(matches!(e, Err(FileSolveError::Each("full"))));
        assert_eq!(e.unwrap_err().fault(), Fault::Failure);
    }
}
