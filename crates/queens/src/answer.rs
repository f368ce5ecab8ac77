//! A solver's answer for a board's exported file, read back to a board: checked against every
//! clause (or, for an ILP or OPB answer, every row in exact integer arithmetic) and the model
//! ([`zero_one_model::answer::decode_answer`]), decoded, and held to the independent checker
//! ([`read_answer`]); an answer of none judged by what is known of the board.

use crate::{first_violation, Board, DecodeError, Formulation, NoSolution, Violation};
use zero_one_model::answer::{decode_answer, Decoded};
use zero_one_model::CnfOptions;

/// What a solver's answer for a board's file says, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardAnswer {
    /// A solution of the board.
    Board(Board),
    /// The solver says there is none, judged by what is known of the board.
    Unsatisfiable(NoSolution),
    /// The solver gave up; its status, as it said it.
    Unknown(String),
}

/// Why an answer is not one for the board's file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// It cannot be read, or breaks a clause, a row or the model.
    #[error(transparent)]
    File(#[from] zero_one_model::answer::DecodeError),
    /// Its values decode to no board.
    #[error(transparent)]
    Board(#[from] DecodeError),
    /// The board breaks the rules (the independent checker's word).
    #[error(transparent)]
    Violation(Violation),
}

/// Variables of the longest answer for the file of `formulation`: its CNF lowering's with
/// `options` (its model's when it cannot be lowered), which no ILP answer passes.
pub fn answer_vars(formulation: &dyn Formulation, options: &CnfOptions) -> usize {
    let model = formulation.model();
    zero_one_model::cnf_size(model, options).map_or(model.num_vars(), |info| info.vars())
}

/// Reads `text`, a solver's answer for the file of `formulation` (its CNF lowered with
/// `options`, or its ILP: which one is told from the text).
///
/// ```
/// use nqueens_queens::{read_answer, BoardAnswer, FormulationKind, Rules};
/// use zero_one_model::CnfOptions;
/// let f = FormulationKind::Board.build_with(1, &Rules::classic());
/// let answer = read_answer("s SATISFIABLE\nv 1 0\n", f.as_ref(), &CnfOptions::default());
/// assert!(matches!(answer.unwrap(), BoardAnswer::Board(b) if b.columns() == [0]));
/// ```
///
/// # Errors
/// [`AnswerError`]: an answer that cannot be read, breaks the file or the model, decodes to
/// no board, or to one the checker refuses.
pub fn read_answer(
    text: &str,
    formulation: &dyn Formulation,
    options: &CnfOptions,
) -> Result<BoardAnswer, AnswerError> {
    let (n, rules) = (formulation.n(), formulation.rules());
    let values = match decode_answer(text, formulation.model(), options)? {
        Decoded::Model(values) => values,
        Decoded::Unknown(status) => return Ok(BoardAnswer::Unknown(status)),
        _ => return Ok(BoardAnswer::Unsatisfiable(NoSolution::judge(n, rules))),
    };
    let board = formulation.decode(&values)?;
    match first_violation(rules, board.columns()) {
        Some(v) => Err(AnswerError::Violation(v)),
        None => Ok(BoardAnswer::Board(board)),
    }
}

impl NoSolution {
    /// What `answer` (its name) saying the board (`board`, its name) has no solution means,
    /// in a sentence.
    ///
    /// ```
    /// use nqueens_queens::{NoSolution, Rules};
    /// let none = NoSolution::judge(8, &Rules::classic());
    /// assert!(none.answer_said("'out'", "Q(8)").starts_with("'out' says unsatisfiable, but Q(8)"));
    /// ```
    pub fn answer_said(&self, answer: &str, board: &str) -> String {
        match self {
            NoSolution::Confirmed(_) => {
                format!("{answer} says unsatisfiable, and {board} has no solution")
            }
            NoSolution::Contradicted(who) => format!(
                "{answer} says unsatisfiable, but {board} has solutions ({who}): the solver is wrong or the file is for another model"
            ),
            NoSolution::Unconfirmed => format!(
                "{answer} says unsatisfiable: {board} has no solution by the solver's word (nothing independent confirms it)"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FormulationKind, Rules, Square, Variant};

    fn read(n: usize, rules: &Rules, text: &str) -> Result<BoardAnswer, AnswerError> {
        let f = FormulationKind::Board.build_with(n, rules);
        read_answer(text, f.as_ref(), &CnfOptions::default())
    }

    #[test]
    fn an_answer_of_none_is_judged_by_what_is_known_of_the_board() {
        let none = read(3, &Rules::classic(), "s UNSATISFIABLE\n").unwrap();
        assert!(matches!(
            none,
            BoardAnswer::Unsatisfiable(NoSolution::Confirmed(_))
        ));
        let wrong = read(4, &Rules::classic(), "s UNSATISFIABLE\n").unwrap();
        assert!(matches!(
            wrong,
            BoardAnswer::Unsatisfiable(NoSolution::Contradicted(_))
        ));
        let unknown = read(4, &Rules::classic(), "s UNKNOWN\n").unwrap();
        assert!(matches!(unknown, BoardAnswer::Unknown(_)));
    }

    #[test]
    fn a_board_is_read_and_a_broken_answer_refused() {
        // Q(4): queens at columns 1, 3, 0, 2 (variables row * 4 + col + 1).
        let v = |cols: [usize; 4]| {
            let lits: Vec<String> = (0..16)
                .map(|i| match cols[i / 4] == i % 4 {
                    true => format!("{}", i + 1),
                    false => format!("-{}", i + 1),
                })
                .collect();
            format!("s SATISFIABLE\nv {} 0\n", lits.join(" "))
        };
        let BoardAnswer::Board(b) = read(4, &Rules::classic(), &v([1, 3, 0, 2])).unwrap() else {
            panic!("a solution of Q(4)");
        };
        assert_eq!(b.columns(), [1, 3, 0, 2]);
        let clash = read(4, &Rules::classic(), &v([0, 1, 2, 3]));
        assert!(matches!(clash, Err(AnswerError::File(_))));
        let f = FormulationKind::Board.build_with(4, &Rules::classic());
        assert!(answer_vars(f.as_ref(), &CnfOptions::default()) >= 16);
        // The file's model may hold the rules' squares: a queen the rules require, missing.
        let given = Rules::new(Variant::Classic, vec![Square::new(0, 1)], vec![]);
        let g = read(4, &given, &v([2, 0, 3, 1]));
        assert!(g.is_err(), "{g:?}");
    }
}
