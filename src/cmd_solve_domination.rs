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
use crate::output;
use nqueens_domination::report::board_name;
use nqueens_domination::Domination;
use nqueens_domination::{solve, BestSoFar, MinimumSet, NoSet, SolveOptions, SolveStop, Solved};
use serde::Serialize;
use std::io::Write;

pub fn run(args: SolveArgs) -> Result<ExitStatus, CliError> {
    let (n, d) = (args.n, args.problem.problem());
    let lowering = args.lowering.chosen();
    lowering
        .check(d, n, args.force)
        .map_err(domination::refused)?;
    let finder = domination::finder(&args.engine, &args.lowering, BackendArg::Backtrack, d)?;
    let mut options = SolveOptions::new(finder.get());
    options.bound = args.problem.queens.map(|k| k as usize);
    options.stop = Some(crate::stop::stop_flag());
    crate::stop::install();
    let solved = solve(n, d, &options).map_err(|e| domination::error(e, d))?;
    let mut out = output::stdout();
    match solved {
        Solved::Minimum(m) => print_minimum(&mut out, &args, &m),
        Solved::Bounded(set) => print(&mut out, &args, &set, || set.text(args.ascii)),
        Solved::NoSet { bound, method } => {
            eprintln!("nqueens: {}", NoSet::new(n, d, bound, Some(method)));
            Ok(ExitStatus::Mismatch)
        }
        Solved::Stopped(stop) => stopped(&mut out, &args, d, stop),
    }
}

/// Prints a minimum set; exit 1 when the OEIS disagrees.
fn print_minimum(
    out: &mut impl Write,
    args: &SolveArgs,
    m: &MinimumSet,
) -> Result<ExitStatus, CliError> {
    let status = print(out, args, m, || m.text(args.ascii))?;
    if m.oeis.is_mismatch() {
        eprintln!(
            "nqueens: {}: {}",
            board_name(m.n, m.variant),
            m.oeis.phrase()
        );
        return Ok(ExitStatus::Mismatch);
    }
    Ok(status)
}

/// Says what a solve stopped by Ctrl-C knew (SAT checks: the best set so far, printed as not
/// proved minimum), and 130.
fn stopped(
    out: &mut impl Write,
    args: &SolveArgs,
    d: Domination,
    stop: SolveStop,
) -> Result<ExitStatus, CliError> {
    let message = stop.message(args.n, d);
    if let SolveStop::CheckingMinimum(s) = stop
        && let Some(best) = BestSoFar::new(d, s)
    {
        print(out, args, &best, || best.text(args.ascii))?;
        eprintln!("nqueens: {message}");
        return Ok(ExitStatus::Interrupted);
    }
    // Nothing found to print: with --json, the interruption is the line.
    let about = format!("Q({}) {d}", args.n);
    output::interrupted(args.json, &about, &message)?;
    Ok(ExitStatus::Interrupted)
}

/// Prints a set: its JSON, or its `text`.
fn print(
    out: &mut impl Write,
    args: &SolveArgs,
    report: &impl Serialize,
    text: impl FnOnce() -> String,
) -> Result<ExitStatus, CliError> {
    domination::print(out, args.json, report, text)?;
    Ok(ExitStatus::Success)
}
