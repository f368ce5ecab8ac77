//! One enumeration through an external program: every call gets the clauses, the cube's
//! units and the blocking clauses found so far.

use crate::process::{RunLimits, SolverCommand};
use crate::tmp::TempFile;
use std::io::BufWriter;
use std::sync::Arc;
use zero_one_model::dimacs::{DimacsHeader, DimacsWriter};
use zero_one_model::solver_output::{parse_solver_output_omitting, SolverAnswer};
use zero_one_model::{
    BackendError, BackendErrorKind, BackendName, BackendStat, ClauseSink, Lit, Model, SatCheck,
    Solutions,
};

/// Whether exit code `code` agrees with `answer`, per the SAT-competition convention (10
/// satisfiable, 20 unsatisfiable) and clasp's manual, where 30 (= 10 | 20) says satisfiable
/// with the search space exhausted: the models found are all there are. An UNKNOWN answer
/// goes with any code. On disagreement, the codes that would have agreed.
fn check_exit_code(code: i32, answer: &SolverAnswer) -> Result<(), &'static str> {
    match (answer, code) {
        (SolverAnswer::Sat(_), 10 | 30)
        | (SolverAnswer::Unsat, 20)
        | (SolverAnswer::Unknown, _) => Ok(()),
        (SolverAnswer::Sat(_), _) => Err("10, or 30 as clasp exits"),
        (SolverAnswer::Unsat, _) => Err("20"),
    }
}

/// Solutions of one model from an external program, by re-running it with blocking clauses.
pub struct ExternalSolutions<'m> {
    model: &'m Model,
    clauses: Vec<Vec<Lit>>,
    /// Whether each variable occurs in some clause; those that do not are free, and a
    /// solver may leave them out of its model.
    occurs: Vec<bool>,
    num_vars: usize,
    command: SolverCommand,
    limits: RunLimits,
    done: bool,
    calls: u64,
    confirm_unsat: Option<Arc<dyn SatCheck>>,
    confirmed: u64,
    /// Clauses of the model, then of the cube (its units): every later one blocks a model
    /// found before.
    model_clauses: usize,
    given_clauses: usize,
}

impl<'m> ExternalSolutions<'m> {
    pub(crate) fn new(
        model: &'m Model,
        clauses: Vec<Vec<Lit>>,
        num_vars: usize,
        command: SolverCommand,
        limits: RunLimits,
        confirm_unsat: Option<Arc<dyn SatCheck>>,
        model_clauses: usize,
    ) -> Self {
        let clauses_len = clauses.len();
        let mut occurs = vec![false; num_vars];
        for l in clauses.iter().flatten() {
            if let Some(o) = occurs.get_mut(l.var().index()) {
                *o = true;
            }
        }
        ExternalSolutions {
            model,
            clauses,
            occurs,
            num_vars,
            command,
            limits,
            done: false,
            calls: 0,
            confirm_unsat,
            confirmed: 0,
            model_clauses,
            given_clauses: clauses_len,
        }
    }

    fn error(&self, kind: BackendErrorKind, message: impl Into<String>) -> BackendError {
        BackendError::with_kind(kind, self.name(), message)
    }

    fn name(&self) -> BackendName {
        BackendName::External(self.command.program().to_owned())
    }

    fn io_error(&self, message: &str, source: std::io::Error) -> BackendError {
        self.error(BackendErrorKind::Io, message)
            .with_source(source)
    }

    /// Writes the clauses so far to a new temporary CNF file.
    fn write_cnf(&self) -> Result<TempFile, BackendError> {
        let (cnf, file) =
            TempFile::create(".cnf").map_err(|e| self.io_error("creating a temporary file", e))?;
        let header = DimacsHeader {
            num_vars: self.num_vars,
            num_clauses: self.clauses.len() as u64,
            ..DimacsHeader::default()
        };
        let mut w = DimacsWriter::new(BufWriter::new(file), &header);
        for c in &self.clauses {
            w.add_clause(c);
        }
        w.finish()
            .map_err(|e| self.io_error("writing the CNF", e))?;
        Ok(cnf)
    }

