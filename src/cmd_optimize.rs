//! `nqueens optimize FILE`: the optimum of an OPB file's objective in one call,
//! `count_engine::optimize_file`, by varisat with bounds on the encoded objective
//! (`varisat_enum::optimize::SatOptimizer`) or by microlp (`ilp_enum::LpOptimizer`). Prints
//! the PB competition's lines (`o` for each better value, `s OPTIMUM FOUND`, `v` with the
//! solution) or one JSON object. The solution is checked against every constraint and its
//! value recomputed before it is printed. Ctrl-C with the SAT backend prints the best
//! solution so far as `s SATISFIABLE` (not proved) and exits 130.
//! `--export FORMAT` writes the file for other solvers instead, through the same ILP
//! lowering and writers as `encode opb`.

use crate::cli::{OptimizeArgs, OptimizeBackend};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use cnf_count::{ExportSpelling, FileExport, FileExportError};
use count_engine::{optimize_file, FileOptimizeError, FileOptimized};
use std::io::Write;
use std::time::Instant;
use zero_one_backends::{IdleOption, OptimizerChoice};
use zero_one_model::ilp::IlpFormat;
use zero_one_model::{Optimized, Optimizer};

/// The optimiser the flags ask for. `--pb` and `--search` shape varisat's bounds only.
fn optimizer(args: &OptimizeArgs) -> Result<Box<dyn Optimizer>, CliError> {
    let linear = args.backend == Some(OptimizeBackend::Ilp);
    let (pb, search) = (args.pb, args.search);
    let choice = OptimizerChoice { linear, pb, search };
    choice.optimizer().map_err(|idle| {
        let flag = match idle {
            IdleOption::Pb => "--pb",
            _ => "--search",
        };
        usage!("{flag} applies to --backend sat (microlp takes the objective as it is)")
    })
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
        let format: IlpFormat = format.parse().map_err(CliError::usage)?;
        let export = FileExport {
            title: Some(format!("nqueens optimize --export {format}: {name}")),
            ..FileExport::new(format.into())
        };
        let names = ExportSpelling {
            format: "--export",
            ..ExportSpelling::default()
        };
        let refused = |e: FileExportError| CliError::said(&e, e.said(&names));
        let prepared = export.prepare(&name, &model).map_err(refused)?;
        output::write_to(args.output.as_deref(), false, |w| Ok(prepared.write(w)?))?;
        return Ok(ExitStatus::Success);
    }
    // An optimiser that cannot be interrupted leaves Ctrl-C to end the process at once (130).
    let stops = optimizer.capabilities().stops;
    if stops {
        stop::install();
    }
    let mut out = output::stdout();
    let lines = (!args.json).then_some(&mut out as &mut dyn Write);
    let stop = stops.then(stop::stop_flag);
    let found = optimize_file(
        &name,
        &model,
        optimizer.as_ref(),
        stop.as_ref(),
        start,
        lines,
    );
    let FileOptimized { outcome, report } = found.map_err(|e| match e {
        FileOptimizeError::NoObjective => usage!(
            "'{name}' has no objective (a `min:` or `max:` line); `nqueens count opb FILE` counts its solutions"
        ),
        FileOptimizeError::PastDoublePrecision(p) => usage!(
            "'{name}': {p}; the default backend (--backend sat) takes every integer exactly"
        ),
        // Its own error, so that a reader gone (`| head`) is seen as such.
        FileOptimizeError::Write(e) => CliError::failure(e),
        e => e.into(),
    })?;
    output::emit(args.json, &report, || report.text())?;
    if let Some(note) = outcome.interruption() {
        eprintln!("nqueens: {note}");
        return Ok(ExitStatus::Interrupted);
    }
    Ok(match outcome {
        Optimized::Infeasible => ExitStatus::Mismatch,
        _ => ExitStatus::Success,
    })
}
