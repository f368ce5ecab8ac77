//! Clauses blocked during the search (dynamic blocked-clause elimination; Järvisalo, Biere
//! & Heule 2010 for blocked clauses; Ganak 2.9 reports millions of clauses found blocked
//! during its search on small projected formulas).
//!
//! Before a component is split, each of its residual long clauses that is blocked on an
//! unassigned unprojected literal `l` (every residual clause with `¬l` also holds the
//! negation of another of its literals) is switched off: it takes no part in the split,
//! the children's keys or propagation until the branch that switched it off ends. Why
//! the projected count stays:
//! - a model of the other clauses that falsifies it becomes a model of all by flipping
//!   `l`, and no decision assigns `l` (unprojected, not defined: [`Blocking::never_blocks`]),
//!   so the flip keeps every decision and the projection; propagation may still assign
//!   `l` later, which is harmless: the repaired model satisfies the whole formula and the
//!   decisions, so it has every literal they imply;
//! - blockedness outlives later decisions: once a clause and a clause with `¬l` share no
//!   complementary pair, no assignment gives them one, and an assignment that makes the
//!   pair's literals false satisfies one of the two;
//! - learnt clauses still propagate: implied by the whole formula, they only cut models
//!   whose projections other models keep, as everywhere in the search;
//! - switched off in propagation too, the clause cannot carry an assignment from one
//!   child to its sibling, so each child's count is that of its own clauses, which is what
//!   its key says.
//!
//! Switching a clause back on needs no watch repair: it was residual and fully propagated
//! when switched off (both watches unassigned), it is switched back on when its branch
//! ends, and the search assigns nothing on a branch's level after splitting it, so the
//! trail is then what it was.

use super::Graph;
use crate::engine::Engine;
use crate::lit::Lit;

/// The largest component tested. Larger ones pay more for the test than the split gains
/// them: with this bound on every component, track3_035 (1,326 variables) takes 3.8 s
/// instead of 7.6 s, track3_015 9.9 s instead of 12.3 s, and the small random formulas
/// (track3_095, 153: 75 variables) are as fast.
pub(crate) const MAX_VARS: u32 = 64;

/// Which clauses are switched off, and the scratch space of the test.
#[derive(Debug, Default)]
pub(crate) struct Blocking {
    /// Whether each variable may block: unprojected and never decided.
    may_block: Vec<bool>,
    /// How many variables may block.
    blockers: usize,
    /// Per long clause: switched off now.
    pub off: Vec<bool>,
    /// The long clauses switched off, in order.
    stack: Vec<u32>,
    /// Per literal slot of the long clauses: a residual clause that kept the clause from
    /// being blocked on that literal the last time, or `NONE`.
    witness: Vec<u32>,
    /// Per literal code: the stamp of the clause being tested when the literal is in it.
    in_clause: Vec<u32>,
    stamp: u32,
    /// Clauses switched off so far.
    pub found: u64,
    /// Whether the test runs at all.
    pub enabled: bool,
}

impl Blocking {
    /// Nothing switched off; variables outside `projected` may block.
    pub(crate) fn new(projected: &[bool], graph: &Graph) -> Blocking {
        let may_block: Vec<bool> = projected.iter().map(|&p| !p).collect();
        let blockers = may_block.iter().filter(|&&b| b).count();
        let enabled = blockers > 0;
        let num_long = graph.num_long();
        Blocking {
            witness: vec![NONE; if enabled { graph.lits.len() } else { 0 }],
            in_clause: vec![0; if enabled { 2 * may_block.len() } else { 0 }],
            may_block,
            blockers,
            off: vec![false; num_long as usize],
            enabled,
            ..Blocking::default()
        }
    }

    /// Variable `v` is decided by the search: it never blocks. When no variable may
    /// block any more, the test is off.
    pub(crate) fn never_blocks(&mut self, v: u32) {
        if std::mem::replace(&mut self.may_block[v as usize], false) {
            self.blockers -= 1;
            if self.blockers == 0 {
                self.enabled = false;
            }
        }
    }

