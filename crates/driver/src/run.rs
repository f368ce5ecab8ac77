//! A whole count: the cube list, an optional shard of it, resuming from a checkpoint, cubes
//! spread over threads, progress reports, and a clean stop on request.

use crate::checkpoint::{Checkpoint, CubeResult, RunKey};
use crate::count::enumerate_prepared;
use crate::{prefixes, CountConfig, CountReport, DriverError, Method, Symmetry, Tally, Verdict};
use nqueens_queens::{count_backtrack_d4, count_backtrack_threads};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One of K deterministic parts of a count: cubes whose index is `index - 1` modulo `of`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 1-based shard number.
    pub index: usize,
    /// Number of shards.
    pub of: usize,
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let err = || format!("expected a shard as I/K with 1 <= I <= K, found '{s}'");
        let (i, k) = s.split_once('/').ok_or_else(err)?;
        let (index, of): (usize, usize) = (
            i.trim().parse().map_err(|_| err())?,
            k.trim().parse().map_err(|_| err())?,
        );
        if index == 0 || index > of {
            return Err(err());
        }
        Ok(Shard { index, of })
    }
}

impl Shard {
    /// Whether cube `i` belongs to this shard.
    pub fn holds(self, i: usize) -> bool {
        i % self.of == self.index - 1
    }
}

/// Progress of a running count.
#[derive(Copy, Clone, Debug)]
pub struct Progress {
    /// Cubes finished, resumed ones included.
    pub cubes_done: usize,
    /// Cubes in this run (or shard).
    pub cubes_total: usize,
    /// All solutions counted so far.
    pub solutions: u64,
}

/// Options of a run beyond its configuration.
#[derive(Default)]
pub struct RunOptions<'a> {
    /// Count only this part of the cubes.
    pub shard: Option<Shard>,
    /// Append finished cubes here and skip those already in it.
    pub checkpoint: Option<&'a Path>,
    /// Set to stop: cubes in progress are dropped, finished ones stay counted.
    pub stop: Option<&'a AtomicBool>,
    /// Called after every finished cube.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

/// A finished (or stopped) run.
pub struct RunOutcome {
    /// The report.
    pub report: CountReport,
    /// What identifies the run's cubes, for checkpoints and shards.
    pub key: Option<RunKey>,
    /// Every finished cube of the run (resumed ones included), by index.
    pub cubes: Vec<CubeResult>,
}

