//! An external solver's answer for a file exported from a model, decoded and checked: a
//! SAT solver's answer (competition output, a MiniSat result file, or a bare list of
//! literals) against every clause of the model's CNF lowering, an ILP or PB solver's answer
//! (GLPK, CBC, HiGHS, SCIP, OPB) against every row in exact integer arithmetic, and either
//! against the model itself. Nothing the solver says is taken on trust but "unsatisfiable",
//! which the caller may confirm independently.

use crate::ilp::{answer_format, read_answer, AnswerError, IlpAnswer};
use crate::solver_output::{parse_solver_output, OutputError, SolverAnswer};
use crate::{lower_to_cnf, CnfOptions, LowerError, Model, VecSink, Violation};
use model_encodings::ilp::{lower_to_ilp, IlpViolation};
use thiserror::Error;

/// How far an ILP solver's value may be from 0 or 1 and still be read as that integer.
pub const INTEGRALITY_TOLERANCE: f64 = 1e-6;

/// What a checked answer says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Decoded {
    /// A solution: a value for every model variable (auxiliary variables dropped), checked
    /// against the file's clauses or rows and against the model.
    Model(Vec<bool>),
    /// The solver says there is none (not checked: nothing here can confirm it).
    Unsat,
    /// The solver gave up; its status, as it said it.
    Unknown(String),
}

