//! How symmetry shortens a count, and what each solution found contributes to the totals.

use nqueens_queens::symmetry::{canonical, orbit_size};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Symmetry used to count less and multiply exactly.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Count every solution.
    None,
    /// Count placements whose first-row queen is in the left half (and the middle column for
    /// odd n); every left-half solution's mirror image is a distinct right-half solution.
    #[default]
    Mirror,
    /// Count one canonical solution per orbit of the square's 8 symmetries, with its orbit
    /// size: gives fundamental solutions (A002562) and all solutions (A000170).
    D4,
}

impl Symmetry {
    /// Every option.
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Mirror, Symmetry::D4];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Mirror => "mirror",
            Symmetry::D4 => "d4",
        }
    }

    /// Whether a cube (placement of the first rows) must be searched. Canonical forms are
    /// lexicographically smallest, so they too start in the left half.
    pub fn keeps(self, n: usize, cube: &[usize]) -> bool {
        match (self, cube.first()) {
            (Symmetry::None, _) | (_, None) => true,
            (_, Some(&c)) => c <= (n - 1) / 2,
        }
    }

    /// What one solution found in a kept cube adds: (all solutions, fundamental solutions).
    pub fn weigh(self, columns: &[usize]) -> (u64, u64) {
        let n = columns.len();
        match self {
            Symmetry::None => (1, 0),
            Symmetry::Mirror => match columns.first() {
                Some(&c) if n % 2 == 1 && c == n / 2 => (1, 0),
                Some(_) => (2, 0),
                None => (1, 0),
            },
            Symmetry::D4 => {
                if canonical(columns) == columns {
                    (orbit_size(columns), 1)
                } else {
                    (0, 0)
                }
            }
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Symmetry::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or_else(|| format!("unknown symmetry '{s}' (expected: none, mirror, d4)"))
    }
}
