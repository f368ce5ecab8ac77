//! The seam between counting and solving. A [`Backend`] takes a [`Model`] (and literals to
//! fix, for cubes) and yields its solutions projected onto the shown variables, one at a time,
//! each different from the ones before on the projection. How it gets there (CNF and a SAT
//! solver, an ILP, an external program) is its own business; callers still check every
//! solution against the model.

use crate::{Lit, Model};
use std::fmt;

/// Why a backend failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendError {
    /// The backend's name.
    pub backend: String,
    /// What went wrong.
    pub message: String,
}

impl BackendError {
    /// An error from `backend`.
    pub fn new(backend: impl Into<String>, message: impl Into<String>) -> BackendError {
        BackendError {
            backend: backend.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} backend: {}", self.backend, self.message)
    }
}

impl std::error::Error for BackendError {}

/// A stream of solutions of one model.
pub trait Solutions {
    /// The next solution as values of the model's variables (auxiliaries excluded), or `None`
    /// when no solution differing on the projection remains.
    ///
    /// # Errors
    /// When the solver fails.
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError>;

    /// Counters the backend keeps (solver calls, ...), summed over cubes in reports.
    fn stats(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

/// A model made ready for one backend (lowered, indexed), shared by every cube and thread.
pub trait Prepared<'m>: Send + Sync {
    /// Starts enumerating the solutions in which every literal of `fixed` holds.
    ///
    /// # Errors
    /// When the solver cannot be started.
    fn solutions(&self, fixed: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError>;
}

/// Something that can enumerate the solutions of a model.
pub trait Backend: Send + Sync {
    /// A short name for reports (`varisat`, `ilp`, ...).
    fn name(&self) -> String;

    /// The encodings used, for reports (`pairwise`, ...).
    fn encoding(&self) -> String;

    /// Prepares `model` once for many enumerations (one per cube).
    ///
    /// # Errors
    /// When the model cannot be handed to the solver (an unsupported constraint, say).
    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError>;

    /// Prepares `model` and starts enumerating the solutions in which every literal of
    /// `fixed` holds.
    ///
    /// # Errors
    /// As [`Backend::prepare`] and [`Prepared::solutions`].
    fn solutions<'m>(
        &self,
        model: &'m Model,
        fixed: &[Lit],
    ) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        self.prepare(model)?.solutions(fixed)
    }
}
