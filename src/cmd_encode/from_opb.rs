//! `nqueens encode opb FILE`: a pseudo-Boolean file lowered as `count opb` lowers it
//! and written for other solvers, in one library call (`cnf_count::FileExport`): to CNF
//! (DIMACS, MCC) with the `--pb` / `--card` / `--amo` encodings, or to LP, MPS or OPB with
//! its objective.

use crate::cli_inputs::EncodeOpbArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::{ExportSpelling, FileExport, FileExportError};

/// The flags a refusal or a warning of `encode opb` names.
const FLAGS: ExportSpelling = ExportSpelling {
    command: "encode opb",
    format: "--format",
    amo: "--amo",
    card: "--card",
    pb: "--pb",
    ind: "--ind",
    break_symmetry: "--break-symmetry",
};

/// Encodes the file of `args`.
pub fn run(args: &EncodeOpbArgs) -> Result<ExitStatus, CliError> {
    crate::stop::guard_temps();
    let out = &args.out;
    let export = FileExport {
        amo: args.lowering.amo,
        card: args.lowering.card,
        pb: args.lowering.pb,
        ind_lines: args.ind,
        break_symmetry: args.break_symmetry,
        ..FileExport::new(args.format)
    };
    let refused = |e: FileExportError| CliError::said(&e, e.said(&FLAGS));
    export.check_options().map_err(refused)?;
    if let Some(path) = &out.output {
        output::not_the_input(path, &args.file, "-o")?;
        output::classify(path)?;
    }
    let name = args.file.display().to_string();
    let model = zero_one_model::input::read_opb_file(&args.file, &name)?.model;
    let prepared = export.prepare(&name, &model).map_err(refused)?;
    if let Some(warning) = prepared.warning(&FLAGS) {
        eprintln!("nqueens: {warning}");
    }
    output::write_to(out.output.as_deref(), out.fsync, |w| Ok(prepared.write(w)?))?;
    if let Some(summary) = prepared.summary() {
        eprintln!("nqueens: {summary}");
    }
    Ok(ExitStatus::Success)
}
