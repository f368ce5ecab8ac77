//! A solver's answer file for a board's exported file, as a user hands it over: read with a
//! bound, checked and decoded ([`read_answer`]), and judged ([`read_answer_file`]); what is
//! wrong with it is said naming the file and whose fault it is ([`AnswerFileError`]).

use crate::{read_answer, AnswerError, Board, BoardAnswer, Formulation, NoSolution};
use std::path::Path;
use toolkit_base::{Blame, Fault};
use zero_one_model::answer::DecodeError as FileError;
use zero_one_model::input::{read_text, InputError};
use zero_one_model::CnfOptions;

/// What an answer file says of the board, once read and checked.
#[derive(Clone, Debug, PartialEq)]
pub enum AnswerRead {
    /// A solution of the board.
    Board(Board),
    /// No solution, by the solver's word, with nothing known that contradicts it: what that
    /// means, in a sentence ([`NoSolution::answer_said`]).
    NoSolution(String),
}

/// Why an answer file gives no board. `answer` is the file as messages name it (`'out'`).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerFileError {
    /// The file cannot be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The model cannot be lowered with the options given, so no file of ours was it.
    #[error(transparent)]
    Lower(zero_one_model::LowerError),
    /// A SAT solver's answer that cannot be read.
    #[error("{answer} for n = {n} with {vars} variables")]
    Sat {
        /// The file.
        answer: String,
        /// The board size.
        n: usize,
        /// Variables of the lowered CNF.
        vars: usize,
        /// What is wrong with it.
        source: zero_one_model::solver_output::OutputError,
    },
    /// An ILP or PB solver's answer that cannot be read.
    #[error("{answer}: {error}")]
    Ilp {
        /// The file.
        answer: String,
        /// What is wrong with it.
        error: zero_one_model::ilp::AnswerError,
    },
    /// The values break a clause of the CNF file (`file`: the board and formulation; `amo`:
    /// its at-most-one encoding).
    #[error("{answer}: the model violates clause {} of the {file} / {amo} file: it is not an answer to this file", clause + 1)]
    Clause {
        /// The file.
        answer: String,
        /// The exported file's board and formulation (`n = 8 board`).
        file: String,
        /// Its at-most-one encoding.
        amo: zero_one_model::AmoEncoding,
        /// The broken clause, 0-based.
        clause: usize,
    },
    /// The values break a row of the ILP file.
    #[error("{answer}: {row} of the {file} ILP: not an answer to this file")]
    Row {
        /// The file.
        answer: String,
        /// The exported file's board and formulation (`n = 8 board`).
        file: String,
        /// The row broken.
        row: zero_one_model::ilp::IlpViolation,
    },
    /// The values break the model, decode to no board or to one the checker refuses.
    #[error("{answer}: {error}")]
    Board {
        /// The file.
        answer: String,
        /// What is wrong.
        error: AnswerError,
    },
    /// The solver says there is no solution, and the board has some.
    #[error("{0}")]
    Contradicted(String),
    /// The solver stopped without an answer (`status`, as it said it).
    #[error("{answer}: the solver stopped without an answer ({status})")]
    Unknown {
        /// The file.
        answer: String,
        /// Its status.
        status: String,
    },
}

/// An answer that cannot be read, or a lowering that fails, is the user's; an answer that is
/// wrong is the solver's (a failure).
impl Blame for AnswerFileError {
    fn fault(&self) -> Fault {
        match self {
            AnswerFileError::Input(e) => e.fault(),
            AnswerFileError::Lower(_)
            | AnswerFileError::Sat { .. }
            | AnswerFileError::Ilp { .. } => Fault::Input,
            _ => Fault::Failure,
        }
    }
}

