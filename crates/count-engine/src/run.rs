//! A whole count: the cube list, an optional shard of it, resuming from a checkpoint, cubes
//! spread over threads, progress reports, and a clean stop on request.

use crate::check::CheckIndex;
use crate::checkpoint::Checkpoint;
use crate::cube_count::{count_pieces, Counted, Whole};
use crate::residual::{Decomposer, Residual};
use crate::validate::CubeValidator;
use crate::{combine, Cube, CubeResult, EngineError, Problem, RunKey, Shard, Tally};
use num_bigint::BigUint;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use zero_one_model::{Backend, BackendName, BackendStat, Clauses, Prepared, StopFlag, Var};

/// Progress of a running count, reported as each cube finishes.
#[derive(Copy, Clone, Debug)]
pub struct Progress {
    /// The cube just finished (its index in [`Problem::cubes`]).
    pub cube: usize,
    /// Cubes finished, resumed ones included.
    pub cubes_done: usize,
    /// Cubes in this run (or shard).
    pub cubes_total: usize,
    /// Solutions validated so far.
    pub found: u64,
}

/// What [`RunOptions::on_solution`] calls: a cube index and a validated assignment.
/// It may borrow anything that outlives the run (`'a`): a collector on the caller's stack
/// needs no `'static` and no leak.
pub type SolutionHook<'a> = dyn Fn(usize, &[bool]) + Sync + 'a;

/// How a run goes, beyond the problem and the backend.
pub struct RunOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Count only this part of the cubes.
    pub shard: Option<Shard>,
    /// Append finished cubes here and skip those already in it.
    pub checkpoint: Option<&'a Path>,
    /// Set to stop: cubes in progress are dropped, finished ones stay counted.
    pub stop: Option<StopFlag>,
    /// Called after every finished cube.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Called with the cube index and the assignment (over the cube's part model) of every
    /// solution once it has been validated, from the worker thread that found it. Solutions
    /// of a cube that a stop request drops may have been passed already: a caller collecting
    /// them keeps only those of finished cubes ([`Outcome::cubes`]). Cubes counted through
    /// their residual pieces ([`Problem::cube_components`]) pass none: ask for whole cubes
    /// (e.g. [`crate::ModelProblem::whole`]) to see every solution.
    pub on_solution: Option<&'a SolutionHook<'a>>,
}

impl Default for RunOptions<'_> {
    fn default() -> Self {
        RunOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            shard: None,
            checkpoint: None,
            stop: None,
            progress: None,
            on_solution: None,
        }
    }
}

/// A finished (or stopped) run.
#[derive(Debug)]
pub struct Outcome {
    /// The exact count: `2^free_vars * product of the part totals` (of what was counted, for
    /// a shard or an interrupted run).
    pub count: BigUint,
    /// Totals per part.
    pub parts: Vec<Tally>,
    /// Totals over every part.
    pub tally: Tally,
    /// Cubes in this run (with a shard, the shard's).
    pub cubes_total: usize,
    /// Cubes finished, resumed ones included.
    pub cubes_done: usize,
    /// Cubes taken from a checkpoint.
    pub cubes_resumed: usize,
    /// Whether the run stopped before every cube of it was counted.
    pub interrupted: bool,
    /// Counters of the backend, summed over the cubes counted in this run.
    pub backend_stats: BTreeMap<BackendStat, u64>,
    /// What identifies the count, for checkpoints and shards.
    pub key: RunKey,
    /// Every finished cube (resumed ones included), by index.
    pub cubes: Vec<CubeResult>,
    /// Wall time in seconds.
    pub elapsed_s: f64,
}

/// State shared by the workers, behind one lock.
#[derive(Default)]
struct Shared {
    finished: HashMap<usize, CubeResult>,
    found: u64,
    stats: BTreeMap<BackendStat, u64>,
}

