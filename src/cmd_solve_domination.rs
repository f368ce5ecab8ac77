//! `nqueens solve N --variant domination`: a minimum dominating set, drawn with its size and
//! why it is minimum. By default the exact search finds it (`search`: no set of each size
//! from the lower bound up until one is found); with a solver backend (`--backend sat`, ...)
//! SAT checks at falling bounds do. Every set is checked by the independent checker. With
//! `--queens K`, one set of at most K queens.

mod search;

use crate::cli::{BackendArg, SolveArgs};
use crate::domination::{self, Finder};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_queens::domination::{minimum_until, DominationVerdict, Proof, Search, Stopped};
use nqueens_queens::{Domination, DominationModel};
use std::io::Write;
use std::sync::Arc;
use zero_one_model::Backend;

pub fn run(args: SolveArgs, d: Domination) -> Result<ExitStatus, CliError> {
    let n = args.n();
    domination::refuse_flags(&args.model, d, n, args.force)?;
    if args.all || args.limit.is_some_and(|l| l > 1) {
        return Err(CliError::usage(anyhow!(
            "solve --variant {d} prints one minimum set; count them with `nqueens count {n} --variant {d}`"
        )));
    }
    match domination::finder(&args.engine, &args.model, BackendArg::Backtrack, d)? {
        Finder::Search => search::run(&args, d),
        Finder::Solver(backend) => by_sat(&args, d, backend),
    }
}

/// The SAT path: checks at falling bounds with `backend`.
fn by_sat(
    args: &SolveArgs,
    d: Domination,
    backend: Arc<dyn Backend>,
) -> Result<ExitStatus, CliError> {
    let n = args.n();
    crate::stop::install();
    let name = domination::name(n, d);
    let mut out = output::stdout();
    if let Some(k) = args.model.board.queens {
        let k = k as usize;
        let m = DominationModel::new(n, d, Some(k));
        let found = match nqueens_queens::domination::one_set(&m, backend.as_ref()) {
            Err(_) if stopped() => {
                eprintln!(
                    "nqueens: {name}: interrupted before a set of at most {k} queens was found"
                );
                return Ok(ExitStatus::Interrupted);
            }
            found => found.map_err(crate::exit::queens_error)?,
        };
        let Some(queens) = found else {
            eprintln!(
                "nqueens: {name}: no set of at most {k} {} (the solver's answer)",
                domination::queens(k)
            );
            return Ok(ExitStatus::Mismatch);
        };
        let header = format!(
            "{name}: {} {} (at most {k} asked)",
            queens.len(),
            domination::queens(queens.len())
        );
        return print(
            &mut out,
            args,
            n,
            &queens,
            &header,
            serde_json::json!({
                "n": n, "variant": d.name(), "bound": k, "k": queens.len(), "queens": queens,
            }),
        );
    }
    let m = match minimum_until(n, d, backend.as_ref(), false, &stopped)
        .map_err(crate::exit::queens_error)?
    {
        Search::Minimum(m) => m,
        Search::Stopped(s) => return interrupted(&mut out, args, n, &name, s),
    };
    let json = serde_json::to_value(&m).map_err(CliError::failure)?;
    let by_bound = m.proof == Proof::LowerBound;
    print_minimum(
        &mut out,
        args,
        d,
        &m.queens,
        (m.lower_bound, by_bound),
        None,
        json,
    )
}

/// Prints a minimum set, its header saying its size, why it is minimum (`bound`: the lower
/// bound, and whether the size reached it; else no smaller set exists), the OEIS verdict and
/// `how` (what found it, when said); the verdict joins `json` as `oeis`. Exit 1 when the
/// OEIS disagrees.
fn print_minimum(
    out: &mut impl Write,
    args: &SolveArgs,
    d: Domination,
    queens: &[nqueens_queens::Square],
    bound: (usize, bool),
    how: Option<String>,
    mut json: serde_json::Value,
) -> Result<ExitStatus, CliError> {
    let (n, k) = (args.n(), queens.len());
    let name = domination::name(n, d);
    let verdict = DominationVerdict::number(d, n, k);
    let why = match bound {
        (lower_bound, true) => format!(
            "the lower bound is {lower_bound} ({})",
            d.lower_bound_source(n)
        ),
        _ => format!("no set of {} exists", k - 1),
    };
    let how = how.map(|h| format!("; {h}")).unwrap_or_default();
    let header = format!(
        "{name}: {k} {}, minimum ({why}; {}{how})",
        domination::queens(k),
        verdict.phrase()
    );
    json["oeis"] = serde_json::to_value(&verdict).map_err(CliError::failure)?;
    let status = print(out, args, n, queens, &header, json)?;
    if verdict.is_mismatch() {
        eprintln!("nqueens: {name}: {}", verdict.phrase());
        return Ok(ExitStatus::Mismatch);
    }
    Ok(status)
}

/// Whether Ctrl-C asked the search to stop.
fn stopped() -> bool {
    crate::stop::STOP.is_raised()
}

/// A search stopped by Ctrl-C: the best set so far, printed as not proved minimum, and 130.
fn interrupted(
    out: &mut impl Write,
    args: &SolveArgs,
    n: usize,
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
    print(out, args, n, &queens, &header, json)?;
    eprintln!(
        "nqueens: {name}: interrupted; the best set so far has {k} {}, not proved minimum",
        domination::queens(k)
    );
    Ok(ExitStatus::Interrupted)
}

fn print(
    out: &mut impl Write,
    args: &SolveArgs,
    n: usize,
    queens: &[nqueens_queens::Square],
    header: &str,
    json: serde_json::Value,
) -> Result<ExitStatus, CliError> {
    if args.json {
        writeln!(out, "{json}")?;
    } else if args.ascii {
        write!(out, "c {header}\n{}", domination::draw(n, queens, true))?;
    } else {
        write!(out, "{header}\n{}", domination::draw(n, queens, false))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
