//! Counting by enumeration ([`count_engine`]): the file taken apart into independent parts
//! and free variables, each part split into cubes from its own clauses and counted over
//! threads, every model checked against every clause before it counts. With
//! [`crate::Method::Auto`], a watcher ([`Switch`]) beside the run hands the file to the model
//! counter when enumeration would take long; an orbit count that would take long falls back
//! to the plain count first.

use crate::options::Plan;
use crate::result::{CnfCount, Enumerated, Reason};
use crate::switch::Switch;
use crate::{CnfCountError, Progress, Run, DEFAULT_TARGET_CUBES, ORBIT_TARGET_CUBES};
use cnf_symmetry::OrbitProblem;
use count_engine::{Backend, Depth, ModelProblem, Outcome, Problem, RunOptions, SolutionHook};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use zero_one_model::dimacs::Cnf;
use zero_one_model::{Clauses, CnfOptions, StopFlag};

/// How long the model counter may look at a file before its models are listed to a sink
/// (a count past the sink's cap is refused before any is listed).
const QUICK_LOOK: Duration = Duration::from_secs(2);

/// The default backend: the DPLL enumerator handing hard parts to varisat, both stopped by
/// `stop`.
fn default_backend(stop: &StopFlag) -> Arc<dyn Backend> {
    let varisat = Arc::new(varisat_enum::VarisatBackend {
        stop: Some(stop.clone()),
        ..varisat_enum::VarisatBackend::new(CnfOptions::default())
    });
    Arc::new(dpll_enum::DpllBackend {
        stop: Some(stop.clone()),
        ..dpll_enum::DpllBackend::new(CnfOptions::default(), Some(varisat))
    })
}

/// What to count: with a model sink, the whole file in its own numbering (so that every
/// model and cube is over the file's variables), the sink told the cubes; with orbits, the
/// orbits of the parts under their own symmetries; otherwise the variables that matter,
/// taken apart into independent parts.
fn problem(run: &Run<'_>, cnf: Cnf, by_orbits: bool) -> Result<Box<dyn Problem>, CnfCountError> {
    let options = run.options;
    let depth = match options.cube_depth {
        Some(d) => Depth::Levels(d),
        None if by_orbits => Depth::Target(ORBIT_TARGET_CUBES),
        None => Depth::Target(DEFAULT_TARGET_CUBES),
    };
    let Some(sink) = options.models else {
        if by_orbits {
            cnf_symmetry::check_size(cnf.num_vars, &cnf.clauses)
                .map_err(CnfCountError::SymmetryTooLarge)?;
        }
        let model = count_engine::cnf_model(cnf)?;
        if by_orbits {
            let budget = cnf_symmetry::DEFAULT_BUDGET;
            let problem = OrbitProblem::new(&model, depth, options.label, budget)
                .map_err(CnfCountError::Split)?;
            return Ok(Box::new(problem));
        }
        let problem =
            ModelProblem::new(&model, depth, options.label).map_err(CnfCountError::Split)?;
        return Ok(Box::new(problem));
    };
    // When the counter tells in a moment that the models would pass the sink's cap, refuse
    // now rather than after listing them.
    let cap = sink.cap(cnf.num_vars);
    let quick = crate::counter::quick_count(&Clauses::from_cnf(&cnf), QUICK_LOOK);
    if let Some(models) = quick.filter(|m| *m > cap.into()) {
        return Err(CnfCountError::TooManyModels {
            models,
            num_vars: cnf.num_vars,
            cap,
        });
    }
    let model = count_engine::model_of(cnf, None);
    let problem =
        ModelProblem::whole(&model, depth, options.label).map_err(CnfCountError::Split)?;
    let cubes = problem.cubes().into_iter().map(|c| c.lits).collect();
    sink.begin(&model, cubes).map_err(CnfCountError::Sink)?;
    Ok(Box::new(problem))
}

