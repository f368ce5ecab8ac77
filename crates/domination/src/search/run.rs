//! One run of the search for sets of at most k queens, over threads: the first levels of the
//! tree are cut into tasks that the threads take in turn, and every set reached is
//! checked by the independent checker ([`Domination::first_fault`]) before it counts.
//!
//! With `symmetric`, the first level is the D4 orbits of the squares, strongest first: the
//! sets whose first orbit (the first met in that order) is O hold a square of O and no
//! square of an earlier orbit, and the symmetries map them onto those holding O's
//! representative, so only those are searched. Each stands for |O| / |S ∩ O| sets (the
//! sets T meeting O counted by their squares in O: Σ_T 1 = Σ_{x ∈ O} Σ_{T ∋ x} 1/|T ∩ O|),
//! which is exact only when every set reached has all k queens: a smaller one voids the run.

use super::bits::Bits;
use super::board::{Board, Class};
use super::tree::{plan, Flow, Scratch, State, Stops, Tree};
use crate::{orbit, Domination, Fault};
use nqueens_board::Square;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use zero_one_model::StopFlag;

/// 840 = lcm(1..=8): weights |O| / m (m ≤ 8) are kept as multiples of 1/840.
pub(crate) const SCALE: u128 = 840;
/// Orbit weights |O| / (m · |orbit|) as multiples of 1/(840 · 8).
pub(crate) const ORBIT_SCALE: u128 = 840 * 8;

/// What a run is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// One set is enough.
    Find,
    /// Every set.
    Count,
}

/// A run's request.
#[derive(Copy, Clone)]
pub(crate) struct Job<'a> {
    pub(crate) n: usize,
    pub(crate) domination: Domination,
    pub(crate) k: usize,
    pub(crate) goal: Goal,
    pub(crate) symmetric: bool,
    pub(crate) threads: usize,
    pub(crate) stop: &'a StopFlag,
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    /// The sets, in multiples of 1/[`SCALE`].
    pub(crate) scaled: u128,
    /// The orbits, in multiples of 1/[`ORBIT_SCALE`] (symmetric runs).
    pub(crate) orbits: u128,
    /// Sets reached and checked.
    pub(crate) checked: u64,
    /// Nodes of the search.
    pub(crate) nodes: u64,
    /// A set found (the first, with [`Goal::Find`]).
    pub(crate) first: Option<Vec<Square>>,
    /// A set the checker refused, and why.
    pub(crate) refused: Option<(Vec<Square>, Fault)>,
    /// A count too large for 128 bits.
    pub(crate) overflow: bool,
    /// A set of fewer than k queens reached in a symmetric count (the weights do not hold).
    pub(crate) smaller: bool,
    /// Tasks finished, of how many.
    pub(crate) tasks_done: usize,
    pub(crate) tasks_total: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.overflow |= other.overflow;
        self.scaled = self.scaled.checked_add(other.scaled).unwrap_or_else(|| {
            self.overflow = true;
            0
        });
        self.orbits = self.orbits.saturating_add(other.orbits);
        self.checked += other.checked;
        self.nodes += other.nodes;
        self.first = self.first.take().or(other.first);
        self.refused = self.refused.take().or(other.refused);
        self.smaller |= other.smaller;
        self.tasks_done += other.tasks_done;
    }
}

