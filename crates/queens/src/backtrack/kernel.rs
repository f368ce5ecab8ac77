//! The bitboard search both oracles share: complete a board whose first rows are placed, row by
//! row, with the squares each row may use given per row (so a caller can forbid squares, or
//! force a row's queen, without a test in the loop). It is a loop over an explicit stack, not a
//! recursion, and the last two rows are settled in closed form.
//!
//! Bitboard backtracking itself is the classic one (one mask each for the taken columns and
//! the two diagonals, shifted one column per row); see Somers, "The N Queens Problem: a study
//! in optimization" (2002), for the masks and the lowest-set-bit loop.

use super::MAX_N;

/// The placed queen of every row, one bit each.
pub(crate) type Bits = [u32; MAX_N];

/// Where a search starts: `rows` rows placed (their queens in `bits`), the taken columns, the
/// squares the placed queens attack along the two diagonals in row `rows`, and the squares
/// every row may use.
#[derive(Clone)]
pub(crate) struct Prefix {
    /// Rows placed.
    pub rows: usize,
    /// The queen of each placed row.
    pub bits: Bits,
    /// Taken columns.
    pub cols: u32,
    /// Squares attacked in row `rows` along the diagonals going right (to higher columns).
    pub ld: u32,
    /// Squares attacked in row `rows` along the diagonals going left.
    pub rd: u32,
    /// The squares each row may use (the full row, unless something is forbidden).
    pub open: Bits,
}

impl Prefix {
    /// The empty board, with `open` the squares each row may use.
    pub fn new(open: Bits) -> Prefix {
        Prefix {
            rows: 0,
            bits: [0; MAX_N],
            cols: 0,
            ld: 0,
            rd: 0,
            open,
        }
    }

    /// The taken columns and diagonal attacks entering row `rows`.
    fn masks(&self) -> Masks {
        Masks {
            cols: self.cols,
            ld: self.ld,
            rd: self.rd,
        }
    }

