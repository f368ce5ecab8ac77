//! `nqueens stats`: sizes of every formulation and encoding for one n, written by the
//! library as they are measured ([`nqueens_queens::write_stats`]).

use crate::cli::StatsArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{check_stats_size, write_stats, STATS_MAX_N};

pub fn run(args: StatsArgs) -> Result<ExitStatus, CliError> {
    let n = args.n.expect("clap requires N");
    check_stats_size(n, args.force)
        .map_err(|e| usage!("{e}; pass --force for n > {STATS_MAX_N}"))?;
    let rules = crate::board_rules::for_board(&args.board, n)?;
    write_stats(&mut output::stdout(), n, &rules, args.json)?;
    Ok(ExitStatus::Success)
}
