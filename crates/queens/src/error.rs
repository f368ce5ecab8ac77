//! The errors of the N-Queens client: counts, solves, merges and the domination searches.

use count_engine::EngineError;
use thiserror::Error;
use zero_one_model::BackendError;

/// Why a count, a solve, a merge of shards or a domination search of the N-Queens client
/// failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum QueensError {
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
    /// The board's squares (given or blocked) do not fit the board.
    #[error(transparent)]
    Rules(#[from] crate::RulesError),
    /// Shards and checkpoints need cubes, which the counter does not make (its
    /// [`CounterCapabilities::cubes`](crate::CounterCapabilities::cubes) say so).
    #[error("shards and checkpoints need cubes, and the {counter} counter makes none")]
    NoCubes {
        /// The counter's name.
        counter: String,
    },
    /// A board beyond the counter's size limit
    /// ([`CounterCapabilities::max_n`](crate::CounterCapabilities::max_n)).
    #[error("n = {n}: the {counter} counter handles n <= {max}")]
    TooLarge {
        /// The counter's name.
        counter: String,
        /// Board size asked for.
        n: usize,
        /// The counter's limit.
        max: usize,
    },
    /// A board count does not fit in 64 bits.
    #[error("a board count of {0} is beyond 64 bits")]
    CountBeyond64Bits(count_engine::Count),
    /// Merged shards are not those of a board count.
    #[error("the shards are not of a board count")]
    NotBoardShards,
    /// The board count's parameters recorded in merged shards do not read (board size,
    /// formulation, symmetry, rules).
    #[error("the shards' board parameters do not read")]
    ShardParams(#[source] count_engine::DescriptionError),
    /// A backend found no solution where one is known to exist: it contradicts itself.
    #[error("{backend} found no {what} of the {n}x{n} board at all, but one exists")]
    MissedSolution {
        /// The backend.
        backend: String,
        /// What was searched for.
        what: String,
        /// Board size.
        n: usize,
    },
    /// The symmetry asked for is not exact for the board.
    #[error(transparent)]
    Symmetry(#[from] crate::NotExact),
    /// The engine failed otherwise (a checkpoint that cannot be written, say).
    #[error(transparent)]
    Engine(EngineError),
}

impl QueensError {
    /// Whether the error is the caller's: a configuration or a file that does not fit the
    /// board (as against a backend or an engine that failed).
    pub fn is_input_error(&self) -> bool {
        match self {
            QueensError::Rules(_)
            | QueensError::NoCubes { .. }
            | QueensError::TooLarge { .. }
            | QueensError::CountBeyond64Bits(_)
            | QueensError::NotBoardShards
            | QueensError::ShardParams(_)
            | QueensError::Symmetry(_) => true,
            QueensError::Engine(e) => e.is_input_error(),
            QueensError::Backend(_)
            | QueensError::InvalidSolution { .. }
            | QueensError::MissedSolution { .. } => false,
        }
    }

    /// The engine's error, for board size `n`.
    pub fn from_engine(e: EngineError, n: usize) -> QueensError {
        match e {
            EngineError::Backend(b) => QueensError::Backend(b),
            EngineError::InvalidSolution { backend, reason } => QueensError::InvalidSolution {
                backend: backend.to_string(),
                n,
                reason,
            },
            e => QueensError::Engine(e),
        }
    }
}
