//! Conflict analysis: the first unique implication point (1-UIP) clause (Marques-Silva &
//! Sakallah 1999, "GRASP"; Zhang et al. 2001), shortened by local minimisation, with its
//! literal block distance (Audemard & Simon 2009, "Glucose").
//!
//! Every learnt clause is a resolvent of clauses implied by the formula, so it is implied
//! by the formula too: adding it never changes a count. It is only used to propagate; it
//! takes no part in components or cache keys.

use crate::activity::Activity;
use crate::engine::{Engine, NO_REASON, UNIT_REASON};
use crate::lit::Lit;

/// A learnt clause: `lits[0]` is the negation of the UIP, `lits[1]` (if any) has the
/// highest level among the rest.
#[derive(Debug, Default)]
pub(crate) struct Learnt {
    /// The literals.
    pub lits: Vec<Lit>,
    /// The highest level among `lits[1..]` (0 for a unit).
    pub backjump: u32,
    /// Number of distinct levels in the clause.
    pub lbd: u32,
}

/// Scratch space of conflict analysis.
#[derive(Debug, Default)]
pub(crate) struct Analyzer {
    seen: Vec<bool>,
    level_seen: Vec<u32>,
    level_stamp: u32,
    /// Variables whose activity was bumped by the last analysis.
    pub bumped: Vec<u32>,
}

impl Analyzer {
    /// Scratch space for `n` variables.
    pub(crate) fn new(n: u32) -> Analyzer {
        Analyzer {
            seen: vec![false; n as usize],
            level_seen: vec![0; n as usize + 2],
            ..Analyzer::default()
        }
    }

    /// Resolves the conflict clause `confl` back to the first UIP of the current level.
    /// `None` when no literal of the current level takes part (the conflict clause is
    /// false below the current level once literals implied by learnt units are resolved
    /// away); then nothing is learnt.
    pub(crate) fn analyze(
        &mut self,
        eng: &mut Engine,
        confl: u32,
        act: &mut Activity,
    ) -> Option<Learnt> {
        let cur = eng.decision_level();
        let mut out = vec![Lit::new(0, false)];
        let mut path = 0u32;
        let mut index = eng.trail().len();
        let mut clause = confl;
        let mut p: Option<Lit> = None;
        self.bumped.clear();
        loop {
            self.mark(eng, clause, p, act, |q, level| {
                if level >= cur {
                    path += 1;
                } else {
                    out.push(q);
                }
            });
            if path == 0 {
                for l in &out[1..] {
                    self.seen[l.var() as usize] = false;
                }
                return None;
            }
            // The next seen literal of the current level.
            let next = self.unmark_next(eng, &mut index);
            path -= 1;
            if path == 0 {
                out[0] = !next;
                break;
            }
            clause = eng.reason(next.var());
            debug_assert!(clause != NO_REASON, "a decision before the UIP");
            p = Some(next);
        }
        Some(self.conclude(eng, out, act))
    }

    /// As [`Analyzer::analyze`] for a conflict found at or above level `floor` by a
    /// satisfiability search that decided nothing at `floor` itself: every literal of level
    /// `floor` or above is resolved away (each has a reason), and the clause over the levels
    /// below is resolved to the first UIP of level `floor - 1`, the counting search's
    /// current level. `None` when no literal of that level takes part, when that level is
    /// 0, or when a literal to resolve has no clause (an assumption).
    pub(crate) fn analyze_below(
        &mut self,
        eng: &mut Engine,
        confl: u32,
        act: &mut Activity,
        floor: u32,
    ) -> Option<Learnt> {
        let cur = floor.checked_sub(1).filter(|&c| c > 0)?;
        let mut out = vec![Lit::new(0, false)];
        let (mut above, mut path) = (0u32, 0u32);
        let mut index = eng.trail().len();
        let mut clause = confl;
        let mut p: Option<Lit> = None;
        self.bumped.clear();
        loop {
            self.mark(eng, clause, p, act, |q, level| match level {
                l if l >= floor => above += 1,
                l if l == cur => path += 1,
                _ => out.push(q),
            });
            if above + path == 0 {
                self.clear_seen(eng, &out, index);
                return None;
            }
            // Those of `floor` and above lie after every literal of lower levels.
            let next = self.unmark_next(eng, &mut index);
            if eng.level(next.var()) >= floor {
                above -= 1;
            } else {
                path -= 1;
                if path == 0 {
                    out[0] = !next;
                    break;
                }
            }
            clause = eng.reason(next.var());
            if clause >= UNIT_REASON {
                // Assumed, not implied (a caller's assumptions share a level): no clause
                // to resolve with.
                self.clear_seen(eng, &out, index);
                return None;
            }
            p = Some(next);
        }
        Some(self.conclude(eng, out, act))
    }

