//! One dominating set as a single call: a minimum one (the domination number found and
//! proved), or one of at most k queens; by the exact search or by SAT checks with any
//! backend; stoppable, with what was known when it stopped.

use super::minimum::{minimum_until, one_set, Search, Stopped};
use super::report::{BoundedSet, Method, MinimumSet};
use super::search::{self, SearchOptions, Searched};
use super::{Domination, DominationError, DominationModel};
use zero_one_model::Backend;
use zero_one_model::StopFlag;

/// What finds the sets.
#[derive(Clone, Copy)]
pub enum Finder<'a> {
    /// The exact search by bit sets ([`search`]): boards up to [`search::MAX_N`].
    Search,
    /// SAT checks on the 0-1 model ([`DominationModel`]) with this backend.
    Backend(&'a dyn Backend),
}

/// The SAT checks with a backend, or the exact search without one.
///
/// ```
/// use nqueens_domination::{Finder, Method};
/// assert_eq!(Finder::from(None).method(), Method::Search);
/// ```
impl<'a> From<Option<&'a dyn Backend>> for Finder<'a> {
    fn from(backend: Option<&'a dyn Backend>) -> Finder<'a> {
        backend.map_or(Finder::Search, Finder::Backend)
    }
}

impl Finder<'_> {
    /// What the finder is.
    pub fn method(&self) -> Method {
        match self {
            Finder::Search => Method::Search,
            Finder::Backend(_) => Method::Backend,
        }
    }
}

/// How [`solve`] runs.
#[derive(Clone)]
#[non_exhaustive]
pub struct SolveOptions<'a> {
    /// What finds the set.
    pub finder: Finder<'a>,
    /// `Some(k)`: one set of at most k queens; `None`: a minimum set.
    pub bound: Option<usize>,
    /// Threads of the exact search (at least one).
    pub threads: usize,
    /// Use the D4 symmetry of the square: the search takes one first queen per orbit; SAT
    /// checks add lex-leader constraints.
    pub symmetry: bool,
    /// Raised to stop: the solve ends with [`Solved::Stopped`].
    pub stop: Option<StopFlag>,
}

