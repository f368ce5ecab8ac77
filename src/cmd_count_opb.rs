//! `nqueens count --opb FILE`: the solutions of a pseudo-Boolean file (OPB), counted by the
//! problem-agnostic engine over cubes and threads through any backend: linear constraints
//! with general coefficients are lowered with the `--pb` encoding for the SAT backends and
//! kept as rows by `--backend ilp`. Every solution is checked against every constraint
//! before it counts. An objective line is read and not used, unless `--optimal`: then the
//! optimum is found and proved first (`varisat_enum::optimize`, or `ilp_enum::optimize`
//! with `--backend ilp`), and the count is of the model plus `objective = optimum`, through
//! the same engine.

use crate::cli::{solver_backend, CountArgs, COUNT_BACKEND};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::progress::ProgressBar;
use crate::stop;
use anyhow::{anyhow, Context};
use count_engine::{Depth, ModelProblem, Problem, RunOptions};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;
use zero_one_model::opb::read_opb;

/// The cubes the split aims at, as for `--cnf`.
const TARGET_CUBES: usize = 512;

/// The JSON report of an OPB count. `count` is an exact JSON integer of any size.
#[derive(Serialize)]
struct OpbReport<'a> {
    file: &'a str,
    count: Box<serde_json::value::RawValue>,
    num_vars: usize,
    constraints: usize,
    /// Whether the file has an objective (used only with `--optimal`).
    objective: bool,
    /// With `--optimal`: the optimum, whose solutions are counted (`null` when infeasible).
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum: Option<Option<Box<serde_json::value::RawValue>>>,
    parts: usize,
    cubes: usize,
    cubes_done: usize,
    interrupted: bool,
    models_checked: u64,
    backend: String,
    encoding: String,
    threads: usize,
    elapsed_s: f64,
}

/// Flags that mean nothing for an OPB file: refused rather than ignored.
fn refuse_flags(args: &CountArgs) -> Result<(), CliError> {
    let given = [
        (args.model.formulation.is_some(), "--formulation"),
        (args.model.domain.is_some(), "--domain"),
        (args.model.board.variant.is_some(), "--variant"),
        (args.model.board.given.is_some(), "--given"),
        (args.model.board.blocked.is_some(), "--blocked"),
        (args.model.board.given_file.is_some(), "--given-file"),
        (args.force, "--force"),
        (args.strict, "--strict"),
        (args.symmetry.is_some(), "--symmetry"),
        (args.method.is_some(), "--method"),
        (args.cache_mb.is_some(), "--cache-mb"),
        (args.certify.is_some(), "--certify"),
    ];
    match given.iter().find(|(g, _)| *g) {
        Some((_, flag)) => Err(CliError::usage(anyhow!(
            "{flag} does not apply to --opb (a pseudo-Boolean file is counted by enumeration, as it is)"
        ))),
        None => Ok(()),
    }
}

