//! N-Queens counts on the problem-agnostic engine ([`count_engine`]): the board as a
//! [`Problem`](count_engine::Problem) ([`QueensProblem`]) whose cubes are placements of the
//! first rows (the extension algorithm's levels), restricted by the board's symmetry, with
//! every solution also checked by the crate's independent checker ([`Validator`]) and weighed
//! by its orbit; the bitboard oracle; and the verdict against OEIS.

mod certify;
mod config;
mod cubes;
mod error;
mod merge;
mod params;
mod problem;
mod report;
mod run;
mod stats;
mod symmetry;
mod validate;
mod verdict;

pub use certify::board_certifier;
pub use config::{count, enumerate, CountConfig, Method};
pub use cubes::{prefixes, prefixes_for};
pub use error::DriverError;
pub use merge::{merge_report, MergeReport};
pub use params::QueensParams;
pub use problem::QueensProblem;
pub use report::CountReport;
pub use run::{count_with, Progress, RunOptions, RunOutcome, Shard};
pub use stats::{combinations, encoding_stats, EncodingStats};
pub use symmetry::{NotExact, Symmetry};
pub use validate::Validator;
pub use verdict::Verdict;
