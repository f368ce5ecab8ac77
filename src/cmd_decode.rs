//! `nqueens decode`: read what an external solver answered for a file we exported, have the
//! library check it against every clause or row, the model and the queens checker
//! ([`nqueens_queens::read_answer`]), and print it.

use crate::cli::DecodeArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{
    answer_vars, read_answer, AnswerError, BoardAnswer, NoSolution, ShownSolution,
};
use std::io::Write;
use zero_one_model::answer::DecodeError;

pub fn run(args: DecodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    let board_name = rules.board_name(n);
    let formulation = args.model.kind()?.build_with(n, &rules);
    let source = args.file.display().to_string();
    let options = args.model.lowering.cnf_options();
    let limit = solver_pipe::output_limit(answer_vars(formulation.as_ref(), &options));
    let what = match source.as_str() {
        "-" => "standard input".to_string(),
        name => format!("'{name}'"),
    };
    let text = crate::input::read_text(&args.file, &what, limit)?;
    let file = format!("n = {n} {}", formulation.kind());
    let answer = read_answer(&text, formulation.as_ref(), &options).map_err(|e| match e {
        AnswerError::File(DecodeError::Lower(e)) => CliError::usage(e),
        AnswerError::File(DecodeError::Sat { vars, source: e }) => CliError::usage(
            anyhow::Error::new(e).context(format!("'{source}' for n = {n} with {vars} variables")),
        ),
        AnswerError::File(DecodeError::Ilp(e)) => usage!("'{source}': {e}"),
        AnswerError::File(DecodeError::Clause { clause }) => failure!(
            "'{source}': the model violates clause {} of the {file} / {} file: it is not an answer to this file",
            clause + 1,
            options.amo
        ),
        AnswerError::File(DecodeError::Row(v)) => failure!(
            "'{source}': {v} of the {file} ILP: not an answer to this file"
        ),
        e => failure!("'{source}': {e}"),
    })?;
    let board = match answer {
        BoardAnswer::Board(board) => board,
        BoardAnswer::Unsatisfiable(none @ NoSolution::Contradicted(_)) => {
            return Err(failure!(
                "{}",
                none.answer_said(&format!("'{source}'"), &board_name)
            ))
        }
        BoardAnswer::Unsatisfiable(none) => {
            eprintln!(
                "nqueens: {}",
                none.answer_said(&format!("'{source}'"), &board_name)
            );
            return Ok(ExitStatus::Mismatch);
        }
        BoardAnswer::Unknown(status) => {
            return Err(failure!(
                "'{source}': the solver stopped without an answer ({status})"
            ))
        }
    };
    let mut out = output::stdout();
    let shown = ShownSolution {
        columns: &board,
        n,
        rules: &rules,
        solution: None,
    };
    match args.json {
        true => writeln!(
            out,
            "{}",
            serde_json::to_value(&shown).map_err(CliError::failure)?
        )?,
        false => write!(out, "{}", shown.drawn(args.ascii))?,
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}
