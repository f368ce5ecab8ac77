//! Random n-Queens Completion and blocked n-Queens instances (Gent, Jefferson & Nightingale,
//! "Complexity of n-Queens Completion", JAIR 59, 2017; CSPLib problems 079 and 080).
//!
//! The given queens go one at a time onto random rows, each on a random square that no queen
//! placed before attacks; when a row has no such square the draw starts again (the seed's
//! sequence goes on, so the result is still a function of the seed). Blocked squares are
//! distinct random squares without a given queen. The random numbers are splitmix64 (Steele,
//! Lea & Flood, OOPSLA 2014), a few lines of our own, so the same seed gives the same
//! instance on every machine and in every version that keeps this file.

use crate::{Rules, Square, Variant};

/// Draws before giving up on placing the given queens at peace.
pub const MAX_DRAWS: usize = 10_000;

/// splitmix64: a 64-bit state advanced by a constant, the output mixed.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..k (k > 0), by rejection so every value is equally likely.
    pub fn below(&mut self, k: usize) -> usize {
        let k = k as u64;
        let zone = u64::MAX - u64::MAX % k;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % k) as usize;
            }
        }
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Attack tests all draws together may make before giving up (a second or so): greedy random
/// placement of nearly n queens almost never succeeds on a large board, and each draw costs
/// about n^2 k tests.
pub const MAX_TESTS: usize = 400_000_000;

/// Places `k` given queens at peace on an n x n board under `rules`' variant.
fn place_given(n: usize, k: usize, rules: &Rules, rng: &mut SplitMix64) -> Option<Vec<Square>> {
    let per_draw = n.saturating_mul(n).saturating_mul(k).max(1);
    let draws = MAX_DRAWS.min(MAX_TESTS / per_draw).max(1);
    for _ in 0..draws {
        let mut rows: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut rows);
        let mut placed: Vec<Square> = Vec::with_capacity(k);
        for &row in &rows[..k] {
            let free: Vec<usize> = (0..n)
                .filter(|&c| {
                    placed
                        .iter()
                        .all(|q| !rules.variant.attacks(n, (q.row, q.col), (row, c)))
                })
                .collect();
            if free.is_empty() {
                break;
            }
            placed.push(Square::new(row, free[rng.below(free.len())]));
        }
        if placed.len() == k {
            return Some(placed);
        }
    }
    None
}

/// A random instance: `given` queens at peace under `variant` and `blocked` squares, from
/// `seed`; `None` when the queens could not be placed in [`MAX_DRAWS`] draws or
/// [`MAX_TESTS`] attack tests, whichever comes first (or `given > n`,
/// or there are fewer than `blocked` free squares).
pub fn completion(
    n: usize,
    given: usize,
    blocked: usize,
    variant: Variant,
    seed: u64,
) -> Option<Rules> {
    if given > n || blocked > n * n - given {
        return None;
    }
    let mut rng = SplitMix64(seed);
    let open = Rules::new(variant, vec![], vec![]);
    let queens = place_given(n, given, &open, &mut rng)?;
    let mut free: Vec<Square> = (0..n * n)
        .map(|i| Square::new(i / n, i % n))
        .filter(|s| !queens.contains(s))
        .collect();
    rng.shuffle(&mut free);
    Some(Rules::new(variant, queens, free[..blocked].to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_its_reference_sequence() {
        // The first outputs for seed 1234567 given with the algorithm's reference code.
        let mut r = SplitMix64(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    #[test]
    fn given_queens_are_at_peace_and_the_draw_is_a_function_of_the_seed() {
        let rules = Rules::classic();
        for seed in 0..20 {
            let a = place_given(12, 6, &rules, &mut SplitMix64(seed)).unwrap();
            let b = place_given(12, 6, &rules, &mut SplitMix64(seed)).unwrap();
            assert_eq!(a, b);
            assert_eq!(Rules::new(rules.variant, a, vec![]).check(12), Ok(()));
        }
        assert_eq!(place_given(3, 3, &rules, &mut SplitMix64(1)), None);
        let r = completion(10, 4, 5, Variant::Toroidal, 9).unwrap();
        assert_eq!(
            (r.given.len(), r.blocked.len(), r.check(10)),
            (4, 5, Ok(()))
        );
        assert_eq!(completion(4, 5, 0, Variant::Classic, 1), None);
    }
}
