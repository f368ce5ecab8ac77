//! Backtracking counts that use all eight symmetries of the square, not just the mirror.
//!
//! Every solution has one queen on each edge of the board (top row, bottom row, left and right
//! columns; a corner queen lies on two). With d(x) = min(x, n-1-x), an edge queen's distance
//! to the nearest corner, only solutions whose top queen is in the left half and at the
//! *largest* distance of the four are searched: t = d(top) >= the distance of every other edge
//! queen. Every orbit has such a member (turn an edge of largest distance to the top, mirror
//! it into the left half), and for n >= 4 the largest distance is at least 1 (no solution has
//! two corner queens: any two corners share a line), so t runs over 1..=(n-1)/2.
//!
//! Largest rather than smallest (Takaken's classic split puts the top queen nearest a corner)
//! because of where the work is: a top queen near the middle roots the cheapest subtrees per
//! solution, and the other edges' bound d <= t bans the edge columns from the middle band of
//! rows t+1..=n-2-t, which prunes the smaller classes early. At n = 16 this search tries about
//! three quarters of the nodes of the smallest-distance split. The band is kept by masks while
//! the first rows are placed and by a [`Rule`] (edge columns blocked until row n-2-t, then
//! released) in the search; the bottom queen's distance is checked per solution.
//!
//! Each found solution s counts 8 / m(s), where m(s) is the number of the eight symmetries that
//! also map s into the searched set: m is the same over an orbit O, O has m / |Stab(s)|
//! members in the set, so they sum to |O| = 8 / |Stab(s)| exactly. m(s) depends only on the
//! four edge queens. Each also counts |Stab(s)| / m(s) orbits (fundamental solutions): only
//! rotations can fix a solution (a reflection fixing it would map a queen to another on one
//! line: the left-right and up-down mirrors keep rows and columns, and the images (r, c) and
//! (c, r) of a queen off the diagonal share an anti-diagonal, while at most one queen stands
//! on each diagonal), checked on the board only when the edge queens allow it.
//!
//! The search below the first rows is [`crate::backtrack::kernel`]'s; this file owns the
//! split into subtrees, the weights and the fundamental count.

use crate::backtrack::kernel::{complete, Bits, Leaf, Prefix, Rule};
use crate::backtrack::{all_columns, count_backtrack, share, Partial, MAX_N, TASK_ROWS};
use toolkit_base::StopFlag;

/// One subtree: the top queen in column `top`, the first rows placed.
struct Task {
    /// The top queen's column, its corner distance the largest of the four edge queens'.
    top: usize,
    /// The placed rows.
    prefix: Prefix,
    /// The squares each row may use while rows are placed before the search takes over.
    open: Bits,
}

/// Solutions and fundamental solutions (orbits under the eight symmetries of the square).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SymmetricCount {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub fundamental: u64,
}

/// What the threads find: the solutions by m (1..=8, the symmetries that map a solution into
/// the searched set) and stabiliser size (1, 2 or 4).
#[derive(Default)]
struct Found {
    by_m: [[u64; 5]; 9],
}

impl Found {
    fn merge(&mut self, other: Found) {
        for (sums, counts) in self.by_m.iter_mut().zip(other.by_m) {
            for (sum, c) in sums.iter_mut().zip(counts) {
                *sum += c;
            }
        }
    }

    /// Sums 8 / m and stab / m over the found solutions, exactly when `whole` (the search
    /// was not stopped: every orbit's members were all found): scaled by 840 = lcm(1..=8).
    fn count(&self, whole: bool) -> SymmetricCount {
        // u128: 840 x Q(n) passes u64 from n = 26 on.
        let (mut total, mut fundamental) = (0u128, 0u128);
        for (m, counts) in self.by_m.iter().enumerate().skip(1) {
            for (stab, &c) in counts.iter().enumerate() {
                total += u128::from(c) * 8 * (840 / m as u128);
                fundamental += u128::from(c) * stab as u128 * (840 / m as u128);
            }
        }
        assert!(
            !whole || (total % 840 == 0 && fundamental % 840 == 0),
            "orbit weights must add up to whole solutions"
        );
        SymmetricCount {
            total: (total / 840) as u64,
            fundamental: (fundamental / 840) as u64,
        }
    }
}

/// The solutions of one subtree, tallied by [`symmetries`].
struct WeighedLeaf<'a> {
    n: usize,
    /// The top queen's column, the largest corner distance the bottom queen may have.
    top: usize,
    found: &'a mut Found,
}

