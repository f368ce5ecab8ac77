//! Backtracking counts that use all eight symmetries of the square, not just the mirror.
//!
//! Every solution has one queen on each edge of the board (top row, bottom row, left and right
//! columns). A queen on a corner lies on two edges; no solution has two corner queens (any two
//! corners share a line). The counting follows the classic split of Takaken's symmetric
//! backtracking, derived here from scratch:
//!
//! - *Corner solutions.* No solution is symmetric under a diagonal reflection (the images
//!   (r, c) and (c, r) of a queen share an anti-diagonal, so every queen would have to sit on the
//!   main diagonal), and a rotation would move the corner queen to another corner; so these
//!   orbits have 8 members, 2 of them with the queen on (0, 0), one of each transposed pair.
//!   With a = the column of row 1's queen and b = the row of column 1's queen (a != b), the
//!   pair is split by a < b, which the search enforces by keeping column 1 free in rows
//!   2..=a. Their total is 8 times that count.
//! - *Other solutions.* With d(x) = min(x, n-1-x), the distance to the nearest corner of an edge
//!   queen, only solutions whose top queen is in the left half at the smallest distance of the
//!   four are searched (t = d(t) <= every other edge's distance, enforced by masks on the
//!   edge columns and the last row). Each found solution s counts 8 / m(s), where m(s) is the
//!   number of the eight symmetries that also map s into the searched set: over an orbit O the
//!   found members then sum to |O| exactly. m(s) depends only on the four edge queens.
//!   Each also counts |Stab(s)| / m(s) orbits (fundamental solutions): only rotations can fix
//!   a solution (a reflection would put two queens on one line), checked on the board only
//!   when the edge queens allow it.

use crate::backtrack::{all_columns, count_backtrack, share, Forbid, Search, MAX_N};

/// One subtree: the first two rows placed, the squares each row must avoid beyond attacks.
struct Task {
    corner: bool,
    first: u32,
    second: u32,
    forbid: Forbid,
}

/// Solutions and fundamental solutions (orbits under the eight symmetries of the square).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SymmetricCount {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub fundamental: u64,
}

/// Counts the solutions for `n` with the eight-fold symmetry, over `threads` threads.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_d4(n: usize, threads: usize) -> SymmetricCount {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    if n < 4 {
        // 1: one solution, its own orbit; 2, 3: none.
        let total = count_backtrack(n);
        return SymmetricCount {
            total,
            fundamental: total,
        };
    }
    let all = all_columns(n);
    let tasks = tasks(n, all);
    // Corner solutions found, and the others by m (1..=8) and stabiliser size (1, 2, 4).
    type Found = (u64, [[u64; 5]; 9]);
    let (corner, by_m) = share(
        &tasks,
        threads,
        |(corner, by_m): &mut Found, task: &Task| {
            let search = Search {
                all,
                n,
                forbid: &task.forbid,
            };
            if task.corner {
                search.below_two_rows(task.first, task.second, &mut |_| *corner += 1);
            } else {
                search.below_two_rows(task.first, task.second, &mut |b| {
                    let (m, stab) = symmetries(n, b);
                    by_m[m][stab] += 1;
                });
            }
        },
        |(corner, by_m): &mut Found, (c, part): Found| {
            *corner += c;
            for (sums, counts) in by_m.iter_mut().zip(part) {
                for (sum, c) in sums.iter_mut().zip(counts) {
                    *sum += c;
                }
            }
        },
    );
    // Sums of 8 / m and stab / m per solution, exact: scaled by 840 = lcm(1..=8).
    let (mut total, mut fundamental) = (0u64, 0u64);
    for (m, counts) in by_m.iter().enumerate().skip(1) {
        for (stab, &c) in counts.iter().enumerate() {
            total += c * 8 * (840 / m as u64);
            fundamental += c * stab as u64 * (840 / m as u64);
        }
    }
    assert!(
        total % 840 == 0 && fundamental % 840 == 0,
        "orbit weights must add up to whole solutions"
    );
    SymmetricCount {
        total: 8 * corner + total / 840,
        fundamental: corner + fundamental / 840,
    }
}

