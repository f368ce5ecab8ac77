//! `nqueens count --cnf FILE`: the projected models of any DIMACS CNF, counted by the
//! problem-agnostic engine: the file is taken apart into independent parts and free
//! variables, each part split into cubes from its own clauses and counted over threads, every
//! model checked against every clause before it counts. Resumable (`--checkpoint`), shardable
//! (`--shard` + `merge`), interruptible (Ctrl-C prints the partial count).

use crate::certify::{produced_by, Certifier, Finished, Report};
use crate::cli::{solver_backend, CountArgs, SymmetryArg, COUNT_BACKEND};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::progress::ProgressBar;
use crate::stop;
use anyhow::{anyhow, Context};
use cnf_symmetry::OrbitProblem;
use count_engine::{Backend, Depth, ModelProblem, Outcome, Problem, RunOptions, SolutionHook};
use nqueens_driver::Symmetry;
use serde::Serialize;
use std::io::Write;
use std::path::Path;
use std::time::Instant;
use zero_one_model::dimacs::{Cnf, ReadOptions};

mod auto;
mod counter;
mod method;
mod nnf;
mod weighted;

/// Cubes the default split aims at: enough to keep every thread busy and each cube's blocking
/// clauses few (measured: docs/src/counting-cnf.md).
pub const DEFAULT_TARGET_CUBES: usize = 512;

/// Cubes the default split aims at with `--symmetry auto`: the lex-leader constraints make
/// each cube's setup dearer, and fewer cubes measured faster (docs/src/symmetries.md, "Symmetries of any
/// file").
pub const ORBIT_TARGET_CUBES: usize = 16;

/// The JSON report of a CNF count. `count` is an exact JSON integer of any size.
#[derive(Serialize)]
struct CnfReport<'a> {
    file: &'a str,
    count: Box<serde_json::value::RawValue>,
    projected: bool,
    projection_size: usize,
    num_vars: usize,
    clauses: usize,
    free_vars: u64,
    parts: usize,
    cubes: usize,
    cubes_done: usize,
    cubes_resumed: usize,
    interrupted: bool,
    models_checked: u64,
    backend: String,
    /// `enumeration` here (the model counter's report is its own).
    method: &'static str,
    /// Why this method was used.
    method_reason: String,
    /// With `--backend external`: whether the solver's UNSATISFIABLE answers were checked
    /// by a second solver (`confirmed by varisat`) or believed (`trusted`, `--trust-unsat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    unsat_answers: Option<String>,
    backend_stats: &'a std::collections::BTreeMap<String, u64>,
    threads: usize,
    elapsed_s: f64,
    models_per_s: f64,
    /// With `--symmetry auto`: orbits (the product over parts of their orbits under their
    /// own groups, times 2 per free variable), exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    orbits: Option<Box<serde_json::value::RawValue>>,
    /// With `--symmetry auto`, when the orbit count was given up for the plain count (it
    /// would have taken long): why.
    #[serde(skip_serializing_if = "Option::is_none")]
    orbits_dropped: Option<String>,
    /// With `--symmetry auto`: the order of the group used in each part.
    #[serde(skip_serializing_if = "Option::is_none")]
    group_orders: Option<serde_json::Value>,
    /// With `--symmetry auto`: per part, whether that group is every symmetry found (else a
    /// subgroup: too large to list, or the search stopped at its budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    whole_groups: Option<serde_json::Value>,
}

/// Flags that mean nothing for a DIMACS file: refused rather than ignored.
fn refuse_board_flags(args: &CountArgs) -> Result<(), CliError> {
    if let Some(SymmetryArg::Board(s @ (Symmetry::D4 | Symmetry::Mirror | Symmetry::Shift))) =
        args.symmetry
    {
        return Err(CliError::usage(anyhow!(
            "--symmetry applies to board counts, not to --cnf, with {}: for a file use auto (its own symmetries) or none",
            s.name()
        )));
    }
    if args.certify.is_some() && args.symmetry == Some(SymmetryArg::Auto) {
        return Err(CliError::usage(anyhow!(
            "--certify lists every model: use --symmetry none (the default for --cnf), not auto"
        )));
    }
    let given = [
        (args.model.formulation.is_some(), "--formulation"),
        (args.model.domain.is_some(), "--domain"),
        (args.model.amo.is_some(), "--amo"),
        (args.model.card.is_some(), "--card"),
        (args.model.pb.is_some(), "--pb"),
        (args.model.board.variant.is_some(), "--variant"),
        (args.model.board.given.is_some(), "--given"),
        (args.model.board.blocked.is_some(), "--blocked"),
        (args.model.board.given_file.is_some(), "--given-file"),
        (args.force, "--force"),
    ];
    match given.iter().find(|(g, _)| *g) {
        Some((_, flag)) => Err(CliError::usage(anyhow!(
            "{flag} applies to board counts, not to --cnf (a DIMACS file is counted as it is)"
        ))),
        None => Ok(()),
    }
}

