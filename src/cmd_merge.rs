//! `nqueens merge`: sum the shard results of one count run in parts.

use crate::cli::MergeArgs;
use crate::cmd_count::driver_error;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::Context;
use nqueens_driver::{merge, ShardFile};

pub fn run(args: MergeArgs) -> Result<ExitStatus, CliError> {
    let mut files = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read '{name}'"))
            .map_err(CliError::usage)?;
        let file: ShardFile = serde_json::from_str(&text)
            .with_context(|| format!("'{name}' is not a shard result of 'nqueens count --shard'"))
            .map_err(CliError::usage)?;
        files.push((name, file));
    }
    let report = merge(&files).map_err(driver_error)?;
    output::emit(args.json, &report, || report.to_string())?;
    Ok(if report.verdict.matches == Some(false) {
        ExitStatus::Mismatch
    } else {
        ExitStatus::Success
    })
}
