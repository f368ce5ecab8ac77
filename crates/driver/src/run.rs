//! A whole N-Queens count: the board's problem handed to the engine (cubes over threads,
//! shard, checkpoint, stop, progress), or the bitboard oracle, and the total compared with
//! OEIS.

use crate::{CountConfig, CountReport, DriverError, Method, QueensProblem, Symmetry, Verdict};
use nqueens_engine::{CubeResult, RunKey};
use nqueens_queens::{count_backtrack_d4, count_backtrack_threads, count_rules};
use std::collections::BTreeMap;
use std::time::Instant;

pub use nqueens_engine::{Progress, RunOptions, Shard};

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
    config
        .rules
        .check(n)
        .map_err(|e| DriverError::Config(e.to_string()))?;
    config
        .symmetry
        .check_exact(n, &config.rules)
        .map_err(DriverError::Config)?;
    let Method::Solver(backend) = &config.method else {
        if run.shard.is_some() || run.checkpoint.is_some() {
            return Err(DriverError::Config(
                "--shard and --checkpoint need a solver backend (the backtracking oracle has no cubes)".into(),
            ));
        }
        return backtrack(n, config, start);
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
    let outcome = nqueens_engine::run(&problem, backend.as_ref(), &options)
        .map_err(|e| DriverError::from_engine(e, n))?;
    let found = Found {
        checked: outcome.tally.found,
        total: crate::merge::fits(&outcome.tally.total)?,
        fundamental: crate::merge::fits(&outcome.tally.orbits)?,
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
    } else if !config.rules.is_open() && n <= nqueens_queens::MAX_BACKTRACK_N {
        // No table knows boards with given or blocked squares: the oracle, which shares
        // nothing with the encodings, counts them again.
        // It searches less than the count did (a bitboard, the strongest exact symmetry).
        let oracle = oracle_count(n, &config.rules, config.threads.max(1));
        report.verdict = report.verdict.clone().against_oracle(oracle);
    }
    Ok(RunOutcome {
        report,
        key: Some(outcome.key),
        cubes: outcome.cubes,
    })
}

fn backtrack(n: usize, config: &CountConfig, start: Instant) -> Result<RunOutcome, DriverError> {
    if n > nqueens_queens::MAX_BACKTRACK_N {
        return Err(DriverError::Config(format!(
            "the backtracking counter handles n <= {}",
            nqueens_queens::MAX_BACKTRACK_N
        )));
    }
    if !config.rules.is_classic() {
        let c = oracle_under(n, &config.rules, config.symmetry, config.threads.max(1));
        let found = Found {
            checked: c.found,
            total: c.total,
            fundamental: c.orbits,
        };
        let mut report = report(n, config, found, start, "bitboard".into(), 0, 1);
        report.cubes_done = 1;
        return Ok(RunOutcome {
            report,
            key: None,
            cubes: Vec::new(),
        });
    }
    let found = match config.symmetry {
        Symmetry::Shift => unreachable!("check_exact refuses shift on the classic board"),
        Symmetry::Mirror => Found {
            total: count_backtrack_threads(n, config.threads.max(1)),
            ..Found::default()
        },
        // Eight-fold symmetric search (queens::backtrack_d4): totals and orbits at once.
        Symmetry::D4 => {
            let c = count_backtrack_d4(n, config.threads.max(1));
            Found {
                total: c.total,
                fundamental: c.fundamental,
                ..Found::default()
            }
        }
        Symmetry::None => {
            let mut found = Found::default();
            nqueens_queens::for_each_solution(n, |_| {
                found.checked += 1;
                found.total += 1;
                true
            });
            found
        }
    };
    let mut report = report(n, config, found, start, "bitboard".into(), 0, 1);
    report.cubes_done = 1;
    Ok(RunOutcome {
        report,
        key: None,
        cubes: Vec::new(),
    })
}

/// The bitboard oracle under other rules (checked): only the first-row columns `symmetry`
/// keeps are searched, each solution weighed as the engine would weigh it.
pub(crate) fn oracle_under(
    n: usize,
    rules: &nqueens_queens::Rules,
    symmetry: Symmetry,
    threads: usize,
) -> nqueens_queens::RulesCount {
    count_rules(
        n,
        rules,
        threads,
        |c0| symmetry.keeps(n, &[c0]),
        |cols| symmetry.weigh(cols),
    )
}

/// The oracle's independent recount of a board with squares, with the strongest symmetry
/// exact for it (a fraction of a solver count's cost).
pub(crate) fn oracle_count(n: usize, rules: &nqueens_queens::Rules, threads: usize) -> u64 {
    oracle_under(n, rules, Symmetry::best_for(n, rules), threads).total
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
        shard: None,
        backend_stats: BTreeMap::new(),
        solutions_per_s: if elapsed > 0.0 {
            found.total as f64 / elapsed
        } else {
            0.0
        },
    }
}
