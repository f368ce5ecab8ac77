//! An exact search for (independent) dominating sets of queens, without SAT: the board's
//! squares as bit sets, branch and bound over the undominated square with the fewest
//! candidate queens (see `tree`), the D4 symmetry of the square used at the first level
//! with orbit weights (see `run`), the first levels cut into tasks for threads, and every set
//! reached checked by the independent checker [`Domination::first_fault`].
//!
//! - [`find_set`]: one set of at most k queens, or a proof that there is none.
//! - [`minimum`]: the domination number by iterative deepening from
//!   [`Domination::lower_bound`]: no set of each k below it (every tree searched), and one
//!   set of that size.
//! - [`count_sets`]: the number of sets of at most k queens; at the domination number, the
//!   number of minimum dominating sets (OEIS A002564; A002568 when independent).
//!
//! ```
//! use nqueens_domination::search::{minimum, count_sets, SearchOptions, Searched};
//! use nqueens_domination::Domination;
//! use zero_one_model::StopFlag;
//!
//! let d: Domination = "domination".parse().unwrap();
//! let stop = StopFlag::new();
//! let Searched::Done(m) = minimum(8, d, &SearchOptions::default(), &stop).unwrap() else {
//!     unreachable!("never stopped")
//! };
//! assert_eq!(m.k, 5); // A075458(8)
//! let Searched::Done(c) = count_sets(8, d, m.k, &SearchOptions::default(), &stop).unwrap()
//! else {
//!     unreachable!("never stopped")
//! };
//! assert_eq!(c.count, 4860); // A002564(8)
//! ```

mod bits;
mod board;
mod run;
mod tree;

use super::{Domination, Fault};
use nqueens_board::{Square, Variant};
use run::{Goal, Job, Tally, ORBIT_SCALE, SCALE};
use serde::Serialize;
use std::time::Instant;
use zero_one_model::StopFlag;

/// The largest board the search takes: 21 x 21 = 441 squares fit its 7-word bit sets.
pub const MAX_N: usize = 21;

/// How the search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchOptions {
    /// Threads taking the tasks (at least one).
    pub threads: usize,
    /// Use the D4 symmetry of the square (one set per orbit of the first queen, weighed).
    pub symmetry: bool,
}

impl Default for SearchOptions {
    /// Every core, with symmetry.
    fn default() -> Self {
        SearchOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            symmetry: true,
        }
    }
}

impl SearchOptions {
    /// `threads` threads (at least one), with symmetry or not.
    pub fn new(threads: usize, symmetry: bool) -> SearchOptions {
        SearchOptions {
            threads: threads.max(1),
            symmetry,
        }
    }
}

/// Why a search could not give an answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The board is larger than [`MAX_N`].
    #[error("the domination search takes boards up to {max}x{max}, not {n}x{n}")]
    TooLarge {
        /// Board size asked.
        n: usize,
        /// The largest taken.
        max: usize,
    },
    /// A board whose attacks are not along rows, columns and diagonals (superqueens): the
    /// search's counts rely on that structure.
    #[error("the domination search takes the classic and the toroidal board, not {board}")]
    Unsupported {
        /// The board asked.
        board: Variant,
    },
    /// The independent checker refused a set the search reached (a defect of the search).
    #[error("the search reached {queens:?}, which the checker refuses: {fault}")]
    Refused {
        /// The set.
        queens: Vec<Square>,
        /// Why it is refused.
        #[source]
        fault: Fault,
    },
    /// The count does not fit 128 bits (at most k queens, k far above the domination
    /// number).
    #[error("the number of sets of at most {k} queens of the {n}x{n} board passes 2^128")]
    Overflow {
        /// Board size.
        n: usize,
        /// The bound.
        k: usize,
    },
}

/// How a search that can be stopped ended.
#[derive(Clone, Debug)]
pub enum Searched<T> {
    /// Finished.
    Done(T),
    /// Stopped on request: what was known then.
    Stopped(Stopped),
}

