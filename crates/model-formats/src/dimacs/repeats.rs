//! Clauses that repeat an earlier clause, found while reading
//! ([`ReadOptions::drop_repeated`](super::ReadOptions::drop_repeated)): each clause kept is
//! remembered by a stable hash of its set of literals (one table entry, not a copy), and a
//! clause whose hash is known is compared with the clause kept under it.

use crate::stable_hash::StableHash;
use crate::Lit;
use std::collections::HashMap;

/// The clauses kept so far, by the hash of their set of literals.
#[derive(Debug, Default)]
pub(super) struct Repeats {
    /// Hash -> index of the first clause kept with it. A second clause with the same hash
    /// and other literals is kept without an entry (it is never taken for a repeat).
    first: HashMap<u64, u32>,
    /// The hash of the clause [`Repeats::is_repeat`] looked at last.
    last: u64,
    /// Scratch: the sorted set of the clause read and of the one it is compared with.
    read: Vec<Lit>,
    kept: Vec<Lit>,
}

/// The sorted set of the literals of `clause`, in `out`.
fn set_of(clause: &[Lit], out: &mut Vec<Lit>) {
    out.clear();
    out.extend_from_slice(clause);
    out.sort_unstable();
    out.dedup();
}

impl Repeats {
    /// True when `clause` has the literals of a clause in `kept` (the clauses kept so far).
    pub(super) fn is_repeat(&mut self, clause: &[Lit], kept: &[Vec<Lit>]) -> bool {
        set_of(clause, &mut self.read);
        let mut h = StableHash::new();
        for l in &self.read {
            h.u64(l.code() as u64);
        }
        self.last = h.finish();
        let Some(&i) = self.first.get(&self.last) else {
            return false;
        };
        set_of(&kept[i as usize], &mut self.kept);
        self.kept == self.read
    }

    /// Remembers the clause [`Repeats::is_repeat`] just found no repeat, kept at `index`,
    /// unless its hash is taken.
    pub(super) fn keep(&mut self, index: usize) {
        if let Ok(index) = u32::try_from(index) {
            self.first.entry(self.last).or_insert(index);
        }
    }
}
