//! What a board request costs, known before running it: the cubes of the first rows
//! ([`count_prefixes`]), the model, file and memory of an encoding ([`Encoding::size`], checked against
//! [`Limits`] by [`Encoding::check`]), and
//! the seconds a count takes ([`count_seconds`]), refused past [`LIMIT_S`] by [`within_limit`]. A caller refuses what is too large with
//! these numbers before allocating or searching anything.

mod encode;
mod limits;
mod prefixes;
mod seconds;

pub use encode::{CubesError, Encoding, EncodingSize, MAX_CUBES};
pub use limits::{check_solve_size, human_bytes, machine_memory, Limits, SizeError};
pub use limits::{TooLargeToSolve, CNF_SOLVE_MAX_N, MAX_FILE_BYTES};
pub use prefixes::{count_prefixes, Levels};
pub use seconds::{
    count_seconds, counter_seconds, human_seconds, max_estimated_n, within_limit, Search, TooLong,
    LIMIT_S,
};
