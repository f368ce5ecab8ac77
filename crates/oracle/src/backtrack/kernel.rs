//! The bitboard search both oracles share: complete a board whose first rows are placed, row by
//! row, as a loop over an explicit stack (no recursion, no call per node).
//!
//! Bitboard backtracking itself is the classic one (one mask each for the taken columns and
//! the two diagonals, shifted one column per row); see Somers, "The N Queens Problem: a study
//! in optimization" (2002). Here the masks hold the *blocked* squares, with the columns beyond
//! the board set, so a row is exhausted when its mask is all ones and the next square is the
//! lowest zero bit; no "and the board" per node.
//!
//! The loop knows no per-row restrictions, which keeps it tight; a caller restricts the first
//! rows while building a [`Prefix`], and the search below it through one [`Rule`] at one row.

use super::{MAX_N, STOP_CHECK_BELOW};
use toolkit_base::StopFlag;

/// The placed queen of every row, one bit each.
pub(crate) type Bits = [u32; MAX_N];

/// A board with its first `rows` rows placed: their queens, the taken columns, and the squares
/// the placed queens attack along the two diagonals in row `rows`.
#[derive(Clone)]
pub(crate) struct Prefix {
    /// Rows placed.
    pub rows: usize,
    /// The queen of each placed row.
    pub bits: Bits,
    /// Taken columns.
    pub cols: u32,
    /// Squares attacked in row `rows` along the diagonals going to higher columns.
    pub ld: u32,
    /// Squares attacked in row `rows` along the diagonals going to lower columns.
    pub rd: u32,
}

impl Prefix {
    /// The empty board.
    pub fn empty() -> Prefix {
        Prefix {
            rows: 0,
            bits: [0; MAX_N],
            cols: 0,
            ld: 0,
            rd: 0,
        }
    }

    /// This prefix with a queen on `bit` in the next row.
    pub fn place(&self, bit: u32) -> Prefix {
        let mut next = self.clone();
        next.bits[self.rows % MAX_N] = bit;
        next.rows += 1;
        next.cols |= bit;
        next.ld = (self.ld | bit) << 1;
        next.rd = (self.rd | bit) >> 1;
        next
    }

    /// Calls `f` with every extension of this prefix to `depth` rows (at most `n`) that puts
    /// queens only on `open` squares (`open[r]`: the squares row r may use), in order.
    pub fn extend_to(&self, n: usize, depth: usize, open: &Bits, f: &mut impl FnMut(Prefix)) {
        if self.rows >= depth.min(n) {
            f(self.clone());
            return;
        }
        let mut free = open[self.rows % MAX_N] & !(self.cols | self.ld | self.rd);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.place(bit).extend_to(n, depth, open, f);
        }
    }
}

/// The one restriction the search loop applies, at one row: once row `row` is placed, the
/// columns `release` become free (the search blocks them in every row up to `row`). One
/// row, so the loop tests one equality per node.
#[derive(Copy, Clone)]
pub(crate) struct Rule {
    /// The row after which the rule applies. With r released columns, `row + r < n`: the
    /// rows down to `row` and the blocked columns must never fill the board, or that would
    /// look like a solution.
    pub row: usize,
    /// Columns blocked in rows up to `row` and free below it; none of them taken by the
    /// placed rows.
    pub release: u32,
}

impl Rule {
    /// No restriction.
    pub const NONE: Rule = Rule {
        row: usize::MAX,
        release: 0,
    };
}

/// What the search reports: either only how many solutions it found, or each board.
pub(crate) trait Leaf {
    /// True when [`Leaf::found`] is never needed: the search then skips keeping the board.
    const COUNT_ONLY: bool;
    /// `solutions` more solutions (called when `COUNT_ONLY`).
    fn add(&mut self, solutions: u64);
    /// One solution, the queen of every row in `bits` (called unless `COUNT_ONLY`).
    fn found(&mut self, bits: &Bits);
}

/// Counts solutions only.
#[derive(Default)]
pub(crate) struct Tally(pub u64);

impl Leaf for Tally {
    const COUNT_ONLY: bool = true;
    #[inline(always)]
    fn add(&mut self, solutions: u64) {
        self.0 += solutions;
    }
    fn found(&mut self, _: &Bits) {
        self.0 += 1;
    }
}

