//! `nqueens decode`: read what an external solver answered for a file we exported, have the
//! library check it against every clause or row, the model and the queens checker
//! ([`nqueens_queens::read_answer_file`]), and print it.

use crate::cli::DecodeArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_queens::{answer_vars, read_answer_file, AnswerRead, ShownSolution};

pub fn run(args: DecodeArgs) -> Result<ExitStatus, CliError> {
    let n = args.n;
    let rules = crate::board_rules::for_board(&args.model.board, n)?;
    let formulation = args.model.kind()?.build_with(n, &rules);
    let options = args.model.lowering.cnf_options();
    let limit = solver_pipe::output_limit(answer_vars(formulation.as_ref(), &options));
    let board = match read_answer_file(&args.file, limit, formulation.as_ref(), &options)? {
        AnswerRead::Board(board) => board,
        AnswerRead::NoSolution(said) => {
            eprintln!("nqueens: {said}");
            return Ok(ExitStatus::Mismatch);
        }
    };
    let shown = ShownSolution {
        columns: &board,
        n,
        rules: &rules,
        solution: None,
    };
    let text = match args.json {
        true => format!(
            "{}\n",
            serde_json::to_value(&shown).map_err(CliError::failure)?
        ),
        false => shown.drawn(args.ascii),
    };
    output::write_to(None, false, |w| Ok(w.write_all(text.as_bytes())?))?;
    Ok(ExitStatus::Success)
}
