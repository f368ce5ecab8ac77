//! Making a backend from its kind and settings: the one place backends are built.

use crate::BackendKind;
use solver_pipe::{ExternalBackend, SolverCommand};
use std::sync::Arc;
use std::time::Duration;
use varisat_enum::{VarisatBackend, VarisatCheck};
use zero_one_model::{Backend, CnfOptions, SatCheck, StopFlag};

/// How a backend is built: the encodings it lowers a model with, the flag that stops it, and
/// for [`BackendKind::External`] the program it runs. Start from [`Settings::default`] and
/// set fields.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Settings {
    /// Encodings the CNF backends lower constraints with (the ILP backend keeps rows as
    /// they are).
    pub cnf: CnfOptions,
    /// When raised, an enumeration in progress ends soon with an interrupted error; given to
    /// the backend and to every solver it hands work to.
    pub stop: Option<StopFlag>,
    /// The program [`BackendKind::External`] runs; `None` for every other backend.
    pub external: Option<External>,
}

/// The external solver program and how it is run.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct External {
    /// The program and its arguments.
    pub command: SolverCommand,
    /// Kill the program after this long.
    pub timeout: Option<Duration>,
    /// Believe the program's UNSATISFIABLE answers instead of confirming each one with
    /// varisat on the same clauses: faster, and a count is then only as right as the program.
    pub trust_unsat: bool,
}

impl External {
    /// `command`, with no timeout, its UNSATISFIABLE answers confirmed.
    pub fn new(command: SolverCommand) -> External {
        External {
            command,
            timeout: None,
            trust_unsat: false,
        }
    }
}

/// Settings that do not make the backend asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// [`BackendKind::External`] without [`Settings::external`].
    #[error("the external backend needs the solver program to run")]
    NoProgram,
    /// [`Settings::external`] given for a backend that runs no program.
    #[error("a solver program is given, and the {0} backend runs none")]
    ProgramUnused(BackendKind),
}

/// The backend `kind` with `settings`.
///
/// # Errors
/// [`BuildError::NoProgram`] for the external backend without a program, and
/// [`BuildError::ProgramUnused`] for a program given to any other.
pub fn build(kind: BackendKind, settings: &Settings) -> Result<Arc<dyn Backend>, BuildError> {
    if kind != BackendKind::External && settings.external.is_some() {
        return Err(BuildError::ProgramUnused(kind));
    }
    Ok(match kind {
        BackendKind::Sat => cdcl(settings),
        BackendKind::Dpll => Arc::new(dpll_enum::DpllBackend {
            stop: settings.stop.clone(),
            ..dpll_enum::DpllBackend::new(settings.cnf, Some(cdcl(settings)))
        }),
        BackendKind::Ilp => Arc::new(ilp_enum::LpBackend),
        BackendKind::External => {
            let program = settings.external.as_ref().ok_or(BuildError::NoProgram)?;
            Arc::new(ExternalBackend {
                command: program.command.clone(),
                timeout: program.timeout,
                stop: settings.stop.clone(),
                options: settings.cnf,
                confirm_unsat: (!program.trust_unsat).then(|| {
                    Arc::new(VarisatCheck {
                        stop: settings.stop.clone(),
                    }) as Arc<dyn SatCheck>
                }),
            })
        }
    })
}

/// varisat with `settings`' encodings and stop flag: the CDCL backend, also what the DPLL
/// enumerator hands hard parts to and what satisfiability checks use.
pub fn cdcl(settings: &Settings) -> Arc<dyn Backend> {
    Arc::new(VarisatBackend {
        stop: settings.stop.clone(),
        ..VarisatBackend::new(settings.cnf)
    })
}
