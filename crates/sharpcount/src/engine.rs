//! The counter's propagation loop: the assignment, the trail of decision levels, two watched
//! literals per clause with a blocking literal (Moskewicz et al. 2001, "Chaff"; Eén &
//! Sörensson 2003, "MiniSat"), and backtracking. Counting, satisfiability search and
//! preprocessing (failed-literal probing) all run on it.
//!
//! It is the counter's own, not the toolkit's `zero_one_model::Propagator`, for three
//! reasons. Clause learning needs what `Propagator` has no use for: the clause and the
//! decision level of every implied literal (1-UIP analysis, backjumping), the clause of a
//! conflict, and clauses that come and go during the search (learnt, then reduced), where
//! `Propagator`'s clauses are the shared core's, fixed once built. The clauses propagated
//! are the counter's own preprocessed problem (renumbered, simplified, one per cube), not
//! the caller's core, so there is no core to borrow here. And `Propagator`'s loop, taken
//! into this one, is no faster and can be slower: interleaved A/B, medians of 5, `nqueens
//! count cnf FILE --method counter --threads 1` on six 2022 competition files of 3 to 14
//! s (`bench/ab.sh`, the patches in `bench/counter-propagation/`, figures in
//! `bench/results/counter-propagation.md`): long clauses visited without a blocking literal,
//! as `Propagator` visits them, took 1.25x as long on `mc2022_track3_007` (13.87 s against
//! 11.07 s) and 1.10x on `mc2022_track1_073`, 0.97x to 1.02x on the other four; binary
//! clauses in implication lists, as `Propagator` keeps them, 0.95x to 1.10x, no gain.

use crate::clause_db::ClauseDb;
use crate::lit::Lit;

/// Reason of a decision (or of a flipped decision).
pub(crate) const NO_REASON: u32 = u32::MAX;
/// Reason of a literal implied by a learnt unit clause: analysis resolves it away like a
/// literal of level 0.
pub(crate) const UNIT_REASON: u32 = u32::MAX - 1;

const TRUE: i8 = 1;
const FALSE: i8 = -1;

/// A clause watching a literal, with another literal of the clause: when that one is
/// true the clause is satisfied and need not be visited.
#[derive(Clone, Copy, Debug)]
struct Watch {
    cref: u32,
    blocker: Lit,
}

/// Assignment, trail and watched-literal propagation over a [`ClauseDb`].
#[derive(Debug, Default)]
pub(crate) struct Engine {
    /// The clauses.
    pub db: ClauseDb,
    watches: Vec<Vec<Watch>>,
    vals: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    trail: Vec<Lit>,
    trail_lim: Vec<u32>,
    qhead: usize,
    /// Last value of each variable (true = negative), for phase saving.
    pub phase: Vec<bool>,
    /// Literals assigned by propagation so far.
    pub propagations: u64,
    /// Watch list entries visited so far: the work propagation did, for budgets.
    pub visits: u64,
}

impl Engine {
    /// An engine over `num_vars` unassigned variables and no clauses.
    pub(crate) fn new(num_vars: u32) -> Engine {
        let n = num_vars as usize;
        Engine {
            watches: vec![Vec::new(); 2 * n],
            vals: vec![0; 2 * n],
            level: vec![0; n],
            reason: vec![NO_REASON; n],
            phase: vec![true; n],
            ..Engine::default()
        }
    }

    /// An engine over `num_vars` unassigned variables and the original clauses `clauses`
    /// of at least two literals (shorter ones are left out; none assigned), each watching
    /// its first two literals. The clause arena and every watch list are sized exactly first: grown one
    /// clause at a time they would hold up to twice what they need, and a list of one
    /// watch would take room for four.
    pub(crate) fn with_clauses(num_vars: u32, clauses: &[Vec<Lit>]) -> Engine {
        let mut eng = Engine::new(num_vars);
        let mut watched = vec![0u32; eng.watches.len()];
        let mut lits = 0;
        let long = || clauses.iter().filter(|c| c.len() >= 2);
        let mut n = 0;
        for c in long() {
            watched[c[0].code()] += 1;
            watched[c[1].code()] += 1;
            lits += c.len();
            n += 1;
        }
        for (ws, &k) in eng.watches.iter_mut().zip(&watched) {
            ws.reserve_exact(k as usize);
        }
        drop(watched);
        eng.db.reserve_exact(n, lits);
        for c in long() {
            eng.add_clause(c, false, 0);
        }
        eng
    }

    /// Adds a clause of at least two literals, watching its first two, and returns its
    /// reference. The caller orders the literals so that the watches are sound for the
    /// current assignment (unassigned or true first, or the highest levels first).
    pub(crate) fn add_clause(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        debug_assert!(lits.len() >= 2);
        let cref = self.db.add(lits, learnt, lbd);
        self.watches[lits[0].code()].push(Watch {
            cref,
            blocker: lits[1],
        });
        self.watches[lits[1].code()].push(Watch {
            cref,
            blocker: lits[0],
        });
        cref
    }

