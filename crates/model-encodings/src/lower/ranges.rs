//! The ranges of a model's integers ([`crate::IntDef`]) as CNF constraints. A range holds in
//! every lowering: the ILP lowering makes it the integer's bounds, and the CNF lowering adds
//! `sum >= lo` and `sum <= hi` as linear constraints, unless the model already implies them.
//!
//! "Implied" is decided by three sound tests, cheapest first, so a model whose constraints
//! already keep an integer in range (a one-hot or log-encoded domain, say) lowers to the same
//! CNF as if it had no integer:
//! 1. the coefficients alone keep the sum in range;
//! 2. an exactly-one (or at-most-one) constraint over exactly the integer's variables leaves
//!    only the values of single terms (and 0);
//! 3. for an integer over at most [`MAX_ENUMERATED_VARS`] variables, every out-of-range
//!    assignment of them falsifies a clause of the model over those variables alone.

use crate::{Cmp, Constraint, IntDef, Lit, Model, Var};
use std::collections::HashMap;

/// Integers over more variables than this are not tried by enumeration (test 3).
const MAX_ENUMERATED_VARS: usize = 16;

/// A range constraint the CNF lowering adds: the integer's index and the constraint.
pub(crate) struct RangeConstraint {
    /// Index of the integer in [`Model::ints`].
    pub int: usize,
    /// `sum >= lo` or `sum <= hi`.
    pub constraint: Constraint,
}

/// The constraints that keep every integer of `model` in its range and that the model does
/// not already imply, in integer order (`>= lo` before `<= hi`).
pub(crate) fn range_constraints(model: &Model) -> Vec<RangeConstraint> {
    // The index costs a pass over the constraints: made only for an integer whose range its
    // coefficients do not imply.
    let mut index = None;
    let mut out = Vec::new();
    for (i, def) in model.ints().iter().enumerate() {
        let (min, max) = bounds(def);
        let needs_lo = def.lo > min;
        let needs_hi = def.hi < max;
        if !(needs_lo || needs_hi)
            || index
                .get_or_insert_with(|| Index::new(model))
                .implies(i, def)
        {
            continue;
        }
        let terms: Vec<(i64, Lit)> = def.terms.iter().map(|&(a, v)| (a, v.positive())).collect();
        for (needed, cmp, rhs) in [
            (needs_lo, Cmp::AtLeast, def.lo),
            (needs_hi, Cmp::AtMost, def.hi),
        ] {
            if needed {
                out.push(RangeConstraint {
                    int: i,
                    constraint: Constraint::Linear {
                        terms: terms.clone(),
                        cmp,
                        rhs,
                    },
                });
            }
        }
    }
    out
}

/// The least and greatest values of the sum over all assignments, ignoring every constraint
/// (saturating: a sum past `i64` is out of any range anyway).
fn bounds(def: &IntDef) -> (i64, i64) {
    def.terms.iter().fold((0i64, 0i64), |(lo, hi), &(a, _)| {
        if a < 0 {
            (lo.saturating_add(a), hi)
        } else {
            (lo, hi.saturating_add(a))
        }
    })
}

/// Which constraints of the model mention only one integer's variables, found in one pass.
struct Index<'m> {
    model: &'m Model,
    /// Per integer: its distinct variables, or `None` when a variable repeats.
    vars: Vec<Option<Vec<Var>>>,
    /// Per integer: constraints whose variables all belong to it.
    local: Vec<Vec<usize>>,
}

