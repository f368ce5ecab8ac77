//! Backward subsumption and self-subsuming resolution (Eén & Biere 2005, "SatELite"):
//! a clause containing another is dropped; a clause containing another but for one
//! literal, which it has negated, loses that literal. Both keep the formula equivalent.

use super::Work;
use crate::limits::Limits;
use crate::sat::Halt;
use crate::stats::{PreprocessStats, Progress};

/// Literal comparisons allowed per literal of the formula.
const BUDGET_PER_LITERAL: u64 = 200;

/// Subsumption and strengthening to a fixpoint or until the budget is spent. `false` when
/// a clause becomes empty.
pub(crate) fn run(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    let n2 = 2 * w.n as usize;
    let (occ, size) = w.occurrences_by_literal();
    let mut budget = BUDGET_PER_LITERAL * size + 100_000;
    let mut order: Vec<u32> = (0..w.clauses.len() as u32).collect();
    order.sort_by_key(|&i| w.clauses[i as usize].len());
    let mut removed = vec![false; w.clauses.len()];
    // mark[lit] = stamp when lit is in the current subsuming clause.
    let mut mark = vec![0u32; n2];
    let mut stamp = 0u32;
    for &ci in &order {
        if removed[ci as usize] || budget == 0 {
            continue;
        }
        limits.check(Progress::default)?;
        stamp += 1;
        let c = w.clauses[ci as usize].clone();
        for l in &c {
            mark[l.code()] = stamp;
        }
        let Some(&pivot) = c
            .iter()
            .min_by_key(|l| occ[l.code()].len() + occ[(!**l).code()].len())
        else {
            continue;
        };
        for side in [pivot, !pivot] {
            for &d in &occ[side.code()] {
                let di = d as usize;
                if di == ci as usize || removed[di] || w.clauses[di].len() < c.len() {
                    continue;
                }
                let d = &w.clauses[di];
                budget = budget.saturating_sub(d.len() as u64);
                let (mut same, mut negated, mut neg_lit) = (0usize, 0usize, None);
                for &l in d {
                    if mark[l.code()] == stamp {
                        same += 1;
                    } else if mark[(!l).code()] == stamp {
                        negated += 1;
                        neg_lit = Some(l);
                    }
                }
                if same == c.len() {
                    removed[di] = true;
                    stats.subsumed += 1;
                } else if same + 1 == c.len()
                    && negated == 1
                    && let Some(x) = neg_lit
                {
                    w.clauses[di].retain(|&l| l != x);
                    stats.strengthened += 1;
                    if let Some(log) = w.log.as_mut() {
                        log.push(&w.clauses[di]);
                    }
                    if w.clauses[di].is_empty() {
                        return Ok(false);
                    }
                }
            }
        }
    }
    let mut i = 0;
    w.clauses.retain(|_| {
        i += 1;
        !removed[i - 1]
    });
    Ok(true)
}