impl Leaf for WeighedLeaf<'_> {
    const COUNT_ONLY: bool = false;
    fn add(&mut self, _: u64) {
        unreachable!("solutions are weighed one by one")
    }
    fn found(&mut self, bits: &Bits) {
        // The search leaves the bottom row unrestricted: checked here, once per solution.
        let bottom = bits[self.n - 1].trailing_zeros() as usize;
        if bottom > self.top && bottom < self.n - 1 - self.top {
            return;
        }
        let (m, stab) = symmetries(self.n, bits);
        self.found.by_m[m][stab] += 1;
    }
}

/// Counts the solutions for `n` with the eight-fold symmetry, over `threads` threads.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_d4(n: usize, threads: usize) -> SymmetricCount {
    count_backtrack_d4_until(n, threads, &StopFlag::new()).value
}

/// [`count_backtrack_d4`] that stops soon after `stop` is set (within microseconds of
/// search at any n). A stopped count is the weighed part of the solutions found, rounded
/// down: an orbit's members may lie in parts not searched.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_d4_until(
    n: usize,
    threads: usize,
    stop: &StopFlag,
) -> Partial<SymmetricCount> {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    if n < 4 {
        // 1: one solution, its own orbit; 2, 3: none.
        let total = count_backtrack(n);
        return Partial {
            value: SymmetricCount {
                total,
                fundamental: total,
            },
            done: 0,
            tasks: 0,
        };
    }
    let all = all_columns(n);
    let edges = 1u32 | 1 << (n - 1);
    let tasks = tasks(n, all, edges);
    let found = share(
        &tasks,
        threads,
        stop,
        |found: &mut Found, task: &Task| {
            let t = task.top;
            let mut leaf = WeighedLeaf { n, top: t, found };
            // Rows 0..=t may hold an edge queen; the band of rows t+1..=n-2-t may not: the
            // search blocks the edge columns still free until row n-2-t, then releases them.
            let band_end = n - 2 - t;
            let mut finished = true;
            task.prefix.extend_to(n, t + 1, &task.open, &mut |p| {
                let rule = if p.rows <= band_end {
                    Rule {
                        row: band_end,
                        release: edges & !p.cols,
                    }
                } else {
                    Rule::NONE
                };
                finished &= complete(n, all, &p, rule, stop, &mut leaf);
            });
            finished
        },
        Found::merge,
    );
    Partial {
        value: found.value.count(found.is_complete()),
        done: found.done,
        tasks: found.tasks,
    }
}

/// The subtrees: the top queen in column t of the left half, at the largest corner distance
/// of the four edge queens, split further by the placements of the next rows.
fn tasks(n: usize, all: u32, edges: u32) -> Vec<Task> {
    let mut tasks = Vec::new();
    for t in 1..=(n - 1) / 2 {
        let mut open = [all; MAX_N];
        open[0] = 1 << t;
        if 2 * t == n - 1 {
            // The mirror keeps a middle top queen: of each mirrored pair, only the member
            // with row 1's queen left of the middle is searched.
            open[1] &= (1 << t) - 1;
        }
        for row in open.iter_mut().take(n - 1 - t).skip(t + 1) {
            *row &= !edges;
        }
        Prefix::empty().extend_to(n, TASK_ROWS, &open, &mut |prefix| {
            tasks.push(Task {
                top: t,
                prefix,
                open,
            })
        });
    }
    tasks
}

/// For a found solution `bits` (one bit per row): how many of the eight symmetries map it
/// into the searched set (top queen in the left half, at the largest corner distance t of
/// the edges; in the middle column, row 1's queen left of it), and how many fix it.
///
/// Each of the eight images has one of the four edge queens on top, each edge queen tops two
/// images, one the other's mirror, and exactly one of the two is in the set: the one with the
/// top queen in the left half, or when it stands in the middle column (odd n), the one with
/// row 1's queen left of the middle. So the images in the set are those topped by an edge
/// queen at distance t, one per such queen.
fn symmetries(n: usize, bits: &Bits) -> (usize, usize) {
    let last = n - 1;
    let col = |b: u32| b.trailing_zeros() as usize;
    let (top, bottom) = (col(bits[0]), col(bits[last]));
    let (mut left, mut right) = (0, 0);
    for (r, &b) in bits.iter().enumerate().take(n) {
        if b == 1 {
            left = r;
        } else if b == 1 << last {
            right = r;
        }
    }
    let d = |x: usize| x.min(last - x);
    let t = d(top);
    let m = 1 + [bottom, left, right].iter().filter(|&&x| d(x) == t).count();
    // A rotation fixing the board fixes its edge queens first: test the cheap part first.
    // The quarter turn maps (r, c) to (c, n-1-r), the half turn to (n-1-r, n-1-c).
    let flip = |x: usize| last - x;
    let edges = (top, bottom, left, right);
    let stab = if (flip(left), flip(right), bottom, top) == edges && quarter_turn_fixes(n, bits) {
        4
    } else if (flip(bottom), flip(top), flip(right), flip(left)) == edges
        && half_turn_fixes(n, bits)
    {
        2
    } else {
        1
    };
    (m, stab)
}

