//! `nqueens oeis`: the known values every count is checked against, for each variant
//! ([`oeis::known_table`], [`oeis::known_rows`]).

use crate::cli::OeisArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::oeis;

pub fn run(args: OeisArgs) -> Result<ExitStatus, CliError> {
    let variant = args.variant.unwrap_or_default();
    let text = if args.json {
        let lines: Vec<String> = oeis::known_rows(variant)
            .iter()
            .map(|r| serde_json::to_string(r).map_err(CliError::failure))
            .collect::<Result<_, _>>()?;
        lines.join("\n")
    } else {
        oeis::known_table(variant)
    };
    output::emit(false, &(), || text)?;
    Ok(ExitStatus::Success)
}
