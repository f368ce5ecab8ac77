//! A backend as a user names it ([`Choice`]): its kind, or none for a problem's own search,
//! and for the external backend the program's command line, timeout and trust, made into
//! the backend by the registry ([`build`](crate::build)).

use crate::{build, cdcl, BackendKind, BuildError, External, Settings};
use solver_pipe::{CommandError, SolverCommand};
use std::sync::Arc;
use std::time::Duration;
use zero_one_model::{Backend, BackendName, CnfOptions, StopFlag, UnsatAnswers};

/// A backend as named on a command line or by a caller.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Choice {
    /// The backend; `None` names the problem's own search (no backend).
    pub kind: Option<BackendKind>,
    /// The external backend's command line (program and arguments, split on whitespace).
    pub solver: Option<String>,
    /// Kill the external program after this long.
    pub timeout: Option<Duration>,
    /// Believe the external program's UNSATISFIABLE answers instead of confirming them.
    pub trust_unsat: bool,
}

/// A choice that names no backend the registry can make.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChoiceError {
    /// A program, a timeout or trust given for a backend that runs no program.
    #[error("a solver program, timeout or trust goes with the external backend only")]
    ProgramUnused,
    /// The external backend without a program.
    #[error("the external backend needs the solver program to run")]
    NoProgram,
    /// The program's command line does not parse (it is empty).
    #[error(transparent)]
    Command(#[from] CommandError),
    /// The registry refused the settings.
    #[error(transparent)]
    Build(#[from] BuildError),
}

impl Choice {
    /// The choice of `kind`, with no program.
    pub fn of(kind: Option<BackendKind>) -> Choice {
        Choice {
            kind,
            ..Choice::default()
        }
    }

    /// The backend chosen, lowering with `cnf` and stopped by `stop`; `None` for the
    /// problem's own search.
    ///
    /// ```
    /// use zero_one_backends::{BackendKind, Choice};
    /// let dpll = Choice::of(Some(BackendKind::Dpll)).build(Default::default(), None)?;
    /// assert!(dpll.is_some());
    /// let mut external = Choice::of(Some(BackendKind::External));
    /// assert!(external.build(Default::default(), None).is_err()); // no program
    /// external.solver = Some("cadical -q".into());
    /// assert!(external.build(Default::default(), None)?.is_some());
    /// # Ok::<(), zero_one_backends::ChoiceError>(())
    /// ```
    ///
    /// # Errors
    /// [`ChoiceError`]: a program's options without the external backend, the external
    /// backend without a program, or an empty command line.
    pub fn build(
        &self,
        cnf: CnfOptions,
        stop: Option<StopFlag>,
    ) -> Result<Option<Arc<dyn Backend>>, ChoiceError> {
        let external = self.kind == Some(BackendKind::External);
        if !external && (self.solver.is_some() || self.timeout.is_some() || self.trust_unsat) {
            return Err(ChoiceError::ProgramUnused);
        }
        let Some(kind) = self.kind else {
            return Ok(None);
        };
        let mut settings = Settings {
            cnf,
            stop,
            ..Settings::default()
        };
        if external {
            let line = self.solver.as_deref().ok_or(ChoiceError::NoProgram)?;
            let mut program = External::new(SolverCommand::parse(line)?);
            program.timeout = self.timeout;
            program.trust_unsat = self.trust_unsat;
            settings.external = Some(program);
        }
        Ok(Some(build(kind, &settings)?))
    }

    /// How the chosen backend's UNSATISFIABLE answers are taken, for its reports: trusted,
    /// or confirmed by varisat, for the external backend; `None` for the others.
    pub fn unsat_answers(&self) -> Option<UnsatAnswers> {
        match (self.kind, self.trust_unsat) {
            (Some(BackendKind::External), true) => Some(UnsatAnswers::Trusted),
            (Some(BackendKind::External), false) => {
                Some(UnsatAnswers::ConfirmedBy(BackendName::Varisat))
            }
            _ => None,
        }
    }
}

/// varisat lowering with `cnf`, stopped by `stop`: the CDCL backend for satisfiability
/// checks.
pub fn cdcl_with(cnf: CnfOptions, stop: Option<StopFlag>) -> Arc<dyn Backend> {
    cdcl(&Settings {
        cnf,
        stop,
        ..Settings::default()
    })
}
