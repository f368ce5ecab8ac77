//! Why a domination solve or count could not give an answer.

use super::search::SearchError;
use count_engine::EngineError;
use nqueens_queens::QueensError;
use thiserror::Error;

/// Why [`super::solve`] or [`super::count`] failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DominationError {
    /// The exact search refused the board ([`SearchError::TooLarge`]) or failed.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A backend failed, or returned a set the independent checker refuses, or the model did
    /// not lower.
    #[error(transparent)]
    Backend(#[from] QueensError),
    /// The engine failed counting (a checkpoint of another count, say).
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl DominationError {
    /// Whether the error is the caller's: a board too large for the search, or a checkpoint
    /// or configuration that does not fit (as against a backend or a search that failed).
    pub fn is_input_error(&self) -> bool {
        match self {
            DominationError::Search(e) => matches!(
                e,
                SearchError::TooLarge { .. } | SearchError::Unsupported { .. }
            ),
            DominationError::Backend(e) => e.is_input_error(),
            DominationError::Engine(e) => e.is_input_error(),
        }
    }
}
