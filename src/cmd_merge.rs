//! `nqueens merge`: sum the shard results of one count run in parts.

use crate::cli::MergeArgs;
use crate::exit::queens_error;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_symmetry::OrbitParams;
use count_engine::{merge, MergeReport};
use nqueens_queens::{merge_report, QueensParams};

pub fn run(args: MergeArgs) -> Result<ExitStatus, CliError> {
    let files = count_engine::read_shard_files(&args.files)?;
    let merged = merge(&files)?;
    if !merged.key.problem.is::<QueensParams>() {
        let by_orbits = merged.key.problem.is::<OrbitParams>();
        let report = MergeReport::new(&merged, by_orbits).map_err(CliError::usage)?;
        output::emit(args.json, &report, || report.text())?;
        return Ok(ExitStatus::Success);
    }
    let report = merge_report(merged).map_err(queens_error)?;
    output::emit(args.json, &report, || report.to_string())?;
    Ok(if report.verdict.matches == Some(false) {
        ExitStatus::Mismatch
    } else {
        ExitStatus::Success
    })
}
