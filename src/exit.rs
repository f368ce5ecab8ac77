//! Exit codes and how errors are printed: one line on stderr, never a backtrace.

use std::io::{self, Write};
use std::process::ExitCode;
use zero_one_model::{Blame, Fault};

/// The exit codes, as documented in `--help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0    success: a count is an answer, 0 included (an infeasible OPB file, a domination
       bound with no set), and every count matches its known value where there is one
       (OEIS A000170, the variant's sequence, or the oracle for given and blocked squares)
  1    a count differs from its known value; or solve or optimize finds that no solution
       exists (a board, an OPB file, a set of at most --queens K), as a SAT solver's
       UNSATISFIABLE
  2    bad command line or input (the error says which argument and why), or a size too large
       for what it would build, or a run estimated past ten minutes (a board count, or a
       count cnf enumeration whose models left to list would take longer): the error gives the
       estimate and the limit, and --force runs it anyway
  3    a solver or backend failed, or returned an invalid solution (or --certify found a model
       the count missed); or an output could not be written (a closed or full stdout, a
       read-only -o file: it is left as it is; a --certify directory that cannot be made);
       or memory ran out: an allocation failed (one line says so, never a backtrace; any
       unfinished output file is removed), or the --nnf formula outgrew --cache-mb.
       A pipe whose reader stops early (`| head`) is not an error: exit 0
  130  interrupted (Ctrl-C): the partial count is printed and a --checkpoint stays valid; no
       --certify bundle is written
  143  terminated (SIGTERM; 129 for SIGHUP): any temporary output file or bundle is removed";

/// How a command that ran to completion ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExitStatus {
    /// Everything as expected.
    Success,
    /// A count that differs from its known value, or `solve`/`optimize` found no solution.
    Mismatch,
    /// Stopped by Ctrl-C.
    Interrupted,
}

impl From<ExitStatus> for ExitCode {
    fn from(s: ExitStatus) -> ExitCode {
        match s {
            ExitStatus::Success => ExitCode::SUCCESS,
            ExitStatus::Mismatch => ExitCode::from(1),
            ExitStatus::Interrupted => ExitCode::from(130),
        }
    }
}

/// An error with the exit code it maps to.
#[derive(Debug)]
pub struct CliError {
    code: u8,
    error: anyhow::Error,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn usage(error: impl Into<anyhow::Error>) -> CliError {
        CliError {
            code: 2,
            error: error.into(),
        }
    }

    /// A failure while working: exit code 3.
    pub fn failure(error: impl Into<anyhow::Error>) -> CliError {
        CliError {
            code: 3,
            error: error.into(),
        }
    }

    /// `error` with the exit code of `fault`: 2 for the user's, 3 for a failure.
    pub fn new(fault: Fault, error: impl Into<anyhow::Error>) -> CliError {
        let code = if fault == Fault::Input { 2 } else { 3 };
        CliError {
            code,
            error: error.into(),
        }
    }

    /// `message`, a library error `e` said in the caller's terms, with `e`'s exit code.
    pub fn said(e: &impl Blame, message: String) -> CliError {
        CliError::new(e.fault(), anyhow::anyhow!(message))
    }

    /// Prints the error on one line and returns its exit code. A broken pipe on an output
    /// (stdout, or a FIFO given to `-o`) is the reader's choice to stop, not an error: it exits
    /// quietly with success. Any other broken pipe (a solver's stdin), a closed stdout (EBADF)
    /// or a full disk (ENOSPC) is an error.
    pub fn report(self) -> ExitCode {
        let broken_pipe = self
            .error
            .chain()
            .filter_map(|e| e.downcast_ref::<io::Error>())
            .any(crate::output::is_reader_gone);
        if broken_pipe {
            return ExitCode::SUCCESS;
        }
        let msg = zero_one_model::one_line(self.error.as_ref());
        let kind = if self.code == 130 { "" } else { "error: " };
        let _ = writeln!(io::stderr(), "nqueens: {kind}{msg}");
        ExitCode::from(self.code)
    }
}

/// A library's error is the user's (exit 2) or a failure (exit 3) as it says itself.
impl<E: Blame + std::error::Error + Send + Sync + 'static> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError::new(e.fault(), e)
    }
}

/// Prints a clap parse error as one line (help and version go out whole) and exits with 2
/// for errors, 0 for help and version.
pub fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match e.print() {
            // A reader that stops early (`| head`) is not an error; a full or closed stdout is.
            Err(err) if err.kind() != io::ErrorKind::BrokenPipe => {
                let _ = writeln!(
                    io::stderr(),
                    "nqueens: error: cannot write to stdout: {err}"
                );
                ExitCode::from(3)
            }
            _ => ExitCode::SUCCESS,
        },
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            let missing = match e.get(clap::error::ContextKind::InvalidArg) {
                Some(clap::error::ContextValue::Strings(v))
                    if e.kind() == ErrorKind::MissingRequiredArgument =>
                {
                    format!(" {}", v.join(", "))
                }
                _ => String::new(),
            };
            let valid = match e.get(clap::error::ContextKind::ValidValue) {
                Some(clap::error::ContextValue::Strings(v)) if !v.is_empty() => {
                    format!("; possible values: {}", v.join(", "))
                }
                _ => String::new(),
            };
            // The command the error is about, from clap's usage line: its own help.
            let command = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("Usage: "))
                .map(|usage| {
                    let words = usage.split(' ');
                    let words = words.take_while(|w| !w.starts_with(['[', '<', '-']));
                    words.collect::<Vec<_>>().join(" ")
                })
                .filter(|c| c.starts_with("nqueens"))
                .unwrap_or_else(|| "nqueens".into());
            let _ = writeln!(
                io::stderr(),
                "nqueens: error: {first}{missing}{valid} (see '{command} --help')"
            );
            ExitCode::from(2)
        }
    }
}

/// Maps an error of the N-Queens client to its exit code: a configuration that cannot run
/// is the user's (2), the rest are failures (3).
pub fn queens_error(e: nqueens_queens::QueensError) -> CliError {
    use nqueens_queens::QueensError;
    match e {
        QueensError::Engine(e) => e.into(),
        QueensError::NoCubes { counter } => usage!(
            "--shard and --checkpoint need a solver backend (the {counter} counter has no cubes)"
        ),
        e if e.is_input_error() => CliError::usage(e),
        e => CliError::failure(e),
    }
}
