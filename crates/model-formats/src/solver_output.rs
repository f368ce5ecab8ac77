//! Reading what a SAT solver printed: the SAT-competition format (`s SATISFIABLE`, `v` lines
//! ending in 0) and MiniSat's result file (`SAT` or `UNSAT`, then the model on one line).
//!
//! Nothing here trusts the solver: a model must give a value to every variable (but those
//! the caller says may be left out), no variable twice with opposite signs, and callers
//! still check it against the formula. Text quoted from the output in an error is cut to
//! [`model_core::EXCERPT_CHARS`] characters, so a huge token never floods a message.

use crate::Lit;
use thiserror::Error;

use crate::excerpt as quote;

/// What a solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// A model: the value of every variable 1..=num_vars (0-based here).
    Sat(Vec<bool>),
    /// The solver says there is no model.
    Unsat,
    /// The solver gave up.
    Unknown,
}

/// Why a solver's output was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OutputError {
    /// No status line (`s ...`, or `SAT`/`UNSAT` for MiniSat) was found.
    #[error(
        "no status line ('s SATISFIABLE', 's UNSATISFIABLE' or 's UNKNOWN') in the solver output"
    )]
    NoStatus,
    /// Two status lines.
    #[error("line {line}: a second status line")]
    TwoStatuses {
        /// Line of the second status.
        line: usize,
    },
    /// A status word that is not one of the three.
    #[error("line {line}: unknown status '{found}'")]
    BadStatus {
        /// Line.
        line: usize,
        /// The text, cut by [`quote`].
        found: String,
    },
    /// A token in a value line that is not a literal.
    #[error("line {line}: expected a literal in the model, found '{found}'")]
    BadLiteral {
        /// Line.
        line: usize,
        /// The token, cut by [`quote`].
        found: String,
    },
    /// A literal beyond the formula's variables.
    #[error("line {line}: literal {lit} is out of range: the formula has {num_vars} variables")]
    OutOfRange {
        /// Line.
        line: usize,
        /// The literal.
        lit: i64,
        /// Variables in the formula.
        num_vars: usize,
    },
    /// A variable given both values.
    #[error("the model gives variable {var} both values")]
    Contradictory {
        /// DIMACS number of the variable.
        var: u64,
    },
    /// A model that leaves a variable out.
    #[error("the model is incomplete: variable {var} has no value")]
    Incomplete {
        /// DIMACS number of the first missing variable.
        var: u64,
    },
    /// A satisfiable answer with no terminating 0 on the model.
    #[error("the model is not terminated by 0")]
    Unterminated,
    /// A satisfiable answer with no value line at all.
    #[error("it said SATISFIABLE but gave no model ('v' lines)")]
    NoModel,
    /// Value lines with an UNSAT or UNKNOWN status.
    #[error("the solver printed a model but said {status}")]
    ModelWithoutSat {
        /// The status it gave.
        status: &'static str,
    },
}

/// Parses a solver's output for a formula with `num_vars` variables.
///
/// # Errors
/// An [`OutputError`] for anything that is not a complete, consistent answer.
pub fn parse_solver_output(text: &str, num_vars: usize) -> Result<SolverAnswer, OutputError> {
    parse_solver_output_omitting(text, num_vars, |_| false)
}

