//! `nqueens stats domination N`: the size of the domination model with its bound
//! (`--queens K`, else the known domination number) under every cardinality encoding
//! (`nqueens_domination::model_sizes`).

use crate::cli_inputs::StatsDominationArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_domination::{bound_or_known, check_model_size, SizeError, SizeTable, MAX_MODEL_N};
use std::io::Write;

pub fn run(args: StatsDominationArgs) -> Result<ExitStatus, CliError> {
    let (n, d) = (args.n, args.problem.problem());
    if check_model_size(n).is_err() && !args.force {
        return Err(usage!(
            "n = {n}: domination models past n = {MAX_MODEL_N} are very large; pass --force"
        ));
    }
    let k = bound_or_known(n, d, args.problem.queens.map(|k| k as usize)).map_err(|e| match e {
        e @ SizeError::NoKnownNumber { .. } => {
            usage!("{e}; give it with --queens K")
        }
        e => CliError::failure(e),
    })?;
    let table = SizeTable::new(n, d, k).map_err(CliError::failure)?;
    let mut out = output::stdout();
    if args.json {
        for size in &table.sizes {
            // Through a `Value`, whose keys are sorted, as the sizes have always been printed.
            let value = serde_json::to_value(size).map_err(CliError::failure)?;
            writeln!(out, "{value}")?;
        }
    } else {
        write!(out, "{table}")?;
    }
    Ok(ExitStatus::Success)
}
