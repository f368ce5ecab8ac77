//! The seeds' extension algorithm (TLA+ `QueensPluscal`: extend a partial solution one row at
//! a time with every column no placed queen attacks), done with bitboards. It shares nothing
//! with the SAT encodings and serves as the independent oracle.

/// Largest n the bitboard counter handles (columns fit in a `u32`).
pub const MAX_N: usize = 32;

/// Squares each row must avoid beyond the attacked ones (none, for the plain count).
pub(crate) type Forbid = [u32; MAX_N];

/// The full row of an n x n board as a bit mask.
pub(crate) fn all_columns(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// Counts the solutions for `n` by backtracking with the left-right mirror, on one thread
/// (see [`count_backtrack_threads`]).
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack(n: usize) -> u64 {
    count_backtrack_threads(n, 1)
}

/// Counts the solutions for `n` by backtracking, using the left-right mirror: a solution whose
/// first-row queen is in the left half has a distinct mirror image in the right half, and for
/// odd n the middle column is counted on its own. The subtrees under the first two rows'
/// placements are handed to `threads` threads one at a time.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_threads(n: usize, threads: usize) -> u64 {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    if n < 4 {
        let mut count = 0;
        for_each_solution(n, |_| {
            count += 1;
            true
        });
        return count;
    }
    let all = all_columns(n);
    // (weight, first row's queen, second row's queen)
    let mut tasks = Vec::new();
    for c0 in 0..n.div_ceil(2) {
        let weight = if n % 2 == 1 && c0 == n / 2 { 1 } else { 2 };
        let first = 1u32 << c0;
        let mut free = all & !(first | first << 1 | first >> 1);
        while free != 0 {
            let second = free & free.wrapping_neg();
            free ^= second;
            tasks.push((weight, first, second));
        }
    }
    // The plain count keeps its own loop (no forbidden squares, no leaf callback): 25% faster
    // than `Search` on this job.
    share(
        &tasks,
        threads,
        |total: &mut u64, &(weight, first, second)| {
            let (cols, ld, rd) = after_two_rows(first, second);
            *total += weight * extend(all, cols, ld, rd);
        },
        |total, part| *total += part,
    )
}

/// Counts completions: `cols` are the taken columns, `ld`/`rd` the squares attacked along the
/// two diagonals in the next row.
fn extend(all: u32, cols: u32, ld: u32, rd: u32) -> u64 {
    let left = all.count_ones() - cols.count_ones();
    if left == 0 {
        return 1;
    }
    extend_rows(all, cols, ld, rd, left)
}

/// [`extend`] with `left` rows still to fill (at least 1), as a loop over an explicit stack
/// of (free squares, columns, diagonals) per row: no calls in the hot path. The last two rows
/// are settled without a stack level: after the next-to-last queen, one column is left, and
/// the last row has a square for it or not.
fn extend_rows(all: u32, cols: u32, ld: u32, rd: u32, left: u32) -> u64 {
    if left == 1 {
        return u64::from(all & !(cols | ld | rd) != 0);
    }
    // Levels 0..=left-2 are stacked; level left-2 is the next-to-last row.
    let last = left as usize - 2;
    let mut free_at = [0u32; MAX_N];
    let mut cols_at = [0u32; MAX_N];
    let mut ld_at = [0u32; MAX_N];
    let mut rd_at = [0u32; MAX_N];
    let mut total = 0u64;
    let mut i = 0usize;
    cols_at[0] = cols;
    ld_at[0] = ld;
    rd_at[0] = rd;
    free_at[0] = all & !(cols | ld | rd);
    loop {
        // `i < MAX_N` always (left <= MAX_N); the mask lets the compiler drop bounds checks.
        let k = i % MAX_N;
        let (c, l, r) = (cols_at[k], ld_at[k], rd_at[k]);
        let mut free = free_at[k];
        if i == last {
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let open = all & !((c | bit) | ((l | bit) << 1) | ((r | bit) >> 1));
                total += u64::from(open != 0);
            }
            free_at[k] = 0;
        }
        if free == 0 {
            if i == 0 {
                return total;
            }
            i -= 1;
            continue;
        }
        let bit = free & free.wrapping_neg();
        free_at[k] = free ^ bit;
        let (c, l, r) = (c | bit, (l | bit) << 1, (r | bit) >> 1);
        i += 1;
        let k = i % MAX_N;
        cols_at[k] = c;
        ld_at[k] = l;
        rd_at[k] = r;
        free_at[k] = all & !(c | l | r);
    }
}

