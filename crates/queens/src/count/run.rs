//! A whole N-Queens count: the board's problem handed to the engine (cubes over threads,
//! shard, checkpoint, stop, progress), or the bitboard oracle, and the total compared with
//! OEIS.

use crate::{count_backtrack_d4_until, count_backtrack_until, count_rules_until, Partial};
use crate::{CountConfig, CountReport, DriverError, Method, QueensProblem, Symmetry, Verdict};
use count_engine::{CubeResult, RunKey};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use count_engine::{Progress, RunOptions, Shard};

/// A finished (or stopped) run.
pub struct RunOutcome {
    /// The report.
    pub report: CountReport,
    /// What identifies the run's cubes, for checkpoints and shards.
    pub key: Option<RunKey>,
    /// Every finished cube of the run (resumed ones included), by index.
    pub cubes: Vec<CubeResult>,
}

/// What a count found: solutions validated, all they stand for, fundamental ones (D4).
#[derive(Copy, Clone, Debug, Default)]
struct Found {
    checked: u64,
    total: u64,
    fundamental: u64,
}

/// Counts the solutions for `n`, honouring shard, checkpoint, stop, progress and the
/// solution hook (the options' thread count is ignored: the configuration's counts).
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
    let never = AtomicBool::new(false);
    let stop = run.stop.unwrap_or(&never);
    config.rules.check(n)?;
    config.symmetry.check_exact(n, &config.rules)?;
    let Method::Solver(backend) = &config.method else {
        if run.shard.is_some() || run.checkpoint.is_some() {
            return Err(DriverError::NoCubes);
        }
        return backtrack(n, config, start, stop);
    };
    let depth = config.depth_for(n);
    let problem =
        QueensProblem::with_rules(n, config.formulation, &config.rules, config.symmetry, depth);
    let options = RunOptions {
        threads: config.threads.max(1),
        shard: run.shard,
        checkpoint: run.checkpoint,
        stop: run.stop,
        progress: run.progress,
        on_solution: run.on_solution,
    };
    let outcome = count_engine::run(&problem, backend.as_ref(), &options)
        .map_err(|e| DriverError::from_engine(e, n))?;
    let found = Found {
        checked: outcome.tally.found,
        total: super::merge::fits(&outcome.tally.total)?,
        fundamental: super::merge::fits(&outcome.tally.orbits)?,
    };
    let mut report = report(
        n,
        config,
        found,
        start,
        backend.encoding(),
        depth,
        outcome.cubes_total,
    );
    report.cubes_done = outcome.cubes_done;
    report.cubes_resumed = outcome.cubes_resumed;
    report.interrupted = outcome.interrupted;
    report.shard = run.shard;
    report.backend_stats = outcome.backend_stats;
    if outcome.interrupted || run.shard.is_some() {
        // A part of the count is not comparable with OEIS.
        report.verdict.matches = None;
    } else if !config.rules.is_open() && n <= crate::MAX_BACKTRACK_N {
        // No table knows boards with given or blocked squares: the oracle, which shares
        // nothing with the encodings, counts them again.
        // It searches less than the count did (a bitboard, the strongest exact symmetry).
        match oracle_count(n, &config.rules, config.threads.max(1), stop) {
            Some(oracle) => report.verdict = report.verdict.clone().against_oracle(oracle),
            // Stopped while recounting: the count stands unchecked, and says so.
            None => {
                report.interrupted = true;
                report.unchecked = true;
                report.verdict.matches = None;
            }
        }
    }
    Ok(RunOutcome {
        report,
        key: Some(outcome.key),
        cubes: outcome.cubes,
    })
}

/// The bitboard oracle's count, stopped soon after `stop` is set.
fn backtrack(
    n: usize,
    config: &CountConfig,
    start: Instant,
    stop: &AtomicBool,
) -> Result<RunOutcome, DriverError> {
    if n > crate::MAX_BACKTRACK_N {
        return Err(DriverError::TooLargeForOracle {
            n,
            max: crate::MAX_BACKTRACK_N,
        });
    }
    let threads = config.threads.max(1);
    let part = if !config.rules.is_classic() {
        let c = oracle_under(n, &config.rules, config.symmetry, threads, stop);
        part_of(c, |c| Found {
            checked: c.found,
            total: c.total,
            fundamental: c.orbits,
        })
    } else {
        match config.symmetry {
            Symmetry::Shift => unreachable!("check_exact refuses shift on the classic board"),
            Symmetry::Mirror => part_of(count_backtrack_until(n, threads, stop), |total| Found {
                total,
                ..Found::default()
            }),
            // Eight-fold symmetric search (queens::backtrack_d4): totals and orbits at once.
            Symmetry::D4 => part_of(count_backtrack_d4_until(n, threads, stop), |c| Found {
                total: c.total,
                fundamental: c.fundamental,
                ..Found::default()
            }),
            Symmetry::None => {
                let mut found = Found::default();
                let finished = crate::for_each_solution_until(n, stop, |_| {
                    found.checked += 1;
                    found.total += 1;
                    true
                });
                Partial {
                    value: found,
                    done: usize::from(finished),
                    tasks: 1,
                }
            }
        }
    };
    let mut report = report(
        n,
        config,
        part.value,
        start,
        "bitboard".into(),
        0,
        part.tasks,
    );
    report.cubes_done = part.done;
    if !part.is_complete() {
        report.interrupted = true;
        report.verdict.matches = None;
    }
    Ok(RunOutcome {
        report,
        key: None,
        cubes: Vec::new(),
    })
}

/// A partial count's value turned into what a report needs.
fn part_of<T>(part: Partial<T>, found: impl Fn(T) -> Found) -> Partial<Found> {
    Partial {
        value: found(part.value),
        done: part.done,
        tasks: part.tasks,
    }
}

/// The bitboard oracle under other rules (checked): only the first-row columns `symmetry`
/// keeps are searched, each solution weighed as the engine would weigh it; it stops taking
/// subtrees once `stop` is set.
pub(crate) fn oracle_under(
    n: usize,
    rules: &crate::Rules,
    symmetry: Symmetry,
    threads: usize,
    stop: &AtomicBool,
) -> Partial<crate::RulesCount> {
    count_rules_until(
        n,
        rules,
        threads,
        stop,
        |c0| symmetry.keeps(n, &[c0]),
        |cols| symmetry.weigh(cols),
    )
}

/// The oracle's independent recount of a board with squares, with the strongest symmetry
/// exact for it (a fraction of a solver count's cost); `None` when `stop` cut it short.
pub(crate) fn oracle_count(
    n: usize,
    rules: &crate::Rules,
    threads: usize,
    stop: &AtomicBool,
) -> Option<u64> {
    let part = oracle_under(n, rules, Symmetry::best_for(n, rules), threads, stop);
    part.is_complete().then_some(part.value.total)
}

/// The report for a finished count.
fn report(
    n: usize,
    config: &CountConfig,
    found: Found,
    start: Instant,
    encoding: String,
    depth: usize,
    cubes: usize,
) -> CountReport {
    let elapsed = start.elapsed().as_secs_f64();
    let fundamental = (config.symmetry == Symmetry::D4).then_some(found.fundamental);
    CountReport {
        verdict: Verdict::for_rules(n, &config.rules, found.total, fundamental),
        symmetry: config.symmetry,
        solutions_checked: found.checked,
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
        unchecked: false,
        shard: None,
        backend_stats: BTreeMap::new(),
        solutions_per_s: if elapsed > 0.0 {
            found.total as f64 / elapsed
        } else {
            0.0
        },
    }
}
