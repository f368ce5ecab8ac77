//! One enumeration through an external program: every call gets the clauses, the cube's
//! units and the blocking clauses found so far.

use crate::process::SolverCommand;
use crate::tmp::TempFile;
use nqueens_encode::dimacs::{DimacsHeader, DimacsWriter};
use nqueens_encode::solver_output::{parse_solver_output, SolverAnswer};
use nqueens_encode::{BackendError, BackendErrorKind, ClauseSink, Lit, Model, Solutions};
use std::io::BufWriter;
use std::time::Duration;

/// Solutions of one model from an external program, by re-running it with blocking clauses.
pub struct ExternalSolutions<'m> {
    model: &'m Model,
    clauses: Vec<Vec<Lit>>,
    num_vars: usize,
    command: SolverCommand,
    timeout: Option<Duration>,
    done: bool,
    calls: u64,
}

impl<'m> ExternalSolutions<'m> {
    pub(crate) fn new(
        model: &'m Model,
        clauses: Vec<Vec<Lit>>,
        num_vars: usize,
        command: SolverCommand,
        timeout: Option<Duration>,
    ) -> Self {
        ExternalSolutions {
            model,
            clauses,
            num_vars,
            command,
            timeout,
            done: false,
            calls: 0,
        }
    }

    fn error(&self, kind: BackendErrorKind, message: impl Into<String>) -> BackendError {
        BackendError::with_kind(kind, self.name(), message)
    }

    fn name(&self) -> String {
        format!("external ({})", self.command.program())
    }

    fn io_error(&self, message: &str, source: std::io::Error) -> BackendError {
        self.error(BackendErrorKind::Io, message)
            .with_source(source)
    }

    fn call(&mut self) -> Result<SolverAnswer, BackendError> {
        self.calls += 1;
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
            .run(cnf.path(), out.as_ref().map(|o| o.path()), self.timeout)
            .map_err(|e| {
                self.error(e.kind(), "running the solver failed")
                    .with_source(e)
            })?;
        let answer = parse_solver_output(&text, self.num_vars).map_err(|e| {
            self.error(BackendErrorKind::BadAnswer, "its output was refused")
                .with_source(e)
        })?;
        let expected = match answer {
            SolverAnswer::Sat(_) => 10,
            SolverAnswer::Unsat => 20,
            SolverAnswer::Unknown => 0,
        };
        if expected != 0 && code != expected {
            return Err(self.error(
                BackendErrorKind::BadAnswer,
                format!("exit code {code} contradicts its status line (expected {expected})"),
            ));
        }
        Ok(answer)
    }
}

impl Solutions for ExternalSolutions<'_> {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        if self.done {
            return Ok(None);
        }
        let values = match self.call()? {
            SolverAnswer::Unsat => {
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
            return Err(self.error(
                BackendErrorKind::BadAnswer,
                format!("its model violates clause {}", i + 1),
            ));
        }
        let block: Vec<Lit> = self.model.blocking_clause(&values).map_err(|v| {
            self.error(BackendErrorKind::BadAnswer, "its model cannot be blocked")
                .with_source(v)
        })?;
        if block.is_empty() {
            self.done = true;
        } else {
            self.clauses.push(block);
        }
        let mut own = values;
        own.truncate(self.model.num_vars());
        Ok(Some(own))
    }

    fn stats(&self) -> Vec<(&'static str, u64)> {
        vec![("solver_calls", self.calls)]
    }
}