/// The subtrees: corner (queen on (0, 0), row 1 in column a) and edge (row 0 in column t of
/// the left half, row 1 anywhere allowed).
fn tasks(n: usize, all: u32) -> Vec<Task> {
    let mut tasks = Vec::new();
    for a in 2..n {
        let mut forbid = [0u32; MAX_N];
        for f in forbid.iter_mut().take(a + 1).skip(2) {
            *f = 1 << 1;
        }
        tasks.push(Task {
            corner: true,
            first: 1,
            second: 1 << a,
            forbid,
        });
    }
    let edges = 1u32 | 1 << (n - 1);
    for t in 1..=(n - 1) / 2 {
        let mut forbid = [0u32; MAX_N];
        for (r, f) in forbid.iter_mut().enumerate().take(n) {
            if r < t || r > n - 1 - t {
                *f |= edges;
            }
        }
        // The bottom queen at least t from a corner.
        forbid[n - 1] |= all & !(((1u32 << (n - t)) - 1) & !((1u32 << t) - 1));
        let first = 1u32 << t;
        let mut free = all & !(first | first << 1 | first >> 1 | forbid[1]);
        while free != 0 {
            let second = free & free.wrapping_neg();
            free ^= second;
            tasks.push(Task {
                corner: false,
                first,
                second,
                forbid,
            });
        }
    }
    tasks
}

/// For the solution `bits` (one bit per row): how many of the eight symmetries map it into
/// the searched set (top queen in the left half, at the smallest corner distance of the
/// edges), and how many fix it.
fn symmetries(n: usize, bits: &[u32; MAX_N]) -> (usize, usize) {
    let last = n - 1;
    let col = |b: u32| b.trailing_zeros() as usize;
    let (top, bottom) = (col(bits[0]), col(bits[last]));
    let row_of = |c: usize| {
        (0..n)
            .find(|&r| bits[r] == 1 << c)
            .expect("a queen per column")
    };
    let (left, right) = (row_of(0), row_of(last));
    let flip = |x: usize| last - x;
    // (top, bottom, left, right) of each image: identity, mirror, up-down flip, half turn,
    // transpose, anti-transpose, quarter turn, three-quarter turn.
    let images = [
        (top, bottom, left, right),
        (flip(top), flip(bottom), right, left),
        (bottom, top, flip(left), flip(right)),
        (flip(bottom), flip(top), flip(right), flip(left)),
        (left, right, top, bottom),
        (flip(right), flip(left), flip(bottom), flip(top)),
        (flip(left), flip(right), bottom, top),
        (right, left, flip(top), flip(bottom)),
    ];
    let d = |x: usize| x.min(last - x);
    let m = images
        .iter()
        .filter(|&&(t, b, l, r)| t <= last - t && d(t) <= d(b) && d(t) <= d(l) && d(t) <= d(r))
        .count();
    // A rotation fixing the board fixes its edge queens first: test the cheap part first.
    let stab = if images[6] == images[0] && quarter_turn_fixes(n, bits) {
        4
    } else if images[3] == images[0] && half_turn_fixes(n, bits) {
        2
    } else {
        1
    };
    (m, stab)
}

fn half_turn_fixes(n: usize, bits: &[u32; MAX_N]) -> bool {
    let col = |r: usize| bits[r].trailing_zeros() as usize;
    (0..n).all(|r| col(n - 1 - r) == n - 1 - col(r))
}

fn quarter_turn_fixes(n: usize, bits: &[u32; MAX_N]) -> bool {
    // (r, c) goes to (c, n-1-r): row c's queen must be in column n-1-r.
    let col = |r: usize| bits[r].trailing_zeros() as usize;
    (0..n).all(|r| col(col(r)) == n - 1 - r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oeis;

    #[test]
    fn symmetric_counts_match_oeis_and_the_mirror_count() {
        for n in 1..=13 {
            let d4 = count_backtrack_d4(n, 2);
            assert_eq!(Some(d4.total), oeis::solutions(n), "n = {n}");
            assert_eq!(
                Some(d4.fundamental),
                oeis::fundamental_solutions(n),
                "n = {n}"
            );
            assert_eq!(d4.total, count_backtrack(n), "n = {n}");
        }
    }

    #[test]
    fn one_thread_and_many_agree() {
        assert_eq!(count_backtrack_d4(11, 1), count_backtrack_d4(11, 5));
    }
}
