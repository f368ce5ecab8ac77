//! The clause database of the forward DRUP checker: clauses in one arena, binary clauses
//! also as implication lists, two watched literals per longer clause, unit propagation
//! (binary clauses first) and the RUP test, whose assignments stay, level by level, for the
//! next test to start from; deletion (by a hash of the sorted literals) is in `delete`. A
//! clause is its offset in the arena, where a header (length and deleted flag, then the next
//! clause with the same hash) precedes its literals: a watch reaches the literals in one
//! step.
//!
//! The level-0 assignment (the units the database propagates) only grows: a deletion of a
//! clause that is the reason of a level-0 literal, or of a unit clause, is ignored and counted,
//! as drat-trim does by default (Wetzler, Heule, Hunt, "DRAT-trim: Efficient Checking and
//! Trimming Using Expressive Clausal Proofs", SAT 2014). Ignoring a deletion is sound for
//! RUP-only proofs: every clause kept is implied by the formula all the same.

mod delete;

use delete::{hash, Premixed};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A literal: `2 * (var - 1)`, plus 1 when negative.
pub(crate) type Lit = u32;

/// A DIMACS literal (nonzero) as a [`Lit`].
pub(crate) fn lit(dimacs: i32) -> Lit {
    (dimacs.unsigned_abs() - 1) * 2 + u32::from(dimacs < 0)
}

const NO_CLAUSE: u32 = u32::MAX;
const TRUE: i8 = 1;
const FALSE: i8 = -1;
/// The words before a clause's literals: length and deleted flag, next clause with the same
/// hash (or [`NO_CLAUSE`]).
const HEADER: usize = 2;
const DELETED: u32 = 1 << 31;
/// The arena's size limit in words: clause offsets are `u32`s below [`NO_CLAUSE`].
const ARENA_LIMIT: usize = NO_CLAUSE as usize;

/// A binary clause seen from one of its literals: when that literal is false, `implied`
/// must hold.
#[derive(Clone, Copy)]
struct Implication {
    implied: Lit,
    clause: u32,
}

/// An assumption kept from a RUP test: the trail from `trail_start` on is its propagation
/// (empty when it was already true).
#[derive(Clone, Copy)]
struct Level {
    assumption: Lit,
    trail_start: usize,
}

/// What happened to a deletion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deleted {
    /// The clause was removed.
    Removed,
    /// The clause is a unit or the reason of a level-0 literal: kept.
    KeptUnit,
    /// No such clause in the database.
    Missing,
}

/// The database.
#[derive(Default)]
pub(crate) struct Database {
    /// Every clause: header, then literals.
    arena: Vec<u32>,
    /// The first clause of each hash; the rest chain through their headers.
    by_hash: HashMap<u64, u32, BuildHasherDefault<Premixed>>,
    /// Per literal: the clauses of three or more literals watching it, visited when it
    /// becomes false.
    watches: Vec<Vec<u32>>,
    /// Per literal: the binary clauses holding it, visited when it becomes false.
    binaries: Vec<Vec<Implication>>,
    /// Per literal: [`TRUE`], [`FALSE`] or 0.
    value: Vec<i8>,
    /// Per variable: the clause that made it true, or [`NO_CLAUSE`] (an assumption).
    reason: Vec<u32>,
    /// Per variable: the level it was assigned at (0, or one past its assumption's index).
    level: Vec<u32>,
    trail: Vec<Lit>,
    /// The trail's level-0 part.
    level0: usize,
    /// The assumptions of the last RUP test that are kept, each with the trail above it
    /// (see [`Database::is_rup`]).
    levels: Vec<Level>,
    /// The first literal of the last lemma tested.
    previous_first: Option<Lit>,
    /// The next trail position whose long clauses to visit.
    head: usize,
    /// The next trail position whose binary clauses to visit.
    binary_head: usize,
    /// Whether level 0 holds a conflict: the database is refuted.
    refuted: bool,
    /// Per literal, the stamp of the clause being looked up (for set comparison).
    stamp: Vec<u32>,
    stamp_now: u32,
}