    /// Unmarks the literals of `out[1..]` and every marked literal of the trail before
    /// `index` (an analysis given up half-way).
    fn clear_seen(&mut self, eng: &Engine, out: &[Lit], index: usize) {
        for l in &out[1..] {
            self.seen[l.var() as usize] = false;
        }
        for l in &eng.trail()[..index] {
            self.seen[l.var() as usize] = false;
        }
    }

    /// The last seen literal on the trail before `index`, which moves to it; unmarked.
    fn unmark_next(&mut self, eng: &Engine, index: &mut usize) -> Lit {
        let next = loop {
            *index -= 1;
            let l = eng.trail()[*index];
            if self.seen[l.var() as usize] {
                break l;
            }
        };
        self.seen[next.var() as usize] = false;
        next
    }

    /// Minimises the clause `out` (its UIP literal first), unmarks it and decays the
    /// activities.
    fn conclude(&mut self, eng: &Engine, mut out: Vec<Lit>, act: &mut Activity) -> Learnt {
        self.minimize(eng, &mut out);
        for l in &out[1..] {
            self.seen[l.var() as usize] = false;
        }
        act.decay();
        self.finish(eng, out)
    }

    /// Marks as seen (and bumps) each literal of `clause` (a clause reference, or else
    /// nothing) other than `p` that is neither seen nor fixed for good, and hands it to
    /// `found` with its level.
    fn mark(
        &mut self,
        eng: &mut Engine,
        clause: u32,
        p: Option<Lit>,
        act: &mut Activity,
        mut found: impl FnMut(Lit, u32),
    ) {
        if clause >= UNIT_REASON {
            return;
        }
        let m = eng.db.meta_mut(clause);
        if m.learnt {
            m.activity += 1.0;
        }
        for &q in eng.db.lits(clause) {
            if Some(q) == p {
                continue;
            }
            let v = q.var();
            if self.seen[v as usize] || Self::is_root(eng, v) {
                continue;
            }
            self.seen[v as usize] = true;
            act.bump(v);
            self.bumped.push(v);
            found(q, eng.level(v));
        }
    }

    /// True for variables fixed for good: level 0 or implied by a learnt unit.
    #[inline]
    fn is_root(eng: &Engine, v: u32) -> bool {
        eng.level(v) == 0 || eng.reason(v) == UNIT_REASON
    }

    /// Drops literals whose reason's other literals are all in the clause already
    /// (local minimisation, Sörensson & Biere 2009).
    fn minimize(&mut self, eng: &Engine, out: &mut Vec<Lit>) {
        let mut j = 1;
        for i in 1..out.len() {
            let l = out[i];
            let r = eng.reason(l.var());
            let redundant = r < UNIT_REASON
                && eng.db.lits(r).iter().all(|&q| {
                    q.var() == l.var() || self.seen[q.var() as usize] || Self::is_root(eng, q.var())
                });
            if redundant {
                self.seen[l.var() as usize] = false;
            } else {
                out[j] = l;
                j += 1;
            }
        }
        out.truncate(j);
    }

    /// Puts the highest-level literal second and computes backjump level and LBD.
    fn finish(&mut self, eng: &Engine, mut lits: Vec<Lit>) -> Learnt {
        let mut backjump = 0;
        if lits.len() > 1 {
            let mut best = 1;
            for i in 2..lits.len() {
                if eng.level(lits[i].var()) > eng.level(lits[best].var()) {
                    best = i;
                }
            }
            lits.swap(1, best);
            backjump = eng.level(lits[1].var());
        }
        self.level_stamp += 1;
        let mut lbd = 0;
        for l in &lits {
            let lv = eng.level(l.var()) as usize;
            if lv < self.level_seen.len() && self.level_seen[lv] != self.level_stamp {
                self.level_seen[lv] = self.level_stamp;
                lbd += 1;
            }
        }
        Learnt {
            lits,
            backjump,
            lbd,
        }
    }
}