/// Counts `problem` on `backend`, models handed to the sink, beside the watcher of
/// `switch` (if any), which may stop the count to hand the file to another method.
fn run_once(
    run: &Run<'_>,
    problem: &dyn Problem,
    backend: &dyn Backend,
    switch: Option<&Switch<'_>>,
) -> Result<Outcome, CnfCountError> {
    let progress = |p: count_engine::Progress| {
        if let Some(s) = switch {
            s.observe(&p);
        }
        if let Some(report) = run.hooks.progress {
            report(Progress::Cubes(p));
        }
    };
    let hook = run
        .options
        .models
        .map(|sink| move |cube: usize, assignment: &[bool]| sink.record(cube, assignment));
    let options = RunOptions {
        threads: run.options.threads(),
        shard: run.options.shard,
        checkpoint: run.options.checkpoint,
        stop: Some(run.stop),
        progress: Some(&progress),
        on_solution: hook.as_ref().map(|h| h as &SolutionHook),
    };
    std::thread::scope(|scope| {
        if let Some(s) = switch {
            scope.spawn(|| s.watch());
        }
        let outcome = count_engine::run(problem, backend, &options);
        if let Some(s) = switch {
            s.finish();
        }
        outcome
    })
    .map_err(CnfCountError::Run)
}

/// Counts `cnf` by enumeration as `plan` says, handing it to the model counter when the
/// plan is [`Plan::Auto`] and enumeration would take long.
///
/// # Errors
/// As [`problem`] and [`run_once`], and the counter's failure after a switch.
pub(crate) fn count(cnf: Cnf, run: &Run<'_>, plan: Plan) -> Result<CnfCount, CnfCountError> {
    let options = run.options;
    let backend = match &options.backend {
        Some(b) => Arc::clone(b),
        None => default_backend(run.stop),
    };
    // The file's core for the counter, kept only while it may take over.
    let mut formula = match plan {
        Plan::Auto => Some(Clauses::from_cnf(&cnf)),
        _ => None,
    };
    let by_orbits = options.orbits;
    // An orbit count that would take long falls back to the plain count (not with a
    // checkpoint or a shard, whose key names the orbit count).
    let fallback =
        (by_orbits && options.checkpoint.is_none() && options.shard.is_none()).then(|| cnf.clone());
    let mut problem = problem(run, cnf, by_orbits)?;
    let first = match (&formula, &fallback) {
        (Some(_), _) => Some(Switch::new("enumeration", run.stop)),
        (None, Some(_)) => Some(Switch::new("the orbit search", run.stop)),
        (None, None) => None,
    };
    let mut outcome = run_once(run, problem.as_ref(), backend.as_ref(), first.as_ref())?;
    let mut switched = first.as_ref().and_then(Switch::switched);
    let mut orbits_dropped = None;
    if let (true, Some(cnf)) = (switched.is_some(), fallback) {
        let reason = switched.take().unwrap_or_default();
        // Orbits dropped: the plain count, which may hand over to the counter in turn.
        run.stop.store(false, Ordering::SeqCst);
        formula.get_or_insert_with(|| Clauses::from_cnf(&cnf));
        problem = self::problem(run, cnf, false)?;
        let second = formula
            .as_ref()
            .map(|_| Switch::new("enumeration", run.stop));
        outcome = run_once(run, problem.as_ref(), backend.as_ref(), second.as_ref())?;
        switched = second.as_ref().and_then(Switch::switched);
        orbits_dropped = Some(format!("orbits not counted: {reason}"));
    }
    if let (Some(reason), Some(formula)) = (switched, &formula) {
        drop(problem);
        return hand_over(run, formula, reason, orbits_dropped.as_deref());
    }
    let reason = match (&orbits_dropped, plan) {
        (Some(dropped), _) => Reason::OrbitsDropped(dropped.clone()),
        (None, Plan::Enumerate(reason)) => reason,
        _ => Reason::EnumerationFinished,
    };
    let orbits = (by_orbits && orbits_dropped.is_none())
        .then(|| count_engine::combine_orbits(&outcome.parts));
    Ok(CnfCount::Enumerated(Box::new(Enumerated {
        parts: problem.parts(),
        backend: backend.name(),
        threads: options.threads(),
        reason,
        orbits,
        orbits_dropped,
        outcome,
    })))
}

/// Hands the file to the model counter after the watcher stopped the enumeration (`why`),
/// orbits dropped before if `dropped` says so.
fn hand_over(
    run: &Run<'_>,
    formula: &Clauses,
    why: String,
    dropped: Option<&str>,
) -> Result<CnfCount, CnfCountError> {
    run.stop.store(false, Ordering::SeqCst);
    let why = match dropped {
        Some(dropped) => format!("{dropped}; then {why}"),
        None => why,
    };
    crate::counter::count(formula, run, Reason::Switched(why)).map(CnfCount::Counted)
}
