//! Unit propagation with a trail over [`Clauses`]: implication lists for the binary clauses,
//! two watched literals for the longer ones. The one propagation loop of the toolkit (the
//! DPLL enumerator, the cube splitter, the varisat backend's cube simplification and the
//! certificate maker all run it); only the independent certificate checker has its own.
//! Sound, not complete: a conflict means no solution under the assignment; no conflict means
//! nothing.

use crate::clauses::implied_by;
use crate::{Clauses, Lit, Var};
use std::sync::Arc;

const UNSET: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;

/// A partial assignment over a formula, extended by unit propagation and taken back to a
/// mark.
#[derive(Clone)]
pub struct Propagator {
    f: Arc<Clauses>,
    /// The long clauses' literals, each clause's two watched ones first.
    lits: Vec<Lit>,
    /// Per literal: the long clauses watching it.
    watches: Vec<Vec<u32>>,
    value: Vec<u8>,
    trail: Vec<Lit>,
    /// Trail entries before `head` are propagated.
    head: usize,
}

impl Propagator {
    /// Nothing assigned yet, not even the formula's units ([`Propagator::start`] assigns
    /// them).
    pub fn new(f: Arc<Clauses>) -> Propagator {
        let mut watches = vec![Vec::new(); 2 * f.num_vars()];
        for c in 0..f.num_long() as u32 {
            let cl = f.long(c);
            watches[cl[0].code()].push(c);
            watches[cl[1].code()].push(c);
        }
        Propagator {
            lits: f.long_lits().to_vec(),
            watches,
            value: vec![UNSET; f.num_vars()],
            trail: Vec::with_capacity(f.num_vars()),
            head: 0,
            f,
        }
    }

    /// The formula.
    pub fn clauses(&self) -> &Arc<Clauses> {
        &self.f
    }

    /// Assigns the formula's unit clauses and propagates; `false` when the formula is refuted
    /// by that alone (an empty clause, or a conflict).
    pub fn start(&mut self) -> bool {
        if self.f.has_empty_clause() {
            return false;
        }
        let f = Arc::clone(&self.f);
        f.units().iter().all(|&l| self.enqueue(l)) && self.propagate()
    }

    /// The value of `l` under the assignment.
    #[inline]
    pub fn lit_value(&self, l: Lit) -> Option<bool> {
        match self.value[l.var().index()] {
            UNSET => None,
            v => Some((v == TRUE) == l.is_positive()),
        }
    }

    /// Whether `l` is true.
    #[inline]
    pub fn is_true(&self, l: Lit) -> bool {
        self.lit_value(l) == Some(true)
    }

    /// Whether `l` is false.
    #[inline]
    pub fn is_false(&self, l: Lit) -> bool {
        self.lit_value(l) == Some(false)
    }

    /// Whether `l` is unassigned.
    #[inline]
    pub fn is_open(&self, l: Lit) -> bool {
        self.value[l.var().index()] == UNSET
    }

    /// The value of variable `v`.
    #[inline]
    pub fn var_value(&self, v: Var) -> Option<bool> {
        self.lit_value(v.positive())
    }

    /// Whether variable index `v` is assigned.
    #[inline]
    pub fn is_assigned(&self, v: usize) -> bool {
        self.value[v] != UNSET
    }

    /// The values of the first `n` variables (`false` where unassigned).
    pub fn values(&self, n: usize) -> Vec<bool> {
        self.value[..n].iter().map(|&v| v == TRUE).collect()
    }

    /// The values of every variable (`None`: unassigned).
    pub fn partial(&self) -> Vec<Option<bool>> {
        self.value
            .iter()
            .map(|&v| (v != UNSET).then_some(v == TRUE))
            .collect()
    }

    /// Makes `l` true without propagating; `false` when it is false already.
    #[inline]
    pub fn enqueue(&mut self, l: Lit) -> bool {
        match self.value[l.var().index()] {
            UNSET => {
                self.value[l.var().index()] = if l.is_positive() { TRUE } else { FALSE };
                self.trail.push(l);
                true
            }
            v => (v == TRUE) == l.is_positive(),
        }
    }

    /// Propagates everything enqueued and not yet propagated; `false` on a conflict (the
    /// assignment is then partial: [`Propagator::undo`] to a mark taken before).
    pub fn propagate(&mut self) -> bool {
        let f = Arc::clone(&self.f);
        let implied = f.implication_table();
        while self.head < self.trail.len() {
            let l = self.trail[self.head];
            self.head += 1;
            for &m in implied_by(implied, l) {
                if !self.enqueue(m) {
                    return false;
                }
            }
            if !self.visit(&f, !l) {
                return false;
            }
        }
        true
    }

    /// Assigns `l` and propagates; `false` on a conflict.
    pub fn assign(&mut self, l: Lit) -> bool {
        self.enqueue(l) && self.propagate()
    }

