//! `nqueens stats domination N`: the size of the domination model with its bound
//! (`--queens K`, else the known domination number) under every cardinality encoding
//! (`nqueens_domination::model_sizes`).

use crate::cli_inputs::StatsDominationArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_domination::{table_bound, SizeTable};

pub fn run(args: StatsDominationArgs) -> Result<ExitStatus, CliError> {
    let (n, d) = (args.n, args.problem.problem());
    let bound = args.problem.queens.map(|k| k as usize);
    let k = table_bound(n, d, bound, args.force).map_err(crate::domination::refused)?;
    let table = SizeTable::new(n, d, k).map_err(CliError::failure)?;
    let text = table.said(args.json).map_err(CliError::failure)?;
    output::emit(false, &(), || text.trim_end_matches('\n').into())?;
    Ok(ExitStatus::Success)
}
