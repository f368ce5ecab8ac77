//! Merging the shard results of a board count: the engine sums the cubes, the verdict
//! compares the total with OEIS.

use crate::{BoardCounter, Rules};
use crate::{QueensError, Verdict};
use count_engine::{Merged, RunKey};
use serde::Serialize;
use std::fmt;

/// A merged board count.
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

/// The largest merged count of a board with given or blocked squares that the oracle counts
/// again (a few seconds at most).
pub const MAX_ORACLE_RECOUNT: u64 = 50_000_000;

/// The board size of a queens count's key, or `None` for another problem's.
pub fn queens_n(key: &RunKey) -> Option<usize> {
    if key.problem.get("problem")?.as_str()? != "queens" {
        return None;
    }
    key.problem.get("n")?.as_u64().map(|n| n as usize)
}

/// A board count as a `u64` (every board count of a size one can count fits).
///
/// # Errors
/// [`QueensError::CountBeyond64Bits`] for a count beyond 64 bits.
pub(crate) fn fits(c: &count_engine::Count) -> Result<u64, QueensError> {
    c.to_u64()
        .ok_or_else(|| QueensError::CountBeyond64Bits(c.clone()))
}

/// The verdict on merged shards of a board count.
///
/// # Errors
/// [`QueensError::NotBoardShards`] when the shards are not of a board count, [`QueensError::ShardRules`]
/// when their rules do not read.
pub fn merge_report(merged: Merged) -> Result<MergeReport, QueensError> {
    let n = queens_n(&merged.key).ok_or(QueensError::NotBoardShards)?;
    let d4 = merged.key.problem.get("symmetry").and_then(|s| s.as_str()) == Some("d4");
    let rules = match merged.key.problem.get("rules") {
        None => Rules::classic(),
        Some(r) => {
            let r: Rules = serde_json::from_value(r.clone()).map_err(QueensError::ShardRules)?;
            Rules::new(r.variant, r.given, r.blocked)
        }
    };
    let tally = merged.parts.first().cloned().unwrap_or_default();
    let (total, orbits) = (fits(&tally.total)?, fits(&tally.orbits)?);
    let mut verdict = Verdict::for_rules(n, &rules, total, d4.then_some(orbits));
    // The oracle recounts boards with squares (no table has them) when that takes seconds:
    // sharded counts can be far larger than a merge should spend time on.
    if !rules.is_open()
        && crate::Oracle.check_size(n).is_ok()
        && total <= MAX_ORACLE_RECOUNT
        && rules.check(n).is_ok()
    {
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
        let never = std::sync::atomic::AtomicBool::new(false);
        if let Some(oracle) = crate::Oracle::recount(n, &rules, threads, &never) {
            verdict = verdict.against_oracle(oracle);
        }
    }
    Ok(MergeReport {
        verdict,
        solutions_checked: tally.found,
        shards: merged.shards,
        cubes: merged.key.cubes,
        key: merged.key,
        elapsed_s: merged.elapsed_s,
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
