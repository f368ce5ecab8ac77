//! `nqueens solve N --variant domination`: a minimum dominating set, drawn with its size and
//! why it is minimum; with `--queens K`, one set of at most K queens. One call,
//! `nqueens_queens::domination::solve`: by default the exact search (no set of each size from
//! the lower bound up until one is found); with a solver backend (`--backend sat`, ...) SAT
//! checks at falling bounds. Every set is checked by the independent checker. Ctrl-C stops
//! it with exit 130 and what was known: the lower bound reached, or the best set so far.

use crate::cli::{BackendArg, SolveArgs};
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_queens::domination::{
    solve, Method, MinimumSet, Proof, SolveOptions, SolveStop, Solved, Stopped,
};
use nqueens_queens::{draw_queens, Domination, Square};
use std::io::Write;

pub fn run(args: SolveArgs, d: Domination) -> Result<ExitStatus, CliError> {
    let n = args.n();
    domination::refuse_flags(&args.model, d, n, args.force)?;
    if args.all || args.limit.is_some_and(|l| l > 1) {
        return Err(CliError::usage(anyhow!(
            "solve --variant {d} prints one minimum set; count them with `nqueens count {n} --variant {d}`"
        )));
    }
    let finder = domination::finder(&args.engine, &args.model, BackendArg::Backtrack, d)?;
    let mut options = SolveOptions::new(finder.get());
    options.bound = args.model.board.queens.map(|k| k as usize);
    options.stop = Some(&crate::stop::STOP);
    crate::stop::install();
    let solved = solve(n, d, &options).map_err(|e| domination::error(e, d))?;
    let name = domination::name(n, d);
    let mut out = output::stdout();
    match solved {
        Solved::Minimum(m) => print_minimum(&mut out, &args, &m),
        Solved::Bounded(set) => {
            let header = format!(
                "{name}: {} {} (at most {} asked)",
                set.k,
                domination::queens(set.k),
                set.bound
            );
            let json = serde_json::to_value(&set).map_err(CliError::failure)?;
            print(&mut out, &args, &set.queens, &header, json)
        }
        Solved::NoSet { bound, method } => {
            let why = match method {
                Method::Search => "the whole search tree",
                Method::Backend => "the solver's answer",
            };
            eprintln!(
                "nqueens: {name}: no set of at most {bound} {} ({why})",
                domination::queens(bound)
            );
            Ok(ExitStatus::Mismatch)
        }
        Solved::Stopped(stop) => stopped(&mut out, &args, &name, stop),
    }
}

/// Prints a minimum set, its header saying its size, why it is minimum, the OEIS verdict and
/// what the search took. Exit 1 when the OEIS disagrees.
fn print_minimum(
    out: &mut impl Write,
    args: &SolveArgs,
    m: &MinimumSet,
) -> Result<ExitStatus, CliError> {
    let (n, d, k) = (m.n, m.variant, m.k);
    let name = domination::name(n, d);
    let why = match m.proof {
        Proof::LowerBound => format!(
            "the lower bound is {} ({})",
            m.lower_bound,
            d.lower_bound_source(n)
        ),
        _ => format!("no set of {} exists", k - 1),
    };
    let how = match m.trace.nodes() {
        Some(nodes) => format!("; search: {nodes} nodes"),
        None => String::new(),
    };
    let header = format!(
        "{name}: {k} {}, minimum ({why}; {}{how})",
        domination::queens(k),
        m.oeis.phrase()
    );
    let json = serde_json::to_value(m).map_err(CliError::failure)?;
    let status = print(out, args, &m.queens, &header, json)?;
    if m.oeis.is_mismatch() {
        eprintln!("nqueens: {name}: {}", m.oeis.phrase());
        return Ok(ExitStatus::Mismatch);
    }
    Ok(status)
}

/// Says what a solve stopped by Ctrl-C knew (SAT checks: the best set so far, printed as not
/// proved minimum), and 130.
fn stopped(
    out: &mut impl Write,
    args: &SolveArgs,
    name: &str,
    stop: SolveStop,
) -> Result<ExitStatus, CliError> {
    match stop {
        SolveStop::SearchingBounded {
            bound,
            tasks_done,
            tasks_total,
        } => eprintln!(
            "nqueens: {name}: interrupted before a set of at most {bound} queens was found ({tasks_done} of {tasks_total} tasks searched)"
        ),
        SolveStop::CheckingBounded { bound } => eprintln!(
            "nqueens: {name}: interrupted before a set of at most {bound} queens was found"
        ),
        // The search finds its first set only at the domination number: there is no set to
        // print.
        SolveStop::SearchingMinimum(s) => eprintln!(
            "nqueens: {name}: interrupted: γ >= {} (no smaller set, by the searches finished); the search for {} queens was {} of {} tasks in",
            s.lower_bound, s.lower_bound, s.tasks_done, s.tasks_total
        ),
        SolveStop::CheckingMinimum(s) => return best_so_far(out, args, name, s),
    }
    Ok(ExitStatus::Interrupted)
}

/// SAT checks stopped by Ctrl-C: the best set so far, printed as not proved minimum, and 130.
fn best_so_far(
    out: &mut impl Write,
    args: &SolveArgs,
    name: &str,
    s: Stopped,
) -> Result<ExitStatus, CliError> {
    let Some(queens) = s.queens.clone() else {
        eprintln!("nqueens: {name}: interrupted before any set was found");
        return Ok(ExitStatus::Interrupted);
    };
    let k = queens.len();
    let header = format!(
        "{name}: {k} {}, not proved minimum (interrupted; the lower bound is {})",
        domination::queens(k),
        s.lower_bound
    );
    let mut json = serde_json::to_value(&s).map_err(CliError::failure)?;
    json["k"] = k.into();
    json["proof"] = serde_json::Value::Null;
    json["interrupted"] = true.into();
    print(out, args, &queens, &header, json)?;
    eprintln!(
        "nqueens: {name}: interrupted; the best set so far has {k} {}, not proved minimum",
        domination::queens(k)
    );
    Ok(ExitStatus::Interrupted)
}

/// Prints a set: its JSON (a `Value`, keys sorted), or its header over the drawn board
/// (`--ascii`: a `c` line over `Q` and `.`).
fn print(
    out: &mut impl Write,
    args: &SolveArgs,
    queens: &[Square],
    header: &str,
    json: serde_json::Value,
) -> Result<ExitStatus, CliError> {
    let n = args.n();
    if args.json {
        writeln!(out, "{json}")?;
    } else if args.ascii {
        write!(out, "c {header}\n{}", draw_queens(n, queens, true))?;
    } else {
        write!(out, "{header}\n{}", draw_queens(n, queens, false))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