/// Reports every completion of `prefix` on the n x n board whose full row is `all`, under
/// `rule`; false when it saw `stop` set and left the rest (what it reported stands).
pub(crate) fn complete<L: Leaf>(
    n: usize,
    all: u32,
    prefix: &Prefix,
    rule: Rule,
    stop: &StopFlag,
    leaf: &mut L,
) -> bool {
    debug_assert!(rule.release == 0 || rule.row + (rule.release.count_ones() as usize) < n);
    if prefix.rows >= n {
        if prefix.cols == all {
            report(&prefix.bits, leaf);
        }
        return true;
    }
    let mut start = prefix.clone();
    if prefix.rows <= rule.row {
        start.cols |= rule.release;
    }
    let mut bits = prefix.bits;
    let job = Job {
        n,
        all,
        start: &start,
        rule,
        stop,
    };
    // The search with released columns is its own copy: the one without keeps a register.
    if rule.release == 0 {
        walk_fastest::<L, false>(&job, &mut bits, leaf)
    } else {
        walk_fastest::<L, true>(&job, &mut bits, leaf)
    }
}

/// One stacked row: the squares blocked so far (tried or attacked), the masks the row was
/// entered with, and how many rows lie below it.
#[derive(Copy, Clone, Default)]
struct Frame {
    blocked: u32,
    cols: u32,
    ld: u32,
    rd: u32,
    below: u32,
}

/// One search: the board size, its full row, where it starts, its rule and its stop flag.
struct Job<'a> {
    n: usize,
    all: u32,
    start: &'a Prefix,
    rule: Rule,
    stop: &'a StopFlag,
}

/// [`walk`] compiled for the CPU at hand: with BMI1 "a and not b" is one instruction (`andn`).
/// The shipped binary assumes no such extension, so the choice is made at run time.
#[allow(unsafe_code)]
fn walk_fastest<L: Leaf, const RELEASE: bool>(job: &Job, bits: &mut Bits, leaf: &mut L) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi1") {
        // SAFETY: the CPU has BMI1, the one feature `walk_bmi1` is compiled for.
        return unsafe { walk_bmi1::<L, RELEASE>(job, bits, leaf) };
    }
    walk::<L, RELEASE>(job, bits, leaf)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1")]
fn walk_bmi1<L: Leaf, const RELEASE: bool>(job: &Job, bits: &mut Bits, leaf: &mut L) -> bool {
    walk::<L, RELEASE>(job, bits, leaf)
}

/// The search below `start` (which has a row left). A child is only entered when its row has
/// a free square and neither of the two rows below it is already fully attacked by the queens
/// so far (a look-ahead: such dead ends end there, not one or two levels deeper). A row whose
/// squares are all tried is not stacked: its child takes its frame, so backtracking skips it.
/// Placing the rule's row releases its columns. Returns false when it stopped early (see
/// [`STOP_CHECK_BELOW`]).
#[inline(always)]
fn walk<L: Leaf, const RELEASE: bool>(job: &Job, bits: &mut Bits, leaf: &mut L) -> bool {
    const FULL: u32 = u32::MAX;
    let Job {
        n,
        all,
        start,
        rule,
        stop,
    } = *job;
    // The rule's row, counted as the rows below it (the loop counts down).
    let rule_below = (n - 1).wrapping_sub(rule.row) as u32;
    let mut stack = [Frame::default(); MAX_N];
    let mut depth = 0usize;
    let mut count = 0u64;
    let mut finished = true;
    let mut cols = start.cols | !all;
    let (mut ld, mut rd) = (start.ld, start.rd);
    let mut blocked = cols | ld | rd;
    let mut below = (n - 1 - start.rows) as u32;
    loop {
        while blocked != FULL {
            let bit = !blocked & blocked.wrapping_add(1);
            blocked |= bit;
            let mut c = cols | bit;
            if below == rule_below {
                c ^= rule.release;
            }
            let (l, d) = ((ld | bit) << 1, (rd | bit) >> 1);
            let next = c | l | d;
            if next == FULL {
                // The next row is blocked: a dead end, or the board is full.
                if c == FULL {
                    if L::COUNT_ONLY {
                        count += 1;
                    } else {
                        bits[(n - 1) % MAX_N] = bit;
                        report(bits, leaf);
                    }
                }
                continue;
            }
            // Released columns are still marked taken above the rule's row: the look-ahead
            // must not count them, or it would prune rows where they are free.
            let real = if RELEASE { c & !rule.release } else { c };
            if below >= 3 && ((real | l << 1 | d >> 1) == FULL || (real | l << 2 | d >> 2) == FULL)
            {
                continue;
            }
            if !L::COUNT_ONLY {
                bits[(n - 1 - below as usize) % MAX_N] = bit;
            }
            stack[depth % MAX_N] = Frame {
                blocked,
                cols,
                ld,
                rd,
                below,
            };
            depth += usize::from(blocked != FULL);
            (blocked, cols, ld, rd, below) = (next, c, l, d, below - 1);
        }
        if depth == 0 {
            break;
        }
        depth -= 1;
        let f = stack[depth % MAX_N];
        (blocked, cols, ld, rd, below) = (f.blocked, f.cols, f.ld, f.rd, f.below);
        if below as usize >= STOP_CHECK_BELOW && stop.is_raised() {
            finished = false;
            break;
        }
    }
    if L::COUNT_ONLY {
        leaf.add(count);
    }
    finished
}

