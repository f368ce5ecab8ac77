//! Running a solver program: argv split without a shell, `{cnf}` and `{out}` placeholders,
//! a timeout that kills, and exit statuses turned into clear errors.

use nqueens_encode::BackendErrorKind;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use thiserror::Error;

/// A solver command line, e.g. `cadical -q` or `minisat -verb=0 {cnf} {out}`.
///
/// The CNF file's path replaces `{cnf}`, or is appended when there is none. With `{out}`,
/// the answer is read from that file (MiniSat's result file) instead of stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverCommand {
    argv: Vec<String>,
}

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
    /// The program ran past the time limit and was killed.
    #[error("'{program}' timed out after {:.1} s and was killed", after.as_secs_f64())]
    TimedOut {
        /// The program.
        program: String,
        /// The time limit.
        after: Duration,
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
    /// The kind of backend error this is: a time-out, a solver that failed (crashed), or
    /// an i/o error (starting, waiting, reading its result).
    pub fn kind(&self) -> BackendErrorKind {
        match self {
            RunError::TimedOut { .. } => BackendErrorKind::Timeout,
            RunError::Signal { .. } | RunError::NoExitCode { .. } => BackendErrorKind::SolverFailed,
            RunError::NotFound { .. }
            | RunError::Spawn { .. }
            | RunError::Wait { .. }
            | RunError::NoResultFile { .. } => BackendErrorKind::Io,
        }
    }
}

impl SolverCommand {
    /// Splits `line` on whitespace (no shell: no quotes, pipes or variables).
    ///
    /// ```
    /// use nqueens_external::{CommandError, SolverCommand};
    /// let command = SolverCommand::parse("minisat -verb=0 {cnf} {out}").unwrap();
    /// assert_eq!(command.program(), "minisat");
    /// assert!(command.writes_out_file());
    /// assert_eq!(SolverCommand::parse("  "), Err(CommandError::Empty));
    /// ```
    ///
    /// # Errors
    /// [`CommandError::Empty`] for an empty command line.
    pub fn parse(line: &str) -> Result<SolverCommand, CommandError> {
        let argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        if argv.is_empty() {
            return Err(CommandError::Empty);
        }
        Ok(SolverCommand { argv })
    }

    /// The program name, for messages.
    pub fn program(&self) -> &str {
        &self.argv[0]
    }

    /// Whether the answer goes to an `{out}` file.
    pub fn writes_out_file(&self) -> bool {
        self.argv.iter().any(|a| a.contains("{out}"))
    }

    /// Runs on `cnf`, returning (exit code, the answer text): the program's standard output,
    /// or with `out` the result file it wrote there.
    ///
    /// # Errors
    /// When the program cannot be started, times out, ends by a signal or without an exit
    /// code, or writes no readable result file; see [`RunError`].
    pub fn run(
        &self,
        cnf: &Path,
        out: Option<&Path>,
        timeout: Option<Duration>,
    ) -> Result<(i32, String), RunError> {
        let cnf_s = cnf.display().to_string();
        let out_s = out.map(|p| p.display().to_string()).unwrap_or_default();
        let mut args: Vec<String> = self.argv[1..]
            .iter()
            .map(|a| a.replace("{cnf}", &cnf_s).replace("{out}", &out_s))
            .collect();
        if !self.argv.iter().any(|a| a.contains("{cnf}")) {
            args.push(cnf_s);
        }
        let program = self.program();
        let mut child = Command::new(program)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| match source.kind() {
                io::ErrorKind::NotFound => RunError::NotFound {
                    program: program.into(),
                    source,
                },
                _ => RunError::Spawn {
                    program: program.into(),
                    source,
                },
            })?;
        // Read stdout on a thread so a chatty solver cannot block on a full pipe.
        let mut stdout = child.stdout.take().expect("piped");
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        });
        let start = Instant::now();
        let status = loop {
            let waited = child.try_wait().map_err(|source| RunError::Wait {
                program: program.into(),
                source,
            })?;
            if let Some(status) = waited {
                break status;
            }
            if let Some(after) = timeout.filter(|&t| start.elapsed() >= t) {
                let _ = child.kill();
                let _ = child.wait();
                return Err(RunError::TimedOut {
                    program: program.into(),
                    after,
                });
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let text = reader.join().unwrap_or_default();
        let code = match status.code() {
            Some(c) => c,
            None => {
                #[cfg(unix)]
                {
                    use std::os::unix::process::ExitStatusExt;
                    if let Some(signal) = status.signal() {
                        return Err(RunError::Signal {
                            program: program.into(),
                            signal,
                        });
                    }
                }
                return Err(RunError::NoExitCode {
                    program: program.into(),
                });
            }
        };
        let text = match out {
            Some(p) => std::fs::read_to_string(p).map_err(|source| RunError::NoResultFile {
                program: program.into(),
                path: p.to_path_buf(),
                source,
            })?,
            None => text,
        };
        Ok((code, text))
    }
}