impl Database {
    /// Whether the database propagates to a conflict at level 0.
    pub(crate) fn refuted(&self) -> bool {
        self.refuted
    }

    /// Makes room for variable `var` (0-based): arrays follow the literals used.
    fn grow(&mut self, lit: Lit) {
        let lits = (lit as usize | 1) + 1;
        if lits > self.value.len() {
            self.value.resize(lits, 0);
            self.watches.resize_with(lits, Vec::new);
            self.binaries.resize_with(lits, Vec::new);
            self.stamp.resize(lits, 0);
            self.reason.resize(lits / 2, NO_CLAUSE);
            self.level.resize(lits / 2, 0);
        }
    }

    fn val(&self, lit: Lit) -> i8 {
        self.value[lit as usize]
    }

    /// Makes `lit` true at the current level. A reason stays behind when the literal is
    /// unassigned; [`Database::reason_level`] also asks that the literal be true.
    fn assign(&mut self, lit: Lit, reason: u32) {
        self.value[lit as usize] = TRUE;
        self.value[(lit ^ 1) as usize] = FALSE;
        self.reason[(lit >> 1) as usize] = reason;
        self.level[(lit >> 1) as usize] = self.levels.len() as u32;
        self.trail.push(lit);
    }

    /// Takes back every level past the first `keep` (their assumptions and propagation).
    fn backtrack(&mut self, keep: usize) {
        let Some(&Level { trail_start, .. }) = self.levels.get(keep) else {
            return;
        };
        for &l in &self.trail[trail_start..] {
            self.value[l as usize] = 0;
            self.value[(l ^ 1) as usize] = 0;
        }
        self.trail.truncate(trail_start);
        self.head = trail_start;
        self.binary_head = trail_start;
        self.levels.truncate(keep);
    }

    /// Adds a clause (sorted, without repeats or complementary pairs) and propagates at
    /// level 0. Returns `false`, adding nothing, when the arena would pass 2^32 words.
    pub(crate) fn add(&mut self, lits: &[Lit]) -> bool {
        if self.arena.len() + HEADER + lits.len() >= ARENA_LIMIT {
            return false;
        }
        if let Some(&last) = lits.last() {
            self.grow(last);
        }
        let index = self.arena.len() as u32;
        let hash = hash(lits);
        let next_same_hash = self.by_hash.insert(hash, index).unwrap_or(NO_CLAUSE);
        self.arena.extend([lits.len() as u32, next_same_hash]);
        let start = self.arena.len();
        self.arena.extend_from_slice(lits);
        if !self.refuted {
            self.watch_new(index, start, lits.len());
        }
        true
    }

    /// Watches a new clause at `start..start + len`, and propagates it if it is unit under
    /// the kept levels. Levels are taken back first where the clause would break what they
    /// hold (every level is the propagation of its assumptions, and the watches of a clause
    /// are not false unless it is satisfied or propagated at a level at most theirs): when
    /// the clause has a single literal not false, down to the highest level of its false
    /// ones, where that literal is (or becomes) implied; when all are false, down to level 0.
    fn watch_new(&mut self, index: u32, start: usize, len: usize) {
        let keep = self.level_for(&self.arena[start..start + len]);
        self.backtrack(keep);
        // The watches first: non-false literals, else false ones from the highest level.
        let (value, level) = (&self.value, &self.level);
        let rank = |l: Lit| match value[l as usize] {
            FALSE => u32::MAX - level[(l >> 1) as usize],
            _ => 0,
        };
        let clause = &mut self.arena[start..start + len];
        for first in 0..clause.len().min(2) {
            let best = (first..clause.len()).min_by_key(|&k| rank(clause[k]));
            clause.swap(first, best.unwrap_or(first));
        }
        let open = clause
            .iter()
            .take(2)
            .take_while(|&&l| value[l as usize] != FALSE)
            .count();
        if clause.len() == 2 {
            let (a, b) = (clause[0], clause[1]);
            self.binaries[a as usize].push(Implication {
                implied: b,
                clause: index,
            });
            self.binaries[b as usize].push(Implication {
                implied: a,
                clause: index,
            });
        } else if clause.len() > 2 {
            let (a, b) = (clause[0], clause[1]);
            self.watches[a as usize].push(index);
            self.watches[b as usize].push(index);
        }
        match open {
            0 => self.refuted = true,
            1 if self.val(self.arena[start]) == 0 => {
                self.assign(self.arena[start], index);
                if self.levels.is_empty() {
                    self.propagate_level0();
                } else if self.propagate() {
                    // The top level's assumptions are refuted: it is no propagation to keep.
                    self.backtrack(self.levels.len() - 1);
                }
            }
            _ => {}
        }
    }

