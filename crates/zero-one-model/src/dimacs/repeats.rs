//! Clauses that repeat an earlier clause, found while reading
//! ([`ReadOptions::drop_repeated`](super::ReadOptions::drop_repeated)): each clause kept is
//! remembered by a hash of its set of literals (one table entry, not a copy), and a clause
//! whose hash is known is compared with the clause kept under it.

use crate::Lit;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

/// The clauses kept so far, by the hash of their set of literals.
#[derive(Debug, Default)]
pub(super) struct Repeats {
    /// Hash -> index of the first clause kept with it. A second clause with the same hash
    /// and other literals is kept without an entry (it is never taken for a repeat).
    first: HashMap<u64, u32, Fixed>,
    /// Scratch: the sorted set of the clause read and of the one it is compared with.
    read: Vec<Lit>,
    kept: Vec<Lit>,
}

/// A fixed hasher (FNV-1a over the literal codes): the same file reads the same way.
#[derive(Clone, Copy, Debug, Default)]
struct Fixed;

impl BuildHasher for Fixed {
    type Hasher = Fnv;
    fn build_hasher(&self) -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        // The table's keys are already hashes: mix once more.
        self.0 = (self.0 ^ x).wrapping_mul(0x0100_0000_01b3);
        self.0 ^= self.0 >> 29;
    }
}

/// The sorted set of the literals of `clause`, in `out`.
fn set_of(clause: &[Lit], out: &mut Vec<Lit>) {
    out.clear();
    out.extend_from_slice(clause);
    out.sort_unstable();
    out.dedup();
}

/// A hash of a sorted set of literals.
fn hash(set: &[Lit]) -> u64 {
    let mut h = Fixed.build_hasher();
    for l in set {
        h.write(&(l.code() as u64).to_le_bytes());
    }
    h.finish()
}

impl Repeats {
    /// True when `clause` has the literals of a clause in `kept` (the clauses kept so far).
    pub(super) fn is_repeat(&mut self, clause: &[Lit], kept: &[Vec<Lit>]) -> bool {
        set_of(clause, &mut self.read);
        let Some(&i) = self.first.get(&hash(&self.read)) else {
            return false;
        };
        set_of(&kept[i as usize], &mut self.kept);
        self.kept == self.read
    }

    /// Remembers `clause`, kept at index `index`, unless its hash is taken (after
    /// [`Repeats::is_repeat`] said it is no repeat, so `self.read` holds its set).
    pub(super) fn keep(&mut self, clause: &[Lit], index: usize) {
        debug_assert!({
            let mut set = Vec::new();
            set_of(clause, &mut set);
            set == self.read
        });
        let Ok(index) = u32::try_from(index) else {
            return;
        };
        self.first.entry(hash(&self.read)).or_insert(index);
    }
}