/// Hands a full board to `leaf`.
#[cold]
#[inline(never)]
fn report<L: Leaf>(bits: &Bits, leaf: &mut L) {
    if L::COUNT_ONLY {
        leaf.add(1);
    } else {
        leaf.found(bits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::{all_columns, for_each_solution};
    use crate::raised;
    use nqueens_board::Variant;

    /// Keeps every board as its columns.
    struct Boards {
        n: usize,
        seen: Vec<Vec<usize>>,
    }

    impl Leaf for Boards {
        const COUNT_ONLY: bool = false;
        fn add(&mut self, _: u64) {
            unreachable!("boards are reported one by one")
        }
        fn found(&mut self, bits: &Bits) {
            let cols = bits[..self.n].iter().map(|b| b.trailing_zeros() as usize);
            self.seen.push(cols.collect());
        }
    }

    /// The boards and the count `complete` finds below every extension of the empty board to
    /// `depth` rows on `open` squares.
    fn search(n: usize, depth: usize, open: &Bits, rule: Rule) -> (Vec<Vec<usize>>, u64) {
        let all = all_columns(n);
        let mut boards = Boards {
            n,
            seen: Vec::new(),
        };
        let mut tally = Tally(0);
        let never = StopFlag::new();
        Prefix::empty().extend_to(n, depth, open, &mut |p| {
            assert!(complete(n, all, &p, rule, &never, &mut boards));
            assert!(complete(n, all, &p, rule, &never, &mut tally));
        });
        (boards.seen, tally.0)
    }

    /// The solutions of `n` that keep `rule`, by the plain enumeration.
    fn expected(n: usize, rule: Rule) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for_each_solution(n, |s| {
            let above = |mask: u32| {
                s.iter()
                    .take(rule.row.saturating_add(1))
                    .filter(|&&c| mask & 1 << c != 0)
                    .count()
            };
            if above(rule.release) == 0 {
                out.push(s.to_vec());
            }
            true
        });
        out
    }

    #[test]
    fn boards_are_the_solutions_in_order_below_every_depth() {
        for n in 1..=9 {
            let open = [all_columns(n); MAX_N];
            let want = expected(n, Rule::NONE);
            for depth in 0..=n {
                let (seen, count) = search(n, depth, &open, Rule::NONE);
                for s in &seen {
                    assert!(crate::peaceful(Variant::Classic, s), "n = {n}: {s:?}");
                }
                assert_eq!(seen, want, "n = {n}, depth {depth}");
                assert_eq!(count, want.len() as u64, "n = {n}, depth {depth}");
            }
        }
    }

    #[test]
    fn a_rule_releases_blocked_columns_at_its_row() {
        for n in 5..=9 {
            let all = all_columns(n);
            for row in 0..n - 1 {
                for release in [0b10, 0b101, 1 | 1 << (n - 1), 0b110] {
                    let rule = Rule { row, release };
                    if row + release.count_ones() as usize >= n {
                        continue;
                    }
                    let mut open = [all; MAX_N];
                    for mask in open.iter_mut().take(row + 1) {
                        *mask &= !release;
                    }
                    let want = expected(n, rule);
                    for depth in [0, 2, row, row + 1] {
                        let (seen, count) = search(n, depth, &open, rule);
                        let at = format!("n = {n}, {release:b} at row {row}, depth {depth}");
                        assert_eq!(seen, want, "{at}");
                        assert_eq!(count, want.len() as u64, "{at}");
                    }
                }
            }
        }
    }

    #[test]
    fn rules_do_cut_solutions() {
        // Guards the test above: its rules are not all vacuous.
        let n = 8;
        let plain = expected(n, Rule::NONE).len();
        let rule = Rule {
            row: 3,
            release: 0b10,
        };
        let kept = expected(n, rule).len();
        assert!(0 < kept && kept < plain, "{kept} of {plain}");
    }

    #[test]
    fn a_set_stop_ends_the_search_early_and_says_so() {
        let n = 14;
        let (stop, never) = (raised(), StopFlag::new());
        let (mut cut, mut whole) = (Tally(0), Tally(0));
        let all = all_columns(n);
        assert!(!complete(
            n,
            all,
            &Prefix::empty(),
            Rule::NONE,
            &stop,
            &mut cut
        ));
        assert!(complete(
            n,
            all,
            &Prefix::empty(),
            Rule::NONE,
            &never,
            &mut whole
        ));
        assert_eq!(Some(whole.0), nqueens_board::oeis::solutions(n));
        assert!(cut.0 < whole.0 / 100, "{} of {}", cut.0, whole.0);
    }
}