    /// 1 when `l` is true, -1 when false, 0 when unassigned.
    #[inline]
    pub(crate) fn value(&self, l: Lit) -> i8 {
        self.vals[l.code()]
    }

    /// True when `l` is true.
    #[inline]
    pub(crate) fn is_true(&self, l: Lit) -> bool {
        self.vals[l.code()] == TRUE
    }

    /// True when `l` is false.
    #[inline]
    pub(crate) fn is_false(&self, l: Lit) -> bool {
        self.vals[l.code()] == FALSE
    }

    /// True when `var` has no value.
    #[inline]
    pub(crate) fn is_unassigned(&self, var: u32) -> bool {
        self.vals[2 * var as usize] == 0
    }

    /// Decision level at which `var` was assigned.
    #[inline]
    pub(crate) fn level(&self, var: u32) -> u32 {
        self.level[var as usize]
    }

    /// The clause that implied `var`, [`NO_REASON`] or [`UNIT_REASON`].
    #[inline]
    pub(crate) fn reason(&self, var: u32) -> u32 {
        self.reason[var as usize]
    }

    /// The current decision level.
    #[inline]
    pub(crate) fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// The assigned literals, oldest first.
    #[inline]
    pub(crate) fn trail(&self) -> &[Lit] {
        &self.trail
    }

    /// Opens a new decision level.
    pub(crate) fn new_level(&mut self) {
        self.trail_lim.push(self.trail.len() as u32);
    }

    /// Makes `l` true at the current level; `l` must be unassigned.
    #[inline]
    pub(crate) fn assign(&mut self, l: Lit, reason: u32) {
        debug_assert_eq!(self.vals[l.code()], 0);
        self.vals[l.code()] = TRUE;
        self.vals[(!l).code()] = FALSE;
        let v = l.var() as usize;
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
    }

    /// Unit propagation of everything assigned since the last call. Returns the
    /// reference of a falsified clause, if any.
    pub(crate) fn propagate(&mut self) -> Option<u32> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            self.propagations += 1;
            if let Some(confl) = self.propagate_lit(!p) {
                self.qhead = self.trail.len();
                return Some(confl);
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, which has just become false.
    fn propagate_lit(&mut self, false_lit: Lit) -> Option<u32> {
        let mut ws = std::mem::take(&mut self.watches[false_lit.code()]);
        self.visits += ws.len() as u64 + 1;
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.vals[w.blocker.code()] == TRUE || self.db.meta(w.cref).disabled {
                ws[j] = w;
                j += 1;
                continue;
            }
            let lits = self.db.lits_mut(w.cref);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            if first != w.blocker && self.vals[first.code()] == TRUE {
                ws[j] = Watch {
                    cref: w.cref,
                    blocker: first,
                };
                j += 1;
                continue;
            }
            let mut moved = false;
            for k in 2..lits.len() {
                if self.vals[lits[k].code()] != FALSE {
                    lits.swap(1, k);
                    let new_watch = lits[1];
                    self.watches[new_watch.code()].push(Watch {
                        cref: w.cref,
                        blocker: first,
                    });
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            ws[j] = Watch {
                cref: w.cref,
                blocker: first,
            };
            j += 1;
            if self.vals[first.code()] == FALSE {
                conflict = Some(w.cref);
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
            } else {
                self.assign(first, w.cref);
            }
        }
        ws.truncate(j);
        self.watches[false_lit.code()] = ws;
        conflict
    }

    /// Undoes every level above `level`, calling `on_unassign` for each freed variable.
    pub(crate) fn backtrack(&mut self, level: u32, mut on_unassign: impl FnMut(u32)) {
        if self.decision_level() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize] as usize;
        for &l in &self.trail[keep..] {
            self.vals[l.code()] = 0;
            self.vals[(!l).code()] = 0;
            self.phase[l.var() as usize] = l.is_negative();
            on_unassign(l.var());
        }
        self.trail.truncate(keep);
        self.trail_lim.truncate(level as usize);
        self.qhead = self.qhead.min(keep);
    }

    /// True when the learnt clause `cref` is the reason of an assigned literal.
    pub(crate) fn is_locked(&self, cref: u32) -> bool {
        let l = self.db.lits(cref)[0];
        self.is_true(l) && self.reason[l.var() as usize] == cref
    }

    /// Removes the learnt clauses in `crefs` (none locked) and their watches.
    pub(crate) fn remove_clauses(&mut self, crefs: &[u32]) {
        if crefs.is_empty() {
            return;
        }
        for &c in crefs {
            self.db.meta_mut(c).deleted = true;
        }
        let db = &self.db;
        for ws in &mut self.watches {
            ws.retain(|w| !db.meta(w.cref).deleted);
        }
        for &c in crefs {
            self.db.meta_mut(c).deleted = false;
            self.db.remove(c);
        }
    }
}
