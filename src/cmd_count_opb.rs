//! `nqueens count opb FILE`: the solutions of a pseudo-Boolean file (OPB), counted by the
//! problem-agnostic engine over cubes and threads through any backend: linear constraints
//! with general coefficients are lowered with the `--pb` encoding for the SAT backends and
//! kept as rows by `--backend ilp`. Every solution is checked against every constraint
//! before it counts. An objective line is read and not used, unless `--optimal`: then
//! `count_engine::count_optimal` finds and proves the optimum first (by varisat's bounds, or
//! by microlp with `--backend ilp`) and counts the model plus `objective = optimum`, through
//! the same engine: one call, `count_engine::count_model`.

use crate::cli::{resume_hint, solver_backend, COUNT_BACKEND};
use crate::cli_inputs::CountOpbArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use count_engine::progress_bar::ProgressBar;
use count_engine::{
    Depth, ModelCount, ModelCountError, ModelCounted, ModelReport, OptimalCountError, RunOptions,
};
use nqueens_queens::CounterCapabilities;
use std::time::Instant;
use zero_one_model::{OptimizeError, Search};

/// `e`, or the interruption it is when Ctrl-C stopped the work (a pseudo-Boolean lowering
/// gives up with an error then), said as JSON too with `json`.
fn interrupted_or(e: CliError, json: bool, about: &str) -> CliError {
    if !stop::stop_flag().is_raised() {
        return e;
    }
    const MESSAGE: &str = "interrupted while lowering the file; nothing was counted";
    if json {
        let line = output::Interrupted {
            about,
            interrupted: true,
            message: MESSAGE,
        };
        if let Err(e) = output::emit(true, &line, String::new) {
            return e;
        }
    }
    CliError::interrupted(MESSAGE)
}

pub fn run(args: &CountOpbArgs) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let path = args.file.as_path();
    let json = args.run.json;
    let name = path.display().to_string();
    let reading = crate::output::reading(&name, json);
    let model = zero_one_model::input::read_opb_file(path, &name)?.model;
    drop(reading);
    let backend_arg = args.engine.backend(COUNT_BACKEND);
    let backend = solver_backend(&args.engine, args.lowering.cnf_options(), COUNT_BACKEND)?.ok_or_else(|| {
        usage!("count opb counts with a solver backend (dpll, sat, ilp or external), not backtrack")
    })?;
    args.lowering.refuse_idle(
        &[],
        CounterCapabilities::engine(backend.capabilities()),
        backend_arg,
        (args.run.cube_depth.is_some(), false),
    )?;
    let levels = args.run.cube_depth.map(usize::from);
    let depth = Depth::levels_or(levels, count_engine::TARGET_CUBES);
    stop::install();
    let threads = args.run.threads();
    let bar = ProgressBar::new(!args.run.quiet);
    let progress = |p| bar.update(p);
    let options = RunOptions {
        threads,
        shard: args.shard.shard,
        checkpoint: args.run.checkpoint.as_deref(),
        stop: Some(stop::stop_flag()),
        progress: Some(&progress),
        on_solution: None,
    };
    // microlp with the objective itself for a backend that keeps rows (`--backend ilp`),
    // else varisat with bounds in the `--pb` encoding.
    let optimizer = args.optimal.then(|| {
        let native = backend.capabilities().native_linear;
        zero_one_backends::optimizer(native, args.lowering.cnf_options(), Search::default())
    });
    let how = ModelCount {
        depth,
        about: if name == "-" { "stdin" } else { &name },
        optimal: optimizer.as_deref(),
    };
    // Ctrl-C reaches a long pseudo-Boolean lowering too, on any thread (`options.stop`).
    let counted = count_engine::count_model(&model, backend.as_ref(), &how, &options)
        .map_err(|e| interrupted_or(count_error(&name, e), json, &name))?;
    let Some(ModelCounted {
        optimum,
        outcome,
        parts,
    }) = counted
    else {
        let message = "interrupted while finding the optimum; nothing was counted";
        output::interrupted(json, &name, message)?;
        return Ok(ExitStatus::Interrupted);
    };
    bar.finish();
    if let (Some(shard), false) = (args.shard.shard, outcome.interrupted) {
        output::emit(true, &outcome.into_shard_file(shard), String::new)?;
        return Ok(ExitStatus::Success);
    }
    let report = ModelReport::new(
        &name,
        &model,
        &outcome,
        optimum,
        parts,
        backend.as_ref(),
        args.lowering.cnf_options().pb,
        threads,
        start.elapsed().as_secs_f64(),
    );
    output::emit(json, &report, || report.text())?;
    if outcome.interrupted {
        eprintln!(
            "nqueens: interrupted after {} of {} cubes: partial count {}{}",
            outcome.cubes_done,
            outcome.cubes_total,
            outcome.count,
            resume_hint(args.run.checkpoint.as_deref(), false, true, &args.engine)
        );
        return Ok(ExitStatus::Interrupted);
    }
    // An infeasible file counts 0 optimal solutions, as it counts 0 solutions: a count is an
    // answer (exit 0); `solve opb` and `optimize` exit 1 when no solution exists.
    Ok(ExitStatus::Success)
}

/// The library's errors in the command's terms: a model that cannot be split is the input's
/// (exit 2), a row too large for the ILP backend names the flag (exit 2); the rest as `exit`
/// maps them.
fn count_error(name: &str, e: ModelCountError) -> CliError {
    let e = match e {
        ModelCountError::Split(e) => return CliError::usage(e),
        ModelCountError::Count(e) => OptimalCountError::Engine(e),
        ModelCountError::Optimal(e) => e,
        e => return CliError::failure(e),
    };
    use zero_one_model::cause;
    if let Some(row) = cause::<ilp_enum::RowTooLarge>(&e) {
        return usage!(
            "'{name}': constraint {} has coefficients too large for --backend ilp (their sum passes 2^63); the SAT backends take it",
            row.index + 1
        );
    }
    if let Some(p) = cause::<ilp_enum::PastDoublePrecision>(&e) {
        return usage!("'{name}': {p}; the SAT backends take every integer exactly");
    }
    match e {
        OptimalCountError::Optimize(OptimizeError::NoObjective) => {
            usage!("'{name}' has no objective (a `min:` or `max:` line) for --optimal")
        }
        OptimalCountError::Optimize(e) => e.into(),
        // A backend that cannot take the file's rows (too large for the --pb encoding) is the
        // input's, as for `solve opb` and `encode opb`.
        OptimalCountError::Engine(count_engine::EngineError::Backend(b))
            if b.kind() == zero_one_model::BackendErrorKind::Unsupported =>
        {
            CliError::usage(anyhow::Error::new(b).context(format!("'{name}'")))
        }
        OptimalCountError::Engine(e) => e.into(),
        e => CliError::failure(e),
    }
}