    /// How many levels can stay when `clause` is added (see [`Database::watch_new`]).
    fn level_for(&self, clause: &[Lit]) -> usize {
        let kept = self.levels.len();
        let mut open = 0;
        let mut true_level = 0;
        let mut false_level = 0;
        for &l in clause {
            let level = self.level[(l >> 1) as usize] as usize;
            match self.val(l) {
                FALSE => false_level = false_level.max(level),
                TRUE => {
                    open += 1;
                    true_level = level;
                }
                _ => {
                    open += 1;
                    true_level = kept + 1;
                }
            }
            if open >= 2 {
                return kept;
            }
        }
        match open {
            0 => 0,
            _ if true_level <= false_level => kept,
            _ => false_level,
        }
    }

    fn propagate_level0(&mut self) {
        if self.propagate() {
            self.refuted = true;
        }
        self.level0 = self.trail.len();
        // After a conflict the heads stop short of the trail's end; the database is refuted
        // then, and propagates no more.
        self.head = self.level0;
        self.binary_head = self.level0;
    }

    /// Whether a clause (without complementary pairs) is RUP: assigning its literals false
    /// and propagating reaches a conflict.
    ///
    /// The assignments stay, one level per literal in the order given, and the next test
    /// starts from the levels its own first literals share with them: the lemmas of a
    /// proof from a depth-first search come in the search's order, so most of a test's
    /// propagation was done by the test before. The kept levels are always the propagation
    /// of their assumptions over the clauses present (adding and deleting clauses take
    /// back the levels they would make wrong), so a test finds the conflicts a test from
    /// scratch would find, and no other.
    ///
    /// Levels cost: each is propagated to its end before the next literal is assumed, where
    /// assuming them all at once often meets the conflict sooner. So a lemma that shares
    /// nothing with the kept levels, nor its first literal with the lemma before (a CDCL
    /// solver's lemmas, which follow no path), is tested flat, on one level taken back after.
    pub(crate) fn is_rup(&mut self, lits: &[Lit]) -> bool {
        if self.refuted {
            return true;
        }
        if let Some(&largest) = lits.iter().max() {
            self.grow(largest);
        }
        let shared = (self.levels.iter().zip(lits))
            .take_while(|(level, l)| level.assumption == **l ^ 1)
            .count();
        self.backtrack(shared);
        let on_a_path = shared > 0 || lits.first() == self.previous_first.as_ref();
        self.previous_first = lits.first().copied();
        if !on_a_path {
            return self.is_rup_flat(&lits[shared..]);
        }
        for &l in &lits[shared..] {
            let assumption = l ^ 1;
            let value = self.val(assumption);
            if value == FALSE {
                return true;
            }
            self.levels.push(Level {
                assumption,
                trail_start: self.trail.len(),
            });
            if value == 0 {
                self.assign(assumption, NO_CLAUSE);
                if self.propagate() {
                    self.backtrack(self.levels.len() - 1);
                    return true;
                }
            }
        }
        false
    }

