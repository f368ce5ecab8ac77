//! Merging the shard results of a board count: the engine sums the cubes, the verdict
//! compares the total with OEIS.

use crate::{BoardCounter, Rules};
use crate::{QueensError, QueensParams, Verdict};
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
/// [`QueensError::NotBoardShards`] when the shards are not of a board count,
/// [`QueensError::ShardParams`] when their parameters do not read.
pub fn merge_report(merged: Merged) -> Result<MergeReport, QueensError> {
    if !merged.key.problem.is::<QueensParams>() {
        return Err(QueensError::NotBoardShards);
    }
    let params: QueensParams = merged
        .key
        .problem
        .params()
        .map_err(QueensError::ShardParams)?;
    let n = params.n;
    let d4 = params.symmetry == crate::Symmetry::D4;
    let r = params.rules;
    let rules = Rules::new(r.variant, r.given, r.blocked);
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
        let never = zero_one_model::StopFlag::new();
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
            "{}   {}   merged {}, {}   ({})",
            self.verdict.lhs(),
            self.verdict.oeis(),
            zero_one_model::plural(self.shards, "shard"),
            zero_one_model::plural(self.cubes, "cube"),
            self.key
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use count_engine::{Count, Description, Tally};

    /// Merged shards of one cube holding `total` solutions, under the key problem `problem`.
    fn merged(problem: &str, total: u64) -> Merged {
        let tally = Tally {
            found: total,
            total: Count::from(total),
            orbits: Count::from(0u64),
        };
        Merged {
            count: tally.total.0.clone(),
            parts: vec![tally],
            shards: 1,
            key: RunKey {
                problem: serde_json::from_str::<Description>(problem).unwrap(),
                backend: "dpll".into(),
                encoding: "pairwise".into(),
                cubes: 1,
                part_cubes: vec![1],
                free_vars: 0,
                max_weight: 1,
                cube_capacity: u64::MAX,
                cubes_hash: String::new(),
                components: false,
                orbit_weights: false,
            },
            elapsed_s: 0.0,
        }
    }

    #[test]
    fn a_board_key_is_read_back_for_the_verdict() {
        let key =
            r#"{"cube_depth":1,"formulation":"board","n":6,"problem":"queens","symmetry":"none"}"#;
        let report = merge_report(merged(key, 4)).unwrap();
        assert_eq!((report.verdict.n, report.verdict.matches), (6, Some(true)));
    }

    #[test]
    fn shards_of_another_problem_or_with_unreadable_board_parameters_are_refused() {
        let other = merge_report(merged(r#"{"problem":"model"}"#, 4)).unwrap_err();
        assert!(matches!(other, QueensError::NotBoardShards), "{other:?}");
        let bad = r#"{"cube_depth":1,"formulation":"board","n":"six","problem":"queens","symmetry":"none"}"#;
        let e = merge_report(merged(bad, 4)).unwrap_err();
        assert!(matches!(e, QueensError::ShardParams(_)), "{e:?}");
        assert!(e.is_input_error());
        assert_eq!(e.to_string(), "the shards' board parameters do not read");
    }
}
