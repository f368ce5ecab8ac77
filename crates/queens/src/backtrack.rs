//! The seeds' extension algorithm (TLA+ `QueensPluscal`: extend a partial solution one row at
//! a time with every column no placed queen attacks), done with bitboards. It shares nothing
//! with the SAT encodings and serves as the independent oracle.

/// Largest n the bitboard counter handles (columns fit in a `u32`).
pub const MAX_N: usize = 32;

/// Counts the solutions for `n` by backtracking, using the left-right mirror: a solution whose
/// first-row queen is in the left half has a distinct mirror image in the right half, and for
/// odd n the middle column is counted on its own.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack(n: usize) -> u64 {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    if n == 0 {
        return 1;
    }
    let all: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut total = 0;
    for c in 0..n / 2 {
        let bit = 1u32 << c;
        total += 2 * extend(all, bit, bit << 1, bit >> 1);
    }
    if n % 2 == 1 {
        let bit = 1u32 << (n / 2);
        total += extend(all, bit, bit << 1, bit >> 1);
    }
    total
}

/// [`count_backtrack`] spread over `threads` threads: the subtrees under the first two rows'
/// placements (left half of the first row, by the mirror) are handed out one at a time.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_threads(n: usize, threads: usize) -> u64 {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    if n < 4 || threads <= 1 {
        return count_backtrack(n);
    }
    let all: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    // (weight, cols, ld, rd) after two rows.
    let mut tasks = Vec::new();
    for c0 in 0..n.div_ceil(2) {
        let weight = if n % 2 == 1 && c0 == n / 2 { 1 } else { 2 };
        let b0 = 1u32 << c0;
        let (cols, ld, rd) = (b0, b0 << 1, b0 >> 1);
        let mut free = all & !(cols | ld | rd);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            tasks.push((weight, cols | bit, (ld | bit) << 1, (rd | bit) >> 1));
        }
    }
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.min(tasks.len()) {
            s.spawn(|| {
                while let Some(&(w, cols, ld, rd)) = tasks.get(next.fetch_add(1, Ordering::Relaxed))
                {
                    total.fetch_add(w * extend(all, cols, ld, rd), Ordering::Relaxed);
                }
            });
        }
    });
    total.into_inner()
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
