//! `nqueens optimize FILE`: the optimum of an OPB file's objective, by varisat with bounds on
//! the encoded objective (`varisat_enum::optimize`) or by microlp
//! (`ilp_enum::optimize`). Prints the PB competition's lines (`o` for each better value,
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
use varisat_enum::optimize::OptimizeOptions;
use zero_one_model::opb::read_opb;
use zero_one_model::{BackendError, BackendErrorKind, CnfOptions, Model, Optimized, Optimum};

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
    backend: &'static str,
    encoding: Option<&'static str>,
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

/// Input the backend refuses is the user's to fix (exit 2); a failing solver is exit 3.
fn backend_error(e: BackendError) -> CliError {
    match e.kind() {
        BackendErrorKind::Unsupported | BackendErrorKind::InvalidInput => {
            CliError::usage(anyhow::Error::new(e))
        }
        _ => CliError::failure(anyhow::Error::new(e)),
    }
}

pub fn run(args: OptimizeArgs) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let name = args.file.display().to_string();
    if let Some(out) = &args.output {
        crate::output::not_the_input(out, &args.file, "-o")?;
    }
    let backend = args.backend.unwrap_or(OptimizeBackend::Sat);
    if backend == OptimizeBackend::Ilp {
        let idle = [
            (args.pb.is_some(), "--pb"),
            (args.search.is_some(), "--search"),
        ];
        if let Some((_, flag)) = idle.iter().find(|(given, _)| *given) {
            return Err(CliError::usage(anyhow!(
                "{flag} applies to --backend sat (microlp takes the objective as it is)"
            )));
        }
    }
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
    if model.objective().is_none() {
        return Err(CliError::usage(anyhow!(
            "'{name}' has no objective (a `min:` or `max:` line); `nqueens count --opb` counts its solutions"
        )));
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
    let options = OptimizeOptions {
        cnf: CnfOptions {
            pb: args.pb.unwrap_or_default(),
            ..CnfOptions::default()
        },
        search: args.search.unwrap_or_default(),
        stop: Some(stop::STOP.clone()),
    };
    let outcome = match backend {
        OptimizeBackend::Sat => {
            stop::install();
            varisat_enum::optimize::optimize(&model, &options, &mut on_better)
        }
        // microlp cannot be interrupted: Ctrl-C ends the process at once (exit 130).
        OptimizeBackend::Ilp => ilp_enum::optimize(&model, None).inspect(|o| {
            if let Optimized::Found(best) = o {
                on_better(best.value);
            }
        }),
    }
    .map_err(backend_error)?;
    if let Some(e) = write_err {
        return Err(CliError::failure(e));
    }
    // Checked again here, independently of the backend's own check.
    if let Optimized::Found(best) = &outcome {
        best.check(&model).map_err(|e| {
            CliError::failure(anyhow!("the optimiser's answer does not check: {e}"))
        })?;
    }
    let (status, found): (&str, Option<&Optimum>) = match &outcome {
        Optimized::Found(best) if best.proved => ("optimum", Some(best)),
        Optimized::Found(best) => ("feasible", Some(best)),
        Optimized::Infeasible => ("infeasible", None),
        Optimized::Stopped => ("unknown", None),
    };
    let sat = backend == OptimizeBackend::Sat;
    let report = Report {
        file: &name,
        status,
        value: found.map(|b| raw(b.value)).transpose()?,
        bound: found.map(|b| raw(b.bound)).transpose()?,
        solution: found.map(|b| literals(&model, &b.assignment)),
        backend: match backend {
            OptimizeBackend::Sat => varisat_enum::NAME,
            OptimizeBackend::Ilp => ilp_enum::NAME,
        },
        encoding: sat.then(|| options.cnf.pb.name()),
        search: sat.then(|| options.search.name()),
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
            match (report.encoding, report.search) {
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
