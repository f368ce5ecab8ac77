//! `nqueens symmetries FILE`: the symmetries of a DIMACS formula, found without being told
//! ([`cnf_symmetry::SymmetryReport`]).

use crate::cli::SymmetriesArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;

pub fn run(args: SymmetriesArgs) -> Result<ExitStatus, CliError> {
    let name = args.file.display().to_string();
    let reading = crate::output::reading(&name, args.json);
    let cnf = crate::input::read_cnf(&args.file, &name, &Default::default())?;
    drop(reading);
    let report = cnf_symmetry::SymmetryReport::find(&name, &cnf, args.budget)
        .map_err(|e| usage!("'{name}': {e}"))?;
    output::emit(args.json, &report, || report.text())?;
    Ok(ExitStatus::Success)
}
