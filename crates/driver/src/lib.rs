//! The counting engine. It splits a count into cubes (placements of the first rows, from the
//! extension algorithm), enumerates each cube's solutions through a [`Backend`] by blocking,
//! checks every solution against the model and with the independent checker before it counts,
//! and compares the total with OEIS.

mod checkpoint;
mod count;
mod cubes;
mod error;
mod merge;
mod report;
mod run;
mod stats;
mod symmetry;
mod tally;
mod validate;
mod verdict;

pub use checkpoint::{CubeResult, RunKey};
pub use count::{count, enumerate, CountConfig, Method};
pub use cubes::prefixes;
pub use error::DriverError;
pub use merge::{merge, MergeReport, ShardFile};
pub use report::CountReport;
pub use run::{count_with, Progress, RunOptions, RunOutcome, Shard};
pub use stats::{combinations, encoding_stats, EncodingStats};
pub use symmetry::Symmetry;
pub use tally::Tally;
pub use validate::Validator;
pub use verdict::Verdict;

pub use nqueens_encode::Backend;