/// Runs `job` on a board of `W` words.
pub(crate) fn run<const W: usize>(job: &Job) -> Tally {
    let board = Board::<W>::new(job.n, job.domination);
    let classes = board.classes();
    let tasks = tasks(&board, &classes, job);
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    let stops = Stops {
        user: job.stop,
        done: &done,
    };
    let total = Mutex::new(Tally {
        tasks_total: tasks.len(),
        ..Tally::default()
    });
    std::thread::scope(|scope| {
        for _ in 0..job.threads.max(1) {
            scope.spawn(|| {
                let mut mine = Tally::default();
                while !stops.raised() {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(task) = tasks.get(i) else { break };
                    let class = task.class.map(|c| &classes[c]);
                    if work(&board, job, stops, task, class, &mut mine) == Flow::Go {
                        mine.tasks_done += 1;
                    }
                }
                total.lock().unwrap_or_else(|e| e.into_inner()).add(mine);
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// A subtree to search: the queens placed, the node, and the orbit the first queen stands
/// for in a symmetric run.
struct Task<const W: usize> {
    class: Option<usize>,
    queens: Vec<usize>,
    state: State<W>,
}

/// The first two levels of the tree (three for six queens or more), as tasks.
fn tasks<const W: usize>(board: &Board<W>, classes: &[Class<W>], job: &Job) -> Vec<Task<W>> {
    let root = State {
        undominated: board.all,
        allowed: board.all,
        left: job.k,
    };
    let first: Vec<Task<W>> = if job.symmetric && job.k > 0 {
        let mut earlier = Bits::EMPTY;
        classes
            .iter()
            .enumerate()
            .map(|(c, class)| {
                let rep = class.rep;
                let mut allowed = board.all.minus(&earlier);
                // The other squares of the orbit stay allowed: a set may hold several.
                allowed.remove(rep);
                let task = Task {
                    class: Some(c),
                    queens: vec![rep],
                    state: State {
                        undominated: board.all.minus(&board.cover[rep]),
                        allowed,
                        left: job.k - 1,
                    },
                };
                earlier = earlier.or(&class.members);
                task
            })
            .collect()
    } else {
        expand(
            board,
            Task {
                class: None,
                queens: Vec::new(),
                state: root,
            },
        )
    };
    // A third level when the tree is deep: the first orbits' subtrees are far larger than
    // the last ones', and with two levels one thread was left finishing them alone
    // (measured: Q(15) with 8 queens, 2 threads, 1.2 cores busy on average).
    let levels = if job.k >= 6 { 2 } else { 1 };
    let mut tasks = first;
    for _ in 0..levels {
        tasks = tasks.into_iter().flat_map(|t| expand(board, t)).collect();
    }
    tasks
}

/// The children of a task, as the search would branch; the task itself when the search
/// would not branch there (a set reached, or one queen or none left).
fn expand<const W: usize>(board: &Board<W>, task: Task<W>) -> Vec<Task<W>> {
    let mut state = task.state;
    if state.undominated.is_empty() || state.left <= 1 {
        return vec![task];
    }
    if board.domination.independent {
        state.allowed = state.allowed.and(&state.undominated);
    }
    let Some(branches) = plan(board, &state, &mut Scratch::new(board)) else {
        return Vec::new();
    };
    let mut rest = state.allowed;
    branches
        .as_slice()
        .iter()
        .map(|&q| {
            let q = q as usize;
            rest.remove(q);
            let mut queens = task.queens.clone();
            queens.push(q);
            Task {
                class: task.class,
                queens,
                state: State {
                    undominated: state.undominated.minus(&board.cover[q]),
                    allowed: rest,
                    left: state.left - 1,
                },
            }
        })
        .collect()
}

/// Searches one task into `tally`.
fn work<const W: usize>(
    board: &Board<W>,
    job: &Job,
    stops: Stops,
    task: &Task<W>,
    class: Option<&Class<W>>,
    tally: &mut Tally,
) -> Flow {
    let mut tree = Tree::new(board, stops, |queens: &[usize], left, rest: &Bits<W>| {
        found(board, job, class, queens, left, rest, tally, stops.done)
    });
    tree.queens = task.queens.clone();
    let flow = tree.search(task.state);
    let nodes = tree.nodes;
    tally.nodes += nodes;
    flow
}

/// One set reached: checked, then kept (find) or weighed (count).
#[allow(clippy::too_many_arguments)]
fn found<const W: usize>(
    board: &Board<W>,
    job: &Job,
    class: Option<&Class<W>>,
    queens: &[usize],
    left: usize,
    rest: &Bits<W>,
    tally: &mut Tally,
    done: &AtomicBool,
) -> Flow {
    let mut squares: Vec<Square> = queens.iter().map(|&q| board.square(q)).collect();
    squares.sort();
    tally.checked += 1;
    if let Some(fault) = job.domination.first_fault(job.n, &squares, Some(job.k)) {
        tally.refused = Some((squares, fault));
        done.store(true, Ordering::SeqCst);
        return Flow::Halt;
    }
    if job.goal == Goal::Find {
        tally.first = Some(squares);
        done.store(true, Ordering::SeqCst);
        return Flow::Halt;
    }
    let weight = match class {
        Some(class) => {
            if left > 0 {
                tally.smaller = true;
                done.store(true, Ordering::SeqCst);
                return Flow::Halt;
            }
            let m = queens
                .iter()
                .filter(|&&q| class.members.contains(q))
                .count() as u128;
            let size = u128::from(class.size);
            let orbit_size = u128::from(orbit(job.n, &squares).size);
            tally.orbits += ORBIT_SCALE * size / (m * orbit_size);
            SCALE * size / m
        }
        None => {
            // The sets holding this one and at most `left` more of the squares still
            // allowed, each reached here and nowhere else; none with independence (every
            // other square is attacked).
            let supersets = if job.domination.independent {
                Some(1)
            } else {
                subsets_up_to(u128::from(rest.len()), left as u128)
            };
            match supersets.and_then(|s| s.checked_mul(SCALE)) {
                Some(w) => w,
                None => {
                    tally.overflow = true;
                    done.store(true, Ordering::SeqCst);
                    return Flow::Halt;
                }
            }
        }
    };
    match tally.scaled.checked_add(weight) {
        Some(s) => tally.scaled = s,
        None => {
            tally.overflow = true;
            done.store(true, Ordering::SeqCst);
            return Flow::Halt;
        }
    }
    if tally.first.is_none() {
        tally.first = Some(squares);
    }
    Flow::Go
}

/// Σ_{j ≤ up_to} C(m, j), or `None` past 128 bits.
fn subsets_up_to(m: u128, up_to: u128) -> Option<u128> {
    let mut term: u128 = 1;
    let mut sum: u128 = 1;
    for j in 1..=up_to.min(m) {
        term = term.checked_mul(m - j + 1)? / j;
        sum = sum.checked_add(term)?;
    }
    Some(sum)
}

#[cfg(test)]
mod tests {
    use super::subsets_up_to;

    #[test]
    fn subsets_up_to_sums_binomials() {
        assert_eq!(subsets_up_to(5, 0), Some(1));
        assert_eq!(subsets_up_to(5, 2), Some(1 + 5 + 10));
        assert_eq!(subsets_up_to(3, 7), Some(8));
        assert_eq!(subsets_up_to(400, 200), None);
    }
}