    fn call(&mut self) -> Result<SolverAnswer, BackendError> {
        self.calls += 1;
        let cnf = self.write_cnf()?;
        let out = if self.command.writes_out_file() {
            Some(
                TempFile::create(".out")
                    .map_err(|e| self.io_error("creating a temporary file", e))?
                    .0,
            )
        } else {
            None
        };
        let (code, text) = self
            .command
            .run(cnf.path(), out.as_ref().map(|o| o.path()), &self.limits)
            .map_err(|e| {
                self.error(e.kind(), "running the solver failed")
                    .with_source(e)
            })?;
        let answer = parse_solver_output_omitting(&text, self.num_vars, |i| !self.occurs[i])
            .map_err(|e| {
                let message = match code {
                    0 | 10 | 20 | 30 => "its output was refused".to_string(),
                    _ => format!("it exited with code {code} and its output was refused"),
                };
                self.error(BackendErrorKind::BadAnswer, message)
                    .with_source(e)
            })?;
        check_exit_code(code, &answer).map_err(|expected| {
            self.error(
                BackendErrorKind::BadAnswer,
                format!("exit code {code} contradicts its status line (expected {expected})"),
            )
        })?;
        Ok(answer)
    }

    /// Checks the program's "UNSATISFIABLE" with the second solver, if there is one: a
    /// model it finds (and that satisfies every clause) refutes the claim.
    fn confirm_unsat(&mut self) -> Result<(), BackendError> {
        let Some(check) = self.confirm_unsat.clone() else {
            return Ok(());
        };
        let found = check.find_model(self.num_vars, &self.clauses)?;
        let Some(values) = found else {
            self.confirmed += 1;
            return Ok(());
        };
        let message = match self.clauses.iter().position(|c| !c.iter().any(|l| l.eval(&values))) {
            None => format!(
                "it answered UNSATISFIABLE, but {} found a model of the same clauses (checked against every clause)",
                check.name()
            ),
            Some(i) => format!(
                "it answered UNSATISFIABLE and {}, asked to confirm, answered a non-model (clause {} violated): neither is trusted",
                check.name(),
                i + 1
            ),
        };
        Err(self.error(BackendErrorKind::BadAnswer, message))
    }

    /// Adds `clause`, whose variables then occur.
    fn push_clause(&mut self, clause: Vec<Lit>) {
        for l in &clause {
            if let Some(o) = self.occurs.get_mut(l.var().index()) {
                *o = true;
            }
        }
        self.clauses.push(clause);
    }
}

impl Solutions for ExternalSolutions<'_> {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        if self.done {
            return Ok(None);
        }
        let values = match self.call()? {
            SolverAnswer::Unsat => {
                self.confirm_unsat()?;
                self.done = true;
                return Ok(None);
            }
            SolverAnswer::Unknown => {
                return Err(self.error(
                    BackendErrorKind::SolverFailed,
                    "the solver answered UNKNOWN",
                ))
            }
            SolverAnswer::Sat(values) => values,
        };
        if let Some(i) = self
            .clauses
            .iter()
            .position(|c| !c.iter().any(|l| l.eval(&values)))
        {
            let what = if i < self.model_clauses {
                format!("its model violates clause {} of the formula", i + 1)
            } else if i < self.given_clauses {
                "its model breaks a literal the cube fixes".to_string()
            } else {
                "its model repeats one it gave before (on the projection)".to_string()
            };
            return Err(self.error(BackendErrorKind::BadAnswer, what));
        }
        let block: Vec<Lit> = self.model.blocking_clause(&values).map_err(|v| {
            self.error(BackendErrorKind::BadAnswer, "its model cannot be blocked")
                .with_source(v)
        })?;
        if block.is_empty() {
            self.done = true;
        } else {
            // A shown variable the solver left out (free, taken false) is now in a clause:
            // the next call must give it a value, so its other value is counted too.
            self.push_clause(block);
        }
        let mut own = values;
        own.truncate(self.model.num_vars());
        Ok(Some(own))
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        let mut stats = vec![(BackendStat::SolverCalls, self.calls)];
        if self.confirm_unsat.is_some() {
            stats.push((BackendStat::UnsatConfirmed, self.confirmed));
        }
        stats
    }
}
