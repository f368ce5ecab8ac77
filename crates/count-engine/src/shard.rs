//! Shards: a count split into K deterministic parts run anywhere (a job array, say), and
//! merging their results into one count. A set that misses or repeats a cube, or mixes
//! counts of different problems or formats, is refused; so is a file whose cubes hold counts
//! no run of its count could have produced, or whose numbers would make the merge wrap a sum
//! or build a count beyond [`crate::MAX_COUNT_BITS`].

use crate::limits::implausible;
use crate::{
    combine, count_bits, CubeResult, EngineError, MergeError, RunKey, Tally, MAX_COUNT_BITS,
};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::str::FromStr;

/// One of K deterministic parts of a count: cubes whose index is `index - 1` modulo `of`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 1-based shard number.
    pub index: usize,
    /// Number of shards.
    pub of: usize,
}

/// Why a shard specification was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a shard as I/K with 1 <= I <= K, found '{0}'")]
pub struct BadShard(pub String);

impl FromStr for Shard {
    type Err = BadShard;
    fn from_str(s: &str) -> Result<Shard, BadShard> {
        let err = || BadShard(s.chars().take(40).collect());
        let (i, k) = s.split_once('/').ok_or_else(err)?;
        let (index, of): (usize, usize) = (
            i.trim().parse().map_err(|_| err())?,
            k.trim().parse().map_err(|_| err())?,
        );
        if index == 0 || index > of {
            return Err(err());
        }
        Ok(Shard { index, of })
    }
}

impl Shard {
    /// Whether cube `i` belongs to this shard.
    pub fn holds(self, i: usize) -> bool {
        // `checked_rem` and `wrapping_sub` keep a shard built by hand as 0/0 from panicking.
        i.checked_rem(self.of) == Some(self.index.wrapping_sub(1))
    }
}

/// The result of one shard, as a JSON document.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardFile {
    /// Format version.
    pub nqueens_shard: u32,
    /// The count this shard belongs to.
    pub key: RunKey,
    /// Which shard.
    pub shard: Shard,
    /// Every cube of the shard and what it counted.
    pub cubes: Vec<CubeResult>,
    /// Wall time of the shard.
    pub elapsed_s: f64,
    /// A check value over the key and every cube's counts ([`ShardFile::check_value`]), as
    /// checkpoint lines carry: a file whose numbers were edited, or whose cubes were mixed
    /// with another count's, is refused. It catches edits and mix-ups, not forgery (anyone
    /// can compute it).
    #[serde(default)]
    pub check: String,
}

/// The format version of shard files: 3 added the bounds of the key, 4 the check value.
pub const SHARD_VERSION: u32 = 4;

impl ShardFile {
    /// The check value of this file's key and cubes: FNV-1a over the key, then the check
    /// value of each cube line of a checkpoint of the same count, in file order.
    pub fn check_value(&self) -> String {
        let run = crate::checkpoint::run_hash(&self.key);
        let h = self.cubes.iter().fold(run, |h, c| {
            crate::stable_hash::fnv1a(h, crate::checkpoint::check_value(run, c).as_bytes())
        });
        format!("{h:016x}")
    }

    /// This file with its check value set to match its key and cubes.
    pub fn sealed(mut self) -> ShardFile {
        self.check = self.check_value();
        self
    }
}

impl crate::Outcome {
    /// The shard file of this run, counted as `shard`: what `merge` reads back.
    pub fn into_shard_file(self, shard: Shard) -> ShardFile {
        ShardFile::new(self.key, shard, self.cubes, self.elapsed_s)
    }
}

impl ShardFile {
    /// The shard file of `shard` of the count `key`, holding `cubes` counted in `elapsed_s`
    /// seconds, sealed with its check value.
    pub fn new(key: RunKey, shard: Shard, cubes: Vec<CubeResult>, elapsed_s: f64) -> ShardFile {
        ShardFile {
            nqueens_shard: SHARD_VERSION,
            key,
            shard,
            cubes,
            elapsed_s,
            check: String::new(),
        }
        .sealed()
    }
}

/// Merged shards.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The exact count.
    pub count: BigUint,
    /// Per-part tallies.
    pub parts: Vec<Tally>,
    /// Shards merged.
    pub shards: usize,
    /// The count the shards ran.
    pub key: RunKey,
    /// Sum of the shards' wall times.
    pub elapsed_s: f64,
}

