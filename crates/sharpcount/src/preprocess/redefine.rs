//! Eliminating variables that all the others define (SharpSAT-TD's preprocessor, Korhonen
//! & Järvisalo 2021, "Integrating tree decompositions into decision heuristics of
//! propositional model counters", CP 2021: its step that eliminates defined simplicial
//! variables). When a variable `x` is defined by all the other variables of `F`, every
//! model of `∃x F` extends to exactly one model of `F`, so eliminating `x` by resolution
//! keeps the count over all variables. [`definable::shrink_projection`] fixes one
//! independent support first and eliminates only outside it, so the variables it kept
//! may be the ones whose elimination would shrink the formula most; here any variable may
//! go, inputs included, when its resolvents are at most [`GROWTH`] more than its clauses.
//!
//! It applies once every variable left in a clause is projected or defined by the
//! projection: then the count over the projection is the count over all of them, and
//! they all become projected first. Each query asks whether the variables still in the
//! formula (but `x`) define `x` in the formula the step started from, which is the same
//! question in the formula after the eliminations before it (a variable eliminated is
//! left free in both copies of Padoa's formula, and subsumption keeps the models). A
//! variable found not defined is not asked again: fewer variables define no more.
//!
//! Rounds: one pass over the candidates (propagation alone, then with search), then
//! subsumption, while a pass eliminates something. Eliminating defined variables can
//! widen the tree decomposition that guides the search (MC2022 track1_037: width 5 to 39
//! in one pass, a count of 0.03 s to over 30 s), so each round's formula is decomposed:
//! the step stops once the width grows past an eighth (plus [`WIDTH_SLACK`]) over the
//! start's, and the formula kept is the round's (or the start's) with the smallest width,
//! widths within a sixteenth of each other counting as equal, then fewest clauses (a
//! heuristic's width moves by a few from one formula to the next: on track2_083, once
//! elimination used gates, the rounds after the first left 2,338 clauses instead of
//! 4,097 at width 143 instead of 138; the larger formula took over 60 s, the smaller
//! counts in 0.9 s). On track1_061 the width goes 45, 47, 48, then down to 0 (no clause
//! left): the count 2^50 in 0.3 s, which took over 60 s before (Ganak 0.74 s).
//!
//! [`definable::shrink_projection`]: super::definable::shrink_projection

use super::definable::Padoa;
use super::elim::Eliminator;
use super::width;
use super::work::{Fate, Snapshot};
use super::{Defined, Work};
use crate::limits::Limits;
use crate::sat::Halt;
use crate::stats::{PreprocessStats, Progress};

/// Resolvents allowed beyond the clauses they replace, per variable.
const GROWTH: usize = 5;
/// Conflicts one query's search may meet. Lower than the independent support's 200: a
/// pass asks every variable left, most of them not defined, and on MC2022 track 1 the
/// definitions this step found with 200 it found with 20 (track1_047: 1.74 s to 1.39 s
/// per count, the wins the same).
const QUERY_CONFLICTS: u64 = 20;
/// How much wider than at the start the decomposition of the formula may become in a
/// round before the step stops: an eighth, plus this.
const WIDTH_SLACK: u32 = 4;
/// Widths within this fraction of each other count as the same when choosing the formula
/// to keep: the decomposition is a heuristic's, and a few more or fewer in its width
/// say less than many fewer clauses.
const WIDTH_NOISE: u32 = 16;

/// Eliminates variables that all the others define while it keeps the formula from
/// growing (see the module). `false` when an empty resolvent shows the formula
/// unsatisfiable.
pub(crate) fn run(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    let mut in_formula: Vec<bool> = w.occurrences().iter().map(|&k| k > 0).collect();
    let vars: Vec<u32> = (0..w.n).filter(|&v| in_formula[v as usize]).collect();
    if vars
        .iter()
        .any(|&v| !w.projected[v as usize] && w.defined[v as usize] == Defined::No)
    {
        return Ok(true);
    }
    // The formula as it was, and the width of its decomposition once needed.
    let mut best = Snapshot::of(w, stats);
    let mut best_width = u32::MAX;
    let mut limit = None;
    for &v in &vars {
        w.projected[v as usize] = true;
        w.defined[v as usize] = Defined::No;
    }
    let mut padoa = Padoa::new(w);
    padoa.conflicts = QUERY_CONFLICTS;
    let mut never = vec![false; w.n as usize];
    let mut cands: Vec<u32> = vars
        .iter()
        .copied()
        .filter(|&v| !w.is_weighted(v))
        .collect();
    'passes: for search in [false, true] {
        loop {
            let mut e = Eliminator::new(w);
            e.growth = GROWTH;
            let mut gone = 0;
            cands.sort_by_key(|&v| e.pairs(v));
            for &x in &cands {
                if padoa.spent() {
                    break;
                }
                // A variable fixed by a round's propagation has left the clauses.
                if !in_formula[x as usize] || never[x as usize] || w.fate[x as usize] != Fate::Open
                {
                    continue;
                }
                limits.check(Progress::default)?;
                let Some(resolvents) = e.resolvents(x, false) else {
                    continue;
                };
                let others = vars
                    .iter()
                    .copied()
                    .filter(|&v| v != x && in_formula[v as usize]);
                let answer = padoa.ask(others, x, search, limits)?;
                if answer != Some(true) {
                    // Others only leave: what these do not define, fewer cannot.
                    if answer == Some(false) {
                        never[x as usize] = true;
                    }
                    continue;
                }
                in_formula[x as usize] = false;
                gone += 1;
                stats.redefined_vars += 1;
                if !e.eliminate(w, x, resolvents, stats) {
                    e.finish(w);
                    return Ok(false);
                }
            }
            if !e.finish(w) {
                return Ok(false);
            }
            cands.retain(|&v| in_formula[v as usize] && !never[v as usize]);
            if gone == 0 {
                break;
            }
            if !(super::subsume::run(w, limits, stats)? && w.propagate_units(stats)) {
                return Ok(false);
            }
            let limit = match limit {
                Some(limit) => limit,
                None => {
                    best_width = width(w.n, &best.clauses, limits)?;
                    *limit.insert(best_width.saturating_add(best_width / 8 + WIDTH_SLACK))
                }
            };
            let now = width(w.n, &w.clauses, limits)?;
            if narrower(now, w.clauses.len(), best_width, best.clauses.len()) {
                best = Snapshot::of(w, stats);
                best_width = now;
            }
            if now > limit || padoa.spent() {
                break 'passes;
            }
        }
    }
    best.restore(w, stats);
    Ok(true)
}

/// Whether a formula of `clauses` whose decomposition has width `width` is better than the
/// best so far: narrower by more than the widths' noise, or within it with fewer clauses.
fn narrower(width: u32, clauses: usize, best_width: u32, best_clauses: usize) -> bool {
    let noise = best_width / WIDTH_NOISE;
    width.saturating_add(noise) < best_width
        || (width <= best_width.saturating_add(noise) && clauses < best_clauses)
}

#[cfg(test)]
mod tests {
    use super::narrower;

    #[test]
    fn widths_within_a_sixteenth_count_as_equal() {
        // track2_083: a little wider with far fewer clauses is kept.
        assert!(narrower(143, 2338, 138, 4097));
        // Wider past the noise is not, however few its clauses.
        assert!(!narrower(147, 100, 138, 4097));
        // Narrower past the noise is kept with more clauses; within it, not.
        assert!(narrower(129, 5000, 138, 4097));
        assert!(!narrower(135, 5000, 138, 4097));
        // Without a decomposition, fewer clauses decide.
        assert!(narrower(u32::MAX, 10, u32::MAX, 20));
    }
}