impl<'a> SolveOptions<'a> {
    /// A minimum set with `finder`, on every core, never stopped; with symmetry for the
    /// search, and without for SAT checks (lex-leader constraints leave fewer sets to find,
    /// which makes the satisfiable checks slower).
    pub fn new(finder: Finder<'a>) -> SolveOptions<'a> {
        SolveOptions {
            finder,
            bound: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            symmetry: matches!(finder, Finder::Search),
            stop: None,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }
}

/// How a solve ended.
#[derive(Clone, Debug)]
pub enum Solved {
    /// A minimum set, proved minimum.
    Minimum(MinimumSet),
    /// A set of at most the bound.
    Bounded(BoundedSet),
    /// No set of at most `bound` queens: the whole search tree was searched, or the backend
    /// says so.
    NoSet {
        /// The bound.
        bound: usize,
        /// Who says so.
        method: Method,
    },
    /// Stopped on request before an answer.
    Stopped(SolveStop),
}

/// What a stopped solve knew.
#[derive(Clone, Debug)]
pub enum SolveStop {
    /// The exact search for a minimum set: no set below `lower_bound`, and how far the
    /// search of that size was.
    SearchingMinimum(search::Stopped),
    /// SAT checks for a minimum set: the best set so far, if any, and the lower bound.
    CheckingMinimum(Stopped),
    /// The exact search for a set of at most `bound` queens.
    SearchingBounded {
        /// The bound.
        bound: usize,
        /// Tasks of the search finished.
        tasks_done: usize,
        /// Tasks of the search.
        tasks_total: usize,
    },
    /// The backend's search for a set of at most `bound` queens.
    CheckingBounded {
        /// The bound.
        bound: usize,
    },
}

/// A dominating set of the n x n board under `d`, as `options` say: a minimum one (the
/// domination number found and proved: by searches from the lower bound up, or by SAT checks
/// at falling bounds), or one of at most `options.bound` queens. Every set is checked by the
/// independent checker ([`Domination::first_fault`]).
///
/// ```
/// use nqueens_domination::{solve, Finder, SolveOptions, Solved};
///
/// let d = "domination".parse()?;
/// let Solved::Minimum(m) = solve(8, d, &SolveOptions::new(Finder::Search))? else {
///     unreachable!("never stopped, and no bound")
/// };
/// assert_eq!(m.k, 5); // A075458(8)
/// assert_eq!(d.first_fault(8, &m.queens, None), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`DominationError::Search`] from the search (a board past [`search::MAX_N`], a set the
/// checker refuses); [`DominationError::Backend`] from a backend that fails (unless the stop
/// was raised: that is [`Solved::Stopped`]) or returns a set the checker refuses.
pub fn solve(n: usize, d: Domination, options: &SolveOptions) -> Result<Solved, DominationError> {
    match (options.finder, options.bound) {
        (Finder::Search, Some(bound)) => search_bounded(n, d, bound, options),
        (Finder::Search, None) => search_minimum(n, d, options),
        (Finder::Backend(backend), Some(bound)) => check_bounded(n, d, bound, backend, options),
        (Finder::Backend(backend), None) => {
            let stopped = || options.stopped();
            Ok(
                match minimum_until(n, d, backend, options.symmetry, &stopped)? {
                    Search::Minimum(m) => Solved::Minimum(MinimumSet::from_checks(d, m)),
                    Search::Stopped(s) => Solved::Stopped(SolveStop::CheckingMinimum(s)),
                },
            )
        }
    }
}

fn search_options(options: &SolveOptions) -> SearchOptions {
    SearchOptions::new(options.threads, options.symmetry)
}

fn search_bounded(
    n: usize,
    d: Domination,
    bound: usize,
    options: &SolveOptions,
) -> Result<Solved, DominationError> {
    let never = StopFlag::new();
    let stop = options.stop.as_ref().unwrap_or(&never);
    Ok(
        match search::find_set(n, d, bound, &search_options(options), stop)? {
            Searched::Stopped(s) => Solved::Stopped(SolveStop::SearchingBounded {
                bound,
                tasks_done: s.tasks_done,
                tasks_total: s.tasks_total,
            }),
            Searched::Done(None) => Solved::NoSet {
                bound,
                method: Method::Search,
            },
            Searched::Done(Some(queens)) => {
                Solved::Bounded(BoundedSet::new(d, n, bound, queens, Method::Search))
            }
        },
    )
}

fn search_minimum(
    n: usize,
    d: Domination,
    options: &SolveOptions,
) -> Result<Solved, DominationError> {
    let never = StopFlag::new();
    let stop = options.stop.as_ref().unwrap_or(&never);
    Ok(
        match search::minimum(n, d, &search_options(options), stop)? {
            Searched::Done(m) => Solved::Minimum(MinimumSet::from_search(d, m)),
            Searched::Stopped(s) => Solved::Stopped(SolveStop::SearchingMinimum(s)),
        },
    )
}

fn check_bounded(
    n: usize,
    d: Domination,
    bound: usize,
    backend: &dyn Backend,
    options: &SolveOptions,
) -> Result<Solved, DominationError> {
    let m = DominationModel::new(n, d, Some(bound));
    match one_set(&m, backend) {
        // A backend stopped on request fails: that failure is the stop's.
        Err(_) if options.stopped() => Ok(Solved::Stopped(SolveStop::CheckingBounded { bound })),
        Err(e) => Err(e.into()),
        Ok(None) => Ok(Solved::NoSet {
            bound,
            method: Method::Backend,
        }),
        Ok(Some(queens)) => Ok(Solved::Bounded(BoundedSet::new(
            d,
            n,
            bound,
            queens,
            Method::Backend,
        ))),
    }
}
