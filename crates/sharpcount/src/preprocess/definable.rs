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
//!
//! The same queries then extend the projection ([`extend_projection`]): an unprojected
//! variable the projection defines may be counted as projected without changing the
//! count, which lets the search split components on it.

use super::{Defined, Work};
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
    let occurs = w.occurrences();
    let mut cands: Vec<u32> = (0..w.n)
        .filter(|&v| w.projected[v as usize] && occurs[v as usize] > 0)
        .collect();
    if cands.len() < 2 {
        return Ok(());
    }
    let mut padoa = Padoa::new(w);
    // Try the most constrained variables last: they are the likeliest inputs.
    cands.sort_by_key(|&v| occurs[v as usize]);
    let mut in_support = vec![false; w.n as usize];
    for &v in &cands {
        in_support[v as usize] = true;
    }
    let mut removed = 0u64;
    for search in [false, true] {
        for &x in &cands {
            if padoa.spent() {
                break;
            }
            // A weighted variable stays projected: its weight counts even when defined.
            if !in_support[x as usize] || w.is_weighted(x) {
                continue;
            }
            limits.check(Progress::default)?;
            let support = cands
                .iter()
                .copied()
                .filter(|&v| v != x && in_support[v as usize]);
            if padoa.defines(support, x, search, limits)? {
                in_support[x as usize] = false;
                w.projected[x as usize] = false;
                w.defined[x as usize] = Defined::Dropped;
                removed += 1;
            }
        }
    }
    stats.defined_vars += removed;
    Ok(())
}

