//! Shrinking the projection to an independent support (Lang, Liberatore & Marquis 2003;
//! Ivrii, Malik, Meel & Vardi 2016; Soos & Meel 2022, "Arjun"). A projected variable `x`
//! is defined by a set `S` of projected variables when every two models that agree on
//! `S` agree on `x`; by Padoa's theorem that holds exactly when
//! `F(X) ∧ F(X') ∧ (S = S') ∧ x ∧ ¬x'` is unsatisfiable. A defined variable is then
//! determined by the others on every projected model, so dropping it from the projection
//! keeps the count. Variables are tried one at a time against all others still projected,
//! first by unit propagation alone (which finds definitions by gates), then by
//! satisfiability search under assumptions with a conflict budget: an undecided query
//! keeps the variable (always sound). All of it stops when a budget of propagation work
//! (watch visits) proportional to the formula is spent. A variable with a weight other
//! than 1 is never dropped (its weight is part of the count), though it serves in the
//! support of the others.

use super::Work;
use crate::core::Core;
use crate::engine::NO_REASON;
use crate::limits::Limits;
use crate::lit::Lit;
use crate::sat::{Halt, SatSearch};
use crate::stats::{PreprocessStats, Progress};
use crate::tuning::Tuning;

/// Conflicts allowed for one query of the search phase.
const QUERY_CONFLICTS: u64 = 200;
/// Watch visits allowed in all, per literal of the formula, and in any case.
const BUDGET_PER_LITERAL: u64 = 100;
const BUDGET_MIN: u64 = 20_000_000;

/// Drops defined variables from the projection.
pub(crate) fn shrink_projection(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<(), Halt> {
    let n = w.n;
    let mut occurs = vec![0u32; n as usize];
    let mut size = 0u64;
    for c in &w.clauses {
        size += c.len() as u64;
        for l in c {
            occurs[l.var() as usize] += 1;
        }
    }
    let mut cands: Vec<u32> = (0..n)
        .filter(|&v| w.projected[v as usize] && occurs[v as usize] > 0)
        .collect();
    if cands.len() < 2 {
        return Ok(());
    }
    // Variables 0..n are X, n..2n are X', 2n + v is the indicator of x_v = x'_v.
    let copy = |l: Lit| Lit::new(l.var() + n, l.is_negative());
    let eq = |v: u32| Lit::new(2 * n + v, false);
    let mut clauses: Vec<Vec<Lit>> = Vec::with_capacity(2 * w.clauses.len() + 2 * cands.len());
    for c in &w.clauses {
        clauses.push(c.clone());
        clauses.push(c.iter().map(|&l| copy(l)).collect());
    }
    for &v in &cands {
        let (x, y) = (Lit::new(v, false), Lit::new(v + n, false));
        clauses.push(vec![!eq(v), !x, y]);
        clauses.push(vec![!eq(v), x, !y]);
    }
    let mut core = Core::new(3 * n, &clauses, Tuning::default().learnt_min);
    // The core holds its own copy: the doubled formula goes before the queries begin.
    drop(clauses);
    let mut sat = SatSearch::new(3 * n);
    let vars: Vec<u32> = (0..2 * n).collect();
    let budget = BUDGET_PER_LITERAL * size + BUDGET_MIN;
    // Try the most constrained variables last: they are the likeliest inputs.
    cands.sort_by_key(|&v| occurs[v as usize]);
    let mut in_support = vec![false; n as usize];
    for &v in &cands {
        in_support[v as usize] = true;
    }
    let mut removed = 0u64;
    let mut assumptions = Vec::with_capacity(cands.len() + 2);
    for search in [false, true] {
        for &x in &cands {
            if core.eng.visits > budget {
                break;
            }
            // A weighted variable stays projected: its weight counts even when defined.
            if !in_support[x as usize] || w.is_weighted(x) {
                continue;
            }
            limits.check(Progress::default)?;
            assumptions.clear();
            assumptions.extend(
                cands
                    .iter()
                    .filter(|&&v| v != x && in_support[v as usize])
                    .map(|&v| eq(v)),
            );
            assumptions.push(Lit::new(x, false));
            assumptions.push(Lit::new(x + n, true));
            let query = Query {
                vars: &vars,
                assumptions: &assumptions,
                search,
            };
            if query.unsat(&mut core, &mut sat, limits)? {
                in_support[x as usize] = false;
                w.projected[x as usize] = false;
                w.defined[x as usize] = true;
                removed += 1;
            }
        }
    }
    stats.defined_vars += removed;
    Ok(())
}

/// One definability query.
struct Query<'q> {
    /// Variables the search may branch on.
    vars: &'q [u32],
    /// Literals assumed true.
    assumptions: &'q [Lit],
    /// Search after propagation, rather than propagation alone.
    search: bool,
}

impl Query<'_> {
    /// True when the clauses of `core` and the assumptions are proved unsatisfiable
    /// within the query budget.
    fn unsat(
        &self,
        core: &mut Core,
        sat: &mut SatSearch,
        limits: &mut Limits<'_>,
    ) -> Result<bool, Halt> {
        unsat_under(core, sat, self, limits)
    }
}

fn unsat_under(
    core: &mut Core,
    sat: &mut SatSearch,
    q: &Query<'_>,
    limits: &mut Limits<'_>,
) -> Result<bool, Halt> {
    core.eng.backtrack(0, |_| {});
    if core.eng.propagate().is_some() {
        return Ok(true);
    }
    core.eng.new_level();
    for &a in q.assumptions {
        match core.eng.value(a) {
            0 => core.eng.assign(a, NO_REASON),
            v if v < 0 => {
                core.eng.backtrack(0, |_| {});
                return Ok(true);
            }
            _ => {}
        }
    }
    let answer = if core.eng.propagate().is_some() {
        Some(false)
    } else if q.search {
        sat.solve_limited(core, q.vars, QUERY_CONFLICTS, limits, &|_| {
            Progress::default()
        })?
    } else {
        None
    };
    core.eng.backtrack(0, |_| {});
    Ok(answer == Some(false))
}
