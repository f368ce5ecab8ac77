//! A whole N-Queens count: the configuration checked against what its counter can do, the
//! counter run (the engine over a solver backend, or the bitboard oracle), and the report
//! both give, with the total compared with OEIS.

use crate::{CountConfig, CountReport, QueensError, Split, Symmetry, Verdict};
use count_engine::{CubeResult, RunKey};
use std::collections::BTreeMap;
use std::time::Instant;

pub use count_engine::{Progress, RunOptions, Shard};

/// A finished (or stopped) run.
pub struct RunOutcome {
    /// The report.
    pub report: CountReport,
    /// What identifies the run's cubes, for checkpoints and shards (`None` for a counter
    /// without cubes).
    pub key: Option<RunKey>,
    /// Every finished cube of the run (resumed ones included), by index.
    pub cubes: Vec<CubeResult>,
}

/// Counts the solutions for `n` with `config.counter`, honouring shard, checkpoint, stop,
/// progress and the solution hook (the options' thread count is ignored: the
/// configuration's counts).
///
/// # Errors
/// Rules that do not fit the board, a symmetry that is not exact for it, a board or a shard
/// or checkpoint the counter cannot take ([`QueensError::TooLarge`],
/// [`QueensError::NoCubes`]), a backend failure, an invalid solution, or a checkpoint that
/// does not fit.
pub fn count_with(
    n: usize,
    config: &CountConfig,
    run: &RunOptions,
) -> Result<RunOutcome, QueensError> {
    config.rules.check(n)?;
    config.symmetry.check_exact(n, &config.rules)?;
    let counter = config.counter.as_ref();
    if (run.shard.is_some() || run.checkpoint.is_some()) && !counter.capabilities().cubes {
        return Err(QueensError::NoCubes {
            counter: counter.name(),
        });
    }
    counter.check_size(n)?;
    counter.count(n, config, run)
}

/// What a count found: solutions validated, all they stand for, fundamental ones (D4).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Found {
    pub(crate) checked: u64,
    pub(crate) total: u64,
    pub(crate) fundamental: u64,
}

/// How a finished count was run, for its report.
pub(crate) struct Run {
    pub(crate) start: Instant,
    pub(crate) split: Split,
    pub(crate) depth: usize,
    pub(crate) cubes: usize,
}

/// The report for a finished count.
pub(crate) fn report(n: usize, config: &CountConfig, found: Found, run: Run) -> CountReport {
    let elapsed = run.start.elapsed().as_secs_f64();
    let fundamental = (config.symmetry == Symmetry::D4).then_some(found.fundamental);
    let counter = config.counter.as_ref();
    CountReport {
        verdict: Verdict::for_rules(n, &config.rules, found.total, fundamental),
        symmetry: config.symmetry,
        solutions_checked: found.checked,
        backend: counter.name(),
        formulation: match counter.capabilities().backend {
            Some(_) => config.formulation.to_string(),
            None => "none".to_string(),
        },
        amo: counter.encoding(),
        elapsed_s: elapsed,
        threads: config.threads.max(1),
        cube_depth: run.depth,
        cubes: run.cubes,
        split: run.split,
        cubes_done: 0,
        cubes_resumed: 0,
        interrupted: false,
        unchecked: false,
        unsat_answers: None,
        shard: None,
        backend_stats: BTreeMap::new(),
        solutions_per_s: if elapsed > 0.0 {
            found.total as f64 / elapsed
        } else {
            0.0
        },
    }
}
