//! Shard results, as written by `count --shard I/K`, and merging them into one count. A set
//! that misses or repeats a cube, or mixes counts of different commands, is refused.

use crate::{CubeResult, DriverError, RunKey, Shard, Symmetry, Verdict};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The result of one shard, as a JSON document.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardFile {
    /// Format version.
    pub nqueens_shard: u32,
    /// The count this shard belongs to.
    pub key: RunKey,
    /// Which shard.
    pub shard: Shard,
    /// Solutions counted in this shard (after symmetry).
    pub count: u64,
    /// Every cube of the shard and what it counted.
    pub cubes: Vec<CubeResult>,
    /// Wall time of the shard.
    pub elapsed_s: f64,
}

/// The merged count.
#[derive(Clone, Debug, Serialize)]
pub struct MergeReport {
    /// The merged count against OEIS.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Solutions the backends returned and validated.
    pub solutions_checked: u64,
    /// Shards merged.
    pub shards: usize,
    /// Cubes merged.
    pub cubes: usize,
    /// The command the shards ran.
    pub key: RunKey,
    /// Sum of the shards' wall times.
    pub elapsed_s: f64,
}

/// Merges shard results given as (file name, contents).
///
/// # Errors
/// [`DriverError::Config`] naming the file when shards belong to different counts, or when a
/// cube is missing or repeated.
pub fn merge(files: &[(String, ShardFile)]) -> Result<MergeReport, DriverError> {
    let Some((first_name, first)) = files.first() else {
        return Err(DriverError::Config(
            "merge needs at least one shard file".into(),
        ));
    };
    let key = &first.key;
    let mut seen: Vec<Option<&str>> = vec![None; key.cubes];
    let (mut count, mut found, mut fundamental, mut elapsed) = (0, 0, 0, 0.0);
    for (name, file) in files {
        if file.key != *key {
            return Err(DriverError::Config(format!(
                "'{name}' is a shard of a different count ({}) than '{first_name}' ({key})",
                file.key
            )));
        }
        for cube in &file.cubes {
            let slot = seen.get_mut(cube.index).ok_or_else(|| {
                DriverError::Config(format!(
                    "'{name}' holds cube {}, which does not exist",
                    cube.index
                ))
            })?;
            if let Some(other) = slot {
                return Err(DriverError::Config(format!(
                    "cube {} is counted twice: in '{other}' and in '{name}'",
                    cube.index
                )));
            }
            *slot = Some(name);
            count += cube.total;
            found += cube.found;
            fundamental += cube.fundamental;
        }
        elapsed += file.elapsed_s;
    }
    let missing: Vec<usize> = (0..key.cubes).filter(|&i| seen[i].is_none()).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(5).map(|i| i.to_string()).collect();
        return Err(DriverError::Config(format!(
            "{} of {} cubes are missing (first: {}); is a shard file left out?",
            missing.len(),
            key.cubes,
            shown.join(", ")
        )));
    }
    let d4 = key.symmetry == Symmetry::D4.name();
    Ok(MergeReport {
        verdict: Verdict::new(key.n, count, d4.then_some(fundamental)),
        solutions_checked: found,
        shards: files.len(),
        cubes: key.cubes,
        key: key.clone(),
        elapsed_s: elapsed,
    })
}

impl fmt::Display for MergeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}   {}   merged {} shards, {} cubes   ({})",
            self.verdict.lhs(),
            self.verdict.oeis(),
            self.shards,
            self.cubes,
            self.key
        )
    }
}
