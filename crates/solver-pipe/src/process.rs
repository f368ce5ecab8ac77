//! Running a solver program: argv split without a shell, `{cnf}` and `{out}` placeholders,
//! its own process group, a time limit and a stop flag that kill the whole group, output
//! read with a bound, and exit statuses turned into clear errors.

use crate::error::{CommandError, RunError};
use crate::group::Group;
use crate::reader::{self, Outcome, Reader};
use std::io;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use zero_one_model::StopFlag;

/// How long to wait for a solver's output to end once its process group is gone.
const OUTPUT_GRACE: Duration = Duration::from_secs(5);

/// The longest pause between two looks at a running solver: the delay, at worst, before a
/// time-out or a stop request is carried out.
const MAX_POLL: Duration = Duration::from_millis(16);

/// A solver command line, e.g. `cadical -q` or `minisat -verb=0 {cnf} {out}`.
///
/// The CNF file's path replaces `{cnf}`, or is appended when there is none. With `{out}`,
/// the answer is read from that file (MiniSat's result file) instead of stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverCommand {
    argv: Vec<String>,
}

/// What ends a run early: a time limit, a stop flag, and the bound on the answer's size.
#[derive(Clone, Debug)]
pub struct RunLimits {
    /// Kill the program's process group after this long.
    pub timeout: Option<Duration>,
    /// Kill the program's process group as soon as this is set (Ctrl-C).
    pub stop: Option<StopFlag>,
    /// The most bytes of answer read; see [`output_limit`](crate::output_limit).
    pub output_limit: u64,
}

impl Default for RunLimits {
    /// No time limit, no stop flag, and the bound for a formula without variables.
    fn default() -> Self {
        RunLimits {
            timeout: None,
            stop: None,
            output_limit: crate::output_limit(0),
        }
    }
}

impl RunLimits {
    fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }
}

impl SolverCommand {
    /// Splits `line` on whitespace (no shell: no quotes, pipes or variables).
    ///
    /// ```
    /// use solver_pipe::{CommandError, SolverCommand};
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

    /// The arguments after the program, placeholders filled in.
    fn args(&self, cnf: &Path, out: Option<&Path>) -> Vec<String> {
        let cnf_s = cnf.display().to_string();
        let out_s = out.map(|p| p.display().to_string()).unwrap_or_default();
        let mut args: Vec<String> = self.argv[1..]
            .iter()
            .map(|a| a.replace("{cnf}", &cnf_s).replace("{out}", &out_s))
            .collect();
        if !self.argv.iter().any(|a| a.contains("{cnf}")) {
            args.push(cnf_s);
        }
        args
    }

    /// Runs on `cnf` in a process group of its own, returning (exit code, the answer text):
    /// the program's standard output, or with `out` the result file it wrote there. Bytes
    /// that are not UTF-8 become U+FFFD. Whatever the program started is killed once it
    /// exits, or when `limits` end the run.
    ///
    /// # Errors
    /// When the program cannot be started, times out, is stopped, writes more than the
    /// bound, ends by a signal or without an exit code, or writes no readable result file;
    /// see [`RunError`].
    pub fn run(
        &self,
        cnf: &Path,
        out: Option<&Path>,
        limits: &RunLimits,
    ) -> Result<(i32, String), RunError> {
        let program = || self.program().to_string();
        if limits.stop_requested() {
            return Err(RunError::Interrupted { program: program() });
        }
        let mut command = Command::new(self.program());
        command
            .args(self.args(cnf, out))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut group = Group::spawn(&mut command).map_err(|source| match source.kind() {
            io::ErrorKind::NotFound => RunError::NotFound {
                program: program(),
                source,
            },
            io::ErrorKind::Interrupted => RunError::Interrupted { program: program() },
            _ => RunError::Spawn {
                program: program(),
                source,
            },
        })?;
        let read_error = |source| RunError::Read {
            program: program(),
            source,
        };
        let stdout = group
            .take_stdout()
            .ok_or_else(|| read_error(io::Error::other("no pipe to the solver's output")))?;
        let mut reader =
            Reader::spawn(stdout, limits.output_limit, out.is_none()).map_err(read_error)?;
        let status = self.wait(&mut group, &mut reader, limits)?;
        let too_large = || RunError::OutputTooLarge {
            program: program(),
            limit: limits.output_limit,
        };
        let text = match reader.finish(OUTPUT_GRACE) {
            None => return Err(RunError::OutputKeptOpen { program: program() }),
            Some(Outcome::TooLarge) => return Err(too_large()),
            Some(Outcome::Failed(e)) => return Err(read_error(e)),
            Some(Outcome::Text(text)) => text,
        };
        let code = self.exit_code(status)?;
        let text = match out {
            None => text,
            Some(path) => match reader::read_file(path, limits.output_limit) {
                Outcome::Text(text) => text,
                Outcome::TooLarge => return Err(too_large()),
                Outcome::Failed(source) => {
                    return Err(RunError::NoResultFile {
                        program: program(),
                        path: path.to_path_buf(),
                        source,
                    })
                }
            },
        };
        Ok((code, String::from_utf8_lossy(&text).into_owned()))
    }

    /// Waits for the leader to exit, polling the limits; on an early end the group is
    /// killed (when `group` is dropped).
    fn wait(
        &self,
        group: &mut Group,
        reader: &mut Reader,
        limits: &RunLimits,
    ) -> Result<ExitStatus, RunError> {
        let program = || self.program().to_string();
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            let waited = group.try_wait().map_err(|source| RunError::Wait {
                program: program(),
                source,
            })?;
            if let Some(status) = waited {
                return Ok(status);
            }
            if reader.too_large() {
                return Err(RunError::OutputTooLarge {
                    program: program(),
                    limit: limits.output_limit,
                });
            }
            if limits.stop_requested() {
                return Err(RunError::Interrupted { program: program() });
            }
            if let Some(after) = limits.timeout.filter(|&t| start.elapsed() >= t) {
                return Err(RunError::TimedOut {
                    program: program(),
                    after,
                });
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(MAX_POLL);
        }
    }

    /// The exit code, or why there is none.
    fn exit_code(&self, status: ExitStatus) -> Result<i32, RunError> {
        if let Some(code) = status.code() {
            return Ok(code);
        }
        let program = self.program().to_string();
        #[cfg(unix)]
        if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
            return Err(RunError::Signal { program, signal });
        }
        Err(RunError::NoExitCode { program })
    }
}