/// What a stopped search knew.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Stopped {
    /// Every k below this has no set (proved by the levels finished; 0 when the search
    /// stopped was not [`minimum`]).
    pub lower_bound: usize,
    /// The levels finished.
    pub levels: Vec<Level>,
    /// The smallest set found, if any (not proved minimum).
    pub best: Option<Vec<Square>>,
    /// Tasks of the interrupted run finished, of how many.
    pub tasks_done: usize,
    /// Tasks of the interrupted run.
    pub tasks_total: usize,
}

/// One search for a set of at most k queens.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Level {
    /// The bound.
    pub k: usize,
    /// Whether a set was found (`false`: the whole tree was searched, none exists).
    pub found: bool,
    /// Nodes of the search tree visited.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// A minimum (independent) dominating set and the searches that prove it minimum.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SearchMinimum {
    /// Board size.
    pub n: usize,
    /// The domination number.
    pub k: usize,
    /// A set of k queens, row by row, checked.
    pub queens: Vec<Square>,
    /// Where the deepening started ([`Domination::lower_bound`]).
    pub lower_bound: usize,
    /// Each k searched, from the lower bound up: none found below `k`.
    pub levels: Vec<Level>,
}

/// The number of (independent) dominating sets of at most k queens.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SetCount {
    /// Board size.
    pub n: usize,
    /// The bound.
    pub k: usize,
    /// How many sets.
    pub count: u128,
    /// How many D4 orbits of sets, when the symmetric search counted them.
    pub orbits: Option<u128>,
    /// Sets reached by the search, each checked by the independent checker.
    pub sets_checked: u64,
    /// Whether the D4 symmetry was used.
    pub symmetry: bool,
    /// Nodes of the search tree.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
}

fn fits(n: usize, domination: Domination) -> Result<(), SearchError> {
    if n > MAX_N {
        return Err(SearchError::TooLarge { n, max: MAX_N });
    }
    if !matches!(domination.board, Variant::Classic | Variant::Toroidal) {
        return Err(SearchError::Unsupported {
            board: domination.board,
        });
    }
    Ok(())
}

/// Runs `job` on bit sets just wide enough for its board.
fn dispatch(job: &Job) -> Tally {
    match (job.n * job.n).div_ceil(64) {
        0 | 1 => run::run::<1>(job),
        2 => run::run::<2>(job),
        3 => run::run::<3>(job),
        4 => run::run::<4>(job),
        5 => run::run::<5>(job),
        6 => run::run::<6>(job),
        _ => run::run::<7>(job),
    }
}

/// The tally's refusal or overflow as an error.
fn failure(tally: &Tally, n: usize, k: usize) -> Result<(), SearchError> {
    if let Some((queens, fault)) = &tally.refused {
        return Err(SearchError::Refused {
            queens: queens.clone(),
            fault: fault.clone(),
        });
    }
    if tally.overflow {
        return Err(SearchError::Overflow { n, k });
    }
    Ok(())
}

/// One set of at most `k` queens that dominates the n x n board under `domination` (and is
/// independent when asked), checked; `None` when the whole search finds none (there is
/// none); [`Searched::Stopped`] when `stop` was raised first.
///
/// # Errors
/// [`SearchError::TooLarge`] past [`MAX_N`]; [`SearchError::Unsupported`] for a board
/// other than the classic and the toroidal one; [`SearchError::Refused`] when the checker
/// refuses a set (a defect).
pub fn find_set(
    n: usize,
    domination: Domination,
    k: usize,
    options: &SearchOptions,
    stop: &StopFlag,
) -> Result<Searched<Option<Vec<Square>>>, SearchError> {
    fits(n, domination)?;
    let (tally, _) = find_level(n, domination, k, options, stop);
    failure(&tally, n, k)?;
    if tally.first.is_none() && tally.tasks_done < tally.tasks_total {
        return Ok(Searched::Stopped(Stopped {
            lower_bound: 0,
            levels: Vec::new(),
            best: None,
            tasks_done: tally.tasks_done,
            tasks_total: tally.tasks_total,
        }));
    }
    Ok(Searched::Done(tally.first))
}