fn half_turn_fixes(n: usize, bits: &Bits) -> bool {
    let col = |r: usize| bits[r].trailing_zeros() as usize;
    (0..n).all(|r| col(n - 1 - r) == n - 1 - col(r))
}

fn quarter_turn_fixes(n: usize, bits: &Bits) -> bool {
    // (r, c) goes to (c, n-1-r): row c's queen must be in column n-1-r.
    let col = |r: usize| bits[r].trailing_zeros() as usize;
    (0..n).all(|r| col(col(r)) == n - 1 - r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_board::oeis;

    #[test]
    fn symmetric_counts_match_oeis_and_the_mirror_count_on_one_and_three_threads() {
        for n in 1..=14 {
            let mirror = count_backtrack(n);
            assert_eq!(Some(mirror), oeis::solutions(n), "n = {n}");
            for threads in [1, 3] {
                let d4 = count_backtrack_d4(n, threads);
                assert_eq!(d4.total, mirror, "n = {n}, {threads} threads");
                assert_eq!(
                    Some(d4.fundamental),
                    oeis::fundamental_solutions(n),
                    "n = {n}, {threads} threads"
                );
            }
        }
    }

    /// Whether the search looks for `s`: its top queen in the left half, at the largest
    /// corner distance of the four edge queens, and in the middle column with row 1's queen
    /// left of it.
    fn searched(s: &[usize]) -> bool {
        let last = s.len() - 1;
        let d = |x: usize| x.min(last - x);
        let row_of = |c: usize| s.iter().position(|&x| x == c).expect("a queen per column");
        let t = s[0];
        t <= last - t
            && [s[last], row_of(0), row_of(last)]
                .iter()
                .all(|&x| d(x) <= d(t))
            && (2 * t != last || s[1] < t)
    }

    #[test]
    fn the_weights_count_the_images_in_the_searched_set_and_the_rotations_that_fix() {
        // The fast count of `symmetries` against the eight images of the whole board.
        let mut checked = 0;
        for n in 4..=11 {
            crate::backtrack::for_each_solution(n, |s| {
                if !searched(s) {
                    return true;
                }
                let mut bits = [0u32; MAX_N];
                for (b, &c) in bits.iter_mut().zip(s) {
                    *b = 1 << c;
                }
                let images = nqueens_board::d4::images(s);
                let m = images.iter().filter(|i| searched(i)).count();
                let stab = images.iter().filter(|i| i[..] == s[..]).count();
                assert_eq!(symmetries(n, &bits), (m, stab), "n = {n}: {s:?}");
                checked += 1;
                true
            });
        }
        assert!(checked > 500, "{checked}");
    }

    /// The one D4 module's canonical forms and orbit sizes, over the solutions this oracle
    /// lists, give A002562 and A000170.
    #[test]
    fn canonical_forms_count_a002562_and_orbits_sum_to_a000170() {
        use nqueens_board::d4::{canonical, images, orbit_size};
        for n in 1..=9 {
            let (mut fundamental, mut total) = (0, 0);
            crate::for_each_solution(n, |q| {
                for image in images(q) {
                    assert!(crate::peaceful(nqueens_board::Variant::Classic, &image));
                }
                if canonical(q) == q {
                    fundamental += 1;
                    total += orbit_size(q);
                }
                true
            });
            assert_eq!(Some(fundamental), oeis::fundamental_solutions(n), "n={n}");
            assert_eq!(Some(total), oeis::solutions(n), "n={n}");
        }
    }

    #[test]
    fn one_thread_and_many_agree() {
        assert_eq!(count_backtrack_d4(11, 1), count_backtrack_d4(11, 5));
    }
}