    /// Visits the long clauses watching `false_lit`, which just became false.
    fn visit(&mut self, f: &Clauses, false_lit: Lit) -> bool {
        let mut ws = std::mem::take(&mut self.watches[false_lit.code()]);
        let (mut i, mut j) = (0, 0);
        let mut ok = true;
        while i < ws.len() {
            let c = ws[i];
            i += 1;
            let range = f.long_range(c);
            let (s, e) = (range.start, range.end);
            if self.lits[s] == false_lit {
                self.lits.swap(s, s + 1);
            }
            let other = self.lits[s];
            if self.is_true(other) {
                ws[j] = c;
                j += 1;
                continue;
            }
            if let Some(k) = (s + 2..e).find(|&k| !self.is_false(self.lits[k])) {
                self.lits.swap(s + 1, k);
                self.watches[self.lits[s + 1].code()].push(c);
                continue;
            }
            ws[j] = c;
            j += 1;
            if !self.enqueue(other) {
                ok = false;
                break;
            }
        }
        ws.copy_within(i.., j);
        ws.truncate(j + (ws.len() - i));
        self.watches[false_lit.code()] = ws;
        ok
    }

    /// The literals assigned, in order.
    pub fn trail(&self) -> &[Lit] {
        &self.trail
    }

    /// A mark to undo to: the trail's length.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Takes back every assignment made after `mark`.
    pub fn undo(&mut self, mark: usize) {
        self.undo_with(mark, |_| {});
    }

    /// Takes back every assignment made after `mark`, calling `f` with each literal undone.
    #[inline]
    pub fn undo_with(&mut self, mark: usize, mut f: impl FnMut(Lit)) {
        for l in self.trail.drain(mark..) {
            self.value[l.var().index()] = UNSET;
            f(l);
        }
        self.head = self.trail.len();
    }

    /// The literals of clause `c` of the formula not yet assigned.
    pub fn open_lits(&self, c: usize) -> impl Iterator<Item = Lit> + '_ {
        self.f
            .clause(c)
            .iter()
            .copied()
            .filter(|&l| self.is_open(l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i64) -> Lit {
        Var::new(n.unsigned_abs() as u32 - 1).lit(n > 0)
    }

    fn formula_over(num_vars: usize, clauses: &[&[i64]]) -> Arc<Clauses> {
        let cl: Vec<Vec<Lit>> = clauses
            .iter()
            .map(|c| c.iter().map(|&n| lit(n)).collect())
            .collect();
        Arc::new(Clauses::from_clauses(
            num_vars,
            cl.iter().map(Vec::as_slice),
        ))
    }

    fn formula(clauses: &[&[i64]]) -> Arc<Clauses> {
        formula_over(0, clauses)
    }

    #[test]
    fn units_and_binaries_and_long_clauses_propagate() {
        // 1; ¬1 ∨ 2; ¬2 ∨ ¬3 ∨ 4; 3
        let mut p = Propagator::new(formula(&[&[1], &[-1, 2], &[-2, -3, 4], &[3]]));
        assert!(p.start());
        assert_eq!(p.lit_value(lit(4)), Some(true));
        assert_eq!(p.trail().len(), 4);
    }

    #[test]
    fn a_conflict_is_found_and_undone() {
        // ¬1 ∨ ¬2 ∨ 3; ¬1 ∨ ¬2 ∨ ¬3
        let mut p = Propagator::new(formula(&[&[-1, -2, 3], &[-1, -2, -3]]));
        assert!(p.start());
        let m = p.mark();
        assert!(p.assign(lit(1)));
        assert!(!p.assign(lit(2)));
        p.undo(m);
        assert!(p.is_open(lit(1)) && p.is_open(lit(3)));
        assert!(p.assign(lit(2)));
        assert!(!p.assign(lit(1)));
    }

    #[test]
    fn an_empty_clause_refutes_at_the_start() {
        let mut p = Propagator::new(formula(&[&[1, 2], &[]]));
        assert!(!p.start());
    }

    #[test]
    fn propagation_agrees_with_brute_force_on_small_formulas() {
        // A deterministic pseudo-random family: every literal propagation fixes must hold in
        // every model that extends the assignment, and a conflict means no such model.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..300 {
            let vars = 2 + next(5) as i64;
            let clauses: Vec<Vec<i64>> = (0..next(8) + 1)
                .map(|_| {
                    (0..next(4) + 1)
                        .map(|_| {
                            let v = 1 + next(vars as u64) as i64;
                            if next(2) == 0 {
                                v
                            } else {
                                -v
                            }
                        })
                        .collect()
                })
                .collect();
            let refs: Vec<&[i64]> = clauses.iter().map(Vec::as_slice).collect();
            let f = formula_over(vars as usize, &refs);
            let assumption = lit(1 + next(vars as u64) as i64);
            let mut p = Propagator::new(Arc::clone(&f));
            let ok = p.start() && p.assign(assumption);
            let models: Vec<u32> = (0..1u32 << vars)
                .filter(|&a| {
                    let holds = |l: &Lit| ((a >> l.var().index()) & 1 == 1) == l.is_positive();
                    f.iter().all(|c| c.iter().any(holds)) && holds(&assumption)
                })
                .collect();
            if !ok {
                assert!(models.is_empty(), "{clauses:?} under {assumption:?}");
                continue;
            }
            for &l in p.trail() {
                for &a in &models {
                    assert_eq!((a >> l.var().index()) & 1 == 1, l.is_positive());
                }
            }
        }
    }
}