/// What to count: with `--certify`, the whole file in its own numbering (so that every
/// model and cube is over F's variables) and the certifier collecting the models; with
/// `--symmetry auto`, the orbits of the parts under their own symmetries; otherwise the
/// variables that matter, taken apart into independent parts.
fn problem(
    args: &CountArgs,
    cnf: Cnf,
    name: &str,
    by_orbits: bool,
) -> Result<(Box<dyn Problem>, Option<Certifier>), CliError> {
    let depth = match args.cube_depth {
        Some(d) => Depth::Levels(usize::from(d)),
        None if by_orbits => Depth::Target(ORBIT_TARGET_CUBES),
        None => Depth::Target(DEFAULT_TARGET_CUBES),
    };
    let about = if name == "-" { "stdin" } else { name };
    let Some(dir) = &args.certify else {
        let model = count_engine::cnf_model(cnf)
            .with_context(|| format!("'{name}'"))
            .map_err(CliError::usage)?;
        if by_orbits {
            let budget = cnf_symmetry::DEFAULT_BUDGET;
            let problem =
                OrbitProblem::new(&model, depth, about, budget).map_err(CliError::usage)?;
            return Ok((Box::new(problem), None));
        }
        let problem = ModelProblem::new(&model, depth, about).map_err(CliError::usage)?;
        return Ok((Box::new(problem), None));
    };
    let formula = crate::certify::formula_of(&cnf, name)?;
    // A bundle lists every model over every variable: when the counter tells in a moment
    // that they would pass the bundle's cap, refuse now rather than after listing them.
    let cap = count_certify::make::model_cap(cnf.num_vars);
    let quick = counter::formula_of(&cnf)
        .ok()
        .and_then(|f| counter::quick_count(&f, std::time::Duration::from_secs(2)));
    if let Some(models) = quick.filter(|m| *m > cap.into()) {
        return Err(CliError::usage(anyhow!(
            "'{name}' has {models} models of {} variables (the model counter's count): more than the {cap} a --certify bundle lists (at most {} models, and {} values in all)",
            cnf.num_vars,
            count_certify::make::MAX_LISTED_MODELS,
            count_certify::make::MAX_LISTED_VALUES
        )));
    }
    let model = count_engine::model_of(cnf, None);
    let problem = ModelProblem::whole(&model, depth, about).map_err(CliError::usage)?;
    let cubes = problem.cubes().into_iter().map(|c| c.lits).collect();
    let certifier = Certifier::new(dir, formula, &model, cubes)?;
    Ok((Box::new(problem), Some(certifier)))
}

/// Counts `problem` with the progress bar, its models collected for the bundle with
/// `--certify`, and the watcher of `switch` (if any) beside it, which may stop the count to
/// hand the file to another method.
fn count(
    args: &CountArgs,
    problem: &dyn Problem,
    backend: &dyn Backend,
    certifier: Option<&Certifier>,
    threads: usize,
    switch: Option<&auto::Switch>,
) -> Result<Outcome, CliError> {
    let bar = ProgressBar::new(!args.quiet);
    let progress = |p: count_engine::Progress| {
        if let Some(s) = switch {
            s.observe(&p);
        }
        bar.update(p)
    };
    let hook = certifier.map(Certifier::hook);
    let options = RunOptions {
        threads,
        shard: args.shard,
        checkpoint: args.checkpoint.as_deref(),
        stop: Some(&stop::STOP),
        progress: Some(&progress),
        on_solution: hook.as_ref().map(|h| h as &SolutionHook),
    };
    let outcome = std::thread::scope(|scope| {
        if let Some(s) = switch {
            scope.spawn(|| s.watch());
        }
        let outcome = count_engine::run(problem, backend, &options);
        if let Some(s) = switch {
            s.finish();
        }
        outcome
    })
    .map_err(crate::exit::engine_error)?;
    bar.finish();
    if let Some(c) = certifier {
        c.check_cap()?;
    }
    Ok(outcome)
}

