//! Deletion: finding a clause by its literals (a hash that ignores their order, then a
//! comparison as sets), and taking it out of the database, with the levels it was a reason
//! on.

use super::{Database, Deleted, Lit, DELETED, HEADER, NO_CLAUSE, TRUE};
use std::hash::Hasher;

impl Database {
    /// Deletes one copy of a clause (sorted, without repeats or complementary pairs).
    pub(crate) fn delete(&mut self, lits: &[Lit]) -> Deleted {
        let hash = hash(lits);
        let Some(&head) = self.by_hash.get(&hash) else {
            return Deleted::Missing;
        };
        self.stamp_now += 1;
        for &l in lits {
            if (l as usize) >= self.stamp.len() {
                return Deleted::Missing;
            }
            self.stamp[l as usize] = self.stamp_now;
        }
        let mut previous = NO_CLAUSE;
        let mut index = head;
        while index != NO_CLAUSE {
            let (len, next) = (self.arena[index as usize], self.arena[index as usize + 1]);
            let start = index as usize + HEADER;
            let clause = &self.arena[start..start + len as usize];
            let same = len as usize == lits.len()
                && clause
                    .iter()
                    .all(|&l| self.stamp[l as usize] == self.stamp_now);
            if same {
                match self.reason_level(index, clause) {
                    Some(0) => return Deleted::KeptUnit,
                    // A literal it implied above level 0 must go with it.
                    Some(level) => self.backtrack(level as usize - 1),
                    None if len <= 1 => return Deleted::KeptUnit,
                    None => {}
                }
                self.unlink(hash, previous, index);
                return Deleted::Removed;
            }
            previous = index;
            index = next;
        }
        Deleted::Missing
    }

    /// The level of the literal clause `index` implied, if it is true with that reason: its
    /// first literal, or either of a binary clause's (propagated through its implications).
    fn reason_level(&self, index: u32, clause: &[Lit]) -> Option<u32> {
        clause.iter().take(2).find_map(|&l| {
            let var = (l >> 1) as usize;
            (self.reason[var] == index && self.val(l) == TRUE).then_some(self.level[var])
        })
    }

    fn unlink(&mut self, hash: u64, previous: u32, index: u32) {
        let (len, next) = (self.arena[index as usize], self.arena[index as usize + 1]);
        self.arena[index as usize] |= DELETED;
        if len == 2 {
            // Binary clauses are not visited through the arena: take them out of the lists
            // (long ones are dropped from their watch lists when next visited).
            for lit in [
                self.arena[index as usize + HEADER],
                self.arena[index as usize + HEADER + 1],
            ] {
                let list = &mut self.binaries[lit as usize];
                if let Some(at) = list.iter().position(|i| i.clause == index) {
                    list.swap_remove(at);
                }
            }
        }
        if previous != NO_CLAUSE {
            self.arena[previous as usize + 1] = next;
        } else if next == NO_CLAUSE {
            self.by_hash.remove(&hash);
        } else {
            self.by_hash.insert(hash, next);
        }
    }
}

/// A hash of a clause that ignores the order of its literals.
pub(super) fn hash(lits: &[Lit]) -> u64 {
    let (sum, xor) = lits.iter().fold((0u64, 0u64), |(s, x), &l| {
        let m = mix(u64::from(l));
        (s.wrapping_add(m), x ^ m.rotate_left(29))
    });
    mix(sum ^ xor.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ lits.len() as u64)
}

/// SplitMix64's finalizer.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hasher for keys that are already well mixed.
#[derive(Default)]
pub(super) struct Premixed(u64);

impl Hasher for Premixed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}