/// Checks that the cubes are sorted by part and mention only their part's variables, and
/// returns the number of cubes of each part.
fn check_cubes(problem: &dyn Problem, cubes: &[Cube]) -> Result<Vec<usize>, EngineError> {
    let mut part_cubes = vec![0; problem.parts()];
    let mut last = 0;
    for (i, c) in cubes.iter().enumerate() {
        let bad = |reason: &'static str| EngineError::Cube { index: i, reason };
        if c.part >= part_cubes.len() || c.part < last {
            return Err(bad("is out of part order"));
        }
        let vars = problem.model(c.part).num_vars();
        if c.lits.iter().any(|l| l.var().index() >= vars) {
            return Err(bad("mentions a variable outside its model"));
        }
        last = c.part;
        part_cubes[c.part] += 1;
    }
    Ok(part_cubes)
}

/// Counts `problem` with `backend`, honouring the options.
///
/// # Errors
/// A backend failure, an invalid solution, malformed cubes, a checkpoint that does not fit
/// or cannot be written, or more solutions found than 64 bits hold.
pub fn run(
    problem: &dyn Problem,
    backend: &dyn Backend,
    options: &RunOptions,
) -> Result<Outcome, EngineError> {
    let start = Instant::now();
    let cubes = problem.cubes();
    let part_cubes = check_cubes(problem, &cubes)?;
    let key = RunKey {
        problem: problem.describe()?,
        backend: backend.name().to_string(),
        encoding: backend.encoding().to_string(),
        cubes: cubes.len(),
        part_cubes,
        free_vars: problem.free_vars(),
        max_weight: problem.max_weight(),
        cube_capacity: crate::limits::cube_capacity(problem, &cubes),
        cubes_hash: crate::key::cubes_hash(&cubes),
        components: problem.cube_components(),
        orbit_weights: problem.orbit_weights(),
    };
    if key.free_vars >= crate::MAX_COUNT_BITS {
        return Err(EngineError::TooManyFreeVars {
            free_vars: key.free_vars,
        });
    }
    let mine: Vec<usize> = (0..cubes.len())
        .filter(|&i| options.shard.is_none_or(|s| s.holds(i)))
        .collect();
    let (checkpoint, mut finished) = match options.checkpoint {
        Some(path) => {
            let (cp, done) = Checkpoint::open(path, &key)?;
            (Some(Mutex::new(cp)), done)
        }
        None => (None, HashMap::new()),
    };
    finished.retain(|&i, _| options.shard.is_none_or(|s| s.holds(i)));
    let resumed = finished.len();
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !finished.contains_key(i))
        .collect();
    let mut prepared = Vec::new();
    let mut projections = Vec::new();
    let mut checks = Vec::new();
    let stop_raised = || options.stop.as_ref().is_some_and(StopFlag::is_raised);
    for part in 0..problem.parts() {
        let model = problem.model(part);
        match backend.prepare(model) {
            Ok(p) => prepared.push(p),
            // Stopped while the backend lowered a part: the run ends as one stopped before
            // its first cube (resumable from its checkpoint), not as a failure.
            Err(_) if stop_raised() => break,
            Err(e) => return Err(e.into()),
        }
        projections.push(model.shown());
        checks.push(CheckIndex::new(model));
    }
    // The checkpoint's sums were checked as it was read: this one fits.
    let found = finished
        .values()
        .fold(0u64, |sum, c| sum.saturating_add(c.found));
    let shared = Mutex::new(Shared {
        finished,
        found,
        stats: BTreeMap::new(),
    });
    let workers = Workers {
        problem,
        cubes: &cubes,
        todo: &todo,
        prepared: &prepared,
        projections: &projections,
        checks: &checks,
        backend: backend.name(),
        backend_ref: backend,
        options,
        checkpoint: checkpoint.as_ref(),
        shared: &shared,
        next: AtomicUsize::new(0),
        failed: AtomicBool::new(false),
        first_error: Mutex::new(None),
        mine: mine.len(),
        lookahead: (0..problem.parts()).map(|_| OnceLock::new()).collect(),
    };
    if prepared.len() == problem.parts() {
        workers.run();
    }
    if let Some(e) = workers
        .first_error
        .into_inner()
        .expect("no panics hold this lock")
    {
        return Err(e);
    }
    if let Some(cp) = &checkpoint {
        cp.lock().expect("no panics hold this lock").sync()?;
    }
    let shared = shared.into_inner().expect("no panics hold this lock");
    let mut done: Vec<CubeResult> = shared.finished.into_values().collect();
    done.sort_by_key(|c| c.index);
    let mut parts = vec![Tally::default(); problem.parts()];
    let mut tally = Tally::default();
    let index = key.part_index();
    for c in &done {
        let part = index.part_of(c.index).expect("index below the cube count");
        parts[part].add_cube(c)?;
        tally.add_cube(c)?;
    }
    Ok(Outcome {
        count: combine(&parts, key.free_vars),
        parts,
        tally,
        cubes_total: mine.len(),
        cubes_done: done.len(),
        cubes_resumed: resumed,
        interrupted: done.len() < mine.len(),
        backend_stats: shared.stats,
        key,
        cubes: done,
        elapsed_s: start.elapsed().as_secs_f64(),
    })
}

