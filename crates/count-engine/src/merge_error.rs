//! Why shard files do not merge into one count ([`crate::merge`]).

use crate::{RunKey, MAX_COUNT_BITS, SHARD_VERSION};
use thiserror::Error;

/// Why shard files do not merge into one count. Each names the file (and the cube) at fault
/// where there is one; files are named as the caller gave them.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No file was given.
    #[error("merge needs at least one shard file")]
    NoFiles,
    /// A file's parts do not add up to its cubes.
    #[error("'{file}': its parts do not add up to its cubes")]
    PartsDoNotAdd {
        /// The file.
        file: String,
    },
    /// The same file was given twice.
    #[error("'{file}' is given twice: give each shard once")]
    GivenTwice {
        /// The file.
        file: String,
    },
    /// Two files hold the same shard.
    #[error("'{first}' and '{second}' are both shard {index}/{of}: give each shard once")]
    SameShard {
        /// The file given first.
        first: String,
        /// The file given later.
        second: String,
        /// The shard's index (1-based).
        index: usize,
        /// Shards in all.
        of: usize,
    },
    /// Cubes no file holds.
    #[error(
        "{missing} of {cubes} cubes are missing (first: {}); is a shard file left out?",
        list(first)
    )]
    Missing {
        /// Cubes missing.
        missing: usize,
        /// Cubes of the count.
        cubes: usize,
        /// The first few missing, at most five.
        first: Vec<usize>,
    },
    /// The merged count could pass [`MAX_COUNT_BITS`].
    #[error("'{file}': the merged count would have up to {bits} bits; counts of more than {MAX_COUNT_BITS} bits are refused")]
    TooLarge {
        /// The first file.
        file: String,
        /// The bound on the count's bits.
        bits: u64,
    },
    /// A file's check value does not match its cubes.
    #[error("'{file}': its check value does not match its cubes (a number was edited, or the file damaged); count that shard again")]
    CheckValue {
        /// The file.
        file: String,
    },
    /// A cube claims what no cube of this count can hold.
    #[error("'{file}': {reason}")]
    Implausible {
        /// The file.
        file: String,
        /// What the cube claims, and the bound it passes.
        reason: String,
    },
    /// A cube outside its file's shard.
    #[error("'{file}': cube {cube} is not part of shard {index}/{of}")]
    OutsideShard {
        /// The file.
        file: String,
        /// The cube.
        cube: usize,
        /// The file's shard (1-based).
        index: usize,
        /// Shards in all.
        of: usize,
    },
    /// A cube in two files.
    #[error("cube {cube} is counted twice: in '{first}' and in '{second}'")]
    CubeTwice {
        /// The cube.
        cube: usize,
        /// The file given first.
        first: String,
        /// The file given later.
        second: String,
    },
    /// The solutions found in a file's cubes pass 64 bits.
    #[error("'{file}': cube {cube}: the count overflows 64 bits")]
    Overflow {
        /// The file.
        file: String,
        /// The cube at which the sum overflowed.
        cube: usize,
    },
    /// A file of another shard format.
    #[error("'{file}' is a shard file of format {found} (this nqueens reads {SHARD_VERSION}); count its shard again")]
    Format {
        /// The file.
        file: String,
        /// Its format.
        found: u32,
    },
    /// A shard of another count than the first file's.
    #[error(
        "'{file}' is a shard of a different count ({key}) than '{first}' ({first_key}); they differ in {}",
        differences.join("; ")
    )]
    OtherCount {
        /// The file.
        file: String,
        /// Its count.
        key: Box<RunKey>,
        /// The first file.
        first: String,
        /// The first file's count.
        first_key: Box<RunKey>,
        /// How they differ, a field each.
        differences: Vec<String>,
    },
    /// A shard index past the number of shards, or 0.
    #[error("'{file}' names shard {index}/{of}, which does not exist")]
    NoSuchShard {
        /// The file.
        file: String,
        /// The index it names.
        index: usize,
        /// Shards in all, as it says.
        of: usize,
    },
    /// The solutions found over all shards pass 64 bits (no real count gets there).
    #[error("the shards' model counts overflow 64 bits: a shard file was tampered with")]
    FoundOverflow,
    /// A negative or non-finite wall time.
    #[error("'{file}' has an impossible wall time ({elapsed_s})")]
    WallTime {
        /// The file.
        file: String,
        /// The time it says.
        elapsed_s: f64,
    },
}

fn list(cubes: &[usize]) -> String {
    let shown: Vec<String> = cubes.iter().map(usize::to_string).collect();
    shown.join(", ")
}
