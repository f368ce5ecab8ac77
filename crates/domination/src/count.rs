//! The minimum dominating sets counted as a single call: the domination number found first
//! (or a bound given), then every set of that many queens counted, by the exact search or on
//! the engine with any backend; stoppable, with what was known when it stopped; the report
//! compared with the OEIS.

use super::minimum::{minimum_until, Search, Stopped};
use super::report::MinimumSet;
use super::report::{CountMethod, DominationCount};
use super::search::{self, count_sets, SearchOptions, Searched};
use super::{Domination, DominationError, DominationProblem, DominationVerdict, Finder};
use count_engine::{BigUint, Depth, Progress, RunOptions};
use std::path::Path;
use std::time::Instant;
use zero_one_model::Backend;
use zero_one_model::StopFlag;

/// Cubes an engine count is split into by default (levels of clause splits until there are
/// this many), enough to keep every thread busy.
pub const DEFAULT_CUBES: usize = 256;

/// What counts the sets.
#[derive(Clone, Copy)]
pub enum CountBy<'a> {
    /// The exact search ([`search::minimum`], then [`search::count_sets`]).
    Search,
    /// SAT checks for the domination number, then the engine's count over cubes.
    Engine(EngineCount<'a>),
}

/// How the engine counts: the backends, the cubes, a checkpoint, progress.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct EngineCount<'a> {
    /// Finds the sets of each cube.
    pub backend: &'a dyn Backend,
    /// Finds the domination number by SAT checks: a search for one set, then a refutation,
    /// a CDCL solver's work; give one here when `backend`'s capabilities say
    /// `slow_refutation` (DPLL without learning refutes cube by cube).
    pub minimum_backend: &'a dyn Backend,
    /// How deep the model is split into cubes.
    pub depth: Depth,
    /// Finished cubes appended here, and those already in it skipped.
    pub checkpoint: Option<&'a Path>,
    /// Called after every finished cube.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

impl<'a> EngineCount<'a> {
    /// `backend` for both the domination number and the count, [`DEFAULT_CUBES`] cubes, no
    /// checkpoint, no progress.
    pub fn new(backend: &'a dyn Backend) -> EngineCount<'a> {
        EngineCount {
            backend,
            minimum_backend: backend,
            depth: Depth::Target(DEFAULT_CUBES),
            checkpoint: None,
            progress: None,
        }
    }
}

impl<'a> CountBy<'a> {
    /// How a count with `finder` runs: the exact search, or the engine over the finder's
    /// backend, with `minimum` finding the domination number if given (else that backend),
    /// `levels` of splits per cube if given (else [`DEFAULT_CUBES`] cubes) and finished cubes
    /// kept in `checkpoint`.
    ///
    /// ```
    /// use nqueens_domination::{CountBy, Finder};
    /// assert!(matches!(CountBy::of(Finder::Search, None, Some(3), None), CountBy::Search));
    /// ```
    pub fn of(
        finder: Finder<'a>,
        minimum: Option<&'a dyn Backend>,
        levels: Option<usize>,
        checkpoint: Option<&'a Path>,
    ) -> CountBy<'a> {
        let Finder::Backend(backend) = finder else {
            return CountBy::Search;
        };
        let mut engine = EngineCount::new(backend);
        engine.minimum_backend = minimum.unwrap_or(backend);
        engine.depth = levels.map_or(engine.depth, Depth::Levels);
        engine.checkpoint = checkpoint;
        CountBy::Engine(engine)
    }
}

impl EngineCount<'_> {
    /// Whether a count with `backend` wants another backend to find the domination number
    /// ([`EngineCount::minimum_backend`], a CDCL solver): when the number is to be found (no
    /// `bound`) and `backend`'s capabilities say `slow_refutation`, as the minimum is a search
    /// for one set and then a refutation.
    pub fn wants_minimum_backend(backend: &dyn Backend, bound: Option<usize>) -> bool {
        bound.is_none() && backend.capabilities().slow_refutation
    }
}

/// How [`count`] runs.
#[derive(Clone)]
#[non_exhaustive]
pub struct CountOptions<'a> {
    /// What counts.
    pub by: CountBy<'a>,
    /// `Some(k)`: count the sets of at most k queens; `None`: find the domination number
    /// and count the minimum sets.
    pub bound: Option<usize>,
    /// Worker threads (at least one).
    pub threads: usize,
    /// Count by D4 orbits, weighed (and count the orbits): the search by orbits of the first
    /// queen, the engine and the SAT checks by lex-leader constraints.
    pub symmetry: bool,
    /// Raised to stop: the count ends with [`Counted::Stopped`].
    pub stop: Option<StopFlag>,
}

