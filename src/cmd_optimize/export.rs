//! `optimize --export FORMAT`: the OPB file's model and objective written as LP, MPS or OPB for
//! other solvers, through the same ILP lowering and writers as `encode`.

use crate::exit::{CliError, ExitStatus};
use crate::output;
use std::io::Write;
use std::path::Path;
use zero_one_model::ilp::{lower_to_ilp, IlpFormat};
use zero_one_model::Model;

/// Writes `model` (read from `name`) in `format` to `output` or stdout.
pub fn run(
    model: &Model,
    name: &str,
    format: &str,
    output: Option<&Path>,
) -> Result<ExitStatus, CliError> {
    let format: IlpFormat = format.parse().map_err(CliError::usage)?;
    let ilp = lower_to_ilp(model);
    crate::exit::exact_in_doubles(&ilp, name, format)?;
    let title = format!("nqueens optimize --export {format}: {name}");
    let write =
        |w: &mut dyn Write| -> anyhow::Result<()> { Ok(format.write(&ilp, "opb", &title, w)?) };
    output::write_to(output, false, write)?;
    Ok(ExitStatus::Success)
}
