//! `nqueens count opb FILE`: the solutions of a pseudo-Boolean file (OPB), counted by the
//! problem-agnostic engine over cubes and threads through any backend: linear constraints
//! with general coefficients are lowered with the `--pb` encoding for the SAT backends and
//! kept as rows by `--backend ilp`. Every solution is checked against every constraint
//! before it counts. An objective line is read and not used, unless `--optimal`: then
//! `count_engine::count_optimal` finds and proves the optimum first (by varisat's bounds, or
//! by microlp with `--backend ilp`) and counts the model plus `objective = optimum`, through
//! the same engine: one call, `count_engine::count_file`.

use crate::cli::{resume_hint, solver_backend, COUNT_BACKEND};
use crate::cli_inputs::CountOpbArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use count_engine::progress_bar::ProgressBar;
use count_engine::{count_file, FileCount, FileCountError, FileCounted, RunOptions};
use nqueens_queens::CounterCapabilities;
use std::time::Instant;

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
    stop::install();
    let bar = ProgressBar::new(!args.run.quiet);
    let progress = |p| bar.update(p);
    let options = RunOptions {
        threads: args.run.threads(),
        shard: args.shard.shard,
        checkpoint: args.run.checkpoint.as_deref(),
        stop: Some(stop::stop_flag()),
        progress: Some(&progress),
        on_solution: None,
    };
    let file = FileCount {
        name: &name,
        model: &model,
        backend: backend.as_ref(),
        cnf: args.lowering.cnf_options(),
        optimal: args.optimal,
        cube_depth: args.run.cube_depth.map(usize::from),
        start,
    };
    // The library's errors in flags: the rest say themselves whose they are.
    let counted = count_file(&file, &options).map_err(|e| match e {
        FileCountError::RowTooLarge { row, .. } => usage!(
            "'{name}': constraint {} has coefficients too large for --backend ilp (their sum passes 2^63); the SAT backends take it",
            row.index + 1
        ),
        FileCountError::NoObjective { .. } => {
            usage!("'{name}' has no objective (a `min:` or `max:` line) for --optimal")
        }
        e => e.into(),
    })?;
    let report = match counted {
        FileCounted::Report(report) => report,
        FileCounted::Shard(result) => {
            bar.finish();
            output::emit(true, &result, String::new)?;
            return Ok(ExitStatus::Success);
        }
        FileCounted::Stopped(message) => {
            output::interrupted(json, &name, message)?;
            return Ok(ExitStatus::Interrupted);
        }
    };
    bar.finish();
    output::emit(json, &report, || report.text())?;
    if let Some(line) = report.interruption() {
        let hint = resume_hint(args.run.checkpoint.as_deref(), false, true, &args.engine);
        eprintln!("nqueens: {line}{hint}");
        return Ok(ExitStatus::Interrupted);
    }
    // An infeasible file counts 0 optimal solutions, as it counts 0 solutions: a count is an
    // answer (exit 0); `solve opb` and `optimize` exit 1 when no solution exists.
    Ok(ExitStatus::Success)
}
