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
    Mirror,
    /// Count one canonical solution per orbit of the square's 8 symmetries, with its orbit
    /// size: gives fundamental solutions (A002562) and all solutions (A000170). The search
    /// skips cubes and squares no canonical solution uses ([`Symmetry::excluded`]).
    #[default]
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
    /// lexicographically smallest, so they too start in the left half; with D4 every queen of
    /// the cube must also sit on a square some canonical solution can use (the rule behind
    /// [`Symmetry::excluded`]).
    pub fn keeps(self, n: usize, cube: &[usize]) -> bool {
        match (self, cube.first()) {
            (Symmetry::None, _) | (_, None) => true,
            (Symmetry::Mirror, Some(&c)) => c <= (n - 1) / 2,
            (Symmetry::D4, Some(&c)) => {
                c <= (n - 1) / 2 && cube.iter().enumerate().all(|(r, &q)| allows(n, cube, r, q))
            }
        }
    }

    /// Squares below the cube that no solution counted in it can use (D4 only; empty
    /// otherwise). Forbidding them is a search restriction only: counting stays exact because
    /// every canonical solution avoids them and only canonical solutions count.
    pub fn excluded(self, n: usize, cube: &[usize]) -> Vec<(usize, usize)> {
        if self != Symmetry::D4 || cube.is_empty() {
            return Vec::new();
        }
        (cube.len()..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| !allows(n, cube, r, c))
            .collect()
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

/// Whether a canonical solution (lexicographically smallest of its 8 images) whose first rows
/// are `cube` may have a queen on (r, c). Its first-row queen t is the smallest of the four
/// edge queens' distances to a corner (every image's first-row column is one of t, n-1-t and
/// the bottom, left and right queens' positions and their mirrors), so the left and right
/// columns keep clear of rows outside t..=n-1-t and the bottom queen of columns outside
/// t..=n-1-t. With a corner queen (t = 0) the transposed image also starts with 0, so the
/// canonical one has row 1's column a below the row of column 1's queen: column 1 stays
/// clear of rows 2..=a.
fn allows(n: usize, cube: &[usize], r: usize, c: usize) -> bool {
    let t = cube[0];
    let last = n - 1;
    if (c == 0 || c == last) && (r < t || r > last - t) {
        return false;
    }
    if r == last && (c < t || c > last - t) {
        return false;
    }
    if t == 0 && c == 1 && r >= 2 && cube.get(1).is_some_and(|&a| r <= a) {
        return false;
    }
    true
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        nqueens_encode::named::from_name(&Symmetry::ALL, Symmetry::name, "symmetry", s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The D4 search restriction never loses a canonical solution: every one lies in a kept
    /// cube and avoids every excluded square, at every cube depth.
    #[test]
    fn canonical_solutions_survive_the_d4_restriction() {
        for n in 1..=10 {
            nqueens_queens::for_each_solution(n, |s| {
                if canonical(s) == s {
                    for depth in 1..=3.min(n) {
                        let cube = &s[..depth];
                        assert!(Symmetry::D4.keeps(n, cube), "{s:?} depth {depth}");
                        for (r, c) in Symmetry::D4.excluded(n, cube) {
                            assert_ne!(s[r], c, "{s:?} depth {depth}: ({r}, {c}) excluded");
                        }
                    }
                }
                true
            });
        }
    }

    /// The restriction does prune: at n = 10 most non-canonical solutions are excluded.
    #[test]
    fn the_d4_restriction_prunes_most_non_canonical_solutions() {
        let (mut kept, mut all) = (0, 0);
        nqueens_queens::for_each_solution(10, |s| {
            all += 1;
            let cube = &s[..2];
            if Symmetry::D4.keeps(10, cube)
                && Symmetry::D4
                    .excluded(10, cube)
                    .iter()
                    .all(|&(r, c)| s[r] != c)
            {
                kept += 1;
            }
            true
        });
        assert_eq!(all, 724);
        assert!(kept < all / 4, "{kept} of {all} kept");
        assert!(kept >= 92, "at least the canonical ones");
    }
}