/// A thread's [`Decomposer`] for one part: not made yet, made, or not to be made (the
/// part's model cannot be lowered for propagation; its cubes are counted whole).
enum Slot {
    Untried,
    Ready(Box<Decomposer>),
    Off,
}

/// What [`Workers::count_split`] came to.
enum Pieces {
    /// The cube is to be counted whole.
    Whole,
    /// Counted through its pieces, or propagation refuted it (`None`: the run stopped
    /// meanwhile, and the cube does not count).
    Done(Option<Counted>),
}

/// The worker threads of one run and what they share.
struct Workers<'a, 'm> {
    problem: &'a dyn Problem,
    cubes: &'a [Cube],
    todo: &'a [usize],
    prepared: &'a [Box<dyn Prepared<'m> + 'm>],
    projections: &'a [Vec<Var>],
    checks: &'a [CheckIndex],
    backend: BackendName,
    backend_ref: &'a dyn Backend,
    options: &'a RunOptions<'a>,
    checkpoint: Option<&'a Mutex<Checkpoint>>,
    shared: &'a Mutex<Shared>,
    next: AtomicUsize,
    failed: AtomicBool,
    first_error: Mutex<Option<EngineError>>,
    mine: usize,
    /// Each part's look-ahead clauses, lowered by the first thread that decomposes one of
    /// its cubes (`None`: the part cannot be lowered for propagation).
    lookahead: Vec<OnceLock<Option<Arc<Clauses>>>>,
}

