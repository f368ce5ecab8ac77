//! `nqueens optimize FILE`: the optimum of an OPB file's objective through
//! `zero_one_model::optimize`, by varisat with bounds on the encoded objective
//! (`varisat_enum::optimize::SatOptimizer`) or by microlp (`ilp_enum::LpOptimizer`). Prints the PB competition's lines (`o` for each better value,
//! `s OPTIMUM FOUND`, `v` with the solution) or one JSON object. The solution is checked
//! against every constraint and its value recomputed before it is printed. Ctrl-C with the
//! SAT backend prints the best solution so far as `s SATISFIABLE` (not proved) and exits 130.
//! `--export FORMAT` writes the file for other solvers instead (`export`).

mod export;

use crate::cli::{OptimizeArgs, OptimizeBackend};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use anyhow::{anyhow, Context};
use serde::Serialize;
use std::io::Write;
use std::time::Instant;
use varisat_enum::optimize::SatOptimizer;
use zero_one_model::opb::read_opb;
use zero_one_model::{CnfOptions, Model, OptimizeError, Optimized, Optimizer, Optimum};

/// The JSON report.
#[derive(Serialize)]
struct Report<'a> {
    file: &'a str,
    /// `optimum` (proved), `feasible` (stopped with a solution), `infeasible`, `unknown`.
    status: &'static str,
    /// The objective at the solution, in the file's sense; a JSON integer of any size.
    value: Option<Box<serde_json::value::RawValue>>,
    /// The bound proved on the optimum (lower when minimising, upper when maximising).
    bound: Option<Box<serde_json::value::RawValue>>,
    /// The solution: `x1`, `-x2`, ... for every variable.
    solution: Option<Vec<String>>,
    backend: String,
    encoding: Option<String>,
    search: Option<&'static str>,
    solves: u64,
    elapsed_s: f64,
}

fn raw(v: i128) -> Result<Box<serde_json::value::RawValue>, CliError> {
    serde_json::value::RawValue::from_string(v.to_string()).map_err(CliError::failure)
}

/// `x1 -x2 ...`: the solution as the `v` line lists it.
fn literals(model: &Model, assignment: &[bool]) -> Vec<String> {
    assignment
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            let name = model.name(zero_one_model::Var::new(i as u32));
            if b {
                name.into_owned()
            } else {
                format!("-{name}")
            }
        })
        .collect()
}

/// The optimiser the flags ask for. `--pb` and `--search` shape varisat's bounds only.
fn optimizer(args: &OptimizeArgs) -> Result<Box<dyn Optimizer>, CliError> {
    match args.backend.unwrap_or(OptimizeBackend::Sat) {
        OptimizeBackend::Sat => Ok(Box::new(SatOptimizer::new(
            CnfOptions {
                pb: args.pb.unwrap_or_default(),
                ..CnfOptions::default()
            },
            args.search.unwrap_or_default(),
        ))),
        OptimizeBackend::Ilp => {
            let idle = [
                (args.pb.is_some(), "--pb"),
                (args.search.is_some(), "--search"),
            ];
            match idle.iter().find(|(given, _)| *given) {
                Some((_, flag)) => Err(CliError::usage(anyhow!(
                    "{flag} applies to --backend sat (microlp takes the objective as it is)"
                ))),
                None => Ok(Box::new(ilp_enum::LpOptimizer)),
            }
        }
    }
}

pub fn run(args: OptimizeArgs) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let name = args.file.display().to_string();
    if let Some(out) = &args.output {
        crate::output::not_the_input(out, &args.file, "-o")?;
    }
    let optimizer = optimizer(&args)?;
    let model = read_opb(crate::input::open(&args.file, &name)?)
        .with_context(|| format!("'{name}'"))
        .map_err(CliError::usage)?
        .model;
    if let Some(format) = &args.export {
        let idle = [
            (args.backend.is_some(), "--backend"),
            (args.pb.is_some(), "--pb"),
            (args.search.is_some(), "--search"),
        ];
        if let Some((_, flag)) = idle.iter().find(|(given, _)| *given) {
            return Err(CliError::usage(anyhow!(
                "{flag} does not apply to --export (the file is written, not optimised)"
            )));
        }
        return export::run(&model, &name, format, args.output.as_deref());
    }
    let mut out = output::stdout();
    let json = args.json;
    let mut write_err = None;
    let mut on_better = |v: i128| {
        if !json && write_err.is_none() {
            if let Err(e) = writeln!(out, "o {v}").and_then(|()| out.flush()) {
                write_err = Some(e);
            }
        }
    };
    // An optimiser that cannot be interrupted leaves Ctrl-C to end the process at once (130).
    let stops = optimizer.capabilities().stops;
    if stops {
        stop::install();
    }
    let outcome = zero_one_model::optimize(
        &model,
        optimizer.as_ref(),
        stops.then_some(&*stop::STOP),
        &mut on_better,
    )
    .map_err(|e| match e {
        OptimizeError::NoObjective => CliError::usage(anyhow!(
            "'{name}' has no objective (a `min:` or `max:` line); `nqueens count --opb` counts its solutions"
        )),
        e => crate::exit::optimize_error(e),
    })?;
    if let Some(e) = write_err {
        return Err(CliError::failure(e));
    }
    let (status, found): (&str, Option<&Optimum>) = match &outcome {
        Optimized::Found(best) if best.proved => ("optimum", Some(best)),
        Optimized::Found(best) => ("feasible", Some(best)),
        Optimized::Infeasible => ("infeasible", None),
        Optimized::Stopped => ("unknown", None),
    };
    let report = Report {
        file: &name,
        status,
        value: found.map(|b| raw(b.value)).transpose()?,
        bound: found.map(|b| raw(b.bound)).transpose()?,
        solution: found.map(|b| literals(&model, &b.assignment)),
        backend: optimizer.name(),
        encoding: optimizer.encoding(),
        search: optimizer.search().map(|s| s.name()),
        solves: found.map_or(0, |b| b.solves),
        elapsed_s: start.elapsed().as_secs_f64(),
    };
    output::emit(json, &report, || {
        let s = match status {
            "optimum" => "s OPTIMUM FOUND",
            "feasible" => "s SATISFIABLE",
            "infeasible" => "s UNSATISFIABLE",
            _ => "s UNKNOWN",
        };
        let mut text = format!(
            "c {name}: {status}{}, {} solver calls, {:.3} s, {}{}\n{s}",
            found
                .map(|b| format!(" {} (bound {})", b.value, b.bound))
                .unwrap_or_default(),
            report.solves,
            report.elapsed_s,
            report.backend,
            match (&report.encoding, report.search) {
                (Some(e), Some(s)) => format!(", {e} encoding, {s} search"),
                _ => String::new(),
            }
        );
        if let Some(lits) = &report.solution {
            text += &format!("\nv {}", lits.join(" "));
        }
        text
    })?;
    Ok(match outcome {
        Optimized::Found(best) if best.proved => ExitStatus::Success,
        Optimized::Infeasible => ExitStatus::Mismatch,
        Optimized::Found(_) => {
            eprintln!(
                "nqueens: interrupted: the best solution found is printed, not proved optimal"
            );
            ExitStatus::Interrupted
        }
        Optimized::Stopped => {
            eprintln!("nqueens: interrupted before any solution was found");
            ExitStatus::Interrupted
        }
    })
}
