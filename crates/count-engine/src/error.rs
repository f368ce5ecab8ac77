//! Errors of the counting engine.

use std::path::PathBuf;
use thiserror::Error;
use zero_one_model::{BackendError, BackendName, LowerError};

/// Why a count failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The backend failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A backend returned something that is not a solution. Never counted.
    #[error("{backend} returned an invalid solution: {reason}")]
    InvalidSolution {
        /// The backend.
        backend: BackendName,
        /// What check failed.
        reason: String,
    },
    /// The model cannot be lowered to CNF to be split into cubes.
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// A problem's cube is malformed: out of part order, or over a variable outside its
    /// part's model.
    #[error("cube {index} {reason}")]
    Cube {
        /// The cube's index in the problem's list.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The count has more free variables than a count may have bits
    /// ([`crate::MAX_COUNT_BITS`]).
    #[error(
        "{free_vars} free variables multiply the count by 2^{free_vars}: beyond the {} bits a count may have",
        crate::MAX_COUNT_BITS
    )]
    TooManyFreeVars {
        /// The free variables.
        free_vars: u64,
    },
    /// A checkpoint file cannot serve this count: another run holds it, it is not a regular
    /// file, or a line of it does not belong to this count (the reason names the line).
    #[error("checkpoint '{}' {reason}", path.display())]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// Why, starting with the line when one is at fault ("line 3: ...").
        reason: String,
    },
    /// Shard files do not merge into one count.
    #[error(transparent)]
    Merge(#[from] crate::MergeError),
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
    /// The problem's parameters do not make a description ([`crate::Problem::describe`]):
    /// a defect of the problem, found before counting.
    #[error("the problem cannot describe itself for the count's key")]
    Description(#[from] crate::DescriptionError),
    /// A count of solutions found does not fit its 64-bit counter (no real enumeration gets
    /// there: the input was tampered with).
    #[error("{0}: the count overflows 64 bits")]
    Overflow(Overflowed),
}

impl EngineError {
    /// Whether the error is in what the user gave (a checkpoint or shard of another count, a
    /// tampered number, a configuration that cannot run) rather than a failure of the run.
    pub fn is_input_error(&self) -> bool {
        matches!(
            self,
            EngineError::Lower(_)
                | EngineError::Cube { .. }
                | EngineError::TooManyFreeVars { .. }
                | EngineError::Checkpoint { .. }
                | EngineError::Merge(_)
                | EngineError::Overflow(_)
        )
    }
}

/// As [`EngineError::is_input_error`] says.
impl zero_one_model::Blame for EngineError {
    fn fault(&self) -> zero_one_model::Fault {
        match EngineError::is_input_error(self) {
            true => zero_one_model::Fault::Input,
            false => zero_one_model::Fault::Failure,
        }
    }
}

/// Which 64-bit count of solutions found overflowed ([`EngineError::Overflow`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Overflowed {
    /// The solutions found in a run or a part.
    Found,
    /// The solutions found over the cubes, at this cube.
    Cube(usize),
    /// The solutions of a cube's independent pieces, counted by this backend.
    Pieces(BackendName),
}

impl std::fmt::Display for Overflowed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Overflowed::Found => f.write_str("solutions found"),
            Overflowed::Cube(i) => write!(f, "cube {i}"),
            Overflowed::Pieces(backend) => write!(f, "the models of a cube ({backend})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::{Blame, Fault};

    #[test]
    fn a_checkpoint_of_another_count_is_the_callers_an_io_failure_is_not() {
        let checkpoint = EngineError::Checkpoint {
            path: "c.jsonl".into(),
            reason: "line 1: another count".into(),
        };
        assert_eq!(Blame::fault(&checkpoint), Fault::Input);
        let io = EngineError::Io {
            what: "writing 'c.jsonl'".into(),
            source: std::io::Error::other("disk full"),
        };
        assert_eq!(Blame::fault(&io), Fault::Failure);
    }
}