impl Workers<'_, '_> {
    fn stopping(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
            || self.options.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    fn fail(&self, e: EngineError) {
        self.failed.store(true, Ordering::Relaxed);
        self.first_error
            .lock()
            .expect("no panics hold this lock")
            .get_or_insert(e);
    }

    fn run(&self) {
        let threads = self.options.threads.max(1).min(self.todo.len());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    let mut decomposers: Vec<Slot> =
                        (0..self.problem.parts()).map(|_| Slot::Untried).collect();
                    while !self.stopping() {
                        let Some(&index) = self.todo.get(self.next.fetch_add(1, Ordering::Relaxed))
                        else {
                            break;
                        };
                        if let Err(e) = self.cube(index, &mut decomposers) {
                            // A backend ended by the same stop request (an external solver
                            // killed on Ctrl-C) fails its cube: not recorded, not a failure.
                            if !self.options.stop.as_ref().is_some_and(StopFlag::is_raised) {
                                self.fail(e);
                            }
                            break;
                        }
                    }
                });
            }
        });
    }

    /// The cube's count through its residual pieces, when the problem asks for it and the
    /// cube falls apart; [`Pieces::Whole`] to count it whole.
    fn count_split(&self, cube: &Cube, slot: &mut Slot) -> Result<Pieces, EngineError> {
        if !self.problem.cube_components() {
            return Ok(Pieces::Whole);
        }
        if matches!(slot, Slot::Untried) {
            let model = self.problem.model(cube.part);
            // Lowered once per part for every thread.
            let clauses = self.lookahead[cube.part].get_or_init(|| {
                // A stop raised meanwhile ends the run: whole cubes then, if any.
                let stop = self.options.stop.clone().unwrap_or_default();
                crate::split::lookahead_clauses(model, &stop).ok().flatten()
            });
            *slot = match clauses {
                Some(c) => Slot::Ready(Box::new(Decomposer::new(Arc::clone(c), model))),
                None => Slot::Off,
            };
        }
        let Slot::Ready(d) = slot else {
            return Ok(Pieces::Whole);
        };
        if !d.trying() {
            return Ok(Pieces::Whole);
        }
        let (pieces, free, fixed) = match d.residual(&cube.lits) {
            Residual::Conflict => {
                return Ok(Pieces::Done(Some(Counted {
                    stats: vec![(BackendStat::CubesRefutedByPropagation, 1)],
                    ..Counted::default()
                })));
            }
            Residual::Whole => return Ok(Pieces::Whole),
            Residual::Split { parts, free, fixed } => (parts, free, fixed),
        };
        let whole = Whole {
            model: self.problem.model(cube.part),
            index: &self.checks[cube.part],
            cube,
            fixed: &fixed,
        };
        let stop = || self.stopping();
        Ok(Pieces::Done(count_pieces(
            &pieces,
            free,
            &whole,
            self.backend_ref,
            &stop,
        )?))
    }

    /// The cube's count through the backend, whole; `None` when the run is stopping.
    fn count_whole(&self, index: usize, cube: &Cube) -> Result<Option<Counted>, EngineError> {
        let mut validator = CubeValidator::new(
            self.problem,
            (&self.projections[cube.part], &self.checks[cube.part]),
            cube,
            &self.backend,
        );
        let mut solutions = self.prepared[cube.part].solutions(&cube.lits)?;
        let mut tally = Tally::default();
        while let Some(assignment) = solutions.next_solution()? {
            tally.add(validator.check(&assignment)?)?;
            if let Some(f) = self.options.on_solution {
                f(index, &assignment);
            }
            if self.stopping() {
                return Ok(None);
            }
        }
        if self.stopping() {
            // The stream may have ended because of the stop request: the cube does not count.
            return Ok(None);
        }
        Ok(Some(Counted {
            tally,
            stats: solutions.stats(),
            unremembered: validator.unremembered(),
        }))
    }

    /// Counts one cube and records it, unless the run is stopping (then the cube, perhaps
    /// incomplete, does not count).
    fn cube(&self, index: usize, decomposers: &mut [Slot]) -> Result<(), EngineError> {
        let cube = &self.cubes[index];
        let counted = match self.count_split(cube, &mut decomposers[cube.part])? {
            Pieces::Done(c) => c,
            Pieces::Whole => self.count_whole(index, cube)?,
        };
        let Some(Counted {
            tally,
            stats,
            unremembered,
        }) = counted
        else {
            return Ok(());
        };
        let done = CubeResult {
            index,
            found: tally.found,
            total: tally.total,
            orbits: tally.orbits,
        };
        if let Some(cp) = self.checkpoint {
            cp.lock().expect("no panics hold this lock").record(&done)?;
        }
        let progress = {
            let mut st = self.shared.lock().expect("no panics hold this lock");
            let unremembered = (BackendStat::SolutionsPastFingerprintBound, unremembered);
            for (k, v) in stats.into_iter().chain([unremembered]) {
                if v > 0 || k != unremembered.0 {
                    let stat = st.stats.entry(k).or_insert(0);
                    *stat = stat.saturating_add(v);
                }
            }
            st.found = st.found.saturating_add(done.found);
            st.finished.insert(index, done);
            crate::Progress {
                cube: index,
                cubes_done: st.finished.len(),
                cubes_total: self.mine,
                found: st.found,
            }
        };
        if let Some(f) = self.options.progress {
            f(progress);
        }
        Ok(())
    }
}
