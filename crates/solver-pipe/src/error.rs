//! Why a solver command line was refused, and why running the program failed, as typed
//! errors with the underlying [`io::Error`] as their `source()`.

use std::io;
use std::path::PathBuf;
use std::time::Duration;
use thiserror::Error;
use zero_one_model::BackendErrorKind;

/// Why a solver command line was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CommandError {
    /// Nothing but whitespace.
    #[error("the solver command is empty")]
    Empty,
}

/// Why running the solver program failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RunError {
    /// The program is not on `PATH` (or the path given does not exist).
    #[error("'{program}' was not found (is it installed and on PATH?)")]
    NotFound {
        /// The program.
        program: String,
        /// What starting it said.
        #[source]
        source: io::Error,
    },
    /// The program exists but could not be started (permissions, not an executable, ...).
    #[error("'{program}' could not be started")]
    Spawn {
        /// The program.
        program: String,
        /// What starting it said.
        #[source]
        source: io::Error,
    },
    /// Waiting for the program failed.
    #[error("waiting for '{program}' failed")]
    Wait {
        /// The program.
        program: String,
        /// What waiting said.
        #[source]
        source: io::Error,
    },
    /// Reading the program's standard output failed.
    #[error("reading the output of '{program}' failed")]
    Read {
        /// The program.
        program: String,
        /// What reading said.
        #[source]
        source: io::Error,
    },
    /// The program ran past the time limit; its process group was killed.
    #[error("'{program}' timed out after {:.1} s and was killed", after.as_secs_f64())]
    TimedOut {
        /// The program.
        program: String,
        /// The time limit.
        after: Duration,
    },
    /// A stop was requested (Ctrl-C) while the program ran; its process group was killed.
    #[error("'{program}' was killed: interrupted")]
    Interrupted {
        /// The program.
        program: String,
    },
    /// The program wrote more than the bound on its answer; its process group was killed
    /// and the rest was not read.
    #[error(
        "'{program}' wrote more than {limit} bytes ({:.1} MiB), the bound on a solver's \
         answer; the rest was not read",
        *limit as f64 / (1024.0 * 1024.0)
    )]
    OutputTooLarge {
        /// The program.
        program: String,
        /// The bound, in bytes.
        limit: u64,
    },
    /// The program exited but something it started, outside its process group, kept its
    /// standard output open.
    #[error("'{program}' exited but its standard output stayed open")]
    OutputKeptOpen {
        /// The program.
        program: String,
    },
    /// The program was killed by a signal (a crash, or the out-of-memory killer).
    #[error("'{program}' was killed by signal {signal}")]
    Signal {
        /// The program.
        program: String,
        /// The signal number.
        signal: i32,
    },
    /// The program ended without an exit code, and not by a signal.
    #[error("'{program}' ended without an exit code")]
    NoExitCode {
        /// The program.
        program: String,
    },
    /// The program was to write its answer to a result file (`{out}`), which cannot be read.
    #[error("'{program}' wrote no readable result file")]
    NoResultFile {
        /// The program.
        program: String,
        /// The result file.
        path: PathBuf,
        /// What reading it said.
        #[source]
        source: io::Error,
    },
}

impl RunError {
    /// The kind of backend error this is: a time-out, a solver that failed (crashed, or
    /// answered too much), an interruption (kind `Other`), or an i/o error (starting,
    /// waiting, reading its answer).
    pub fn kind(&self) -> BackendErrorKind {
        match self {
            RunError::TimedOut { .. } => BackendErrorKind::Timeout,
            RunError::Signal { .. }
            | RunError::NoExitCode { .. }
            | RunError::OutputTooLarge { .. }
            | RunError::OutputKeptOpen { .. } => BackendErrorKind::SolverFailed,
            RunError::Interrupted { .. } => BackendErrorKind::Other,
            RunError::NotFound { .. }
            | RunError::Spawn { .. }
            | RunError::Wait { .. }
            | RunError::Read { .. }
            | RunError::NoResultFile { .. } => BackendErrorKind::Io,
        }
    }

    /// Whether the run ended because a stop was requested, not because the solver failed.
    pub fn is_interrupted(&self) -> bool {
        matches!(self, RunError::Interrupted { .. })
    }
}