pub fn run(args: &CountArgs, path: &Path) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    refuse_board_flags(args)?;
    crate::certify::refuse(args)?;
    if args.shard.is_some() && args.json {
        return Err(CliError::usage(anyhow!(
            "--shard always prints its JSON result; drop --json"
        )));
    }
    let plan = method::plan(args)?;
    let name = path.display().to_string();
    if let Some(out) = &args.nnf {
        crate::output::not_the_input(out, path, "--nnf")?;
    }
    let options = ReadOptions {
        strict: args.strict,
        weights: true,
    };
    let cnf = crate::input::read_cnf(path, &name, &options)?;
    let file = method::FileFacts::of(&cnf, &name);
    if let Some(out) = &args.nnf {
        return nnf::run(args, out, &cnf, &file, plan, start);
    }
    if cnf.weights.is_some() {
        let reason = weighted::plan(args, plan)?;
        return weighted::run(args, &cnf, &file, reason, start);
    }
    if let method::Plan::Counter(reason) = plan {
        return method::run_counter(args, &cnf, &file, reason, start);
    }
    let backend = solver_backend(&args.engine, &args.model, COUNT_BACKEND)?.ok_or_else(|| {
        CliError::usage(anyhow!(
            "--cnf counts with a solver backend (dpll, sat, ilp or external), not backtrack"
        ))
    })?;
    // The counter's copy of the file, kept only while it may take over (a file with more
    // variables than it takes is left to enumeration).
    let formula = match plan {
        method::Plan::Auto => counter::formula_of(&cnf).ok(),
        _ => None,
    };
    let (num_vars, clauses, projected) = (file.num_vars, file.clauses, file.projected);
    let projection_size = file.projection_size;
    let by_orbits = args.symmetry == Some(SymmetryArg::Auto);
    // An orbit count that would take long falls back to the plain count (not with a
    // checkpoint or a shard, whose key names the orbit count).
    let fallback =
        (by_orbits && args.checkpoint.is_none() && args.shard.is_none()).then(|| cnf.clone());
    let (mut problem, certifier) = problem(args, cnf, &name, by_orbits)?;
    stop::install();
    let threads = args.threads();
    let run = |problem: &dyn Problem, switch: Option<&auto::Switch>| {
        count(
            args,
            problem,
            backend.as_ref(),
            certifier.as_ref(),
            threads,
            switch,
        )
    };
    let first = match (&formula, &fallback) {
        (Some(_), _) => Some(auto::Switch::new("enumeration")),
        (None, Some(_)) => Some(auto::Switch::new("the orbit search")),
        (None, None) => None,
    };
    let mut outcome = run(problem.as_ref(), first.as_ref())?;
    let mut switched = first.as_ref().and_then(auto::Switch::switched);
    let mut formula = formula;
    let mut orbits_dropped = None;
    if let (true, Some(cnf)) = (switched.is_some(), fallback) {
        let reason = switched.take().unwrap_or_default();
        // Orbits dropped: the plain count, which may hand over to the counter in turn.
        stop::STOP.store(false, std::sync::atomic::Ordering::SeqCst);
        formula = counter::formula_of(&cnf).ok();
        problem = self::problem(args, cnf, &name, false)?.0;
        let second = formula.as_ref().map(|_| auto::Switch::new("enumeration"));
        outcome = run(problem.as_ref(), second.as_ref())?;
        switched = second.as_ref().and_then(auto::Switch::switched);
        orbits_dropped = Some(format!("orbits not counted: {reason}"));
    }
    if let (Some(reason), Some(formula)) = (switched, &formula) {
        drop(problem);
        stop::STOP.store(false, std::sync::atomic::Ordering::SeqCst);
        let reason = match &orbits_dropped {
            Some(dropped) => format!("{dropped}; then {reason}"),
            None => reason,
        };
        return method::count_with_counter(args, formula, &file, reason, start);
    }
    let method_reason = match (&orbits_dropped, &plan) {
        (Some(dropped), _) => format!("{dropped}; counted without symmetry"),
        (None, method::Plan::Enumerate(reason)) => reason.clone(),
        _ => "auto: enumeration finished before the counter was needed".into(),
    };
    let mut out = output::stdout();
    if let (Some(shard), false) = (args.shard, outcome.interrupted) {
        let file = outcome.into_shard_file(shard);
        let json = serde_json::to_string(&file).map_err(CliError::failure)?;
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(ExitStatus::Success);
    }
    let elapsed_s = start.elapsed().as_secs_f64();
    let report = CnfReport {
        file: &name,
        count: serde_json::value::RawValue::from_string(outcome.count.to_string())
            .map_err(CliError::failure)?,
        projected,
        projection_size,
        num_vars,
        clauses,
        free_vars: outcome.key.free_vars,
        parts: problem.parts(),
        cubes: outcome.cubes_total,
        cubes_done: outcome.cubes_done,
        cubes_resumed: outcome.cubes_resumed,
        interrupted: outcome.interrupted,
        models_checked: outcome.tally.found,
        backend: backend.name(),
        method: "enumeration",
        method_reason,
        unsat_answers: crate::cli::unsat_answers(&args.engine, COUNT_BACKEND),
        backend_stats: &outcome.backend_stats,
        threads,
        elapsed_s,
        models_per_s: outcome.tally.found as f64 / elapsed_s.max(1e-9),
        orbits: if orbits_dropped.is_some() {
            None
        } else {
            orbits(args, &outcome)?
        },
        orbits_dropped: orbits_dropped.clone(),
        group_orders: outcome.key.problem.get("group_orders").cloned(),
        whole_groups: outcome.key.problem.get("whole_groups").cloned(),
    };
    let by = || produced_by(&report.backend, report.cubes, threads, elapsed_s);
    let certifier = certifier.filter(|_| !outcome.interrupted);
    let certified = crate::certify::finish(certifier, threads, by)?;
    output::emit(args.json, &Report::new(&report, &certified), || {
        let line = text(&report, &outcome);
        match certified.bundle() {
            Some(c) => format!("{line}\n{}", c.line()),
            None => line,
        }
    })?;
    if let Finished::Interrupted = certified {
        return Ok(ExitStatus::Interrupted);
    }
    if outcome.interrupted {
        let resume = args.resume_hint(false);
        eprintln!(
            "nqueens: interrupted after {} of {} cubes: partial count {}{resume}",
            outcome.cubes_done, outcome.cubes_total, outcome.count
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}

/// With `--symmetry auto`, the exact number of orbits: the product of the parts' orbits,
/// times 2 per free variable.
fn orbits(
    args: &CountArgs,
    outcome: &Outcome,
) -> Result<Option<Box<serde_json::value::RawValue>>, CliError> {
    if args.symmetry != Some(SymmetryArg::Auto) {
        return Ok(None);
    }
    let n = count_engine::combine_orbits(&outcome.parts, outcome.key.free_vars);
    serde_json::value::RawValue::from_string(n.to_string())
        .map(Some)
        .map_err(CliError::failure)
}

fn text(report: &CnfReport, outcome: &Outcome) -> String {
    let onto = if report.projected {
        format!(
            "projected onto {} of {} variables",
            report.projection_size, report.num_vars
        )
    } else {
        format!("over all {} variables", report.num_vars)
    };
    let partial = if outcome.interrupted {
        format!(
            "   partial: {} of {} cubes",
            outcome.cubes_done, outcome.cubes_total
        )
    } else {
        String::new()
    };
    let orbits = match (&report.orbits, &report.group_orders) {
        _ if report.orbits_dropped.is_some() => {
            format!(", {}", report.orbits_dropped.as_deref().unwrap_or_default())
        }
        (Some(o), Some(g)) => {
            let whole = report.whole_groups.as_ref().and_then(|w| w.as_array());
            let sub = whole.is_some_and(|w| w.iter().any(|x| x == false));
            let sub = if sub {
                " (some a subgroup of the symmetries found)"
            } else {
                ""
            };
            format!(", {} orbits under groups of order {g}{sub}", o.get())
        }
        _ => String::new(),
    };
    let trusted = match report.unsat_answers.as_deref() {
        Some("trusted") => " (its UNSATISFIABLE answers trusted, not checked)",
        _ => "",
    };
    format!(
        "{}: {} models ({onto}{orbits}){partial}   {:.3} s   enumeration, {}{trusted}, {} parts, {} cubes, {} free variables",
        report.file,
        outcome.count,
        report.elapsed_s,
        report.backend,
        report.parts,
        report.cubes,
        report.free_vars
    )
}