    /// The squares of row `rows` where a queen can go next.
    pub fn free(&self) -> u32 {
        self.open[self.rows % MAX_N] & !(self.cols | self.ld | self.rd)
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

    /// Every extension of this prefix by one row, or the prefix itself once `depth` rows are
    /// placed (or only two rows are left: the search settles those itself).
    pub fn expand(self, n: usize, depth: usize, out: &mut Vec<Prefix>) {
        if self.rows >= depth.min(n.saturating_sub(2)) {
            out.push(self);
            return;
        }
        let mut free = self.free();
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.place(bit).expand(n, depth, out);
        }
    }
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

/// Reports every completion of `prefix` on the n x n board whose full row is `all`.
pub(crate) fn complete<L: Leaf>(n: usize, all: u32, prefix: &Prefix, leaf: &mut L) {
    let mut bits = prefix.bits;
    match n - prefix.rows.min(n) {
        0 => report(&mut bits, n, 0, 0, leaf),
        1 => {
            let last = prefix.free();
            if last != 0 {
                bits[(n - 1) % MAX_N] = last;
                report(&mut bits, n, 0, 0, leaf);
            }
        }
        2 => {
            let at = prefix.masks();
            settle(n, all, &prefix.open, prefix.free(), &at, &mut bits, leaf);
        }
        _ => walk(n, all, prefix, &mut bits, leaf),
    }
}

/// One stacked row: the squares still to try, and the masks the row was entered with.
#[derive(Copy, Clone, Default)]
struct Frame {
    free: u32,
    cols: u32,
    ld: u32,
    rd: u32,
    row: u32,
}

/// The search below `prefix` (at least three rows left). Rows down to n-3 are tried square by
/// square; placing row n-3 hands the last two rows to [`settle`].
///
/// A child is only entered when its row has a free square and the row below it is not
/// already fully attacked by the queens above (a one-row look-ahead, which stops most dead
/// ends one level earlier). A row whose squares are all tried is not stacked: the child
/// takes its frame, so backtracking skips it.
#[inline(always)]
fn walk<L: Leaf>(n: usize, all: u32, prefix: &Prefix, bits: &mut Bits, leaf: &mut L) {
    let open = &prefix.open;
    let settle_row = n - 3;
    let mut stack = [Frame::default(); MAX_N];
    let mut depth = 0usize;
    let (mut cols, mut ld, mut rd, mut r) = (prefix.cols, prefix.ld, prefix.rd, prefix.rows);
    let mut free = prefix.free();
    loop {
        if free == 0 {
            if depth == 0 {
                return;
            }
            depth -= 1;
            let f = stack[depth % MAX_N];
            (free, cols, ld, rd, r) = (f.free, f.cols, f.ld, f.rd, f.row as usize);
            continue;
        }
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let (c, l, d) = (cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        let next = open[(r + 1) % MAX_N] & !(c | l | d);
        if next == 0 {
            continue;
        }
        if !L::COUNT_ONLY {
            bits[r % MAX_N] = bit;
        }
        if r == settle_row {
            let placed = Masks {
                cols: c,
                ld: l,
                rd: d,
            };
            settle(n, all, open, next, &placed, bits, leaf);
            continue;
        }
        if open[(r + 2) % MAX_N] & !(c | l << 1 | d >> 1) == 0 {
            continue;
        }
        stack[depth % MAX_N] = Frame {
            free,
            cols,
            ld,
            rd,
            row: r as u32,
        };
        depth += usize::from(free != 0);
        (free, cols, ld, rd, r) = (next, c, l, d, r + 1);
    }
}

/// The taken columns and diagonal attacks entering a row.
#[derive(Copy, Clone)]
struct Masks {
    cols: u32,
    ld: u32,
    rd: u32,
}

/// The last two rows, with `pen` the free squares of row n-2 and `at` the masks entering it.
/// Two columns x < y are left. Their two queens attack each other exactly when y = x + 1
/// (two rows apart in one step), so there is no solution then; otherwise the solutions are
/// "x in row n-2 and y in row n-1" and the swap, each allowed when both squares are.
#[inline(always)]
fn settle<L: Leaf>(
    n: usize,
    all: u32,
    open: &Bits,
    pen: u32,
    at: &Masks,
    bits: &mut Bits,
    leaf: &mut L,
) {
    let Masks { cols, ld, rd } = *at;
    let rest = all & !cols;
    let lo = rest & rest.wrapping_neg();
    let hi = rest ^ lo;
    if lo << 1 == hi {
        return;
    }
    // Row n-1 as attacked by the queens above row n-2 (row n-2's queen is the other column).
    let last = open[(n - 1) % MAX_N] & !(cols | ld << 1 | rd >> 1);
    let lo_hi = (pen & lo != 0) & (last & hi != 0);
    let hi_lo = (pen & hi != 0) & (last & lo != 0);
    if L::COUNT_ONLY {
        leaf.add(u64::from(lo_hi) + u64::from(hi_lo));
        return;
    }
    for (taken, (p, q)) in [(lo_hi, (lo, hi)), (hi_lo, (hi, lo))] {
        if taken {
            report(bits, n, p, q, leaf);
        }
    }
}

/// Hands a full board to `leaf`: rows up to n-3 from `bits`, then `pen` and `last` (when
/// n >= 2).
#[cold]
#[inline(never)]
fn report<L: Leaf>(bits: &mut Bits, n: usize, pen: u32, last: u32, leaf: &mut L) {
    if n >= 2 && (pen | last) != 0 {
        bits[(n - 2) % MAX_N] = pen;
        bits[(n - 1) % MAX_N] = last;
    }
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
    use crate::is_solution;

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

    /// Squares forbidden by a fixed pattern, so that every row has some and some rows many.
    fn open_rows(n: usize) -> Bits {
        let mut open = [all_columns(n); MAX_N];
        for (r, row) in open.iter_mut().enumerate().take(n) {
            *row &= !((0x9249_2492u32.rotate_left(r as u32 * 7)) & all_columns(n));
        }
        open
    }

    /// The solutions of `n` that use only `open` squares, by the plain enumeration.
    fn expected(n: usize, open: &Bits) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for_each_solution(n, |s| {
            if s.iter().enumerate().all(|(r, &c)| open[r] & 1 << c != 0) {
                out.push(s.to_vec());
            }
            true
        });
        out
    }

    #[test]
    fn boards_are_the_solutions_in_order_with_and_without_forbidden_squares() {
        for n in 1..=9 {
            for open in [[all_columns(n); MAX_N], open_rows(n)] {
                let mut boards = Boards {
                    n,
                    seen: Vec::new(),
                };
                complete(n, all_columns(n), &Prefix::new(open), &mut boards);
                for s in &boards.seen {
                    assert!(is_solution(s), "n = {n}: {s:?}");
                }
                assert_eq!(boards.seen, expected(n, &open), "n = {n}");
                let mut tally = Tally(0);
                complete(n, all_columns(n), &Prefix::new(open), &mut tally);
                assert_eq!(tally.0, boards.seen.len() as u64, "n = {n}");
            }
        }
    }

    #[test]
    fn subtrees_of_every_depth_add_up_to_the_whole() {
        let n = 10;
        let all = all_columns(n);
        let open = open_rows(n);
        let whole = expected(n, &open).len() as u64;
        // Some solutions survive the forbidden squares, not all (Q(10) = 724).
        assert!(0 < whole && whole < 724, "{whole}");
        for depth in 0..=n {
            let mut prefixes = Vec::new();
            Prefix::new(open).expand(n, depth, &mut prefixes);
            let mut tally = Tally(0);
            for p in &prefixes {
                complete(n, all, p, &mut tally);
            }
            assert_eq!(tally.0, whole, "depth {depth}");
        }
    }
}
