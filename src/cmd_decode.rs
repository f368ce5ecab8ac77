//! `nqueens decode`: read what an external solver answered for a file we exported, check the
//! model against every clause and with the queens checker, and print the board.

use crate::cli::DecodeArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::{anyhow, Context};
use nqueens_encode::solver_output::{parse_solver_output, OutputError, SolverAnswer};
use nqueens_encode::{lower_to_cnf, VecSink};
use nqueens_queens::oeis;
use std::io::{Read, Write};

/// Parses competition output, a MiniSat result file, or a bare model (literals only).
fn parse(text: &str, num_vars: usize) -> Result<SolverAnswer, OutputError> {
    match parse_solver_output(text, num_vars) {
        Err(OutputError::NoStatus)
            if text.lines().any(|l| {
                l.trim()
                    .starts_with(|c: char| c == '-' || c.is_ascii_digit())
            }) =>
        {
            let wrapped: String = std::iter::once("s SATISFIABLE".to_string())
                .chain(
                    text.lines()
                        .filter(|l| !l.trim_start().starts_with('c'))
                        .map(|l| format!("v {l}")),
                )
                .collect::<Vec<_>>()
                .join("\n");
            parse_solver_output(&wrapped, num_vars)
        }
        other => other,
    }
}

pub fn run(args: DecodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let formulation = args.model.kind()?.build(n);
    let model = formulation.model();
    let mut clauses = VecSink::default();
    let info =
        lower_to_cnf(model, &args.model.cnf_options(), &mut clauses).map_err(CliError::usage)?;
    let mut text = String::new();
    let source = args.file.display().to_string();
    if source == "-" {
        std::io::stdin().read_to_string(&mut text)
    } else {
        std::fs::File::open(&args.file).and_then(|mut f| f.read_to_string(&mut text))
    }
    .with_context(|| format!("cannot read '{source}'"))
    .map_err(CliError::usage)?;
    let answer = parse(&text, info.vars())
        .with_context(|| format!("'{source}' for n = {n} with {} variables", info.vars()))
        .map_err(CliError::usage)?;
    let values = match answer {
        SolverAnswer::Sat(values) => values,
        SolverAnswer::Unknown => {
            return Err(CliError::failure(anyhow!(
                "'{source}': the solver gave up (UNKNOWN)"
            )))
        }
        SolverAnswer::Unsat => {
            return match oeis::solutions(n) {
                Some(0) => {
                    eprintln!("nqueens: '{source}' says unsatisfiable, and Q({n}) has no solution");
                    Ok(ExitStatus::Mismatch)
                }
                _ => Err(CliError::failure(anyhow!(
                    "'{source}' says unsatisfiable, but Q({n}) has solutions: the solver is wrong or the file is for another model"
                ))),
            };
        }
    };
    if let Some(i) = clauses
        .clauses
        .iter()
        .position(|c| !c.iter().any(|l| l.eval(&values)))
    {
        return Err(CliError::usage(anyhow!(
            "'{source}': the model violates clause {} of the n = {n} {} / {} file: it is not an answer to this file",
            i + 1,
            formulation.kind(),
            args.model.amo
        )));
    }
    let own = &values[..model.num_vars()];
    model
        .check(own)
        .map_err(|v| CliError::failure(anyhow!("'{source}': {v}")))?;
    let board = formulation
        .decode(own)
        .map_err(|e| CliError::failure(anyhow!("'{source}': {e}")))?;
    if let Some((i, j)) = nqueens_queens::first_attack(board.columns()) {
        return Err(CliError::failure(anyhow!(
            "'{source}': queens in rows {i} and {j} attack each other"
        )));
    }
    let mut out = output::stdout();
    if args.json {
        writeln!(out, "{}", serde_json::json!({ "n": n, "columns": board }))?;
    } else {
        write!(
            out,
            "Q({n}) solution, columns {:?}\n{}",
            board.columns(),
            board.render(args.ascii)
        )?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
