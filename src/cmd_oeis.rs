//! `nqueens oeis`: the known values every count is checked against, for each variant
//! ([`nqueens_queens::known_text`]).

use crate::cli::OeisArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::known_text;

pub fn run(args: OeisArgs) -> Result<ExitStatus, CliError> {
    let variant = args.variant.unwrap_or_default();
    let text = known_text(variant, args.json).map_err(CliError::failure)?;
    output::emit(false, &(), || text)?;
    Ok(ExitStatus::Success)
}
