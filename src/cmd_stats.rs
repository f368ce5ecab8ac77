//! `nqueens stats`: sizes of every formulation and encoding for one n.

use crate::cli::StatsArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{combinations, encoding_stats, STATS_HEADER};
use std::io::Write;
use zero_one_model::CnfOptions;

/// Largest n for the table without `--force`: pairwise grows as n³ clauses (n = 120: about
/// 3 s and 300 MB; n = 200 passes 1.4 GB).
const MAX_N: usize = 120;

pub fn run(args: StatsArgs) -> Result<ExitStatus, CliError> {
    let n = args.n.expect("clap requires N");
    if n > MAX_N && !args.force {
        return Err(usage!(
            "n = {n}: the pairwise rows grow as n³ clauses; pass --force for n > {MAX_N}"
        ));
    }
    let rules = crate::board_rules::for_board(&args.board, n)?;
    let mut out = output::stdout();
    if !args.json && !rules.is_classic() {
        writeln!(out, "{}", rules.board_name(n))?;
    }
    if !args.json {
        writeln!(out, "{STATS_HEADER}")?;
    }
    for (kind, amo) in combinations() {
        let s = encoding_stats(n, &rules, kind, &CnfOptions::with_amo(amo))
            .map_err(CliError::failure)?;
        let line = match args.json {
            true => serde_json::to_string(&s).map_err(CliError::failure)?,
            false => s.row(kind.uses_amo()),
        };
        // A row as soon as it is measured: large boards take a while each.
        writeln!(out, "{line}")?;
        out.flush()?;
    }
    Ok(ExitStatus::Success)
}
