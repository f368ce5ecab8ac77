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
use std::io::Write;
use std::time::Instant;
use zero_one_model::{CnfOptions, OptimizeError, OptimizeReport, Optimized, Optimizer};

/// The optimiser the flags ask for. `--pb` and `--search` shape varisat's bounds only.
fn optimizer(args: &OptimizeArgs) -> Result<Box<dyn Optimizer>, CliError> {
    let linear = args.backend == Some(OptimizeBackend::Ilp);
    let idle = [
        (args.pb.is_some(), "--pb"),
        (args.search.is_some(), "--search"),
    ];
    if let (true, Some((_, flag))) = (linear, idle.iter().find(|(given, _)| *given)) {
        return Err(usage!(
            "{flag} applies to --backend sat (microlp takes the objective as it is)"
        ));
    }
    let cnf = CnfOptions {
        pb: args.pb.unwrap_or_default(),
        ..CnfOptions::default()
    };
    Ok(zero_one_backends::optimizer(
        linear,
        cnf,
        args.search.unwrap_or_default(),
    ))
}

pub fn run(args: OptimizeArgs) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let name = args.file.display().to_string();
    if let Some(out) = &args.output {
        // clap's `requires = "export"` is not checked when --json (which conflicts with
        // --export) is given.
        if args.export.is_none() {
            return Err(usage!(
                "-o writes the file of --export; optimize prints its result on stdout (redirect it to keep it)"
            ));
        }
        crate::output::not_the_input(out, &args.file, "-o")?;
    }
    let optimizer = optimizer(&args)?;
    let reading = crate::output::reading(&name, args.json);
    let model = zero_one_model::input::read_opb_file(&args.file, &name)?.model;
    drop(reading);
    if let Some(format) = &args.export {
        let idle = [
            (args.backend.is_some(), "--backend"),
            (args.pb.is_some(), "--pb"),
            (args.search.is_some(), "--search"),
        ];
        if let Some((_, flag)) = idle.iter().find(|(given, _)| *given) {
            return Err(usage!(
                "{flag} does not apply to --export (the file is written, not optimised)"
            ));
        }
        return export::run(&model, &name, format, args.output.as_deref());
    }
    let mut out = output::stdout();
    let json = args.json;
    let mut write_err = None;
    let mut on_better = |v: i128| {
        if !json
            && write_err.is_none()
            && let Err(e) = writeln!(out, "o {v}").and_then(|()| out.flush())
        {
            write_err = Some(e);
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
        stops.then_some(&stop::stop_flag()),
        &mut on_better,
    )
    .map_err(|e| match e {
        OptimizeError::NoObjective => usage!(
            "'{name}' has no objective (a `min:` or `max:` line); `nqueens count opb FILE` counts its solutions"
        ),
        e => match zero_one_model::cause::<ilp_enum::PastDoublePrecision>(&e) {
            Some(p) => usage!(
                "'{name}': {p}; the default backend (--backend sat) takes every integer exactly"
            ),
            None => e.into(),
        },
    })?;
    if let Some(e) = write_err {
        return Err(CliError::failure(e));
    }
    let report = OptimizeReport::new(name, &model, optimizer.as_ref(), &outcome, start.elapsed());
    output::emit(json, &report, || report.text())?;
    if let Some(note) = outcome.interruption() {
        eprintln!("nqueens: {note}");
        return Ok(ExitStatus::Interrupted);
    }
    Ok(match outcome {
        Optimized::Infeasible => ExitStatus::Mismatch,
        _ => ExitStatus::Success,
    })
}
