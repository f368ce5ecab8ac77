//! The bitboard oracle for every variant and for given and blocked squares: the seeds'
//! extension algorithm (place row after row on a square nothing attacks), with the attacks
//! of each variant kept as bit masks. Independent of every encoding; the classic open board
//! keeps its own faster counters (`backtrack`, `backtrack_d4`).
//!
//! - Classic diagonals shift one column per row; toroidal ones rotate within the n columns.
//! - A superqueen's knight moves forbid columns c +- 2 in the next row and c +- 1 in the row
//!   after: two more masks carried down.
//! - Given and blocked squares become a mask of allowed columns per row, computed once from
//!   [`Rules::allows`].

use crate::backtrack::{all_columns, share, Partial, MAX_N, STOP_CHECK_BELOW};
use nqueens_board::{Rules, Variant};
use toolkit_base::StopFlag;

/// What a count under rules found.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesCount {
    /// Solutions the search reached (each handed to the weight function).
    pub found: u64,
    /// The sum of their weights' first parts (all solutions they stand for).
    pub total: u64,
    /// The sum of their weights' second parts (orbits they stand for).
    pub orbits: u64,
}

/// The search below the first rows.
struct Walk {
    n: usize,
    all: u32,
    variant: Variant,
    allow: [u32; MAX_N],
}

/// Diagonal masks carried to the next row.
#[derive(Copy, Clone)]
struct Attacks {
    cols: u32,
    ld: u32,
    rd: u32,
    /// Knight attacks on this row (superqueens).
    knight: u32,
    /// Knight attacks on the next row from the row above this one.
    knight_next: u32,
}

impl Walk {
    fn new(n: usize, rules: &Rules) -> Walk {
        assert!(
            (1..=MAX_N).contains(&n),
            "the oracle handles 1 <= n <= {MAX_N}"
        );
        let mut allow = [0u32; MAX_N];
        for (row, mask) in allow.iter_mut().enumerate().take(n) {
            *mask = (0..n)
                .filter(|&c| rules.allows(n, row, c))
                .fold(0, |m, c| m | 1 << c);
        }
        Walk {
            n,
            all: all_columns(n),
            variant: rules.variant,
            allow,
        }
    }

    fn free(&self, row: usize, a: &Attacks) -> u32 {
        self.all & self.allow[row] & !(a.cols | a.ld | a.rd | a.knight)
    }

    /// The attacks on the next row after placing `bit` in this one.
    fn place(&self, a: &Attacks, bit: u32) -> Attacks {
        let (ld, rd) = (a.ld | bit, a.rd | bit);
        let (ld, rd) = if self.variant == Variant::Toroidal {
            let n = self.n as u32;
            (
                (ld << 1 | ld >> (n - 1)) & self.all,
                (rd >> 1 | rd << (n - 1)) & self.all,
            )
        } else {
            ((ld << 1) & self.all, rd >> 1)
        };
        let (knight, knight_next) = if self.variant == Variant::Superqueens {
            (
                (a.knight_next | bit << 2 | bit >> 2) & self.all,
                (bit << 1 | bit >> 1) & self.all,
            )
        } else {
            (0, 0)
        };
        Attacks {
            cols: a.cols | bit,
            ld,
            rd,
            knight,
            knight_next,
        }
    }

    /// Places rows `row..n`, calling `leaf` with every solution's columns; returns `false`
    /// once `leaf` asked to stop or `stop` was seen set.
    fn walk(
        &self,
        row: usize,
        a: Attacks,
        placed: &mut [usize; MAX_N],
        stop: &StopFlag,
        leaf: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        if row == self.n {
            return leaf(&placed[..self.n]);
        }
        if self.n - row > STOP_CHECK_BELOW && stop.is_raised() {
            return false;
        }
        let mut free = self.free(row, &a);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            placed[row] = bit.trailing_zeros() as usize;
            if !self.walk(row + 1, self.place(&a, bit), placed, stop, leaf) {
                return false;
            }
        }
        true
    }
}

const START: Attacks = Attacks {
    cols: 0,
    ld: 0,
    rd: 0,
    knight: 0,
    knight_next: 0,
};

/// Calls `f` with every solution of an n x n board under `rules` (checked with
/// [`Rules::check`]), in lexicographic order, until `f` returns `false`.
///
/// # Panics
/// When `n > 32` or `n == 0`.
pub fn for_each_rules_solution(n: usize, rules: &Rules, mut f: impl FnMut(&[usize]) -> bool) {
    let walk = Walk::new(n, rules);
    walk.walk(0, START, &mut [0; MAX_N], &StopFlag::new(), &mut f);
}

