//! Counting by enumeration ([`count_engine`]): the file taken apart into independent parts
//! and free variables, each part split into cubes from its own clauses and counted over
//! threads, every model checked against every clause before it counts. With
//! [`crate::Method::Auto`], a watcher ([`Switch`]) beside the run hands the file to the model
//! counter when the enumeration is judged slow; an orbit count judged slow falls back to the
//! plain count first. An enumeration no switch hands over is refused when, once slow,
//! listing what is left cannot finish ([`crate::listing`]).

use crate::counter::QUICK_LOOK;
use crate::options::Plan;
use crate::result::{CnfCount, Enumerated, Reason};
use crate::slowness::{Slowness, Watched};
use crate::switch::{Slow, Switch};
use crate::Hopeless;
use crate::{CnfCountError, Progress, Run, DEFAULT_TARGET_CUBES, ORBIT_TARGET_CUBES};
use cnf_symmetry::OrbitProblem;
use count_engine::{Backend, Depth, ModelProblem, Outcome, Problem, RunOptions, SolutionHook};
use std::sync::Arc;
use std::time::Duration;
use zero_one_model::dimacs::Cnf;
use zero_one_model::{Clauses, CnfOptions, StopFlag};

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
    let target = match by_orbits {
        true => ORBIT_TARGET_CUBES,
        false => DEFAULT_TARGET_CUBES,
    };
    let depth = Depth::levels_or(options.cube_depth, target);
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
    let quick = crate::counter::quick_count(&Clauses::from_cnf(&cnf), QUICK_LOOK, None);
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

/// What the watcher beside a run does with an enumeration it judges slow.
#[derive(Copy, Clone)]
enum OnSlow {
    /// Stops it (the counter takes over, or the orbits are dropped); says what is watched.
    Switch(Watched),
    /// Stops it when listing what is left would pass this limit ([`crate::listing`]).
    CheckListing(Duration),
}

/// Why the watcher stopped a run.
enum Verdict {
    /// It was judged slow, for this reason.
    Switch(Slowness),
    /// Listing what is left would take too long.
    Hopeless(Box<Hopeless>),
}

/// The watcher of a plain count that no switch hands over: the listing check, unless the
/// count lists into a sink (refused past its cap before listing) or no limit is set. A
/// count made to be resumed (a checkpoint) is checked too: a refused one keeps its
/// checkpoint, and `--force` resumes it.
fn listing_check(options: &crate::CountOptions<'_>) -> Option<OnSlow> {
    let limit = options.listing_limit?;
    options
        .models
        .is_none()
        .then_some(OnSlow::CheckListing(limit))
}

