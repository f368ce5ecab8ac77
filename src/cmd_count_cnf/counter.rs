//! `count --cnf` by the model counter (crate `sharpcount`): search with component caching
//! and clause learning, for files whose models are far too many to list. One thread; no
//! partial count when stopped (the counter has none to give).

use crate::exit::CliError;
use crate::progress::ProgressBar;
use anyhow::anyhow;
use serde::Serialize;
use sharpcount::{Counted, Formula, Options, Progress};
use std::sync::atomic::AtomicBool;
use zero_one_model::dimacs::Cnf;

/// The counter's own figures, for the JSON report.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CounterStats {
    pub decisions: u64,
    pub conflicts: u64,
    pub learnt_clauses: u64,
    pub components: u64,
    pub cache_hits: u64,
    pub cache_misses: u64,
    pub cache_peak_bytes: u64,
    pub cache_evictions: u64,
    pub sat_calls: u64,
    pub vars_after_preprocessing: u64,
    pub clauses_after_preprocessing: u64,
}

impl From<&sharpcount::Stats> for CounterStats {
    fn from(s: &sharpcount::Stats) -> CounterStats {
        CounterStats {
            decisions: s.decisions,
            conflicts: s.conflicts,
            learnt_clauses: s.learnt_clauses,
            components: s.components,
            cache_hits: s.cache_hits,
            cache_misses: s.cache_misses,
            cache_peak_bytes: s.cache_peak_bytes,
            cache_evictions: s.cache_evictions,
            sat_calls: s.sat_calls,
            vars_after_preprocessing: s.preprocess.vars_after,
            clauses_after_preprocessing: s.preprocess.clauses_after,
        }
    }
}

/// How a counter run ended.
pub enum CounterOutcome {
    /// The exact count.
    Counted(Box<Counted>),
    /// Stopped on request (Ctrl-C), with the work done so far.
    Interrupted(Box<sharpcount::Stats>),
}

/// The counter's input: the file's clauses and projection in DIMACS numbering
/// ([`count_engine::counter_formula`]).
///
/// # Errors
/// A file with more variables than DIMACS literals of 32 bits can name (exit 2).
pub fn formula_of(cnf: &Cnf) -> Result<Formula, CliError> {
    count_engine::counter_formula(cnf).map_err(|e| {
        let hint = if cnf.weights.is_some() {
            ""
        } else {
            " (use --method enumerate)"
        };
        CliError::usage(anyhow!("{e}{hint}"))
    })
}

/// The count of `formula` if the counter finds it within `limit` (with a small cache),
/// else `None`: for decisions made before a run (refusing a bundle too large to write),
/// never printed as a count.
pub fn quick_count(formula: &Formula, limit: std::time::Duration) -> Option<num_bigint::BigUint> {
    let options = Options::default().with_cache_mb(256).with_time_limit(limit);
    sharpcount::count(formula, &options).ok().map(|c| c.count)
}

/// Counts `formula` with a cache of `cache_mb` MiB on `threads` threads (cube-and-count,
/// [`sharpcount::count_parallel`]), stopping when `stop` is set, with a progress line
/// unless `quiet`.
///
/// # Errors
/// An inconsistency the counter detected in itself (exit 3): no count is printed.
pub fn count(
    formula: &Formula,
    cache_mb: usize,
    threads: usize,
    stop: &AtomicBool,
    quiet: bool,
) -> Result<CounterOutcome, CliError> {
    match with_options(cache_mb, stop, quiet, |options| {
        sharpcount::count_parallel(formula, options, threads)
    }) {
        Ok(counted) => Ok(CounterOutcome::Counted(Box::new(counted))),
        Err(sharpcount::Error::Interrupted { stats }) => Ok(CounterOutcome::Interrupted(stats)),
        Err(e) => Err(CliError::failure(
            anyhow!(e).context("the model counter failed"),
        )),
    }
}

/// Runs `f` with the counter's options: a cache of `cache_mb` MiB, the stop flag `stop`,
/// and a progress line unless `quiet`.
pub fn with_options<T>(
    cache_mb: usize,
    stop: &AtomicBool,
    quiet: bool,
    f: impl FnOnce(&Options<'_>) -> T,
) -> T {
    let bar = ProgressBar::line(!quiet);
    let progress = |p: &Progress| {
        bar.say(format!(
            "model counter: {} decisions, {} conflicts, {} cache hits, cache {} MiB of {cache_mb}",
            p.decisions,
            p.conflicts,
            p.cache_hits,
            p.cache_bytes >> 20
        ))
    };
    let options = Options::default()
        .with_cache_mb(cache_mb)
        .with_stop(stop)
        .with_progress(&progress);
    let result = f(&options);
    bar.finish();
    result
}
