//! The domination number by SAT checks: a first dominating set with no bound, then the bound
//! one below the best set found, until the bound is unsatisfiable (that proves the best set
//! minimum) or falls below a proven lower bound (Spencer's, or the counting bound; see
//! [`Domination::lower_bound`]). Linear search from above: every call but the last is
//! satisfiable, which is where CDCL solvers are fast; only one unsatisfiable check is made.

use crate::{Domination, DominationModel};
use nqueens_board::Square;
use nqueens_queens::QueensError;
use serde::Serialize;
use std::time::Instant;
use zero_one_model::Backend;

/// One SAT check of the search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The bound on the number of queens (`None`: no bound).
    pub bound: Option<usize>,
    /// The size of the set found, or `None` when the bound is unsatisfiable.
    pub found: Option<usize>,
    /// Seconds the check took (building, lowering and solving).
    pub seconds: f64,
}

/// Why the set found is minimum.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Proof {
    /// The backend found no set one queen smaller.
    Unsatisfiable,
    /// The set's size equals the proven lower bound.
    LowerBound,
    /// The exact search went through every set one queen smaller and found none.
    ExhaustiveSearch,
}

/// A minimum (independent) dominating set and how it was found.
#[derive(Clone, Debug, Serialize)]
pub struct Minimum {
    /// Board size.
    pub n: usize,
    /// Which problem.
    pub variant: String,
    /// The domination number: the size of the set.
    pub k: usize,
    /// The queens, row by row, checked by the independent checker.
    pub queens: Vec<Square>,
    /// Why no smaller set exists.
    pub proof: Proof,
    /// The lower bound used.
    pub lower_bound: usize,
    /// Every SAT check, in order.
    pub steps: Vec<Step>,
}

/// Finds a minimum (independent) dominating set of the n x n board with `backend`, searching
/// only sets that are the smallest of their D4 orbit when `break_d4` (lex-leader
/// constraints, as [`super::DominationProblem`] adds them).
///
/// # Errors
/// The backend's failure; [`QueensError::InvalidSolution`] when it returns a set the
/// independent checker refuses (or one that breaks the bound); [`QueensError::MissedSolution`] when
/// the unbounded model has no solution (the backend is wrong: n queens on a row dominate).
pub fn minimum(
    n: usize,
    domination: Domination,
    backend: &dyn Backend,
    break_d4: bool,
) -> Result<Minimum, QueensError> {
    match minimum_until(n, domination, backend, break_d4, &|| false)? {
        Search::Minimum(m) => Ok(m),
        Search::Stopped(_) => unreachable!("never asked to stop"),
    }
}

/// How a search that can be stopped ended.
#[derive(Clone, Debug)]
pub enum Search {
    /// The minimum, proved.
    Minimum(Minimum),
    /// Stopped on request before the proof: the best set so far, if any.
    Stopped(Stopped),
}

/// What a stopped search had: the smallest set found (not proved minimum), the lower bound
/// and the checks made.
#[derive(Clone, Debug, Serialize)]
pub struct Stopped {
    /// Board size.
    pub n: usize,
    /// Which problem.
    pub variant: String,
    /// The smallest set found so far, checked, or `None` before the first one.
    pub queens: Option<Vec<Square>>,
    /// The lower bound: the domination number is between it and the set's size.
    pub lower_bound: usize,
    /// Every SAT check finished, in order.
    pub steps: Vec<Step>,
}

