//! What counting and satisfiability search share: the propagation engine, conflict
//! analysis, activities, learnt units, and the learnt-clause database policy.

use crate::activity::Activity;
use crate::analyze::{Analyzer, Learnt};
use crate::engine::{Engine, NO_REASON, UNIT_REASON};
use crate::lit::Lit;

/// Search counters that both modes update.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    pub decisions: u64,
    pub conflicts: u64,
    pub learnt: u64,
    pub components: u64,
    pub sat_calls: u64,
    pub failed_probes: u64,
    pub probes: u64,
}

/// The literal a learnt clause asserts once its UIP level is undone, and the reason to
/// give it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Assertion {
    pub lit: Lit,
    pub reason: u32,
}

/// Engine plus learning.
pub(crate) struct Core {
    pub eng: Engine,
    pub an: Analyzer,
    pub act: Activity,
    /// Learnt unit clauses: implied by the formula, asserted again in every branch.
    pub units: Vec<Lit>,
    pub counters: Counters,
    max_learnt: usize,
    /// The log of learnt clauses, when a proof is wanted ([`crate::proof`]).
    pub log: Option<crate::proof::ProofLog>,
}

/// The VSIDS decay per conflict.
const ACTIVITY_DECAY: f64 = 0.95;

impl Core {
    /// A core over the original clauses `clauses` (each of at least two literals, none
    /// assigned) on `n` variables.
    pub(crate) fn new(n: u32, clauses: &[Vec<Lit>], learnt_min: usize) -> Core {
        Core {
            eng: Engine::with_clauses(n, clauses),
            an: Analyzer::new(n),
            act: Activity::new(n, ACTIVITY_DECAY),
            units: Vec::new(),
            counters: Counters::default(),
            max_learnt: (clauses.len() / 3).max(learnt_min),
            log: None,
        }
    }

    /// Analyses the conflict `confl` and stores the learnt clause. Returns what it
    /// asserts, or `None` when nothing was learnt.
    pub(crate) fn learn(&mut self, confl: u32) -> Option<(Assertion, u32)> {
        self.counters.conflicts += 1;
        let learnt = self.an.analyze(&mut self.eng, confl, &mut self.act)?;
        Some(self.store(learnt))
    }

    /// Analyses the conflict `confl` that a satisfiability search found at its first level
    /// `floor`, where it decided nothing ([`Analyzer::analyze_below`]), and stores the
    /// learnt clause: it asserts its literal once the counting search's level `floor - 1`
    /// is undone, in that level's other branch. `None` when nothing was learnt (see
    /// [`Analyzer::analyze_below`]).
    pub(crate) fn learn_below(&mut self, confl: u32, floor: u32) -> Option<Assertion> {
        self.counters.conflicts += 1;
        let learnt = self
            .an
            .analyze_below(&mut self.eng, confl, &mut self.act, floor)?;
        Some(self.store(learnt).0)
    }

    /// Stores a learnt clause (logged when there is a log); what it asserts, and its
    /// backjump level.
    fn store(&mut self, learnt: Learnt) -> (Assertion, u32) {
        let Learnt {
            lits,
            backjump,
            lbd,
        } = learnt;
        self.counters.learnt += 1;
        if let Some(log) = self.log.as_mut() {
            log.push(&lits);
        }
        let reason = if lits.len() == 1 {
            self.units.push(lits[0]);
            UNIT_REASON
        } else {
            let cref = self.eng.add_clause(&lits, true, lbd);
            if let Some(log) = self.log.as_mut() {
                log.stored_as(cref);
            }
            cref
        };
        (
            Assertion {
                lit: lits[0],
                reason,
            },
            backjump,
        )
    }

    /// Makes every learnt unit true. `false` when one of them is already false (the
    /// current assignment contradicts the formula).
    pub(crate) fn assert_units(&mut self) -> bool {
        for &u in &self.units {
            match self.eng.value(u) {
                0 => self.eng.assign(u, UNIT_REASON),
                v if v < 0 => return false,
                _ => {}
            }
        }
        true
    }

    /// The literals of the clause `a` rests on (its learnt clause, or the unit `a.lit`).
    pub(crate) fn clause_of(&self, a: Assertion) -> Vec<Lit> {
        match a.reason {
            r if r < UNIT_REASON => self.eng.db.lits(r).to_vec(),
            _ => vec![a.lit],
        }
    }

    /// A learnt unit that is false, as a clause.
    pub(crate) fn false_unit(&self) -> Option<Vec<Lit>> {
        self.units
            .iter()
            .find(|&&u| self.eng.is_false(u))
            .map(|&u| vec![u])
    }

    /// Makes `a.lit` true when it is unassigned; `false` when it is false.
    pub(crate) fn assert(&mut self, a: Assertion) -> bool {
        match self.eng.value(a.lit) {
            0 => {
                self.eng.assign(a.lit, a.reason);
                true
            }
            v => v > 0,
        }
    }

    /// Opens a level and makes `lit` true as a decision.
    pub(crate) fn decide(&mut self, lit: Lit) {
        self.counters.decisions += 1;
        self.eng.new_level();
        self.eng.assign(lit, NO_REASON);
    }

    /// Halves the learnt clauses when there are too many: the worst by LBD, then by
    /// activity; clauses of LBD at most 2 and reasons stay.
    pub(crate) fn reduce_if_needed(&mut self) {
        if self.eng.db.num_learnt < self.max_learnt {
            return;
        }
        self.max_learnt += self.max_learnt / 10;
        let mut cands: Vec<u32> = self
            .eng
            .db
            .learnt_refs()
            .into_iter()
            .filter(|&c| self.eng.db.meta(c).lbd > 2 && !self.eng.is_locked(c))
            .collect();
        let db = &self.eng.db;
        cands.sort_by(|&a, &b| {
            let (ma, mb) = (db.meta(a), db.meta(b));
            mb.lbd
                .cmp(&ma.lbd)
                .then(ma.activity.total_cmp(&mb.activity))
        });
        cands.truncate(cands.len() / 2);
        if let Some(log) = self.log.as_mut() {
            log.removed(&cands);
        }
        self.eng.remove_clauses(&cands);
        for c in self.eng.db.learnt_refs() {
            self.eng.db.meta_mut(c).activity *= 0.5;
        }
    }
}
