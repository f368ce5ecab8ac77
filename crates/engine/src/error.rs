//! Errors of the counting engine.

use nqueens_encode::BackendError;
use thiserror::Error;

/// Why a count failed.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The backend failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A backend returned something that is not a solution. Never counted.
    #[error("{backend} returned an invalid solution: {reason}")]
    InvalidSolution {
        /// The backend.
        backend: String,
        /// What check failed.
        reason: String,
    },
    /// The configuration cannot run, or a checkpoint or shard file given with it does not fit.
    #[error("{0}")]
    Config(String),
    /// A checkpoint could not be read or written. The message names the file and what was
    /// done; the cause is its [`std::error::Error::source`], so that a report of the whole
    /// chain says it once.
    #[error("{what}")]
    Io {
        /// The file and what was done to it.
        what: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A per-cube count does not fit the 64-bit counters (no real enumeration gets there: the
    /// input was tampered with).
    #[error("{0}: the count overflows 64 bits")]
    Overflow(String),
}