/// Reads the answer file at `path` (`-`: standard input; at most `limit` bytes), a solver's
/// answer for the file of `formulation` (its CNF lowered with `options`, or its ILP), and
/// judges it.
///
/// # Errors
/// [`AnswerFileError`]: a file that cannot be read or is no answer to the file, a solver that
/// gave up, or one that says unsatisfiable of a board with solutions.
pub fn read_answer_file(
    path: &Path,
    limit: u64,
    formulation: &dyn Formulation,
    options: &CnfOptions,
) -> Result<AnswerRead, AnswerFileError> {
    let answer = format!("'{}'", path.display());
    let what = match path.as_os_str() == "-" {
        true => "standard input",
        false => &answer,
    };
    let text = read_text(path, what, limit)?;
    let n = formulation.n();
    let file = format!("n = {n} {}", formulation.kind());
    let read = read_answer(&text, formulation, options).map_err(|e| match e {
        AnswerError::File(FileError::Lower(e)) => AnswerFileError::Lower(e),
        AnswerError::File(FileError::Sat { vars, source }) => {
            let answer = answer.clone();
            AnswerFileError::Sat {
                answer,
                n,
                vars,
                source,
            }
        }
        AnswerError::File(FileError::Ilp(error)) => {
            let answer = answer.clone();
            AnswerFileError::Ilp { answer, error }
        }
        AnswerError::File(FileError::Clause { clause }) => AnswerFileError::Clause {
            answer: answer.clone(),
            file: file.clone(),
            amo: options.amo,
            clause,
        },
        AnswerError::File(FileError::Row(row)) => {
            let (answer, file) = (answer.clone(), file.clone());
            AnswerFileError::Row { answer, file, row }
        }
        error => {
            let answer = answer.clone();
            AnswerFileError::Board { answer, error }
        }
    })?;
    let board = formulation.rules().board_name(n);
    match read {
        BoardAnswer::Board(b) => Ok(AnswerRead::Board(b)),
        BoardAnswer::Unsatisfiable(none @ NoSolution::Contradicted(_)) => Err(
            AnswerFileError::Contradicted(none.answer_said(&answer, &board)),
        ),
        BoardAnswer::Unsatisfiable(none) => {
            Ok(AnswerRead::NoSolution(none.answer_said(&answer, &board)))
        }
        BoardAnswer::Unknown(status) => Err(AnswerFileError::Unknown { answer, status }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FormulationKind, Rules};

    fn read(text: &str, n: usize) -> Result<AnswerRead, AnswerFileError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        std::fs::write(&path, text).unwrap();
        let f = FormulationKind::Board.build_with(n, &Rules::classic());
        read_answer_file(&path, 1 << 20, f.as_ref(), &CnfOptions::default())
    }

    #[test]
    fn a_solution_reads_back_and_no_solution_is_judged() {
        let one = read("s SATISFIABLE\nv 1 0\n", 1).unwrap();
        assert_eq!(one, AnswerRead::Board(Board::new(vec![0])));
        let AnswerRead::NoSolution(said) = read("s UNSATISFIABLE\n", 2).unwrap() else {
            panic!("Q(2) read as a board");
        };
        assert!(said.contains("and Q(2) has no solution"), "{said}");
    }

    #[test]
    fn a_wrong_answer_is_a_failure_and_an_unreadable_one_the_users() {
        let e = read("s UNSATISFIABLE\n", 4).unwrap_err();
        assert!(e.to_string().contains("but Q(4) has solutions"), "{e}");
        assert_eq!(e.fault(), Fault::Failure);
        let e = read("s SATISFIABLE\nv 1 2 3 4 0\n", 2).unwrap_err();
        assert!(e.to_string().contains("violates clause"), "{e}");
        assert_eq!(e.fault(), Fault::Failure);
        let e = read("v 1 0\n", 1).unwrap_err();
        assert_eq!(e.fault(), Fault::Input, "{e}");
        let e = read("s UNKNOWN\n", 1).unwrap_err();
        assert!(
            e.to_string().ends_with("without an answer (UNKNOWN)"),
            "{e}"
        );
    }
}
