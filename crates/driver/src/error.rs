//! Errors of N-Queens counts and solves.

use count_engine::EngineError;
use thiserror::Error;
use zero_one_model::BackendError;

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
    /// The symmetry asked for is not exact for the board.
    #[error(transparent)]
    Symmetry(#[from] crate::NotExact),
    /// The engine failed otherwise (a checkpoint that cannot be written, say).
    #[error(transparent)]
    Engine(EngineError),
}

impl DriverError {
    /// The engine's error, for board size `n`.
    pub fn from_engine(e: EngineError, n: usize) -> DriverError {
        match e {
            EngineError::Backend(b) => DriverError::Backend(b),
            EngineError::InvalidSolution { backend, reason } => {
                DriverError::InvalidSolution { backend, n, reason }
            }
            e => DriverError::Engine(e),
        }
    }
}