/// Counts `problem` on `backend`, models handed to the sink, beside a watcher that does
/// what `on_slow` says with a slow enumeration; returns why it stopped the run, if it did.
fn run_once(
    run: &Run<'_>,
    problem: &dyn Problem,
    backend: &dyn Backend,
    stop: &StopFlag,
    on_slow: Option<OnSlow>,
) -> Result<(Outcome, Option<Verdict>), CnfCountError> {
    let switch = on_slow.map(|o| {
        let what = match o {
            OnSlow::Switch(what) => what,
            OnSlow::CheckListing(_) => Watched::Enumeration,
        };
        Switch::new(what, stop, problem.cubes().len(), run.options.threads())
    });
    let progress = |p: count_engine::Progress| {
        if let Some(s) = &switch {
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
        stop: Some(stop.clone()),
        progress: Some(&progress),
        on_solution: hook.as_ref().map(|h| h as &SolutionHook),
    };
    let (outcome, verdict) = std::thread::scope(|scope| {
        let watcher = switch.as_ref().zip(on_slow).map(|(s, on_slow)| {
            scope.spawn(move || s.watch(|slow| verdict(run, problem, on_slow, slow)))
        });
        let outcome = count_engine::run(problem, backend, &options);
        if let Some(s) = &switch {
            s.finish();
        }
        let verdict = watcher.and_then(|w| w.join().expect("the watcher does not panic"));
        (outcome, verdict)
    });
    let outcome = outcome.map_err(CnfCountError::Run)?;
    if verdict.is_some() {
        // The watcher raised the enumeration's flag to stop the run: lowered for what
        // follows (a Ctrl-C, on the caller's flag, stays).
        stop.lower();
    }
    // A run that finished every cube before the stop reached it stands.
    let verdict = verdict.filter(|_| outcome.interrupted);
    Ok((outcome, verdict))
}

/// What the watcher does with a slow enumeration of `problem`.
fn verdict(run: &Run<'_>, problem: &dyn Problem, on_slow: OnSlow, slow: Slow) -> Option<Verdict> {
    match on_slow {
        OnSlow::Switch(_) => Some(Verdict::Switch(slow.reason)),
        OnSlow::CheckListing(limit) => crate::listing::check(run, problem, &slow, limit)
            .map(|h| Verdict::Hopeless(Box::new(h))),
    }
}

/// Counts `cnf` by enumeration as `plan` says: with [`Plan::Auto`], handed to the model
/// counter when enumeration is judged slow; otherwise refused when listing what is left is
/// hopeless ([`crate::CountOptions::listing_limit`]).
///
/// # Errors
/// As [`problem`] and [`run_once`], [`CnfCountError::HopelessListing`], and the counter's
/// failure after a switch.
pub(crate) fn count(cnf: Cnf, run: &Run<'_>, plan: Plan) -> Result<CnfCount, CnfCountError> {
    let options = run.options;
    // The enumeration's own flag: the watcher raises it to stop a slow enumeration, and the
    // caller's (a Ctrl-C) reaches it. Raising the caller's flag instead made a Ctrl-C just
    // after a switch look like the second one, which ends the process at once.
    let stop = run.stop.child();
    let backend = match &options.backend {
        Some(b) => Arc::clone(b),
        None => default_backend(&stop),
    };
    // The file's core for the counter, kept only while it may take over.
    let mut formula = matches!(plan, Plan::Auto).then(|| Clauses::from_cnf(&cnf));
    let by_orbits = options.orbits;
    // An orbit count that would take long falls back to the plain count (not with a
    // checkpoint or a shard, whose key names the orbit count).
    let fallback =
        (by_orbits && options.checkpoint.is_none() && options.shard.is_none()).then(|| cnf.clone());
    let first = match (&plan, by_orbits) {
        // With no fallback, the listing check: the orbit search lists the models of the
        // symmetry-broken parts, which the counter counts as it counts any formula.
        (_, true) => match fallback {
            Some(_) => Some(OnSlow::Switch(Watched::OrbitSearch)),
            None => listing_check(options),
        },
        (Plan::Auto, false) => Some(OnSlow::Switch(Watched::Enumeration)),
        (_, false) => listing_check(options),
    };
    let mut problem = problem(run, cnf, by_orbits)?;
    let (mut outcome, mut verdict) =
        run_once(run, problem.as_ref(), backend.as_ref(), &stop, first)?;
    let mut orbits_dropped = None;
    if let (Some(Verdict::Switch(reason)), Some(cnf)) = (&verdict, fallback) {
        // Orbits dropped: the plain count, which may hand over to the counter in turn.
        orbits_dropped = Some(*reason);
        formula = Some(Clauses::from_cnf(&cnf));
        problem = self::problem(run, cnf, false)?;
        let watch = Some(OnSlow::Switch(Watched::Enumeration));
        (outcome, verdict) = run_once(run, problem.as_ref(), backend.as_ref(), &stop, watch)?;
    }
    match (verdict, &formula) {
        (Some(Verdict::Hopeless(h)), _) => return Err(CnfCountError::HopelessListing(h)),
        (Some(Verdict::Switch(why)), Some(formula)) => {
            drop(problem);
            return hand_over(run, formula, why, orbits_dropped);
        }
        _ => {}
    }
    let reason = match (&orbits_dropped, plan) {
        (Some(dropped), _) => Reason::OrbitsDropped(*dropped),
        (None, Plan::Enumerate(reason)) => reason,
        // Stopped by the caller (a Ctrl-C) before enumeration finished or was judged slow.
        (None, _) if outcome.interrupted => Reason::Interrupted,
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
    slow: Slowness,
    orbits_dropped: Option<Slowness>,
) -> Result<CnfCount, CnfCountError> {
    let reason = Reason::Switched {
        slow,
        orbits_dropped,
    };
    crate::counter::count(formula, run, reason).map(CnfCount::Counted)
}
