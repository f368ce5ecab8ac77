//! `nqueens decode`: read what an external solver answered for a file we exported, have the
//! library check it against every clause (or, for an ILP or OPB answer, every row in exact
//! integer arithmetic) and the model ([`zero_one_model::answer::decode_answer`]), check the
//! board with the queens checker, and print it.

use crate::cli::DecodeArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::NoSolution;
use std::io::Write;
use zero_one_model::answer::{decode_answer, DecodeError, Decoded};

pub fn run(args: DecodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    let board_name = rules.board_name(n);
    let formulation = args.model.kind()?.build_with(n, &rules);
    let model = formulation.model();
    let source = args.file.display().to_string();
    let options = args.model.lowering.cnf_options();
    // No answer for this model is longer than a solver's answer over its CNF variables.
    let vars =
        zero_one_model::cnf_size(model, &options).map_or(model.num_vars(), |info| info.vars());
    let limit = solver_pipe::output_limit(vars);
    let what = match source.as_str() {
        "-" => "standard input".to_string(),
        name => format!("'{name}'"),
    };
    let text = crate::input::read_text(&args.file, &what, limit)?;
    let file = format!("n = {n} {}", formulation.kind());
    let decoded = decode_answer(&text, model, &options).map_err(|e| match e {
        DecodeError::Lower(e) => CliError::usage(e),
        DecodeError::Sat { vars, source: e } => CliError::usage(
            anyhow::Error::new(e).context(format!("'{source}' for n = {n} with {vars} variables")),
        ),
        DecodeError::Ilp(e) => usage!("'{source}': {e}"),
        DecodeError::Clause { clause } => failure!(
            "'{source}': the model violates clause {} of the {file} / {} file: it is not an answer to this file",
            clause + 1,
            options.amo
        ),
        DecodeError::Row(v) => failure!(
            "'{source}': {v} of the {file} ILP: not an answer to this file"
        ),
        e => failure!("'{source}': {e}"),
    })?;
    let own = match decoded {
        Decoded::Model(values) => values,
        Decoded::Unknown(status) => {
            return Err(failure!(
                "'{source}': the solver stopped without an answer ({status})"
            ))
        }
        _ => {
            return match NoSolution::judge(n, &rules) {
                NoSolution::Confirmed(_) => {
                    eprintln!("nqueens: '{source}' says unsatisfiable, and {board_name} has no solution");
                    Ok(ExitStatus::Mismatch)
                }
                NoSolution::Contradicted(who) => Err(failure!(
                    "'{source}' says unsatisfiable, but {board_name} has solutions ({who}): the solver is wrong or the file is for another model"
                )),
                NoSolution::Unconfirmed => {
                    eprintln!("nqueens: '{source}' says unsatisfiable: {board_name} has no solution by the solver's word (nothing independent confirms it)");
                    Ok(ExitStatus::Mismatch)
                }
            };
        }
    };
    let board = formulation
        .decode(&own)
        .map_err(|e| failure!("'{source}': {e}"))?;
    if let Some(v) = nqueens_queens::first_violation(&rules, board.columns()) {
        return Err(failure!("'{source}': {v}"));
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
            nqueens_queens::draw_solution(&rules, &board, &header, args.ascii)
        )?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