/// [`minimum`], asking `stopped` before every check and when a check fails: once it says
/// yes, the search ends with [`Search::Stopped`] and the best set so far (a backend stopped
/// on request fails, and that failure is the stop's, not an error).
///
/// # Errors
/// As [`minimum`], for failures while `stopped` says no.
pub fn minimum_until(
    n: usize,
    domination: Domination,
    backend: &dyn Backend,
    break_d4: bool,
    stopped: &dyn Fn() -> bool,
) -> Result<Search, QueensError> {
    let lower_bound = domination.lower_bound(n);
    let mut steps = Vec::new();
    let mut best: Option<Vec<Square>> = None;
    let mut bound = None;
    let halt = |best: Option<Vec<Square>>, steps: Vec<Step>| {
        Ok(Search::Stopped(Stopped {
            n,
            variant: domination.name().into(),
            queens: best,
            lower_bound,
            steps,
        }))
    };
    loop {
        if stopped() {
            return halt(best, steps);
        }
        let start = Instant::now();
        let found = match solve(n, domination, bound, backend, break_d4) {
            Ok(found) => found,
            Err(_) if stopped() => return halt(best, steps),
            Err(e) => return Err(e),
        };
        steps.push(Step {
            bound,
            found: found.as_ref().map(Vec::len),
            seconds: start.elapsed().as_secs_f64(),
        });
        match found {
            Some(queens) => {
                let k = queens.len();
                best = Some(queens);
                if k <= lower_bound || k == 0 {
                    return Ok(Search::Minimum(done(
                        n,
                        domination,
                        best,
                        Proof::LowerBound,
                        lower_bound,
                        steps,
                    )));
                }
                bound = Some(k - 1);
            }
            None if best.is_some() => {
                return Ok(Search::Minimum(done(
                    n,
                    domination,
                    best,
                    Proof::Unsatisfiable,
                    lower_bound,
                    steps,
                )));
            }
            None => {
                return Err(QueensError::MissedSolution {
                    backend: backend.name().to_string(),
                    what: domination.name().to_string(),
                    n,
                })
            }
        }
    }
}

fn done(
    n: usize,
    domination: Domination,
    best: Option<Vec<Square>>,
    proof: Proof,
    lower_bound: usize,
    steps: Vec<Step>,
) -> Minimum {
    let queens = best.expect("a set was found");
    Minimum {
        n,
        variant: domination.name().into(),
        k: queens.len(),
        queens,
        proof,
        lower_bound,
        steps,
    }
}

/// One SAT check: a set of at most `bound` queens, checked, or `None`.
fn solve(
    n: usize,
    domination: Domination,
    bound: Option<usize>,
    backend: &dyn Backend,
    break_d4: bool,
) -> Result<Option<Vec<Square>>, QueensError> {
    let m = DominationModel::new(n, domination, bound);
    // With `break_d4`, only sets that are the smallest of their D4 orbit: a smaller set
    // exists exactly when a smallest-of-its-orbit one does, and the solver has up to 8 times
    // less to refute (but fewer sets to find, which can make the satisfiable steps slower).
    let mut model = m.model().clone();
    if break_d4 {
        super::problem::add_lex_leaders(&mut model, n);
    }
    let prepared = backend.prepare(&model)?;
    let mut solutions = prepared.solutions(&[])?;
    let Some(assignment) = solutions.next_solution()? else {
        return Ok(None);
    };
    checked(&m, backend, &model, &assignment).map(Some)
}

/// One set the model allows, found by `backend` and checked by the independent checker
/// (every square covered, the bound kept, no two queens attacking when independent), or
/// `None` when the backend finds none.
///
/// # Errors
/// The backend's failure; [`QueensError::InvalidSolution`] when the set is refused.
pub fn one_set(
    m: &DominationModel,
    backend: &dyn Backend,
) -> Result<Option<Vec<Square>>, QueensError> {
    let prepared = backend.prepare(m.model())?;
    let mut solutions = prepared.solutions(&[])?;
    let Some(assignment) = solutions.next_solution()? else {
        return Ok(None);
    };
    checked(m, backend, m.model(), &assignment).map(Some)
}

/// The set `assignment` of `searched` (`m`'s model, perhaps with more constraints) places,
/// checked against the model searched and by the independent checker.
fn checked(
    m: &DominationModel,
    backend: &dyn Backend,
    searched: &zero_one_model::Model,
    assignment: &[bool],
) -> Result<Vec<Square>, QueensError> {
    let n = m.n();
    let invalid = |reason: String| QueensError::InvalidSolution {
        backend: backend.name().to_string(),
        n,
        reason,
    };
    searched
        .check(assignment)
        .map_err(|v| invalid(v.to_string()))?;
    let queens = m.decode(assignment);
    if let Some(fault) = m.domination().first_fault(n, &queens, m.bound()) {
        return Err(invalid(fault.to_string()));
    }
    Ok(queens)
}
