//! `nqueens stats`: sizes of every formulation and encoding for one n.

use crate::cli::StatsArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{check_stats_size, stats_rows, STATS_HEADER, STATS_MAX_N};
use std::io::Write;

pub fn run(args: StatsArgs) -> Result<ExitStatus, CliError> {
    let n = args.n.expect("clap requires N");
    check_stats_size(n, args.force)
        .map_err(|e| usage!("{e}; pass --force for n > {STATS_MAX_N}"))?;
    let rules = crate::board_rules::for_board(&args.board, n)?;
    let mut out = output::stdout();
    if !args.json && !rules.is_classic() {
        writeln!(out, "{}", rules.board_name(n))?;
    }
    if !args.json {
        writeln!(out, "{STATS_HEADER}")?;
    }
    for (kind, row) in stats_rows(n, &rules) {
        let s = row.map_err(CliError::failure)?;
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
