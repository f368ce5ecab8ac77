//! `nqueens solve N --variant domination`: a minimum dominating set, found by SAT checks at
//! falling bounds and checked by the independent checker, drawn with its size and why it is
//! minimum; with `--queens K`, one set of at most K queens.

use crate::cli::{SolveArgs, SOLVE_BACKEND};
use crate::domination;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::anyhow;
use nqueens_driver::domination::{minimum, DominationVerdict, Proof};
use nqueens_queens::{Domination, DominationModel};
use std::io::Write;

pub fn run(args: SolveArgs, d: Domination) -> Result<ExitStatus, CliError> {
    let n = args.n;
    domination::refuse_flags(&args.model, d, n, args.force)?;
    if args.all || args.limit.is_some_and(|l| l > 1) {
        return Err(CliError::usage(anyhow!(
            "solve --variant {d} prints one minimum set; count them with `nqueens count {n} --variant {d}`"
        )));
    }
    let backend = domination::backend(&args.engine, &args.model, SOLVE_BACKEND, d)?;
    crate::stop::install();
    let name = domination::name(n, d);
    let mut out = output::stdout();
    if let Some(k) = args.model.board.queens {
        let k = k as usize;
        let m = DominationModel::new(n, d, Some(k));
        let found =
            nqueens_driver::domination::one_set(&m, backend.as_ref()).map_err(CliError::failure)?;
        let Some(queens) = found else {
            eprintln!("nqueens: {name}: no set of at most {k} queens (the solver's answer)");
            return Ok(ExitStatus::Mismatch);
        };
        let header = format!("{name}: {} queens (at most {k} asked)", queens.len());
        return print(
            &mut out,
            &args,
            n,
            &queens,
            &header,
            serde_json::json!({
                "n": n, "variant": d.name(), "bound": k, "k": queens.len(), "queens": queens,
            }),
        );
    }
    let m = minimum(n, d, backend.as_ref(), false).map_err(CliError::failure)?;
    let verdict = DominationVerdict::number(d, n, m.k);
    let why = match m.proof {
        Proof::Unsatisfiable => format!("no set of {} exists", m.k - 1),
        Proof::LowerBound => format!(
            "the lower bound is {} ({})",
            m.lower_bound,
            d.lower_bound_source(n)
        ),
    };
    let header = format!(
        "{name}: {} queens, minimum ({why}; {})",
        m.k,
        verdict.phrase()
    );
    let mut json = serde_json::to_value(&m).map_err(CliError::failure)?;
    json["oeis"] = serde_json::to_value(&verdict).map_err(CliError::failure)?;
    let status = print(&mut out, &args, n, &m.queens, &header, json)?;
    if verdict.is_mismatch() {
        eprintln!("nqueens: {name}: {}", verdict.phrase());
        return Ok(ExitStatus::Mismatch);
    }
    Ok(status)
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