/// Marks the unprojected variables left that the projected variables define, so the
/// search may branch on them as on projected ones (Arjun and Ganak 2 extend the
/// projection the same way, Soos, Meel et al.): on a formula whose projection is
/// small, the unprojected variables join every component together until they are set.
/// Propagation alone is tried again while it finds some (a gate over defined inputs is
/// defined), then a search with the query budget.
pub(crate) fn extend_projection(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<(), Halt> {
    let occurs = w.occurrences();
    let support: Vec<u32> = (0..w.n)
        .filter(|&v| w.projected[v as usize] && occurs[v as usize] > 0)
        .collect();
    let mut cands: Vec<u32> = (0..w.n)
        .filter(|&v| {
            !w.projected[v as usize]
                && w.defined[v as usize] == Defined::No
                && occurs[v as usize] > 0
        })
        .collect();
    if support.is_empty() || cands.is_empty() {
        return Ok(());
    }
    let mut padoa = Padoa::new(w);
    cands.sort_by_key(|&v| occurs[v as usize]);
    let mut known = support;
    let mut added = 0u64;
    for search in [false, true] {
        loop {
            let before = added;
            for &x in &cands {
                if padoa.spent() {
                    break;
                }
                if w.defined[x as usize] != Defined::No {
                    continue;
                }
                limits.check(Progress::default)?;
                if padoa.defines(known.iter().copied(), x, search, limits)? {
                    w.defined[x as usize] = Defined::Extended;
                    known.push(x);
                    added += 1;
                }
            }
            if search || added == before || padoa.spent() {
                break;
            }
        }
    }
    stats.extended_vars += added;
    Ok(())
}

/// Padoa's doubled formula with a solver on it: variables `0..n` are X, `n..2n` are X',
/// `2n + v` is the indicator of `x_v = x'_v`.
pub(super) struct Padoa {
    n: u32,
    core: Core,
    sat: SatSearch,
    /// The variables the search may branch on (X and X').
    vars: Vec<u32>,
    /// Watch visits the queries may spend in all.
    budget: u64,
    assumptions: Vec<Lit>,
    /// Conflicts one query's search may meet.
    pub(super) conflicts: u64,
}

impl Padoa {
    pub(super) fn new(w: &Work) -> Padoa {
        let n = w.n;
        let copy = |l: Lit| Lit::new(l.var() + n, l.is_negative());
        let mut size = 0u64;
        let mut clauses: Vec<Vec<Lit>> = Vec::with_capacity(2 * w.clauses.len() + 2 * n as usize);
        for c in &w.clauses {
            size += c.len() as u64;
            clauses.push(c.clone());
            clauses.push(c.iter().map(|&l| copy(l)).collect());
        }
        for v in 0..n {
            let (eq, x, y) = (
                Lit::new(2 * n + v, false),
                Lit::new(v, false),
                Lit::new(v + n, false),
            );
            clauses.push(vec![!eq, !x, y]);
            clauses.push(vec![!eq, x, !y]);
        }
        let core = Core::new(3 * n, &clauses, Tuning::default().learnt_min);
        Padoa {
            n,
            core,
            sat: SatSearch::new(3 * n),
            vars: (0..2 * n).collect(),
            budget: BUDGET_PER_LITERAL * size + BUDGET_MIN,
            conflicts: QUERY_CONFLICTS,
            assumptions: Vec::new(),
        }
    }

    /// True when the budget of watch visits is spent.
    pub(super) fn spent(&self) -> bool {
        self.core.eng.visits > self.budget
    }

    /// True when `support` is shown to define `x` within the query budget: propagation
    /// alone, or a search too when `search`.
    fn defines(
        &mut self,
        support: impl Iterator<Item = u32>,
        x: u32,
        search: bool,
        limits: &mut Limits<'_>,
    ) -> Result<bool, Halt> {
        Ok(self.ask(support, x, search, limits)? == Some(true))
    }

    /// Whether `support` defines `x`: `Some(true)` when shown (as [`Padoa::defines`]),
    /// `Some(false)` when the search found two models that differ only on `x` and
    /// variables outside `support` (then no subset of `support` defines it either),
    /// `None` when undecided within the budget.
    pub(super) fn ask(
        &mut self,
        support: impl Iterator<Item = u32>,
        x: u32,
        search: bool,
        limits: &mut Limits<'_>,
    ) -> Result<Option<bool>, Halt> {
        let n = self.n;
        let mut assumptions = std::mem::take(&mut self.assumptions);
        assumptions.clear();
        assumptions.extend(support.map(|v| Lit::new(2 * n + v, false)));
        assumptions.push(Lit::new(x, false));
        assumptions.push(Lit::new(x + n, true));
        let query = Query {
            vars: &self.vars,
            assumptions: &assumptions,
            search,
            conflicts: self.conflicts,
        };
        let answer = query.satisfiable(&mut self.core, &mut self.sat, limits);
        self.assumptions = assumptions;
        Ok(answer?.map(|sat| !sat))
    }
}

/// One definability query.
struct Query<'q> {
    /// Variables the search may branch on.
    vars: &'q [u32],
    /// Literals assumed true.
    assumptions: &'q [Lit],
    /// Search after propagation, rather than propagation alone.
    search: bool,
    /// Conflicts the search may meet.
    conflicts: u64,
}

impl Query<'_> {
    /// Whether the clauses of `core` and the assumptions are satisfiable, when decided
    /// within the query budget.
    fn satisfiable(
        &self,
        core: &mut Core,
        sat: &mut SatSearch,
        limits: &mut Limits<'_>,
    ) -> Result<Option<bool>, Halt> {
        satisfiable_under(core, sat, self, limits)
    }
}

fn satisfiable_under(
    core: &mut Core,
    sat: &mut SatSearch,
    q: &Query<'_>,
    limits: &mut Limits<'_>,
) -> Result<Option<bool>, Halt> {
    core.eng.backtrack(0, |_| {});
    if core.eng.propagate().is_some() {
        return Ok(Some(false));
    }
    core.eng.new_level();
    for &a in q.assumptions {
        match core.eng.value(a) {
            0 => core.eng.assign(a, NO_REASON),
            v if v < 0 => {
                core.eng.backtrack(0, |_| {});
                return Ok(Some(false));
            }
            _ => {}
        }
    }
    let answer = if core.eng.propagate().is_some() {
        Some(false)
    } else if q.search {
        sat.solve_limited(
            core,
            q.vars,
            q.conflicts,
            limits,
            &|_| Progress::default(),
            None,
        )?
    } else {
        None
    };
    core.eng.backtrack(0, |_| {});
    Ok(answer)
}