/// Counts the solutions for `n`, honouring shard, checkpoint, stop and progress.
///
/// # Errors
/// A backend failure, an invalid solution, a checkpoint that does not fit, or options the
/// method cannot honour.
pub fn count_with(
    n: usize,
    config: &CountConfig,
    run: &RunOptions,
) -> Result<RunOutcome, DriverError> {
    let start = Instant::now();
    let threads = config.threads.max(1);
    let symmetry = config.symmetry;
    let Method::Solver(backend) = &config.method else {
        if run.shard.is_some() || run.checkpoint.is_some() {
            return Err(DriverError::Config(
                "--shard and --checkpoint need a solver backend (the backtracking oracle has no cubes)".into(),
            ));
        }
        return backtrack(n, config, start);
    };
    let formulation = config.formulation.build(n);
    let depth = config.depth_for(n);
    let all: Vec<Vec<usize>> = prefixes(n, depth)
        .into_iter()
        .filter(|c| symmetry.keeps(n, c))
        .collect();
    let key = RunKey {
        n,
        formulation: config.formulation.to_string(),
        backend: backend.name(),
        encoding: backend.encoding(),
        cube_depth: depth,
        symmetry: symmetry.name().into(),
        cubes: all.len(),
    };
    let mine: Vec<usize> = (0..all.len())
        .filter(|&i| run.shard.is_none_or(|s| s.holds(i)))
        .collect();
    let (checkpoint, mut finished) = match run.checkpoint {
        Some(path) => {
            let (cp, done) = Checkpoint::open(path, &key)?;
            (Some(Mutex::new(cp)), done)
        }
        None => (None, Default::default()),
    };
    finished.retain(|&i, _| run.shard.is_none_or(|s| s.holds(i)));
    let resumed = finished.len();
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !finished.contains_key(i))
        .collect();
    let mut tally = Tally::default();
    finished.values().for_each(|c| tally.add_cube(c));

    let prepared = backend.prepare(formulation.model())?;
    let prepared = prepared.as_ref();
    let name = backend.name();
    let state = Mutex::new((tally, finished, BTreeMap::<String, u64>::new()));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<DriverError>> = Mutex::new(None);
    let stopping =
        || failed.load(Ordering::Relaxed) || run.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let fail = |e: DriverError| {
        failed.store(true, Ordering::Relaxed);
        first_error
            .lock()
            .expect("no panics hold this lock")
            .get_or_insert(e);
    };
    std::thread::scope(|s| {
        for _ in 0..threads.min(todo.len()) {
            s.spawn(|| {
                while !stopping() {
                    let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let prefix = &all[index];
                    let mut cube = Tally::default();
                    let mut cube_stats = BTreeMap::new();
                    let excluded = symmetry.excluded(n, prefix);
                    let result = enumerate_prepared(
                        formulation.as_ref(),
                        prepared,
                        &name,
                        (prefix, &excluded),
                        None,
                        |b| {
                            cube.add(symmetry, b.columns());
                            !stopping()
                        },
                        Some(&mut cube_stats),
                    );
                    if let Err(e) = result {
                        fail(e);
                        break;
                    }
                    if stopping() {
                        break; // the cube may be incomplete: it does not count
                    }
                    let done = CubeResult {
                        index,
                        prefix: prefix.clone(),
                        found: cube.found,
                        total: cube.total,
                        fundamental: cube.fundamental,
                    };
                    if let Some(cp) = &checkpoint {
                        if let Err(e) = cp.lock().expect("no panics hold this lock").record(&done) {
                            fail(e);
                            break;
                        }
                    }
                    let progress = {
                        let mut st = state.lock().expect("no panics hold this lock");
                        for (k, v) in cube_stats {
                            *st.2.entry(k).or_insert(0) += v;
                        }
                        st.0.add_cube(&done);
                        st.1.insert(index, done);
                        Progress {
                            cubes_done: st.1.len(),
                            cubes_total: mine.len(),
                            solutions: st.0.total,
                        }
                    };
                    if let Some(f) = run.progress {
                        f(progress);
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().expect("no panics hold this lock") {
        return Err(e);
    }
    if let Some(cp) = &checkpoint {
        cp.lock().expect("no panics hold this lock").sync()?;
    }
    let (tally, finished, backend_stats) = state.into_inner().expect("no panics hold this lock");
    let complete = finished.len() == mine.len();
    let mut cubes: Vec<CubeResult> = finished.into_values().collect();
    cubes.sort_by_key(|c| c.index);
    let mut report = report(
        n,
        config,
        tally,
        start,
        backend.encoding(),
        depth,
        mine.len(),
    );
    report.cubes_done = cubes.len();
    report.cubes_resumed = resumed;
    report.interrupted = !complete;
    report.shard = run.shard;
    report.backend_stats = backend_stats;
    if !complete || run.shard.is_some() {
        // A part of the count is not comparable with OEIS.
        report.verdict.matches = None;
    }
    Ok(RunOutcome {
        report,
        key: Some(key),
        cubes,
    })
}

fn backtrack(n: usize, config: &CountConfig, start: Instant) -> Result<RunOutcome, DriverError> {
    if n > nqueens_queens::MAX_BACKTRACK_N {
        return Err(DriverError::Config(format!(
            "the backtracking counter handles n <= {}",
            nqueens_queens::MAX_BACKTRACK_N
        )));
    }
    let tally = match config.symmetry {
        Symmetry::Mirror => Tally {
            total: count_backtrack_threads(n, config.threads.max(1)),
            ..Tally::default()
        },
        // Corner/edge symmetric search (queens::backtrack_d4): totals and orbits at once.
        Symmetry::D4 => {
            let c = count_backtrack_d4(n, config.threads.max(1));
            Tally {
                total: c.total,
                fundamental: c.fundamental,
                ..Tally::default()
            }
        }
        Symmetry::None => {
            let mut tally = Tally::default();
            nqueens_queens::for_each_solution(n, |q| {
                tally.add(Symmetry::None, q);
                true
            });
            tally
        }
    };
    let mut report = report(n, config, tally, start, "bitboard".into(), 0, 1);
    report.cubes_done = 1;
    Ok(RunOutcome {
        report,
        key: None,
        cubes: Vec::new(),
    })
}

/// The report for a finished tally.
pub(crate) fn report(
    n: usize,
    config: &CountConfig,
    tally: Tally,
    start: Instant,
    encoding: String,
    depth: usize,
    cubes: usize,
) -> CountReport {
    let elapsed = start.elapsed().as_secs_f64();
    let fundamental = (config.symmetry == Symmetry::D4).then_some(tally.fundamental);
    CountReport {
        verdict: Verdict::new(n, tally.total, fundamental),
        symmetry: config.symmetry,
        solutions_checked: tally.found,
        backend: config.method.name(),
        formulation: match config.method {
            Method::Backtrack => "none".to_string(),
            Method::Solver(_) => config.formulation.to_string(),
        },
        amo: encoding,
        elapsed_s: elapsed,
        threads: config.threads.max(1),
        cube_depth: depth,
        cubes,
        cubes_done: 0,
        cubes_resumed: 0,
        interrupted: false,
        shard: None,
        backend_stats: BTreeMap::new(),
        solutions_per_s: if elapsed > 0.0 {
            tally.total as f64 / elapsed
        } else {
            0.0
        },
    }
}