/// Merges shard results given as (file name, contents). Nothing in a file is trusted: each
/// cube must exist, belong to its file's shard, appear once over all files and hold counts a
/// cube of this count can hold ([`crate::Problem::max_weight`],
/// [`crate::Problem::cube_capacity`]); counts are exact (the solutions found checked against 64 bits, never wrapped).
///
/// # Errors
/// [`EngineError::Merge`] ([`MergeError`]) naming the file (and the cube) when shards belong to different
/// counts or formats, when a cube is missing, repeated or implausible, when the solutions found leave 64
/// bits, or when the count would exceed [`crate::MAX_COUNT_BITS`].
pub fn merge(files: &[(String, ShardFile)]) -> Result<Merged, EngineError> {
    let Some((first_name, first)) = files.first() else {
        return Err(MergeError::NoFiles.into());
    };
    let key = &first.key;
    let cubes = key
        .part_cubes
        .iter()
        .try_fold(0usize, |sum, &n| sum.checked_add(n));
    if cubes != Some(key.cubes) {
        return Err(MergeError::PartsDoNotAdd {
            file: first_name.clone(),
        }
        .into());
    }
    let mut seen: HashMap<usize, &str> = HashMap::new();
    let mut shards: HashMap<(usize, usize), &str> = HashMap::new();
    let mut parts = vec![Tally::default(); key.part_cubes.len()];
    let mut elapsed = 0.0;
    for (name, file) in files {
        check_file(name, file, first_name, key)?;
        let shard = file.shard;
        if let Some(other) = shards.insert((shard.index, shard.of), name) {
            let again = if other == name {
                MergeError::GivenTwice { file: name.clone() }
            } else {
                MergeError::SameShard {
                    first: other.to_string(),
                    second: name.clone(),
                    index: shard.index,
                    of: shard.of,
                }
            };
            return Err(again.into());
        }
        add_cubes(name, file, &mut seen, &mut parts)?;
        elapsed += file.elapsed_s;
    }
    if seen.len() < key.cubes {
        // Scanning stops after five gaps, so a file claiming 2^60 cubes costs no more.
        let first = (0..key.cubes)
            .filter(|i| !seen.contains_key(i))
            .take(5)
            .collect();
        return Err(MergeError::Missing {
            missing: key.cubes - seen.len(),
            cubes: key.cubes,
            first,
        }
        .into());
    }
    let bits = count_bits(&parts, key.free_vars);
    if bits > MAX_COUNT_BITS {
        return Err(MergeError::TooLarge {
            file: first_name.clone(),
            bits,
        }
        .into());
    }
    // Last, so that the refusals above name what is wrong where they can.
    if let Some((name, _)) = files.iter().find(|(_, f)| f.check != f.check_value()) {
        return Err(MergeError::CheckValue { file: name.clone() }.into());
    }
    Ok(Merged {
        count: combine(&parts, key.free_vars),
        parts,
        shards: files.len(),
        key: key.clone(),
        elapsed_s: elapsed,
    })
}

/// Adds the cubes of the shard file `name` to the parts' tallies, each checked against the
/// count (`file.key`, already found equal to the first file's) and against the cubes `seen`
/// in earlier files.
fn add_cubes<'a>(
    name: &'a str,
    file: &ShardFile,
    seen: &mut HashMap<usize, &'a str>,
    parts: &mut [Tally],
) -> Result<(), EngineError> {
    let key = &file.key;
    let index = key.part_index();
    for cube in &file.cubes {
        if let Some(reason) = implausible(key, cube) {
            let file = name.to_string();
            return Err(MergeError::Implausible { file, reason }.into());
        }
        if !file.shard.holds(cube.index) {
            return Err(MergeError::OutsideShard {
                file: name.to_string(),
                cube: cube.index,
                index: file.shard.index,
                of: file.shard.of,
            }
            .into());
        }
        if let Some(other) = seen.insert(cube.index, name) {
            return Err(MergeError::CubeTwice {
                cube: cube.index,
                first: other.to_string(),
                second: name.to_string(),
            }
            .into());
        }
        let part = index
            .part_of(cube.index)
            .expect("index below the cube count");
        // The only failure of add_cube: the solutions found pass 64 bits.
        parts[part]
            .add_cube(cube)
            .map_err(|_| MergeError::Overflow {
                file: name.to_string(),
                cube: cube.index,
            })?;
    }
    Ok(())
}

/// Checks what a shard file says of itself: its format, its count and its shard.
fn check_file(
    name: &str,
    file: &ShardFile,
    first_name: &str,
    key: &RunKey,
) -> Result<(), EngineError> {
    if file.nqueens_shard != SHARD_VERSION {
        return Err(MergeError::Format {
            file: name.to_string(),
            found: file.nqueens_shard,
        }
        .into());
    }
    if file.key != *key {
        return Err(MergeError::OtherCount {
            file: name.to_string(),
            key: Box::new(file.key.clone()),
            first: first_name.to_string(),
            first_key: Box::new(key.clone()),
            differences: file.key.differences(key),
        }
        .into());
    }
    let Shard { index, of } = file.shard;
    if index == 0 || index > of {
        return Err(MergeError::NoSuchShard {
            file: name.to_string(),
            index,
            of,
        }
        .into());
    }
    if !file.elapsed_s.is_finite() || file.elapsed_s < 0.0 {
        return Err(MergeError::WallTime {
            file: name.to_string(),
            elapsed_s: file.elapsed_s,
        }
        .into());
    }
    Ok(())
}
