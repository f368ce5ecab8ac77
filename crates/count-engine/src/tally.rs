//! Running totals: per cube, per part, and the exact product over parts.

use crate::{Count, EngineError, Overflowed, Weight};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

/// What one finished cube counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeResult {
    /// Index of the cube in the problem's cube list.
    pub index: usize,
    /// Solutions the backend returned, each validated.
    pub found: u64,
    /// Solutions they stand for (sum of weights; for a cube counted in pieces, the product
    /// of the pieces' counts, of any size).
    pub total: Count,
    /// Orbits among them (sum of orbit weights).
    pub orbits: Count,
}

/// Sums of validated solutions and their weights: exact at any size, the solutions found
/// checked against 64 bits rather than wrapped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Solutions returned by the backend and validated.
    pub found: u64,
    /// Solutions they stand for.
    pub total: Count,
    /// Orbits they stand for.
    pub orbits: Count,
}

impl Tally {
    /// Adds one validated solution of the given weight.
    ///
    /// # Errors
    /// [`EngineError::Overflow`] when the solutions found leave 64 bits.
    pub fn add(&mut self, w: Weight) -> Result<(), EngineError> {
        self.found = self
            .found
            .checked_add(1)
            .ok_or_else(|| EngineError::Overflow(Overflowed::Found))?;
        self.total += w.total;
        self.orbits += w.orbits;
        Ok(())
    }

    /// Adds a finished cube.
    ///
    /// # Errors
    /// [`EngineError::Overflow`] when the solutions found leave 64 bits.
    pub fn add_cube(&mut self, c: &CubeResult) -> Result<(), EngineError> {
        self.found = self
            .found
            .checked_add(c.found)
            .ok_or_else(|| EngineError::Overflow(Overflowed::Cube(c.index)))?;
        self.total += &c.total;
        self.orbits += &c.orbits;
        Ok(())
    }
}

/// The largest count the engine builds, in bits: 2^22 bits is 1,262,612 decimal digits,
/// written out in about half a second. A count that could be larger is refused, not built.
pub const MAX_COUNT_BITS: u64 = 1 << 22;

/// An upper bound on the bits of [`combine`]`(parts, free_vars)`, saturated at `u64::MAX`.
pub fn count_bits(parts: &[Tally], free_vars: u64) -> u64 {
    parts.iter().fold(free_vars.saturating_add(1), |bits, p| {
        bits.saturating_add(p.total.0.bits())
    })
}

/// The exact count of a problem from its parts' tallies: `2^free * product of the part totals`.
pub fn combine(parts: &[Tally], free_vars: u64) -> BigUint {
    product(parts.iter().map(|p| &p.total)) << free_vars
}

/// The exact number of orbits of a problem counted by orbits, from its parts' tallies: the
/// product of the part orbits. The free variables add none: a problem counted by orbits
/// takes every permutation and flip of them as symmetries, under which all their
/// assignments are one orbit.
pub fn combine_orbits(parts: &[Tally]) -> BigUint {
    product(parts.iter().map(|p| &p.orbits))
}

fn product<'a>(counts: impl Iterator<Item = &'a Count>) -> BigUint {
    let factors: Vec<&BigUint> = counts.map(|c| &c.0).collect();
    tree_product(&factors)
}

/// The product of `factors` by halves: multiplying 100,000 small counts one after another
/// into a growing number is quadratic; by halves the big multiplications are few.
fn tree_product(factors: &[&BigUint]) -> BigUint {
    match factors {
        [] => BigUint::from(1u32),
        [one] => (*one).clone(),
        _ => {
            let (left, right) = factors.split_at(factors.len() / 2);
            tree_product(left) * tree_product(right)
        }
    }
}
