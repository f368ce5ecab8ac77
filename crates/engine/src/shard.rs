//! Shards: a count split into K deterministic parts run anywhere (a job array, say), and
//! merging their results into one count. A set that misses or repeats a cube, or mixes
//! counts of different problems, is refused.

use crate::{combine, CubeResult, EngineError, RunKey, Tally};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
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
        i % self.of == self.index - 1
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
}

/// The format version of shard files.
pub const SHARD_VERSION: u32 = 2;

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

/// Merges shard results given as (file name, contents).
///
/// # Errors
/// [`EngineError::Config`] naming the file when shards belong to different counts, or when a
/// cube is missing or repeated; [`EngineError::Overflow`] for sums beyond 64 bits.
pub fn merge(files: &[(String, ShardFile)]) -> Result<Merged, EngineError> {
    let Some((first_name, first)) = files.first() else {
        return Err(EngineError::Config(
            "merge needs at least one shard file".into(),
        ));
    };
    let key = &first.key;
    if key.part_cubes.iter().sum::<usize>() != key.cubes {
        return Err(EngineError::Config(format!(
            "'{first_name}': its parts do not add up to its cubes"
        )));
    }
    let mut seen: Vec<Option<&str>> = vec![None; key.cubes];
    let mut parts = vec![Tally::default(); key.part_cubes.len()];
    let mut elapsed = 0.0;
    for (name, file) in files {
        if file.nqueens_shard != SHARD_VERSION {
            return Err(EngineError::Config(format!(
                "'{name}' is a shard file of format {} (this nqueens reads {SHARD_VERSION})",
                file.nqueens_shard
            )));
        }
        if file.key != *key {
            return Err(EngineError::Config(format!(
                "'{name}' is a shard of a different count ({}) than '{first_name}' ({key})",
                file.key
            )));
        }
        for cube in &file.cubes {
            let slot = seen.get_mut(cube.index).ok_or_else(|| {
                EngineError::Config(format!(
                    "'{name}' holds cube {}, which does not exist",
                    cube.index
                ))
            })?;
            if let Some(other) = slot {
                return Err(EngineError::Config(format!(
                    "cube {} is counted twice: in '{other}' and in '{name}'",
                    cube.index
                )));
            }
            *slot = Some(name);
            let part = key.part_of(cube.index).expect("index below the cube count");
            parts[part].add_cube(cube)?;
        }
        elapsed += file.elapsed_s;
    }
    let missing: Vec<usize> = (0..key.cubes).filter(|&i| seen[i].is_none()).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(5).map(|i| i.to_string()).collect();
        return Err(EngineError::Config(format!(
            "{} of {} cubes are missing (first: {}); is a shard file left out?",
            missing.len(),
            key.cubes,
            shown.join(", ")
        )));
    }
    Ok(Merged {
        count: combine(&parts, key.free_vars),
        parts,
        shards: files.len(),
        key: key.clone(),
        elapsed_s: elapsed,
    })
}
