//! Backbone literals: literals true in every model (Janota, Lynce & Marques-Silva 2015,
//! "Algorithms for computing backbones of propositional formulae"; SharpSAT-TD's
//! preprocessor runs the same step, `V`). One model gives the candidates, its literals;
//! each candidate `l` is then asked of a satisfiability search under `¬l`: no model means
//! `l` holds in every model and is fixed (every count, projected or weighted, stays); a
//! model drops every candidate it makes false. Failed literals find the backbone literals
//! propagation reaches; this finds those a search reaches.

use super::Work;
use crate::core::Core;
use crate::engine::NO_REASON;
use crate::limits::Limits;
use crate::lit::Lit;
use crate::sat::{Halt, SatSearch};
use crate::stats::{PreprocessStats, Progress};
use crate::tuning::Tuning;

/// Conflicts allowed for the first model, and for each candidate's query.
const FIRST_CONFLICTS: u64 = 10_000;
const QUERY_CONFLICTS: u64 = 100;
/// Conflicts allowed in all, per variable of the formula, and in any case.
const CONFLICTS_PER_VAR: u64 = 20;
const CONFLICTS_MIN: u64 = 20_000;
/// Watch visits allowed in all, per literal of the formula, and in any case: a query
/// that finds a model meets no conflict but assigns every variable.
const VISITS_PER_LITERAL: u64 = 100;
const VISITS_MIN: u64 = 10_000_000;

/// Fixes the backbone literals found within the budget. `false` when the formula is
/// unsatisfiable.
pub(crate) fn run(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    if w.clauses.is_empty() {
        return Ok(true);
    }
    let occurs = w.occurrences();
    let vars: Vec<u32> = (0..w.n).filter(|&v| occurs[v as usize] > 0).collect();
    let mut core = Core::new(w.n, &w.clauses, Tuning::default().learnt_min);
    let mut sat = SatSearch::new(w.n);
    let mut model = Vec::new();
    let none = |_: &Core| Progress::default();
    match sat.solve_limited(
        &mut core,
        &vars,
        FIRST_CONFLICTS,
        limits,
        &none,
        Some((&vars, &mut model)),
    )? {
        Some(false) => return Ok(false),
        None => return Ok(true),
        Some(true) => {}
    }
    // candidate[v]: the literal of v every model found so far makes true, if any.
    let mut candidate: Vec<Option<Lit>> = vec![None; w.n as usize];
    for &l in &model {
        candidate[l.var() as usize] = Some(l);
    }
    let budget = CONFLICTS_PER_VAR * vars.len() as u64 + CONFLICTS_MIN;
    let size: u64 = w.clauses.iter().map(|c| c.len() as u64).sum();
    let visits = VISITS_PER_LITERAL * size + VISITS_MIN;
    let start = core.counters.conflicts;
    let mut backbone = Vec::new();
    for &v in &vars {
        if core.counters.conflicts - start > budget || core.eng.visits > visits {
            break;
        }
        let Some(l) = candidate[v as usize] else {
            continue;
        };
        limits.check(Progress::default)?;
        core.eng.backtrack(0, |_| {});
        if core.eng.value(l) > 0 {
            continue;
        }
        core.eng.new_level();
        core.eng.assign(!l, NO_REASON);
        let answer = if core.eng.propagate().is_some() {
            Some(false)
        } else {
            sat.solve_limited(
                &mut core,
                &vars,
                QUERY_CONFLICTS,
                limits,
                &none,
                Some((&vars, &mut model)),
            )?
        };
        core.eng.backtrack(0, |_| {});
        match answer {
            Some(false) => {
                backbone.push(l);
                core.units.push(l);
                if core.eng.value(l) == 0 {
                    core.eng.assign(l, NO_REASON);
                }
                if core.eng.propagate().is_some() {
                    return Ok(false);
                }
            }
            Some(true) => {
                for &m in &model {
                    if candidate[m.var() as usize] == Some(!m) {
                        candidate[m.var() as usize] = None;
                    }
                }
            }
            None => {}
        }
    }
    stats.backbone += backbone.len() as u64;
    w.clauses.extend(backbone.into_iter().map(|l| vec![l]));
    Ok(w.propagate_units(stats))
}