/// Taken columns and the squares the two diagonals attack in row 2, with `first` placed in
/// row 0 and `second` in row 1.
fn after_two_rows(first: u32, second: u32) -> (u32, u32, u32) {
    (
        first | second,
        (first << 1 | second) << 1,
        (first >> 1 | second) >> 1,
    )
}

/// Hands `tasks` to `threads` threads one at a time; each thread folds the tasks it takes into
/// its own accumulator with `work`, and `merge` adds the accumulators up at the end.
pub(crate) fn share<T: Sync, A: Default + Send>(
    tasks: &[T],
    threads: usize,
    work: impl Fn(&mut A, &T) + Sync,
    merge: impl Fn(&mut A, A) + Sync,
) -> A {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let total = std::sync::Mutex::new(A::default());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1).min(tasks.len()) {
            s.spawn(|| {
                let mut acc = A::default();
                while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    work(&mut acc, task);
                }
                merge(&mut total.lock().expect("no worker panicked"), acc);
            });
        }
    });
    total.into_inner().expect("no worker panicked")
}

/// The bitboard search below two placed rows, with some squares forbidden.
pub(crate) struct Search<'a> {
    /// The full row.
    pub all: u32,
    /// Board size.
    pub n: usize,
    /// Squares each row must avoid beyond attacks.
    pub forbid: &'a Forbid,
}

impl Search<'_> {
    /// Places rows 2.. under the queens `first` (row 0) and `second` (row 1), calling `leaf`
    /// with the placed bit of every row for each solution.
    pub fn below_two_rows(&self, first: u32, second: u32, leaf: &mut impl FnMut(&[u32; MAX_N])) {
        let mut bits = [0u32; MAX_N];
        bits[0] = first;
        bits[1] = second;
        let (cols, ld, rd) = after_two_rows(first, second);
        self.walk(2, cols, ld, rd, &mut bits, leaf);
    }

    /// Places rows `row..n`; calls `leaf` with the placed bit of every row per solution.
    #[inline]
    fn walk(
        &self,
        row: usize,
        cols: u32,
        ld: u32,
        rd: u32,
        bits: &mut [u32; MAX_N],
        leaf: &mut impl FnMut(&[u32; MAX_N]),
    ) {
        let mut free = self.all & !(cols | ld | rd | self.forbid[row % MAX_N]);
        if row + 1 == self.n {
            // One column is left for the last row: at most one free square.
            if free != 0 {
                bits[row % MAX_N] = free;
                leaf(bits);
            }
            return;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            bits[row % MAX_N] = bit;
            self.walk(
                row + 1,
                cols | bit,
                (ld | bit) << 1,
                (rd | bit) >> 1,
                bits,
                leaf,
            );
        }
    }
}

/// Calls `f` with every solution for `n` (`cols[r]` is the column in row `r`), in
/// lexicographic order, until `f` returns `false`.
///
/// # Panics
/// When `n > MAX_N`.
pub fn for_each_solution(n: usize, mut f: impl FnMut(&[usize]) -> bool) {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    let mut placed = Vec::with_capacity(n);
    walk(n, &mut placed, 0, 0, 0, &mut f);
}

/// Returns `false` once `f` asked to stop.
fn walk(
    n: usize,
    placed: &mut Vec<usize>,
    cols: u32,
    ld: u32,
    rd: u32,
    f: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if placed.len() == n {
        return f(placed);
    }
    for c in 0..n {
        let bit = 1u32 << c;
        if (cols | ld | rd) & bit == 0 {
            placed.push(c);
            let go = walk(n, placed, cols | bit, (ld | bit) << 1, (rd | bit) >> 1, f);
            placed.pop();
            if !go {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{is_solution, oeis};

    #[test]
    fn counts_match_oeis_up_to_twelve() {
        for n in 1..=12 {
            assert_eq!(Some(count_backtrack(n)), oeis::solutions(n), "n = {n}");
        }
    }

    #[test]
    fn threaded_counts_match_oeis() {
        for n in 1..=12 {
            assert_eq!(
                Some(count_backtrack_threads(n, 3)),
                oeis::solutions(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn enumerated_solutions_are_valid_distinct_and_complete() {
        for n in 1..=8 {
            let mut seen = Vec::new();
            for_each_solution(n, |s| {
                assert!(is_solution(s), "{s:?}");
                seen.push(s.to_vec());
                true
            });
            let before = seen.len();
            seen.dedup();
            assert_eq!(seen.len(), before, "sorted order gives no duplicates");
            assert_eq!(Some(seen.len() as u64), oeis::solutions(n));
        }
    }
}
