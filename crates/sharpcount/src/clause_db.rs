//! Clause storage for propagation: the literals of every clause in one arena, with a small
//! header per clause. Original clauses are never removed; learnt ones are, and their slots
//! are reused.

use crate::lit::Lit;

/// Per-clause header.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ClauseMeta {
    /// Offset of the first literal in the arena.
    pub start: u32,
    /// Number of literals (at least 2).
    pub len: u32,
    /// Learnt from a conflict (removable) rather than original.
    pub learnt: bool,
    /// Removed; the slot is free.
    pub deleted: bool,
    /// Switched off for now: propagation passes it by (an original clause found blocked,
    /// see `component::blocking`).
    pub disabled: bool,
    /// Literal block distance when learnt (Audemard & Simon 2009), a quality measure.
    pub lbd: u32,
    /// Bumped when the clause takes part in conflict analysis.
    pub activity: f32,
}

/// All clauses, addressed by a clause reference (`cref`, an index into the headers).
#[derive(Debug, Default)]
pub(crate) struct ClauseDb {
    lits: Vec<Lit>,
    meta: Vec<ClauseMeta>,
    free: Vec<u32>,
    garbage: usize,
    /// Number of learnt clauses alive.
    pub num_learnt: usize,
}

impl ClauseDb {
    /// Adds a clause of at least two literals and returns its reference.
    pub(crate) fn add(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(lits);
        let meta = ClauseMeta {
            start,
            len: lits.len() as u32,
            learnt,
            deleted: false,
            disabled: false,
            lbd,
            activity: 0.0,
        };
        if learnt {
            self.num_learnt += 1;
        }
        match self.free.pop() {
            Some(cref) => {
                self.meta[cref as usize] = meta;
                cref
            }
            None => {
                self.meta.push(meta);
                (self.meta.len() - 1) as u32
            }
        }
    }

    /// Makes room for `clauses` more clauses of `lits` literals in all, exactly.
    pub(crate) fn reserve_exact(&mut self, clauses: usize, lits: usize) {
        self.meta.reserve_exact(clauses);
        self.lits.reserve_exact(lits);
    }

    /// The literals of `cref`.
    #[inline]
    pub(crate) fn lits(&self, cref: u32) -> &[Lit] {
        let m = &self.meta[cref as usize];
        &self.lits[m.start as usize..(m.start + m.len) as usize]
    }

    /// The literals of `cref`, to reorder watches.
    #[inline]
    pub(crate) fn lits_mut(&mut self, cref: u32) -> &mut [Lit] {
        let m = &self.meta[cref as usize];
        &mut self.lits[m.start as usize..(m.start + m.len) as usize]
    }

    /// The header of `cref`.
    #[inline]
    pub(crate) fn meta(&self, cref: u32) -> &ClauseMeta {
        &self.meta[cref as usize]
    }

    /// The header of `cref`, to change activity.
    #[inline]
    pub(crate) fn meta_mut(&mut self, cref: u32) -> &mut ClauseMeta {
        &mut self.meta[cref as usize]
    }

    /// References of all live learnt clauses.
    pub(crate) fn learnt_refs(&self) -> Vec<u32> {
        (0..self.meta.len() as u32)
            .filter(|&c| {
                let m = &self.meta[c as usize];
                m.learnt && !m.deleted
            })
            .collect()
    }

    /// Removes a learnt clause; the caller has already dropped its watches.
    pub(crate) fn remove(&mut self, cref: u32) {
        let m = &mut self.meta[cref as usize];
        debug_assert!(m.learnt && !m.deleted);
        m.deleted = true;
        self.garbage += m.len as usize;
        self.num_learnt -= 1;
        self.free.push(cref);
        if self.garbage > self.lits.len() / 2 {
            self.compact();
        }
    }

    /// Rewrites the arena without the literals of removed clauses.
    fn compact(&mut self) {
        let mut lits = Vec::with_capacity(self.lits.len() - self.garbage);
        for m in self.meta.iter_mut().filter(|m| !m.deleted) {
            let start = lits.len() as u32;
            lits.extend_from_slice(&self.lits[m.start as usize..(m.start + m.len) as usize]);
            m.start = start;
        }
        self.lits = lits;
        self.garbage = 0;
    }
}
