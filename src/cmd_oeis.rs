//! `nqueens oeis`: the known values every count is checked against.

use crate::cli::OeisArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::oeis;
use std::io::Write;

pub fn run(args: OeisArgs) -> Result<ExitStatus, CliError> {
    let mut out = output::stdout();
    if !args.json {
        writeln!(
            out,
            "{:>3}  {:>22}  {:>22}",
            "n", "A000170 (all)", "A002562 (fundamental)"
        )?;
    }
    for n in 1..=oeis::MAX_KNOWN {
        let all = oeis::solutions(n).expect("in table");
        let fundamental = oeis::fundamental_solutions(n).expect("in table");
        if args.json {
            let obj = serde_json::json!({ "n": n, "a000170": all, "a002562": fundamental });
            writeln!(out, "{obj}")?;
        } else {
            writeln!(out, "{n:>3}  {all:>22}  {fundamental:>22}")?;
        }
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
