//! Counting by the model counter (crate `sharpcount`): search with component caching and
//! clause learning, for files whose models are far too many to list; its count, its
//! compiled decision-DNNF, and the quick look that refuses a model sink's count too large.

use crate::options::Plan;
use crate::result::{Counted, Reason};
use crate::{CnfCountError, Progress, Run};
use sharpcount::Options;
use std::time::Duration;
use zero_one_model::dimacs::Cnf;
use zero_one_model::{Clauses, StopFlag};

/// How long the model counter may look at a file (or at what is left to list) to decide
/// something before or beside a run: a count past a model sink's cap, listing that cannot
/// finish.
pub(crate) const QUICK_LOOK: Duration = Duration::from_secs(2);

/// Runs `f` with the counter's options: the cache of the count, its stop flag and its
/// progress callback.
pub(crate) fn with_options<T>(run: &Run<'_>, f: impl FnOnce(&Options<'_>) -> T) -> T {
    let progress = |p: &sharpcount::Progress| {
        if let Some(report) = run.hooks.progress {
            report(Progress::Counter(p));
        }
    };
    let options = Options::default()
        .with_cache_mb(run.options.cache_mb())
        .with_stop(run.stop.clone())
        .with_progress(&progress);
    f(&options)
}

/// Counts `formula` on the threads asked for ([`sharpcount::count_parallel`]:
/// cube-and-count, with a shared cache when unprojected); no more threads than cores are
/// started, so that the count says what ran.
///
/// # Errors
/// [`CnfCountError::Counter`]: an inconsistency the counter detected in itself.
pub(crate) fn count(
    formula: &Clauses,
    run: &Run<'_>,
    reason: Reason,
) -> Result<Box<Counted>, CnfCountError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = run.options.threads().min(cores);
    let result = with_options(run, |options| {
        sharpcount::count_parallel(formula, options, threads)
    });
    let (count, stats) = match result {
        Ok(c) => (Some(c.count), c.stats),
        Err(sharpcount::Error::Interrupted { stats }) => (None, *stats),
        Err(e) => return Err(CnfCountError::Counter(e)),
    };
    Ok(Box::new(Counted {
        count,
        stats,
        reason,
        threads,
        cache_mb: run.options.cache_mb(),
        compiled: None,
    }))
}

/// The count of `formula` if the counter finds it within `limit` (with a small cache) and
/// before `stop` is raised, else `None`: for decisions made before or beside a run.
pub(crate) fn quick_count(
    formula: &Clauses,
    limit: Duration,
    stop: Option<&StopFlag>,
) -> Option<num_bigint::BigUint> {
    let mut options = Options::default().with_cache_mb(256).with_time_limit(limit);
    if let Some(stop) = stop {
        options = options.with_stop(stop.clone());
    }
    sharpcount::count(formula, &options).ok().map(|c| c.count)
}

/// Why the counter compiles this file, or why a compilation cannot be made.
///
/// # Errors
/// A weighted file, more than one thread asked for, or a count that is an enumeration.
pub(crate) fn compile_plan(
    cnf: &Cnf,
    options: &crate::CountOptions<'_>,
    plan: Plan,
) -> Result<Reason, CnfCountError> {
    if cnf.weights.is_some() {
        return Err(CnfCountError::CompileWeighted);
    }
    if options.many_threads() {
        return Err(CnfCountError::CompileThreads);
    }
    plan.for_counter(Reason::Compile, |forced_by| {
        CnfCountError::CompileEnumeration { forced_by }
    })
}

/// Compiles the file into a decision-DNNF with its count, on one thread.
///
/// # Errors
/// A count too large to write, a file a compiled formula cannot hold, a failure of the
/// counter.
pub(crate) fn compile(
    cnf: &Cnf,
    run: &Run<'_>,
    reason: Reason,
) -> Result<Box<Counted>, CnfCountError> {
    count_engine::needed(cnf)?;
    let formula = Clauses::from_cnf(cnf);
    let result = with_options(run, |options| sharpcount::compile(&formula, options));
    let (compiled, stats) = match result {
        Ok(c) => {
            let stats = c.stats.clone();
            (Some(c), stats)
        }
        Err(sharpcount::Error::Interrupted { stats }) => (None, *stats),
        Err(e @ sharpcount::Error::InvalidFormula(_)) => {
            return Err(CnfCountError::Uncompilable(e))
        }
        Err(e) => return Err(CnfCountError::Counter(e)),
    };
    Ok(Box::new(Counted {
        count: compiled.as_ref().map(|c| c.count.clone()),
        stats,
        reason,
        threads: 1,
        cache_mb: run.options.cache_mb(),
        compiled,
    }))
}