    /// How many clauses are switched off.
    pub(crate) fn len(&self) -> u32 {
        self.stack.len() as u32
    }

    /// Switches back on every clause switched off since there were `len`.
    pub(crate) fn restore(&mut self, len: u32, graph: &Graph, eng: &mut Engine) {
        for c in self.stack.drain(len as usize..) {
            self.off[c as usize] = false;
            eng.db.meta_mut(graph.cref[c as usize]).disabled = false;
        }
    }

    /// Switches off each clause of `clauses` (long clause ids, not switched off) that
    /// `eng`'s assignment leaves unsatisfied and that is blocked.
    pub(crate) fn switch_off(&mut self, clauses: &[u32], graph: &Graph, eng: &mut Engine) {
        for &c in clauses {
            let lits = graph.clause(c);
            if self.off[c as usize] || lits.iter().any(|&l| eng.is_true(l)) {
                continue;
            }
            let mut stamped = false;
            let mut blocked = false;
            for (i, &l) in lits.iter().enumerate() {
                if !self.may_block[l.var() as usize] || !eng.is_unassigned(l.var()) {
                    continue;
                }
                let slot = graph.starts[c as usize] as usize + i;
                let w = self.witness[slot];
                if w != NONE && !self.off[w as usize] && !satisfied(graph.clause(w), eng) {
                    continue;
                }
                if !stamped {
                    self.stamp_clause(lits, eng);
                    stamped = true;
                }
                match self.blocker(c, l, graph, eng) {
                    Ok(()) => {
                        blocked = true;
                        break;
                    }
                    Err(w) => self.witness[slot] = w,
                }
            }
            if blocked {
                self.off[c as usize] = true;
                self.stack.push(c);
                self.found += 1;
                eng.db.meta_mut(graph.cref[c as usize]).disabled = true;
            }
        }
    }

    /// Gives the unassigned literals of `lits` a new stamp.
    fn stamp_clause(&mut self, lits: &[Lit], eng: &Engine) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.in_clause.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        for &l in lits {
            if eng.is_unassigned(l.var()) {
                self.in_clause[l.code()] = self.stamp;
            }
        }
    }

    /// `Ok` when every residual clause with `¬l` other than `c` (whose unassigned literals
    /// carry the current stamp) holds the negation of another literal of `c`; else a long
    /// clause that does not, to test first next time (`NONE` for a binary one). Such a
    /// witness stays one whenever it is residual with `c`: two clauses that share no
    /// complementary pair of literals cannot gain one as variables are assigned.
    fn blocker(&self, c: u32, l: Lit, graph: &Graph, eng: &Engine) -> Result<(), u32> {
        let marked = |m: Lit| self.in_clause[(!m).code()] == self.stamp;
        let (own, other) = graph.bins_with(l.var());
        for (&o, &w) in own.iter().zip(other) {
            if o != !l || eng.is_true(w) {
                continue;
            }
            if !eng.is_unassigned(w.var()) || !marked(w) {
                return Err(NONE);
            }
        }
        for &d in graph.occ_of(l.var()) {
            if d == c || self.off[d as usize] {
                continue;
            }
            let dl = graph.clause(d);
            if !dl.contains(&!l) || satisfied(dl, eng) {
                continue;
            }
            let resolves = dl
                .iter()
                .any(|&m| m != !l && eng.is_unassigned(m.var()) && marked(m));
            if !resolves {
                return Err(d);
            }
        }
        Ok(())
    }
}

/// No witness.
const NONE: u32 = u32::MAX;

/// Whether `eng` makes a literal of `lits` true.
#[inline]
fn satisfied(lits: &[Lit], eng: &Engine) -> bool {
    lits.iter().any(|&l| eng.is_true(l))
}
