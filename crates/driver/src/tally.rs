//! Running totals of a count.

use crate::{CubeResult, Symmetry};

/// What has been counted so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions returned by the backend and validated.
    pub found: u64,
    /// All solutions they stand for.
    pub total: u64,
    /// Fundamental solutions (D4 only).
    pub fundamental: u64,
}

impl Tally {
    /// Adds one validated solution.
    pub fn add(&mut self, symmetry: Symmetry, columns: &[usize]) {
        let (total, fundamental) = symmetry.weigh(columns);
        self.found += 1;
        self.total += total;
        self.fundamental += fundamental;
    }

    /// Adds a finished cube.
    pub fn add_cube(&mut self, cube: &CubeResult) {
        self.found += cube.found;
        self.total += cube.total;
        self.fundamental += cube.fundamental;
    }
}
