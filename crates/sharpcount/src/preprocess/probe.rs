//! Failed-literal probing (Freeman 1995; Le Berre 2001): when assigning a literal and
//! propagating falsifies a clause, its negation holds in every model and is fixed. Only
//! literals whose assignment can propagate (those occurring negated in a binary clause)
//! are tried, within a budget of propagations.

use super::Work;
use crate::engine::{Engine, NO_REASON};
use crate::limits::Limits;
use crate::lit::Lit;
use crate::sat::Halt;
use crate::stats::{PreprocessStats, Progress};

/// Watch visits allowed per literal of the formula.
const BUDGET_PER_LITERAL: u64 = 40;

/// Fixes failed literals. `false` when the formula is unsatisfiable.
pub(crate) fn failed_literals(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    let mut eng = Engine::with_clauses(w.n, &w.clauses);
    let mut in_binary = vec![false; 2 * w.n as usize];
    let mut size = 0u64;
    for c in &w.clauses {
        size += c.len() as u64;
        if c.len() == 2 {
            in_binary[(!c[0]).code()] = true;
            in_binary[(!c[1]).code()] = true;
        }
    }
    let budget = BUDGET_PER_LITERAL * size + 1_000_000;
    let mut found = 0u64;
    for code in 0..2 * w.n {
        if !in_binary[code as usize] || eng.visits > budget {
            continue;
        }
        limits.check(Progress::default)?;
        let l = Lit::from_code(code);
        if eng.value(l) != 0 {
            continue;
        }
        eng.new_level();
        eng.assign(l, NO_REASON);
        let failed = eng.propagate().is_some();
        eng.backtrack(0, |_| {});
        if failed {
            found += 1;
            if let Some(log) = w.log.as_mut() {
                log.push(&[!l]);
            }
            eng.assign(!l, NO_REASON);
            if eng.propagate().is_some() {
                return Ok(false);
            }
        }
    }
    stats.failed_literals += found;
    if found == 0 {
        return Ok(true);
    }
    Ok(w.apply_assignment(&eng, stats))
}
