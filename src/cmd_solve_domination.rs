//! `nqueens solve domination N`: a minimum dominating set, drawn with its size and
//! why it is minimum; with `--queens K`, one set of at most K queens. One call,
//! `nqueens_domination::solve`: by default the exact search (no set of each size from
//! the lower bound up until one is found); with a solver backend (`--backend sat`, ...) SAT
//! checks at falling bounds. Every set is checked by the independent checker. Ctrl-C stops
//! it with exit 130 and what was known: the lower bound reached, or the best set so far.

use crate::cli::BackendArg;
use crate::cli_inputs::SolveDominationArgs as SolveArgs;
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use nqueens_domination::{solve, SolveOptions};

pub fn run(args: SolveArgs) -> Result<ExitStatus, CliError> {
    let (n, d) = (args.n, args.problem.problem());
    let lowering = args.lowering.chosen();
    lowering
        .check(d, n, args.force)
        .map_err(domination::refused)?;
    let backend = domination::finder(&args.engine, &args.lowering, BackendArg::Backtrack, d)?;
    let mut options = SolveOptions::new(backend.as_deref().into());
    options.bound = args.problem.queens.map(|k| k as usize);
    options.stop = Some(crate::stop::stop_flag());
    crate::stop::install();
    let solved = solve(n, d, &options).map_err(|e| domination::error(e, d))?;
    let said = solved.said(n, d, args.ascii, args.json);
    domination::say(said.map_err(CliError::failure)?, args.json, || {
        format!("Q({n}) {d}")
    })
}