pub fn run(args: &CountArgs, path: &Path) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    refuse_flags(args)?;
    if args.shard.is_some() && args.json {
        return Err(CliError::usage(anyhow!(
            "--shard always prints its JSON result; drop --json"
        )));
    }
    let name = path.display().to_string();
    let instance = read_opb(crate::input::open(path, &name)?)
        .with_context(|| format!("'{name}'"))
        .map_err(CliError::usage)?;
    let mut model = instance.model;
    // The file's constraints, before `--optimal` adds `objective = optimum`.
    let constraints = model.constraints().len();
    let backend_arg = args.engine.backend(COUNT_BACKEND);
    let optimum = match args.optimal {
        false => None,
        true => match pin_optimum(&mut model, &name, backend_arg, args)? {
            Pinned::Optimum(v) => Some(Some(v)),
            Pinned::Infeasible => Some(None),
            Pinned::Interrupted => {
                eprintln!("nqueens: interrupted while finding the optimum; nothing was counted");
                return Ok(ExitStatus::Interrupted);
            }
        },
    };
    // The ILP lowering works in 64-bit rows: a row whose coefficients and bound add up past
    // that is refused rather than wrapped (the CNF encodings work in 128 bits).
    if backend_arg == crate::cli::BackendArg::Ilp {
        let too_big = model.constraints().iter().position(|c| match c {
            zero_one_model::Constraint::Linear { terms, rhs, .. } => {
                let sum: i128 = terms.iter().map(|(a, _)| i128::from(*a).abs()).sum();
                sum + i128::from(*rhs).abs() > i128::from(i64::MAX)
            }
            _ => false,
        });
        if let Some(i) = too_big {
            return Err(CliError::usage(anyhow!(
                "'{name}': constraint {} has coefficients too large for --backend ilp (their sum passes 2^63); the SAT backends take it",
                i + 1
            )));
        }
    }
    args.model
        .refuse_idle(backend_arg, args.cube_depth.is_some(), false)?;
    let backend = solver_backend(&args.engine, &args.model, COUNT_BACKEND)?.ok_or_else(|| {
        CliError::usage(anyhow!(
            "--opb counts with a solver backend (dpll, sat, ilp or external), not backtrack"
        ))
    })?;
    let depth = match args.cube_depth {
        Some(d) => Depth::Levels(usize::from(d)),
        None => Depth::Target(TARGET_CUBES),
    };
    let about = if name == "-" { "stdin" } else { &name };
    let problem = ModelProblem::new(&model, depth, about).map_err(CliError::usage)?;
    stop::install();
    let threads = args.threads();
    let bar = ProgressBar::new(!args.quiet);
    let progress = |p| bar.update(p);
    let options = RunOptions {
        threads,
        shard: args.shard,
        checkpoint: args.checkpoint.as_deref(),
        stop: Some(&stop::STOP),
        progress: Some(&progress),
        on_solution: None,
    };
    let outcome = count_engine::run(&problem, backend.as_ref(), &options)
        .map_err(crate::exit::engine_error)?;
    bar.finish();
    if let (Some(shard), false) = (args.shard, outcome.interrupted) {
        let file = outcome.into_shard_file(shard);
        let json = serde_json::to_string(&file).map_err(CliError::failure)?;
        return output::emit(false, &(), || json).map(|()| ExitStatus::Success);
    }
    let report = OpbReport {
        file: &name,
        count: serde_json::value::RawValue::from_string(outcome.count.to_string())
            .map_err(CliError::failure)?,
        num_vars: model.num_vars(),
        constraints,
        objective: model.objective().is_some() || optimum.is_some(),
        optimum: optimum
            .map(|o| {
                o.map(|v| serde_json::value::RawValue::from_string(v.to_string()))
                    .transpose()
            })
            .transpose()
            .map_err(CliError::failure)?,
        parts: problem.parts(),
        cubes: outcome.cubes_total,
        cubes_done: outcome.cubes_done,
        interrupted: outcome.interrupted,
        models_checked: outcome.tally.found,
        backend: backend.name(),
        encoding: if backend.capabilities().native_linear {
            "rows".into()
        } else {
            args.model.cnf_options().pb.name().into()
        },
        threads,
        elapsed_s: start.elapsed().as_secs_f64(),
    };
    output::emit(args.json, &report, || {
        let objective = match optimum {
            Some(Some(v)) => format!(" at the optimum {v}"),
            Some(None) => " (infeasible: no optimum)".into(),
            None if report.objective => " (its objective not used)".into(),
            None => String::new(),
        };
        format!(
            "{}: {} solutions over {} variables, {} constraints{objective}   {:.3} s   {}, {} encoding, {} cubes",
            report.file,
            outcome.count,
            report.num_vars,
            report.constraints,
            report.elapsed_s,
            report.backend,
            report.encoding,
            report.cubes
        )
    })?;
    if outcome.interrupted {
        eprintln!(
            "nqueens: interrupted after {} of {} cubes: partial count {}{}",
            outcome.cubes_done,
            outcome.cubes_total,
            outcome.count,
            args.resume_hint(false)
        );
        return Ok(ExitStatus::Interrupted);
    }
    // `--optimal` on an infeasible file: no optimum, as `optimize` exits.
    if matches!(optimum, Some(None)) {
        return Ok(ExitStatus::Mismatch);
    }
    Ok(ExitStatus::Success)
}

/// What `--optimal` found before the count.
enum Pinned {
    /// The optimum, now a constraint of the model.
    Optimum(i128),
    /// No solution at all.
    Infeasible,
    /// Ctrl-C before the optimum was proved.
    Interrupted,
}

/// `--optimal`: finds and proves the optimum of the model's objective, then replaces the
/// objective by the constraint `objective = optimum`, so the count that follows is of the
/// optimal solutions. An infeasible model is left as it is (its count is 0).
fn pin_optimum(
    model: &mut zero_one_model::Model,
    name: &str,
    backend: crate::cli::BackendArg,
    args: &CountArgs,
) -> Result<Pinned, CliError> {
    use zero_one_model::{Cmp, Constraint, Optimized};
    if model.objective().is_none() {
        return Err(CliError::usage(anyhow!(
            "'{name}' has no objective (a `min:` or `max:` line) for --optimal"
        )));
    }
    let failed = |e: zero_one_model::BackendError| match e.kind() {
        zero_one_model::BackendErrorKind::Unsupported
        | zero_one_model::BackendErrorKind::InvalidInput => CliError::usage(anyhow::Error::new(e)),
        _ => CliError::failure(anyhow::Error::new(e)),
    };
    stop::install();
    let outcome = match backend {
        crate::cli::BackendArg::Ilp => ilp_enum::optimize(model, Some(&stop::STOP)),
        _ => {
            let options = varisat_enum::optimize::OptimizeOptions {
                cnf: args.model.cnf_options(),
                search: zero_one_model::Search::default(),
                stop: Some(stop::STOP.clone()),
            };
            varisat_enum::optimize::optimize(model, &options, &mut |_| {})
        }
    }
    .map_err(failed)?;
    let best = match outcome {
        Optimized::Infeasible => return Ok(Pinned::Infeasible),
        Optimized::Found(best) if best.proved => best,
        Optimized::Found(_) | Optimized::Stopped => return Ok(Pinned::Interrupted),
    };
    let objective = model.clear_objective().expect("checked above");
    let rhs = i64::try_from(best.value).map_err(|_| {
        CliError::usage(anyhow!(
            "the optimum {} does not fit a 64-bit constraint, so its solutions cannot be counted",
            best.value
        ))
    })?;
    model.add(Constraint::Linear {
        terms: objective.terms,
        cmp: Cmp::Exactly,
        rhs,
    });
    Ok(Pinned::Optimum(best.value))
}