fn find_level(
    n: usize,
    domination: Domination,
    k: usize,
    options: &SearchOptions,
    stop: &StopFlag,
) -> (Tally, Level) {
    let start = Instant::now();
    let tally = dispatch(&Job {
        n,
        domination,
        k,
        goal: Goal::Find,
        symmetric: options.symmetry,
        threads: options.threads,
        stop,
    });
    let level = Level {
        k,
        found: tally.first.is_some(),
        nodes: tally.nodes,
        seconds: start.elapsed().as_secs_f64(),
    };
    (tally, level)
}

/// The (independent) domination number of the n x n board and one minimum set: for k from
/// [`Domination::lower_bound`] up, a search for a set of at most k queens, until one is
/// found (each search before it is complete, proving no smaller set exists).
///
/// # Errors
/// As [`find_set`].
pub fn minimum(
    n: usize,
    domination: Domination,
    options: &SearchOptions,
    stop: &StopFlag,
) -> Result<Searched<SearchMinimum>, SearchError> {
    fits(n, domination)?;
    let lower_bound = domination.lower_bound(n);
    let mut levels = Vec::new();
    for k in lower_bound..=n * n {
        let (tally, level) = find_level(n, domination, k, options, stop);
        failure(&tally, n, k)?;
        if let Some(queens) = tally.first {
            levels.push(level);
            return Ok(Searched::Done(SearchMinimum {
                n,
                k: queens.len(),
                queens,
                lower_bound,
                levels,
            }));
        }
        if tally.tasks_done < tally.tasks_total {
            return Ok(Searched::Stopped(Stopped {
                lower_bound: k,
                levels,
                best: None,
                tasks_done: tally.tasks_done,
                tasks_total: tally.tasks_total,
            }));
        }
        levels.push(level);
    }
    unreachable!("n² queens dominate every board")
}

/// The number of sets of at most `k` queens that dominate the n x n board under
/// `domination` (independent ones when asked), every set reached checked. With
/// `options.symmetry`, the search is by D4 orbits of the first queen, weighed (and counts
/// the orbits of sets); if it meets a set of fewer than k queens (k is above the domination
/// number) it is run again without symmetry, where such a set stands for itself and every
/// set holding it.
///
/// # Errors
/// As [`find_set`]; [`SearchError::Overflow`] when the count passes 2^128.
pub fn count_sets(
    n: usize,
    domination: Domination,
    k: usize,
    options: &SearchOptions,
    stop: &StopFlag,
) -> Result<Searched<SetCount>, SearchError> {
    fits(n, domination)?;
    let start = Instant::now();
    let mut symmetric = options.symmetry;
    loop {
        let tally = dispatch(&Job {
            n,
            domination,
            k,
            goal: Goal::Count,
            symmetric,
            threads: options.threads,
            stop,
        });
        failure(&tally, n, k)?;
        if tally.smaller {
            symmetric = false;
            continue;
        }
        if tally.tasks_done < tally.tasks_total {
            return Ok(Searched::Stopped(Stopped {
                lower_bound: 0,
                levels: Vec::new(),
                best: tally.first,
                tasks_done: tally.tasks_done,
                tasks_total: tally.tasks_total,
            }));
        }
        debug_assert_eq!(tally.scaled % SCALE, 0, "orbit weights sum to whole sets");
        return Ok(Searched::Done(SetCount {
            n,
            k,
            count: tally.scaled / SCALE,
            orbits: symmetric.then_some(tally.orbits / ORBIT_SCALE),
            sets_checked: tally.checked,
            symmetry: symmetric,
            nodes: tally.nodes,
            seconds: start.elapsed().as_secs_f64(),
        }));
    }
}

#[cfg(test)]
mod tests;
