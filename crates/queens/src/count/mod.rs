//! N-Queens counts by any [`BoardCounter`]: on the problem-agnostic engine
//! ([`count_engine`], [`EngineCounter`]) the board is a [`Problem`](count_engine::Problem)
//! ([`QueensProblem`]) whose cubes are placements of the first rows (the extension
//! algorithm's levels), restricted by the board's symmetry, with every solution also checked
//! by the crate's independent checker ([`Validator`]) and weighed by its orbit; the bitboard
//! oracle ([`Oracle`]) is a counter like it; and the verdict against OEIS.

mod certify;
mod certify_refusal;
mod config;
mod counter;
mod cubes;
mod ended;
mod engine;
mod merge;
mod oracle;
mod params;
mod plan;
mod problem;
mod report;
mod run;
mod stats;
mod stats_table;
mod symmetry;
mod validate;
mod verdict;

pub use certify::{board_certifier, certifiable, BoardUncertifiable};
pub use certify_refusal::{certify_refusal, CertifyRefusal, CertifySpelling};
pub use config::{count, enumerate, CountConfig};
pub use counter::{BoardCounter, CounterCapabilities};
pub use cubes::{prefixes, prefixes_for};
pub use ended::{count_showing, Ended, Printing};
pub use engine::EngineCounter;
pub use merge::{merge_report, MergeReport};
pub use oracle::Oracle;
pub use params::QueensParams;
pub use plan::{CountRefusal, CountRequest, SymmetryChoice};
pub use problem::QueensProblem;
pub use report::{CountReport, Split};
pub use run::{count_with, Progress, RunOptions, RunOutcome, Shard};
pub use stats::{
    check_stats_size, combinations, encoding_stats, stats_rows, EncodingStats, StatsRow,
    StatsTooLarge, STATS_HEADER, STATS_MAX_N,
};
pub use stats_table::{write_stats, StatsWriteError};
pub use symmetry::{NotExact, Symmetry};
pub use validate::Validator;
pub use verdict::Verdict;