impl<'m> Index<'m> {
    fn new(model: &'m Model) -> Index<'m> {
        let ints = model.ints();
        let mut owner: HashMap<Var, Vec<usize>> = HashMap::new();
        let vars: Vec<Option<Vec<Var>>> = ints
            .iter()
            .enumerate()
            .map(|(i, def)| {
                let mut vs: Vec<Var> = def.terms.iter().map(|&(_, v)| v).collect();
                vs.sort_unstable();
                vs.dedup();
                for &v in &vs {
                    owner.entry(v).or_default().push(i);
                }
                (vs.len() == def.terms.len()).then_some(vs)
            })
            .collect();
        let mut local = vec![Vec::new(); ints.len()];
        for (c, constraint) in model.constraints().iter().enumerate() {
            let lits = match constraint {
                Constraint::Clause(l) | Constraint::AtMostOne(l) | Constraint::ExactlyOne(l) => l,
                _ => continue,
            };
            let Some(first) = lits.first().and_then(|l| owner.get(&l.var())) else {
                continue;
            };
            for &i in first {
                let mine = |l: &Lit| owner.get(&l.var()).is_some_and(|o| o.contains(&i));
                if lits.iter().all(mine) {
                    local[i].push(c);
                }
            }
        }
        Index { model, vars, local }
    }

    /// Whether the model's constraints keep integer `i` in range (tests 2 and 3).
    fn implies(&self, i: usize, def: &IntDef) -> bool {
        let Some(vars) = &self.vars[i] else {
            return false;
        };
        let constraints = self.model.constraints();
        let one_hot = self.local[i].iter().find_map(|&c| match &constraints[c] {
            Constraint::ExactlyOne(l) if covers(l, vars) => Some(false),
            Constraint::AtMostOne(l) if covers(l, vars) => Some(true),
            _ => None,
        });
        if let Some(zero_allowed) = one_hot {
            let in_range = |v: i64| (def.lo..=def.hi).contains(&v);
            return def.terms.iter().all(|&(a, _)| in_range(a)) && (!zero_allowed || in_range(0));
        }
        vars.len() <= MAX_ENUMERATED_VARS && self.clauses_exclude_out_of_range(i, def, vars)
    }

    /// Test 3: every assignment of the integer's variables with a value out of range
    /// falsifies one of the clauses over those variables.
    fn clauses_exclude_out_of_range(&self, i: usize, def: &IntDef, vars: &[Var]) -> bool {
        let position: HashMap<Var, usize> = vars.iter().enumerate().map(|(p, &v)| (v, p)).collect();
        // Each clause as (the bits it needs true to be satisfied by a positive literal, the
        // bits it needs false): an assignment falsifies it when it sets none of the first
        // and all of the second.
        let clauses: Vec<(u32, u32)> = self.local[i]
            .iter()
            .filter_map(|&c| match &self.model.constraints()[c] {
                Constraint::Clause(lits) => Some(lits.iter().fold((0u32, 0u32), |(p, n), l| {
                    let bit = 1u32 << position[&l.var()];
                    if l.is_positive() {
                        (p | bit, n)
                    } else {
                        (p, n | bit)
                    }
                })),
                _ => None,
            })
            .collect();
        let weights: Vec<i64> = def.terms.iter().map(|&(a, v)| (a, position[&v])).fold(
            vec![0; vars.len()],
            |mut w, (a, p)| {
                w[p] = a;
                w
            },
        );
        let range = i128::from(def.lo)..=i128::from(def.hi);
        (0u32..1 << vars.len()).all(|code| {
            let value: i128 = (0..vars.len())
                .filter(|&p| code >> p & 1 == 1)
                .map(|p| i128::from(weights[p]))
                .sum();
            range.contains(&value)
                || clauses
                    .iter()
                    .any(|&(pos, neg)| code & pos == 0 && code & neg == neg)
        })
    }
}

/// Whether `lits` are the positive literals of exactly `vars` (sorted, distinct).
fn covers(lits: &[Lit], vars: &[Var]) -> bool {
    if lits.len() != vars.len() || !lits.iter().all(|l| l.is_positive()) {
        return false;
    }
    let mut vs: Vec<Var> = lits.iter().map(|l| l.var()).collect();
    vs.sort_unstable();
    vs == vars
}

#[cfg(test)]
mod tests;
