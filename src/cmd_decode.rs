//! `nqueens decode`: read what an external solver answered for a file we exported, check the
//! model against every clause (or, for an ILP or OPB answer, every row in exact integer
//! arithmetic) and with the queens checker, and print the board.

use crate::cli::DecodeArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::{anyhow, Context};
use nqueens_queens::Formulation;
use std::io::Write;
use zero_one_model::ilp::{answer_format, lower_to_ilp, read_answer, IlpAnswer};
use zero_one_model::solver_output::{parse_solver_output, OutputError, SolverAnswer};
use zero_one_model::{lower_to_cnf, VecSink};

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

/// What the answer says, in the model's variables.
enum Decoded {
    Model(Vec<bool>),
    Unsat,
}

pub fn run(args: DecodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    let board_name = crate::board_rules::name(n, &rules);
    let formulation = args.model.kind()?.build_with(n, &rules);
    let model = formulation.model();
    let source = args.file.display().to_string();
    // No answer for this model is longer than a solver's answer over its CNF variables.
    let vars = zero_one_model::cnf_size(model, &args.model.cnf_options())
        .map_or(model.num_vars(), |info| info.vars());
    let limit = solver_pipe::output_limit(vars);
    let what = match source.as_str() {
        "-" => "standard input".to_string(),
        name => format!("'{name}'"),
    };
    let text = crate::input::read_text(&args.file, &what, limit)?;
    let decoded = if answer_format(&text).is_some() {
        decode_ilp(&text, &source, &args, formulation.as_ref())?
    } else {
        decode_cnf(&text, &source, &args, formulation.as_ref())?
    };
    let values = match decoded {
        Decoded::Model(values) => values,
        Decoded::Unsat => {
            return match crate::board_rules::has_solution(n, &rules) {
                Some((false, _)) => {
                    eprintln!("nqueens: '{source}' says unsatisfiable, and {board_name} has no solution");
                    Ok(ExitStatus::Mismatch)
                }
                Some((true, who)) => Err(CliError::failure(anyhow!(
                    "'{source}' says unsatisfiable, but {board_name} has solutions ({who}): the solver is wrong or the file is for another model"
                ))),
                None => {
                    eprintln!("nqueens: '{source}' says unsatisfiable: {board_name} has no solution by the solver's word (nothing independent confirms it)");
                    Ok(ExitStatus::Mismatch)
                }
            };
        }
    };
    let own = &values[..model.num_vars()];
    model
        .check(own)
        .map_err(|v| CliError::failure(anyhow!("'{source}': {v}")))?;
    let board = formulation
        .decode(own)
        .map_err(|e| CliError::failure(anyhow!("'{source}': {e}")))?;
    if let Some(v) = rules.first_violation(board.columns()) {
        return Err(CliError::failure(anyhow!("'{source}': {v}")));
    }
    let mut out = output::stdout();
    if args.json {
        let mut obj = serde_json::json!({ "n": n, "columns": board });
        obj["rules"] = serde_json::to_value(&rules).expect("rules serialise");
        writeln!(out, "{obj}")?;
    } else {
        let header = format!("{board_name} solution, columns {:?}", board.columns());
        write!(
            out,
            "{}",
            crate::board_rules::draw(&rules, &board, &header, args.ascii)
        )?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// An answer to a CNF file: every clause of the lowering must hold.
fn decode_cnf(
    text: &str,
    source: &str,
    args: &DecodeArgs,
    formulation: &dyn Formulation,
) -> Result<Decoded, CliError> {
    let n = args.n;
    let mut clauses = VecSink::default();
    let info = lower_to_cnf(formulation.model(), &args.model.cnf_options(), &mut clauses)
        .map_err(CliError::usage)?;
    let answer = parse(text, info.vars())
        .with_context(|| format!("'{source}' for n = {n} with {} variables", info.vars()))
        .map_err(CliError::usage)?;
    let values = match answer {
        SolverAnswer::Sat(values) => values,
        SolverAnswer::Unknown => {
            return Err(CliError::failure(anyhow!(
                "'{source}': the solver gave up (UNKNOWN)"
            )))
        }
        SolverAnswer::Unsat => return Ok(Decoded::Unsat),
    };
    if let Some(i) = clauses
        .clauses
        .iter()
        .position(|c| !c.iter().any(|l| l.eval(&values)))
    {
        return Err(CliError::failure(anyhow!(
            "'{source}': the model violates clause {} of the n = {n} {} / {} file: it is not an answer to this file",
            i + 1,
            formulation.kind(),
            args.model.cnf_options().amo
        )));
    }
    Ok(Decoded::Model(values))
}

/// An answer to an LP, MPS or OPB file: rounded only near integers, every row checked exactly.
fn decode_ilp(
    text: &str,
    source: &str,
    args: &DecodeArgs,
    formulation: &dyn Formulation,
) -> Result<Decoded, CliError> {
    let ilp = lower_to_ilp(formulation.model());
    let answer = read_answer(text, &ilp)
        .with_context(|| format!("'{source}'"))
        .map_err(CliError::usage)?;
    match answer {
        IlpAnswer::Infeasible => Ok(Decoded::Unsat),
        IlpAnswer::Unknown(status) => Err(CliError::failure(anyhow!(
            "'{source}': the solver stopped without an answer ({status})"
        ))),
        IlpAnswer::Values(raw) => {
            let values = ilp.check_raw(&raw, 1e-6).map_err(|v| {
                CliError::failure(anyhow!(
                    "'{source}': {v} of the n = {} {} ILP: not an answer to this file",
                    args.n,
                    formulation.kind()
                ))
            })?;
            Ok(Decoded::Model(
                values[..ilp.model_vars].iter().map(|&v| v == 1).collect(),
            ))
        }
    }
}
