//! Running totals: per cube, per part, and the exact product over parts.

use crate::{EngineError, Weight};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

/// What one finished cube counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeResult {
    /// Index of the cube in the problem's cube list.
    pub index: usize,
    /// Solutions the backend returned, each validated.
    pub found: u64,
    /// Solutions they stand for (sum of weights).
    pub total: u64,
    /// Orbits among them (sum of orbit weights).
    pub orbits: u64,
}

/// Sums of validated solutions and their weights, with overflow refused rather than wrapped.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Solutions returned by the backend and validated.
    pub found: u64,
    /// Solutions they stand for.
    pub total: u64,
    /// Orbits they stand for.
    pub orbits: u64,
}

fn add(a: u64, b: u64, what: &str) -> Result<u64, EngineError> {
    a.checked_add(b)
        .ok_or_else(|| EngineError::Overflow(what.to_string()))
}

impl Tally {
    /// Adds one validated solution of the given weight.
    ///
    /// # Errors
    /// [`EngineError::Overflow`] when a sum leaves 64 bits.
    pub fn add(&mut self, w: Weight) -> Result<(), EngineError> {
        self.found = add(self.found, 1, "solutions found")?;
        self.total = add(self.total, w.total, "solutions")?;
        self.orbits = add(self.orbits, w.orbits, "orbits")?;
        Ok(())
    }

    /// Adds a finished cube.
    ///
    /// # Errors
    /// [`EngineError::Overflow`] when a sum leaves 64 bits.
    pub fn add_cube(&mut self, c: &CubeResult) -> Result<(), EngineError> {
        let what = format!("cube {}", c.index);
        self.found = add(self.found, c.found, &what)?;
        self.total = add(self.total, c.total, &what)?;
        self.orbits = add(self.orbits, c.orbits, &what)?;
        Ok(())
    }
}

/// The largest count the engine builds, in bits: 2^22 bits is 1,262,612 decimal digits,
/// written out in about half a second. A count that could be larger is refused, not built.
pub const MAX_COUNT_BITS: u64 = 1 << 22;

/// An upper bound on the bits of [`combine`]`(parts, free_vars)`, saturated at `u64::MAX`.
pub fn count_bits(parts: &[Tally], free_vars: u64) -> u64 {
    parts.iter().fold(free_vars.saturating_add(1), |bits, p| {
        bits.saturating_add(u64::from(u64::BITS - p.total.leading_zeros()))
    })
}

/// The exact count of a problem from its parts' tallies: `2^free * product of the part totals`.
pub fn combine(parts: &[Tally], free_vars: u64) -> BigUint {
    let mut count = BigUint::from(1u32) << free_vars;
    for p in parts {
        count *= p.total;
    }
    count
}