impl<'a> CountOptions<'a> {
    /// The minimum sets counted `by`, on every core, by orbits, never stopped.
    pub fn new(by: CountBy<'a>) -> CountOptions<'a> {
        CountOptions {
            by,
            bound: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            symmetry: true,
            stop: None,
        }
    }
}

/// How a count ended.
#[derive(Clone, Debug)]
pub enum Counted {
    /// Counted (boxed: the report is large beside a stop).
    Done(Box<DominationCount>),
    /// Stopped on request.
    Stopped(CountStop),
}

/// What a stopped count knew.
#[derive(Clone, Debug)]
pub enum CountStop {
    /// Stopped while the exact search looked for the domination number: no set below its
    /// `lower_bound`.
    SearchingMinimum(search::Stopped),
    /// Stopped while SAT checks looked for the domination number: the best set so far and
    /// the lower bound.
    CheckingMinimum(Stopped),
    /// Stopped while the exact search counted the sets of at most `k` queens.
    SearchingSets {
        /// The bound counted under.
        k: usize,
        /// Tasks finished.
        tasks_done: usize,
        /// Tasks of the count.
        tasks_total: usize,
    },
    /// Stopped while the engine counted the sets of at most `k` queens.
    CountingCubes {
        /// The bound counted under.
        k: usize,
        /// Cubes finished (a checkpoint keeps them).
        cubes_done: usize,
        /// Cubes of the count.
        cubes_total: usize,
        /// Sets in the finished cubes.
        sets: BigUint,
    },
}

/// What a count found, before the verdicts.
struct Found {
    k: usize,
    minimum: Option<MinimumSet>,
    count: BigUint,
    orbits: Option<BigUint>,
    symmetry: bool,
    sets_checked: u64,
    minimum_s: f64,
    method: CountMethod,
}

/// The (minimum) dominating sets of the n x n board under `d` counted as `options` say:
/// the domination number found first (or the bound given), then every set of at most that
/// many queens, each checked by the independent checker; the number and the count compared
/// with the OEIS.
///
/// ```
/// use nqueens_domination::{count, CountBy, CountOptions, Counted};
///
/// let d = "independent-domination".parse()?;
/// let Counted::Done(c) = count(6, d, &CountOptions::new(CountBy::Search))? else {
///     unreachable!("never stopped")
/// };
/// assert_eq!((c.k, c.count.to_string()), (4, "120".to_string())); // A075324, A002568
/// assert!(!c.is_mismatch());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`DominationError::Search`] from the search (a board past [`search::MAX_N`], a set the
/// checker refuses, a count past 2^128); [`DominationError::Backend`] from SAT checks that
/// fail or return a set the checker refuses; [`DominationError::Engine`] from the engine (a
/// checkpoint of another count, a backend failing on a cube).
pub fn count(n: usize, d: Domination, options: &CountOptions) -> Result<Counted, DominationError> {
    let start = Instant::now();
    let found = match options.by {
        CountBy::Search => by_search(n, d, options, start)?,
        CountBy::Engine(engine) => by_engine(n, d, options, &engine, start)?,
    };
    let found = match found {
        Ok(found) => found,
        Err(stop) => return Ok(Counted::Stopped(stop)),
    };
    let k = found.k;
    let count_u64 = u64::try_from(&found.count).unwrap_or(u64::MAX);
    // The count is of minimum sets when k is the domination number: found here, or the
    // known one.
    let is_minimum = found.minimum.is_some() || d.known_number(n) == Some(k);
    Ok(Counted::Done(Box::new(DominationCount {
        n,
        variant: d,
        k,
        k_oeis: found.minimum.as_ref().map(|m| m.oeis.clone()),
        minimum: found.minimum,
        count: found.count,
        count_is_of_minimum_sets: is_minimum,
        count_oeis: if is_minimum {
            DominationVerdict::count(d, n, count_u64)
        } else {
            DominationVerdict::Unknown
        },
        orbits: found.orbits,
        symmetry: found.symmetry,
        sets_checked: found.sets_checked,
        threads: options.threads,
        minimum_s: found.minimum_s,
        seconds: start.elapsed().as_secs_f64(),
        method: found.method,
    })))
}

/// The exact search's count; `Ok(Err(_))` when stopped.
fn by_search(
    n: usize,
    d: Domination,
    options: &CountOptions,
    start: Instant,
) -> Result<Result<Found, CountStop>, DominationError> {
    let never = StopFlag::new();
    let stop = options.stop.as_ref().unwrap_or(&never);
    let search = SearchOptions::new(options.threads, options.symmetry);
    let (k, minimum) = match options.bound {
        Some(k) => (k, None),
        None => match search::minimum(n, d, &search, stop)? {
            Searched::Done(m) => (m.k, Some(MinimumSet::from_search(d, m))),
            Searched::Stopped(s) => return Ok(Err(CountStop::SearchingMinimum(s))),
        },
    };
    let minimum_s = start.elapsed().as_secs_f64();
    let c = match count_sets(n, d, k, &search, stop)? {
        Searched::Done(c) => c,
        Searched::Stopped(s) => {
            return Ok(Err(CountStop::SearchingSets {
                k,
                tasks_done: s.tasks_done,
                tasks_total: s.tasks_total,
            }))
        }
    };
    Ok(Ok(Found {
        k,
        minimum,
        count: BigUint::from(c.count),
        orbits: c.orbits.map(BigUint::from),
        symmetry: c.symmetry,
        sets_checked: c.sets_checked,
        minimum_s,
        method: CountMethod::Search { nodes: c.nodes },
    }))
}

/// The engine's count; `Ok(Err(_))` when stopped.
fn by_engine(
    n: usize,
    d: Domination,
    options: &CountOptions,
    engine: &EngineCount,
    start: Instant,
) -> Result<Result<Found, CountStop>, DominationError> {
    let stopped = || options.stop.as_ref().is_some_and(StopFlag::is_raised);
    let (k, minimum) = match options.bound {
        Some(k) => (k, None),
        None => match minimum_until(n, d, engine.minimum_backend, options.symmetry, &stopped)? {
            Search::Minimum(m) => (m.k, Some(MinimumSet::from_checks(d, m))),
            Search::Stopped(s) => return Ok(Err(CountStop::CheckingMinimum(s))),
        },
    };
    let minimum_s = start.elapsed().as_secs_f64();
    let problem = DominationProblem::new(n, d, k, options.symmetry, engine.depth);
    let run = RunOptions {
        threads: options.threads.max(1),
        checkpoint: engine.checkpoint,
        stop: options.stop.clone(),
        progress: engine.progress,
        ..RunOptions::default()
    };
    let outcome = count_engine::run(&problem, engine.backend, &run)?;
    if outcome.interrupted {
        return Ok(Err(CountStop::CountingCubes {
            k,
            cubes_done: outcome.cubes_done,
            cubes_total: outcome.cubes_total,
            sets: outcome.count,
        }));
    }
    Ok(Ok(Found {
        k,
        minimum,
        count: outcome.count,
        orbits: options.symmetry.then_some(outcome.tally.orbits.0),
        symmetry: options.symmetry,
        sets_checked: outcome.tally.found,
        minimum_s,
        method: CountMethod::Engine {
            cubes: outcome.cubes_total,
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat_enum::VarisatBackend;
    use zero_one_model::CnfOptions;

    #[test]
    fn an_engine_count_takes_the_minimum_backend_levels_and_checkpoint_given() {
        let (sat, cdcl) = (
            VarisatBackend::new(CnfOptions::default()),
            VarisatBackend::new(CnfOptions::default()),
        );
        let path = Path::new("c.jsonl");
        let CountBy::Engine(e) =
            CountBy::of(Finder::Backend(&sat), Some(&cdcl), Some(4), Some(path))
        else {
            panic!("a backend counts on the engine");
        };
        assert!(std::ptr::addr_eq(e.minimum_backend, &cdcl as &dyn Backend));
        assert_eq!((e.depth, e.checkpoint), (Depth::Levels(4), Some(path)));
        let CountBy::Engine(e) = CountBy::of(Finder::Backend(&sat), None, None, None) else {
            panic!("a backend counts on the engine");
        };
        assert!(std::ptr::addr_eq(e.minimum_backend, &sat as &dyn Backend));
        assert_eq!(e.depth, Depth::Target(DEFAULT_CUBES));
    }
}
