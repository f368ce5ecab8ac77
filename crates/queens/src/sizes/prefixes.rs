//! How many cubes of a given depth the first rows make, counted without building them: the
//! placements of the first D rows in which no two queens attack, level by level, by a
//! depth-first walk that keeps one board and stops as soon as the count passes a limit.

/// Cube-prefix counts per depth, from 0 (the empty prefix) to the depth asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels(pub Vec<u64>);

impl Levels {
    /// Cubes: the prefixes of the deepest level.
    pub fn cubes(&self) -> u64 {
        self.0.last().copied().unwrap_or(1)
    }

    /// Prefixes over every level (each level is held while the next is built).
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// The safe placements of rows `0..depth` of an n x n board (as [`crate::prefixes`] makes
/// them) counted per depth, or `None` when there are more than `limit` over all depths.
/// `depth` is capped at n.
pub fn count_prefixes(n: usize, depth: usize, limit: u64) -> Option<Levels> {
    let depth = depth.min(n);
    let mut levels = vec![0u64; depth + 1];
    levels[0] = 1;
    let mut total = 1u64;
    let (mut cols, mut diag, mut anti) = (vec![false; n], vec![false; 2 * n], vec![false; 2 * n]);
    // next[r]: the next column to try in row r; placed[r]: the column of row r's queen.
    let mut next = vec![0usize; depth + 1];
    let mut placed = vec![0usize; depth];
    let mut row = 0usize;
    loop {
        if row == depth {
            if row == 0 {
                break;
            }
            row -= 1;
            lift(&mut cols, &mut diag, &mut anti, n, row, placed[row]);
            continue;
        }
        let Some(c) = (next[row]..n).find(|&c| !cols[c] && !diag[row + n - c] && !anti[row + c])
        else {
            if row == 0 {
                break;
            }
            row -= 1;
            lift(&mut cols, &mut diag, &mut anti, n, row, placed[row]);
            continue;
        };
        next[row] = c + 1;
        placed[row] = c;
        (cols[c], diag[row + n - c], anti[row + c]) = (true, true, true);
        levels[row + 1] += 1;
        total += 1;
        if total > limit {
            return None;
        }
        row += 1;
        next[row] = 0;
    }
    Some(Levels(levels))
}

/// Takes row `row`'s queen (in column `c`) off the board.
fn lift(cols: &mut [bool], diag: &mut [bool], anti: &mut [bool], n: usize, row: usize, c: usize) {
    (cols[c], diag[row + n - c], anti[row + c]) = (false, false, false);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prefixes;

    #[test]
    fn counts_equal_the_prefixes_the_encoder_builds() {
        for n in 1..=9 {
            for depth in 0..=n + 1 {
                let levels = count_prefixes(n, depth, u64::MAX).unwrap();
                assert_eq!(levels.0.len(), depth.min(n) + 1);
                for (d, &count) in levels.0.iter().enumerate() {
                    assert_eq!(count, prefixes(n, d).len() as u64, "n = {n}, depth {d}");
                }
            }
        }
        // Full depth is every solution: Q(8) = 92.
        assert_eq!(count_prefixes(8, 8, u64::MAX).unwrap().cubes(), 92);
    }

    #[test]
    fn the_walk_stops_once_past_the_limit() {
        // 1 + 8 + 42 prefixes down to depth 2.
        assert_eq!(count_prefixes(8, 2, 51).map(|l| l.total()), Some(51));
        assert_eq!(count_prefixes(8, 2, 50), None);
        assert_eq!(count_prefixes(1000, 5, 1_000_000), None);
    }
}