/// Like [`parse_solver_output`], but a model may leave out the variables (0-based indices)
/// for which `omittable` holds: they are taken as false. MiniSat, for one, gives no value
/// to variables that occur in no clause; such variables are free, so either value is right.
///
/// ```
/// use model_formats::solver_output::{parse_solver_output_omitting, SolverAnswer};
/// let answer = parse_solver_output_omitting("SAT\n1 0\n", 3, |i| i > 0);
/// assert_eq!(answer, Ok(SolverAnswer::Sat(vec![true, false, false])));
/// ```
///
/// # Errors
/// An [`OutputError`] for anything that is not a consistent answer, or a model without a
/// value for a variable that is not omittable.
pub fn parse_solver_output_omitting(
    text: &str,
    num_vars: usize,
    omittable: impl Fn(usize) -> bool,
) -> Result<SolverAnswer, OutputError> {
    let mut status: Option<&'static str> = None;
    let mut values: Vec<Option<bool>> = vec![None; num_vars];
    let mut saw_values = false;
    let mut terminated = false;
    // MiniSat's result file: first line SAT/UNSAT/INDET, then bare literals.
    let minisat = matches!(
        text.lines().next().map(str::trim),
        Some("SAT" | "UNSAT" | "INDET")
    );
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let t = line.trim();
        let (is_status, is_values, rest) = if minisat {
            if line_no == 1 {
                (true, false, t)
            } else {
                (false, true, t)
            }
        } else if let Some(r) = t.strip_prefix("s ") {
            (true, false, r.trim())
        } else if let Some(r) = t
            .strip_prefix("v ")
            .or(if t == "v" { Some("") } else { None })
        {
            (false, true, r)
        } else {
            continue;
        };
        if is_status {
            let s = match rest {
                "SATISFIABLE" | "SAT" => "SATISFIABLE",
                "UNSATISFIABLE" | "UNSAT" => "UNSATISFIABLE",
                "UNKNOWN" | "INDET" => "UNKNOWN",
                other => {
                    return Err(OutputError::BadStatus {
                        line: line_no,
                        found: quote(other),
                    })
                }
            };
            if status.is_some() {
                return Err(OutputError::TwoStatuses { line: line_no });
            }
            status = Some(s);
        }
        if is_values {
            for tok in rest.split_ascii_whitespace() {
                saw_values = true;
                let lit: i64 = tok.parse().map_err(|_| OutputError::BadLiteral {
                    line: line_no,
                    found: quote(tok),
                })?;
                if lit == 0 {
                    terminated = true;
                    continue;
                }
                let l = Lit::from_dimacs(lit)
                    .filter(|l| l.var().index() < num_vars)
                    .ok_or(OutputError::OutOfRange {
                        line: line_no,
                        lit,
                        num_vars,
                    })?;
                let slot = &mut values[l.var().index()];
                if slot.is_some_and(|v| v != l.is_positive()) {
                    return Err(OutputError::Contradictory {
                        var: l.var().to_dimacs(),
                    });
                }
                *slot = Some(l.is_positive());
            }
        }
    }
    match status {
        None => Err(OutputError::NoStatus),
        Some("SATISFIABLE") => {
            if !saw_values {
                return Err(OutputError::NoModel);
            }
            if !terminated {
                return Err(OutputError::Unterminated);
            }
            values
                .iter()
                .enumerate()
                .map(|(i, v)| match v {
                    Some(b) => Ok(*b),
                    None if omittable(i) => Ok(false),
                    None => Err(OutputError::Incomplete { var: i as u64 + 1 }),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(SolverAnswer::Sat)
        }
        Some(s) if saw_values => Err(OutputError::ModelWithoutSat { status: s }),
        Some("UNSATISFIABLE") => Ok(SolverAnswer::Unsat),
        Some(_) => Ok(SolverAnswer::Unknown),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competition_output_with_model_across_lines() {
        let out = "c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            parse_solver_output(out, 3),
            Ok(SolverAnswer::Sat(vec![true, false, true]))
        );
    }

    #[test]
    fn minisat_result_file() {
        assert_eq!(
            parse_solver_output("SAT\n-1 2 0\n", 2),
            Ok(SolverAnswer::Sat(vec![false, true]))
        );
        assert_eq!(parse_solver_output("UNSAT\n", 2), Ok(SolverAnswer::Unsat));
    }

    #[test]
    fn lying_or_broken_outputs_are_rejected() {
        assert_eq!(
            parse_solver_output("c nothing\n", 2),
            Err(OutputError::NoStatus)
        );
        assert_eq!(
            parse_solver_output("s SATISFIABLE\nv 1 0\n", 2),
            Err(OutputError::Incomplete { var: 2 })
        );
        assert_eq!(
            parse_solver_output("s SATISFIABLE\nv 1 -1 2 0\n", 2),
            Err(OutputError::Contradictory { var: 1 })
        );
        assert_eq!(
            parse_solver_output("s SATISFIABLE\nv 1 2 5 0\n", 2),
            Err(OutputError::OutOfRange {
                line: 2,
                lit: 5,
                num_vars: 2
            })
        );
        assert_eq!(
            parse_solver_output("s UNSATISFIABLE\nv 1 2 0\n", 2),
            Err(OutputError::ModelWithoutSat {
                status: "UNSATISFIABLE"
            })
        );
        assert_eq!(
            parse_solver_output("s SATISFIABLE\nv 1 2\n", 2),
            Err(OutputError::Unterminated)
        );
    }

    #[test]
    fn a_huge_token_is_quoted_cut_to_a_few_dozen_characters() {
        let token = "7x".repeat(5_000_000);
        let err = parse_solver_output(&format!("s SATISFIABLE\nv 1 {token} 0\n"), 2).unwrap_err();
        let message = err.to_string();
        assert_eq!(
            message,
            format!(
                "line 2: expected a literal in the model, found '{}…'",
                "7x".repeat(20)
            )
        );
        let status = format!("s {}\n", "S".repeat(1_000_000));
        let err = parse_solver_output(&status, 2).unwrap_err().to_string();
        assert_eq!(err, format!("line 1: unknown status '{}…'", "S".repeat(40)));
    }

    #[test]
    fn control_characters_in_a_quoted_token_are_escaped() {
        let err = parse_solver_output("s SATISFIABLE\nv 1 2\x1b[31m 0\n", 2).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected a literal in the model, found '2\\u{1b}[31m'"
        );
    }

    #[test]
    fn only_omittable_variables_may_be_left_out() {
        let free_tail = |i: usize| i >= 2;
        assert_eq!(
            parse_solver_output_omitting("SAT\n-1 2 0\n", 4, free_tail),
            Ok(SolverAnswer::Sat(vec![false, true, false, false]))
        );
        assert_eq!(
            parse_solver_output_omitting("SAT\n-1 4 0\n", 4, free_tail),
            Err(OutputError::Incomplete { var: 2 })
        );
        assert_eq!(
            parse_solver_output_omitting("s SATISFIABLE\nv 1 -2 -3 4 0\n", 4, free_tail),
            Ok(SolverAnswer::Sat(vec![true, false, false, true]))
        );
    }
}