/// Why an answer was refused.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The model cannot be lowered to CNF with these options (so no file of ours was it).
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// A SAT answer that cannot be read, for a CNF over `vars` variables.
    #[error("a SAT solver's answer for a CNF over {vars} variables")]
    Sat {
        /// Variables of the lowered CNF.
        vars: usize,
        /// What is wrong with it.
        #[source]
        source: OutputError,
    },
    /// An ILP or PB answer that cannot be read.
    #[error(transparent)]
    Ilp(#[from] AnswerError),
    /// The values break clause `clause` (0-based) of the lowered CNF.
    #[error("the model violates clause {} of the lowered CNF", clause + 1)]
    Clause {
        /// The broken clause, 0-based.
        clause: usize,
    },
    /// The values break a row of the ILP lowering (or are not integers).
    #[error("{0} of the ILP lowering")]
    Row(IlpViolation),
    /// The values satisfy the file but not the model (a lowering fault, never expected).
    #[error(transparent)]
    Model(#[from] Violation),
}

/// Decodes and checks `text`, a solver's answer for the model's CNF lowered with `options`
/// (DIMACS, MCC) or for its ILP lowering (LP, MPS, OPB): which one is told from the text.
///
/// ```
/// use model_formats::answer::{decode_answer, Decoded};
/// use model_core::{Constraint, Model};
/// use model_encodings::CnfOptions;
/// let mut m = Model::new();
/// let v = m.new_vars(2);
/// m.add(Constraint::ExactlyOne(vec![v[0].positive(), v[1].positive()]));
/// let options = CnfOptions::default();
/// assert_eq!(decode_answer("s SATISFIABLE\nv -1 2 0\n", &m, &options)?, Decoded::Model(vec![false, true]));
/// assert!(decode_answer("s SATISFIABLE\nv 1 2 0\n", &m, &options).is_err());
/// # Ok::<(), model_formats::answer::DecodeError>(())
/// ```
///
/// # Errors
/// An answer that cannot be read, or whose values break a clause, a row or the model.
pub fn decode_answer(
    text: &str,
    model: &Model,
    options: &CnfOptions,
) -> Result<Decoded, DecodeError> {
    let values = if answer_format(text).is_some() {
        let ilp = lower_to_ilp(model);
        match read_answer(text, &ilp)? {
            IlpAnswer::Infeasible => return Ok(Decoded::Unsat),
            IlpAnswer::Unknown(status) => return Ok(Decoded::Unknown(status)),
            IlpAnswer::Values(raw) => {
                let values = ilp
                    .check_raw(&raw, INTEGRALITY_TOLERANCE)
                    .map_err(DecodeError::Row)?;
                values[..ilp.model_vars].iter().map(|&v| v == 1).collect()
            }
        }
    } else {
        let mut clauses = VecSink::default();
        let info = lower_to_cnf(model, options, &mut clauses)?;
        let vars = info.vars();
        let values = match parse(text, vars).map_err(|source| DecodeError::Sat { vars, source })? {
            SolverAnswer::Sat(values) => values,
            SolverAnswer::Unsat => return Ok(Decoded::Unsat),
            SolverAnswer::Unknown => return Ok(Decoded::Unknown("UNKNOWN".into())),
        };
        if let Some(clause) = clauses
            .clauses
            .iter()
            .position(|c| !c.iter().any(|l| l.eval(&values)))
        {
            return Err(DecodeError::Clause { clause });
        }
        values
    };
    let own = values[..model.num_vars()].to_vec();
    model.check(&own)?;
    Ok(Decoded::Model(own))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cnf_size, Cmp, Constraint};

    /// x0 + x1 + x2 = 1 as a cardinality constraint (the sequential counter adds auxiliaries
    /// with some encodings), and x0 or x2.
    fn model() -> Model {
        let mut m = Model::new();
        let v = m.new_vars(3);
        m.add(Constraint::Linear {
            terms: v.iter().map(|v| (1, v.positive())).collect(),
            cmp: Cmp::Exactly,
            rhs: 1,
        });
        m.add(Constraint::Clause(vec![v[0].positive(), v[2].positive()]));
        m
    }

    #[test]
    fn sat_answers_in_every_shape_decode_to_the_model_variables() {
        let m = model();
        let options = CnfOptions::default();
        let vars = cnf_size(&m, &options).unwrap().vars();
        // Auxiliaries (if any) take whatever values make the clauses hold: find them.
        let mut sink = VecSink::default();
        lower_to_cnf(&m, &options, &mut sink).unwrap();
        let aux = (0..1u32 << (vars - 3))
            .map(|code| {
                let mut a = vec![false, false, true];
                a.extend((0..vars - 3).map(|i| code >> i & 1 == 1));
                a
            })
            .find(|a| sink.clauses.iter().all(|c| c.iter().any(|l| l.eval(a))))
            .unwrap();
        let lits: Vec<String> = aux
            .iter()
            .enumerate()
            .map(|(i, &b)| format!("{}{}", if b { "" } else { "-" }, i + 1))
            .collect();
        let lits = lits.join(" ");
        for text in [
            format!("s SATISFIABLE\nv {lits} 0\n"),
            format!("SAT\n{lits} 0\n"),
            format!("c a bare model\n{lits} 0\n"),
        ] {
            let decoded = decode_answer(&text, &m, &options).unwrap();
            assert_eq!(decoded, Decoded::Model(vec![false, false, true]), "{text}");
        }
        assert_eq!(
            decode_answer("s UNSATISFIABLE\n", &m, &options).unwrap(),
            Decoded::Unsat
        );
        assert!(matches!(
            decode_answer("s UNKNOWN\n", &m, &options).unwrap(),
            Decoded::Unknown(_)
        ));
    }

    #[test]
    fn answers_that_break_a_clause_or_cannot_be_read_are_refused() {
        let m = model();
        let options = CnfOptions::default();
        let vars = cnf_size(&m, &options).unwrap().vars();
        let all_false: Vec<String> = (1..=vars).map(|v| format!("-{v}")).collect();
        let text = format!("s SATISFIABLE\nv {} 0\n", all_false.join(" "));
        let e = decode_answer(&text, &m, &options).unwrap_err();
        assert!(matches!(e, DecodeError::Clause { .. }), "{e}");
        // Too few values for the CNF's variables.
        let e = decode_answer("s SATISFIABLE\nv 1 0\n", &m, &options).unwrap_err();
        assert!(matches!(e, DecodeError::Sat { .. }), "{e}");
    }

    #[test]
    fn pb_answers_are_checked_row_by_row() {
        let m = model();
        let options = CnfOptions::default();
        let ok = decode_answer("s OPTIMUM FOUND\nv -x1 -x2 x3\n", &m, &options).unwrap();
        assert_eq!(ok, Decoded::Model(vec![false, false, true]));
        let e = decode_answer("s SATISFIABLE\nv x1 x2 -x3\n", &m, &options).unwrap_err();
        assert!(matches!(e, DecodeError::Row(_)), "{e}");
        let unsat = decode_answer("s UNSATISFIABLE\n", &m, &options).unwrap();
        assert_eq!(unsat, Decoded::Unsat);
    }
}
