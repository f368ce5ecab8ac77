//! Top-level unit propagation of a cube's fixed literals over the lowered formula (kept once
//! per model): what is left after it is all a solver needs.

use std::sync::Arc;
use zero_one_model::{Clauses, Lit, Propagator};

/// The outcome of propagating fixed literals.
pub enum Propagated {
    /// The fixed literals contradict the formula.
    Conflict,
    /// Values forced at the top level (`None`: still open).
    Values(Vec<Option<bool>>),
}

/// Unit propagation from `fixed` and the formula's own unit clauses.
pub fn propagate(cnf: &Arc<Clauses>, fixed: &[Lit]) -> Propagated {
    let mut p = Propagator::new(Arc::clone(cnf));
    if p.start() && fixed.iter().all(|&l| p.assign(l)) {
        Propagated::Values(p.partial())
    } else {
        Propagated::Conflict
    }
}

/// Calls `f` with every clause not satisfied under `value`, without its false literals.
pub fn for_each_open_clause(cnf: &Clauses, value: &[Option<bool>], mut f: impl FnMut(&[Lit])) {
    let mut open = Vec::new();
    'clauses: for clause in cnf.iter() {
        open.clear();
        for &x in clause {
            match value[x.var().index()].map(|v| v == x.is_positive()) {
                Some(true) => continue 'clauses,
                Some(false) => {}
                None => open.push(x),
            }
        }
        f(&open);
    }
}
