//! A backend over external SAT solver programs (kissat, CaDiCaL, MiniSat, picosat, clasp,
//! ...). Each call writes the CNF (plus the cube's units and every blocking clause so far)
//! to a private temporary file, runs the program on it without a shell, and reads its answer
//! in the SAT-competition format (or MiniSat's result file). Nothing it says is trusted: the
//! exit code must agree with the status line, and a model must be complete and satisfy every
//! clause before it is returned (variables occurring in no clause, which MiniSat leaves out,
//! are free and taken as false). Counting re-runs the program with the blocking clauses
//! appended: slow, but exact.
//!
//! The program runs in a process group of its own, which is killed as a whole on a
//! time-out, on a stop request (Ctrl-C), when its output passes [`output_limit`], and once
//! it exits, so nothing it started outlives it; its temporary files go in every case.

mod error;
mod group;
mod process;
mod reader;
mod solutions;
mod timeout;
mod tmp;

pub use error::{CommandError, RunError};
pub use group::kill_running;
pub use process::{RunLimits, SolverCommand};
pub use reader::{output_limit, OUTPUT_LIMIT_BASE, OUTPUT_LIMIT_PER_VAR};
pub use timeout::{parse_timeout, TimeoutError, MAX_TIMEOUT_S};

use solutions::ExternalSolutions;
use std::sync::Arc;
use std::time::Duration;
use zero_one_model::{
    check_fixed, lower_to_cnf, lower_to_cnf_until, Backend, BackendError, CnfOptions, Lit, Model,
    Prepared, SatCheck, VecSink,
};
use zero_one_model::{BackendEncoding, BackendName, Capabilities, SolutionCost, StopFlag};

/// The external-solver backend.
///
/// Nothing runs until a solution is asked for, so a missing program shows up as a
/// [`BackendError`] of kind [`zero_one_model::BackendErrorKind::Io`] from the first
/// [`Solutions::next_solution`](zero_one_model::Solutions::next_solution).
#[derive(Clone, Debug)]
pub struct ExternalBackend {
    /// The program and its arguments.
    pub command: SolverCommand,
    /// Kill the program (its whole process group) after this long.
    pub timeout: Option<Duration>,
    /// Kill the program's process group as soon as this is set (Ctrl-C): the enumeration
    /// then fails with a [`RunError::Interrupted`] source, and the caller, which set the
    /// flag, knows it was asked to stop.
    pub stop: Option<StopFlag>,
    /// Encodings used to lower the model.
    pub options: CnfOptions,
    /// The second solver every "UNSATISFIABLE" of the program is checked against, on the
    /// same clauses (the cube's units and the blocking clauses included): an enumeration
    /// ends only when both agree that nothing is left, and a model the second one finds
    /// (checked against every clause) makes the program's answer a [`zero_one_model::BackendErrorKind::BadAnswer`].
    /// `None` trusts the program's claim: a count is then only as right as the program.
    pub confirm_unsat: Option<Arc<dyn SatCheck>>,
}

/// A model lowered once, shared by every enumeration.
pub struct PreparedExternal<'m> {
    model: &'m Model,
    clauses: Vec<Vec<Lit>>,
    num_vars: usize,
    backend: ExternalBackend,
}

impl<'m> Prepared<'m> for PreparedExternal<'m> {
    fn solutions(
        &self,
        fixed: &[Lit],
    ) -> Result<Box<dyn zero_one_model::Solutions + 'm>, BackendError> {
        check_fixed(self.backend.name(), self.model, fixed)?;
        let mut clauses = self.clauses.clone();
        let model_clauses = clauses.len();
        clauses.extend(fixed.iter().map(|&l| vec![l]));
        Ok(Box::new(ExternalSolutions::new(
            self.model,
            clauses,
            self.num_vars,
            self.backend.command.clone(),
            RunLimits {
                timeout: self.backend.timeout,
                stop: self.backend.stop.clone(),
                output_limit: output_limit(self.num_vars),
            },
            self.backend.confirm_unsat.clone(),
            model_clauses,
        )))
    }
}

impl Backend for ExternalBackend {
    fn name(&self) -> BackendName {
        BackendName::External(self.command.program().to_owned())
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
            .stops(true)
            .solution_cost(SolutionCost::ProgramRun)
    }

    fn encoding(&self) -> BackendEncoding {
        BackendEncoding::Cnf(self.options.amo)
    }

    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        let mut sink = VecSink::default();
        // A stop raised on any thread reaches the lowering, which may run on a worker.
        let info = match &self.stop {
            Some(stop) => lower_to_cnf_until(model, &self.options, stop, &mut sink),
            None => lower_to_cnf(model, &self.options, &mut sink),
        }
        .map_err(|e| BackendError::not_lowered(self.name(), e))?;
        Ok(Box::new(PreparedExternal {
            model,
            clauses: sink.clauses,
            num_vars: info.vars(),
            backend: self.clone(),
        }))
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_run;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
