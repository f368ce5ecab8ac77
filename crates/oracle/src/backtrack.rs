//! The seeds' extension algorithm (TLA+ `QueensPluscal`: extend a partial solution one row at
//! a time with every column no placed queen attacks), done with bitboards. It shares nothing
//! with the SAT encodings and serves as the independent oracle. This file owns the plain count
//! (left-right mirror only), the enumeration, and the thread pool; the search loop is in
//! [`kernel`], the eight-fold count in `backtrack_d4`.

pub(crate) mod kernel;

use kernel::{complete, Prefix, Rule, Tally};
use std::sync::atomic::{AtomicUsize, Ordering};
use toolkit_base::StopFlag;

/// Largest n the bitboard counter handles (columns fit in a `u32`).
pub const MAX_N: usize = 32;

/// The full row of an n x n board as a bit mask.
pub(crate) fn all_columns(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// A count that a flag may stop: `value` sums what the search found before it stopped (all
/// of it unless it was stopped), `done` of its `tasks` subtrees searched to the end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Partial<T> {
    /// What the search found (all there is when complete).
    pub value: T,
    /// Subtrees searched to the end.
    pub done: usize,
    /// Subtrees in all.
    pub tasks: usize,
}

impl<T> Partial<T> {
    /// Whether every subtree was searched.
    pub fn is_complete(&self) -> bool {
        self.done == self.tasks
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
/// odd n the middle column is counted on its own. The subtrees under the placements of the
/// first three rows are handed to `threads` threads one at a time.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_threads(n: usize, threads: usize) -> u64 {
    count_backtrack_until(n, threads, &StopFlag::new()).value
}

/// [`count_backtrack_threads`] that stops soon after `stop` is set (within microseconds of
/// search at any n): the count is then what was found before.
///
/// # Panics
/// When `n > MAX_N`.
pub fn count_backtrack_until(n: usize, threads: usize, stop: &StopFlag) -> Partial<u64> {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    if n == 0 {
        // The empty board is its one solution.
        return Partial {
            value: 1,
            done: 0,
            tasks: 0,
        };
    }
    let all = all_columns(n);
    let open = [all; MAX_N];
    // (weight, subtree)
    let mut tasks = Vec::new();
    for c0 in 0..n.div_ceil(2) {
        let weight = if n % 2 == 1 && c0 == n / 2 { 1 } else { 2 };
        Prefix::empty()
            .place(1 << c0)
            .extend_to(n, TASK_ROWS, &open, &mut |p| tasks.push((weight, p)));
    }
    share(
        &tasks,
        threads,
        stop,
        |total: &mut u64, (weight, prefix): &(u64, Prefix)| {
            let mut tally = Tally(0);
            let finished = complete(n, all, prefix, Rule::NONE, stop, &mut tally);
            *total += weight * tally.0;
            finished
        },
        |total, part| *total += part,
    )
}

/// Rows placed before a subtree becomes one task: at n = 16, about a thousand tasks, so that
/// threads finish close together.
pub(crate) const TASK_ROWS: usize = 3;

/// Hands `tasks` to `threads` threads (at most as many as the machine runs at once: more
/// would add nothing but a slower stop) one at a time until `stop` is set; each thread folds
/// the tasks it takes into its own accumulator with `work` (which says whether it searched
/// the task to the end), and `merge` adds the accumulators up at the end.
pub(crate) fn share<T: Sync, A: Default + Send>(
    tasks: &[T],
    threads: usize,
    stop: &StopFlag,
    work: impl Fn(&mut A, &T) -> bool + Sync,
    merge: impl Fn(&mut A, A) + Sync,
) -> Partial<A> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total = std::sync::Mutex::new(A::default());
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, cores).min(tasks.len()) {
            s.spawn(|| {
                let mut acc = A::default();
                while !stop.is_raised() {
                    let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if work(&mut acc, task) {
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                }
                merge(&mut total.lock().expect("no worker panicked"), acc);
            });
        }
    });
    Partial {
        value: total.into_inner().expect("no worker panicked"),
        done: done.into_inner(),
        tasks: tasks.len(),
    }
}

/// Calls `f` with every solution for `n` (`cols[r]` is the column in row `r`), in
/// lexicographic order, until `f` returns `false`.
///
/// # Panics
/// When `n > MAX_N`.
pub fn for_each_solution(n: usize, f: impl FnMut(&[usize]) -> bool) {
    for_each_solution_until(n, &StopFlag::new(), f);
}

/// [`for_each_solution`] that also stops soon after `stop` is set (within microseconds of
/// search at any n, solutions found or not); false when it stopped before the end.
///
/// # Panics
/// When `n > MAX_N`.
pub fn for_each_solution_until(
    n: usize,
    stop: &StopFlag,
    mut f: impl FnMut(&[usize]) -> bool,
) -> bool {
    assert!(n <= MAX_N, "backtracking supports n <= {MAX_N}");
    let mut placed = Vec::with_capacity(n);
    walk(n, &mut placed, 0, 0, 0, stop, &mut f)
}

/// Every oracle search looks at its stop flag at rows with at least this many rows below
/// them (the kernel when it backtracks to one): rarely enough to cost nothing, often enough
/// (the subtrees below the other rows take microseconds) to stop at once at any n.
pub(crate) const STOP_CHECK_BELOW: usize = 10;

/// Returns `false` once `f` asked to stop or `stop` was seen set.
fn walk(
    n: usize,
    placed: &mut Vec<usize>,
    cols: u32,
    ld: u32,
    rd: u32,
    stop: &StopFlag,
    f: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if placed.len() == n {
        return f(placed);
    }
    if n - placed.len() > STOP_CHECK_BELOW && stop.is_raised() {
        return false;
    }
    for c in 0..n {
        let bit = 1u32 << c;
        if (cols | ld | rd) & bit == 0 {
            placed.push(c);
            let go = walk(
                n,
                placed,
                cols | bit,
                (ld | bit) << 1,
                (rd | bit) >> 1,
                stop,
                f,
            );
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
    use crate::raised;
    use nqueens_board::{oeis, Variant};

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
    fn a_stopped_count_takes_no_more_subtrees_and_says_so() {
        let (stop, never) = (raised(), StopFlag::new());
        let mirror = count_backtrack_until(10, 2, &stop);
        assert_eq!((mirror.value, mirror.done), (0, 0));
        assert!(mirror.tasks > 0 && !mirror.is_complete());
        let d4 = crate::count_backtrack_d4_until(10, 2, &stop);
        assert_eq!((d4.value.total, d4.done), (0, 0));
        assert!(!d4.is_complete());
        let whole = crate::count_backtrack_d4_until(10, 2, &never);
        assert!(whole.is_complete() && whole.done > 0);
        assert_eq!(Some(whole.value.total), oeis::solutions(10));
    }

    #[test]
    fn enumerated_solutions_are_valid_distinct_and_complete() {
        for n in 1..=8 {
            let mut seen = Vec::new();
            for_each_solution(n, |s| {
                assert!(crate::peaceful(Variant::Classic, s), "{s:?}");
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
