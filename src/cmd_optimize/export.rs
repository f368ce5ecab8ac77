//! `optimize --export FORMAT`: the OPB file's model and objective written as LP, MPS or OPB for
//! other solvers, through the same ILP lowering and writers as `encode`.

use crate::exit::{CliError, ExitStatus};
use crate::output;
use std::io::Write;
use std::path::Path;
use zero_one_model::ilp::{lower_to_ilp, lp, mps, opb};
use zero_one_model::Model;

/// Writes `model` (read from `name`) in `format` to `output` or stdout.
pub fn run(
    model: &Model,
    name: &str,
    format: &str,
    output: Option<&Path>,
) -> Result<ExitStatus, CliError> {
    let ilp = lower_to_ilp(model);
    crate::exit::exact_in_doubles(&ilp, name, format)?;
    let title = format!("nqueens optimize --export {format}: {name}");
    let write = |w: &mut dyn Write| -> anyhow::Result<()> {
        match format {
            "lp" => lp::write_lp(&ilp, &title, w)?,
            "mps" => mps::write_mps(&ilp, "opb", &title, w)?,
            _ => opb::write_opb(&ilp, &title, w)?,
        }
        Ok(())
    };
    output::write_to(output, false, write)?;
    Ok(ExitStatus::Success)
}
