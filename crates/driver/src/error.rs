//! Errors of the counting engine.

use nqueens_encode::BackendError;
use thiserror::Error;

/// Why a count or a solve failed.
#[derive(Debug, Error)]
pub enum DriverError {
    /// The backend failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A backend returned something that is not a solution. Never counted.
    #[error("{backend} returned an invalid solution for n = {n}: {reason}")]
    InvalidSolution {
        /// The backend.
        backend: String,
        /// Board size.
        n: usize,
        /// What check failed.
        reason: String,
    },
    /// The configuration cannot run, or a file given with it does not fit.
    #[error("{0}")]
    Config(String),
    /// A file could not be read or written.
    #[error("{0}")]
    Io(String),
}