    /// [`Database::is_rup`] on one level for all of `lits`, taken back after.
    fn is_rup_flat(&mut self, lits: &[Lit]) -> bool {
        if lits.iter().any(|&l| self.val(l) == TRUE) {
            return true;
        }
        let kept = self.levels.len();
        self.levels.push(Level {
            assumption: lits.first().map_or(0, |&l| l ^ 1),
            trail_start: self.trail.len(),
        });
        for &l in lits {
            if self.val(l) == 0 {
                self.assign(l ^ 1, NO_CLAUSE);
            }
        }
        let conflict = self.propagate();
        self.backtrack(kept);
        conflict
    }

    /// Propagates the trail; returns whether it meets a conflict. Binary clauses go first,
    /// to their fixpoint, before each visit of a literal's long clauses: by then most
    /// literals have their values, so a moved watch lands on a literal that is true rather
    /// than on one about to become false. That matters when thousands of long clauses watch
    /// the same few literals (one short blocking clause per model, in a bundle's proof).
    fn propagate(&mut self) -> bool {
        loop {
            while self.binary_head < self.trail.len() {
                let false_lit = self.trail[self.binary_head] ^ 1;
                self.binary_head += 1;
                if self.visit_binaries(false_lit) {
                    return true;
                }
            }
            if self.head == self.trail.len() {
                return false;
            }
            let false_lit = self.trail[self.head] ^ 1;
            self.head += 1;
            if self.visit_watches(false_lit) {
                return true;
            }
        }
    }

    /// Assigns the other literal of every binary clause holding `false_lit`, which just
    /// became false; returns whether one of them is false already (a conflict).
    fn visit_binaries(&mut self, false_lit: Lit) -> bool {
        let implications = &self.binaries[false_lit as usize];
        for &Implication { implied, clause } in implications {
            match self.value[implied as usize] {
                TRUE => {}
                FALSE => return true,
                _ => {
                    self.value[implied as usize] = TRUE;
                    self.value[(implied ^ 1) as usize] = FALSE;
                    self.reason[(implied >> 1) as usize] = clause;
                    self.level[(implied >> 1) as usize] = self.levels.len() as u32;
                    self.trail.push(implied);
                }
            }
        }
        false
    }

    /// Visits the clauses watching `false_lit`, which just became false: moves each watch to
    /// another non-false literal, or assigns the clause's other watch, or reports a conflict.
    ///
    /// A watch moves even when the clause's other watch is true. Keeping it (a "blocker", as
    /// CDCL solvers do) saves this visit but not the next ones: the checks of a DRUP proof
    /// from a depth-first search assign the same path prefix again and again, so a watch left
    /// on a false literal is visited again and again.
    fn visit_watches(&mut self, false_lit: Lit) -> bool {
        if self.watches[false_lit as usize].is_empty() {
            return false;
        }
        let mut watches = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut kept = 0;
        let mut conflict = false;
        for i in 0..watches.len() {
            let index = watches[i];
            if conflict {
                watches[kept] = index;
                kept += 1;
                continue;
            }
            let at = index as usize;
            let header = self.arena[at];
            if header & DELETED != 0 {
                continue;
            }
            let start = at + HEADER;
            let clause = &mut self.arena[start..start + header as usize];
            if clause[0] == false_lit {
                clause.swap(0, 1);
            }
            let first = clause[0];
            let replacement = (2..clause.len()).find(|&k| self.value[clause[k] as usize] != FALSE);
            if let Some(k) = replacement {
                clause.swap(1, k);
                self.watches[clause[1] as usize].push(index);
                continue;
            }
            watches[kept] = index;
            kept += 1;
            match self.val(first) {
                FALSE => conflict = true,
                0 => self.assign(first, index),
                _ => {}
            }
        }
        watches.truncate(kept);
        self.watches[false_lit as usize] = watches;
        conflict
    }
}
