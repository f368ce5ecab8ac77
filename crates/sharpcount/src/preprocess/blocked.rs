//! Blocked clause elimination on unprojected literals (Järvisalo, Biere & Heule 2010,
//! "Blocked Clause Elimination"; for projected counting, Lagniez & Marquis 2017 and
//! Arjun's preprocessing, Soos & Meel 2022). A clause `C` is blocked on its literal `l`
//! when every resolvent of `C` on `l` is a tautology: each clause with `¬l` also holds
//! the negation of some other literal of `C`. Dropping a blocked clause whose blocking
//! literal is unprojected (and unweighted, and not defined by the projection: the
//! search may branch on those) keeps the projected count: a model of the
//! other clauses that falsifies `C` becomes a model of all of them by flipping `l` alone
//! (every clause with `¬l` stays true through the literal it shares negated with `C`),
//! which changes no projected variable and no weight. A variable the projection defines
//! stays defined: the flipped model agrees on it with a model of all the clauses. The
//! clauses the elimination of unprojected variables then meets are fewer, so more of
//! them go.

use super::{Defined, Work};
use crate::limits::Limits;
use crate::sat::Halt;
use crate::stats::{PreprocessStats, Progress};

/// Literal visits allowed per literal of the formula, and in any case.
const BUDGET_PER_LITERAL: u64 = 100;
const BUDGET_MIN: u64 = 1_000_000;

/// The clauses of `w` that can be dropped one after the other as blocked on an
/// unprojected, unweighted literal, to a fixpoint or until the budget is spent: a flag per
/// clause, or `None` when there is none.
pub(crate) fn find(w: &Work, limits: &mut Limits<'_>) -> Result<Option<Vec<bool>>, Halt> {
    // A variable dropped from the projection as defined stays defined: the search
    // branches on it as on a projected one, so it must not be flipped.
    let free = |w: &Work, v: u32| {
        !w.projected[v as usize] && w.defined[v as usize] == Defined::No && !w.is_weighted(v)
    };
    if (0..w.n).all(|v| !free(w, v)) {
        return Ok(None);
    }
    let n2 = 2 * w.n as usize;
    let (occ, size) = w.occurrences_by_literal();
    let mut budget = BUDGET_PER_LITERAL * size + BUDGET_MIN;
    let mut removed = vec![false; w.clauses.len()];
    let mut queued = vec![true; w.clauses.len()];
    let mut queue: Vec<u32> = (0..w.clauses.len() as u32).rev().collect();
    // mark[lit] = stamp when ¬lit is in the clause being tried.
    let mut mark = vec![0u32; n2];
    let mut stamp = 0u32;
    let mut dropped = 0u64;
    while let Some(ci) = queue.pop() {
        queued[ci as usize] = false;
        if budget == 0 {
            break;
        }
        limits.check(Progress::default)?;
        let c = &w.clauses[ci as usize];
        if stamp == u32::MAX {
            mark.iter_mut().for_each(|m| *m = 0);
            stamp = 0;
        }
        stamp += 1;
        for l in c {
            mark[(!*l).code()] = stamp;
        }
        let mut blocked = false;
        for &l in c {
            if !free(w, l.var()) {
                continue;
            }
            // Each clause with ¬l must hold ¬m for some other m of c.
            let mut all = true;
            for &d in &occ[(!l).code()] {
                if removed[d as usize] {
                    continue;
                }
                let dc = &w.clauses[d as usize];
                budget = budget.saturating_sub(dc.len() as u64);
                if !dc.iter().any(|&m| m != !l && mark[m.code()] == stamp) {
                    all = false;
                    break;
                }
            }
            if all {
                blocked = true;
                break;
            }
        }
        if !blocked {
            continue;
        }
        removed[ci as usize] = true;
        dropped += 1;
        // A clause with ¬m for some m of c may be blocked on ¬m now that c is gone.
        for &l in c {
            for &d in &occ[(!l).code()] {
                if !removed[d as usize] && !queued[d as usize] {
                    queued[d as usize] = true;
                    queue.push(d);
                }
            }
        }
    }
    Ok((dropped > 0).then_some(removed))
}

/// Drops the clauses `removed` flags (from [`find`]) from `w`.
pub(crate) fn remove(w: &mut Work, removed: &[bool], stats: &mut PreprocessStats) {
    let mut i = 0;
    w.clauses.retain(|_| {
        i += 1;
        !removed[i - 1]
    });
    stats.blocked_clauses += removed.iter().filter(|&&r| r).count() as u64;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lit::Lit;
    use crate::problem::Problem;
    use crate::Options;

    fn lit(d: i32) -> Lit {
        Lit::new(d.unsigned_abs() - 1, d < 0)
    }

    /// The clauses (DIMACS literals over 3 variables, the first `projected` projected)
    /// left by the step.
    fn left(clauses: &[&[i32]], projected: usize) -> Vec<Vec<Lit>> {
        let mut w = Work::new(Problem {
            num_vars: 3,
            clauses: clauses
                .iter()
                .map(|c| c.iter().map(|&d| lit(d)).collect())
                .collect(),
            projected: (0..3).map(|v| v < projected).collect(),
            ..Problem::default()
        });
        let options = Options::default();
        let mut limits = Limits::new(&options, std::time::Instant::now());
        if let Some(removed) = find(&w, &mut limits).unwrap() {
            remove(&mut w, &removed, &mut PreprocessStats::default());
        }
        w.clauses
    }

    #[test]
    fn a_clause_blocked_on_an_unprojected_literal_goes_and_on_a_projected_one_stays() {
        // x3 ∨ x1 and ¬x3 ∨ ¬x1 ∨ x2: the resolvent on x3 holds x1 and ¬x1.
        let f: &[&[i32]] = &[&[1, 3], &[-1, 2, -3]];
        // x3 unprojected: both clauses are blocked on it and go.
        assert!(left(f, 2).is_empty());
        // Everything projected: nothing goes.
        assert_eq!(left(f, 3).len(), 2);
        // x1 ∨ x3 and ¬x3 ∨ x2: neither is blocked (x1 ∨ x2 is no tautology).
        assert_eq!(left(&[&[1, 3], &[2, -3]], 2).len(), 2);
    }
}