/// Counts the solutions of an n x n board under `rules` (checked with [`Rules::check`]) on
/// `threads` threads. Only solutions whose first-row queen is in a column `first_row` accepts
/// are searched; each found solution adds `weigh(columns)` = (solutions it stands for, orbits
/// it stands for), so the caller's symmetry argument decides what the sums mean.
///
/// # Panics
/// When `n > 32` (columns are bits of a `u32`) or `n == 0`.
pub fn count_rules(
    n: usize,
    rules: &Rules,
    threads: usize,
    first_row: impl Fn(usize) -> bool + Sync,
    weigh: impl Fn(&[usize]) -> (u64, u64) + Sync,
) -> RulesCount {
    let never = StopFlag::new();
    count_rules_until(n, rules, threads, &never, first_row, weigh).value
}

/// [`count_rules`] that stops soon after `stop` is set (within microseconds of search at
/// any n); the count is then what was found before.
///
/// # Panics
/// When `n > 32` (columns are bits of a `u32`) or `n == 0`.
pub fn count_rules_until(
    n: usize,
    rules: &Rules,
    threads: usize,
    stop: &StopFlag,
    first_row: impl Fn(usize) -> bool + Sync,
    weigh: impl Fn(&[usize]) -> (u64, u64) + Sync,
) -> Partial<RulesCount> {
    let walk = Walk::new(n, rules);
    let start = START;
    // One task per placement of the first two rows (the first alone on a 1 x 1 board).
    let mut tasks: Vec<(usize, Option<usize>)> = Vec::new();
    let mut free0 = walk.free(0, &start);
    while free0 != 0 {
        let bit = free0 & free0.wrapping_neg();
        free0 ^= bit;
        let c0 = bit.trailing_zeros() as usize;
        if !first_row(c0) {
            continue;
        }
        if n == 1 {
            tasks.push((c0, None));
            continue;
        }
        let mut free1 = walk.free(1, &walk.place(&start, bit));
        while free1 != 0 {
            let bit1 = free1 & free1.wrapping_neg();
            free1 ^= bit1;
            tasks.push((c0, Some(bit1.trailing_zeros() as usize)));
        }
    }
    share(
        &tasks,
        threads,
        stop,
        |acc: &mut RulesCount, &(c0, c1)| {
            let mut leaf = |cols: &[usize]| {
                let (total, orbits) = weigh(cols);
                acc.found += 1;
                acc.total += total;
                acc.orbits += orbits;
                true
            };
            let mut placed = [0usize; MAX_N];
            placed[0] = c0;
            let a = walk.place(&start, 1 << c0);
            match c1 {
                None => walk.walk(1, a, &mut placed, stop, &mut leaf),
                Some(c1) => {
                    placed[1] = c1;
                    walk.walk(2, walk.place(&a, 1 << c1), &mut placed, stop, &mut leaf)
                }
            }
        },
        |acc, part| {
            acc.found += part.found;
            acc.total += part.total;
            acc.orbits += part.orbits;
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_board::oeis;

    fn plain(n: usize, variant: Variant) -> RulesCount {
        let rules = Rules::new(variant, vec![], vec![]);
        count_rules(n, &rules, 2, |_| true, |_| (1, 0))
    }

    #[test]
    fn every_variant_matches_its_oeis_table() {
        for n in 1..=11 {
            for v in Variant::ALL {
                assert_eq!(
                    Some(plain(n, v).total),
                    oeis::variant_solutions(v, n),
                    "{v} n = {n}"
                );
            }
        }
    }

    #[test]
    fn the_tables_hold_to_n_17_on_the_torus_and_15_for_superqueens() {
        // The torus by its translations: the first-row queen in column 0, times n.
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        for n in 12..=17 {
            let c = count_rules(n, &torus, 2, |c0| c0 == 0, |_| (n as u64, 1));
            assert_eq!(
                Some(c.total),
                oeis::variant_solutions(Variant::Toroidal, n),
                "n = {n}"
            );
        }
        // Superqueens by the mirror: the left half doubled, the middle column once.
        let sq = Rules::new(Variant::Superqueens, vec![], vec![]);
        for n in 12..=15 {
            let c = count_rules(
                n,
                &sq,
                2,
                |c0| 2 * c0 < n,
                |cols| (if 2 * cols[0] + 1 == n { 1 } else { 2 }, 0),
            );
            assert_eq!(
                Some(c.total),
                oeis::variant_solutions(Variant::Superqueens, n),
                "n = {n}"
            );
        }
    }
}
