//! Where output goes: stdout, a device or FIFO written in place, or a regular file that
//! appears only when complete. Every write failure is an error with exit code 3 — a closed or
//! full stdout included — except a broken pipe, which is the reader's choice to stop.

pub use atomic_output::is_reader_gone;
use atomic_output::Stdout;

use crate::exit::CliError;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Writes `write`'s output to `path`, or to stdout without one (or for `-`): a file appears
/// only when complete (see [`atomic_output::write_file`]), and an interrupted write leaves
/// nothing (the signal handler removes the temporary file).
///
/// # Errors
/// Exit code 2 when the path cannot name an output file (a directory, say); 3 for a
/// read-only file or when creating, writing or renaming fails.
pub fn write_to(
    path: Option<&Path>,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), CliError> {
    match path.filter(|p| p.as_os_str() != "-") {
        Some(path) => {
            crate::stop::guard_temps();
            Ok(atomic_output::write_file(path, sync, write)?)
        }
        None => {
            // Stdout's errors say "stdout" themselves.
            let mut out = self::stdout();
            write(&mut out)
                .and_then(|()| Ok(out.flush()?))
                .map_err(CliError::failure)
        }
    }
}

/// Refuses, before any work, an output path that cannot be written (`-` is stdout).
///
/// # Errors
/// As [`write_to`] would fail on the path itself.
pub fn classify(path: &Path) -> Result<(), CliError> {
    if path.as_os_str() != "-" {
        atomic_output::classify(path)?;
    }
    Ok(())
}

/// Refuses an output path that names the input file `input` (the same file, however either
/// is spelt): writing it would replace what was read, and a failed run would leave neither.
/// `flag` is how the command line names the output.
///
/// # Errors
/// Exit code 2 when both name one file.
pub fn not_the_input(out: &Path, input: &Path, flag: &str) -> Result<(), CliError> {
    atomic_output::refuse_input(out, input).map_err(|e| usage!("{flag} {e}"))
}

/// A buffered, locked stdout that fails when stdout was closed at start.
pub fn stdout() -> BufWriter<Stdout> {
    BufWriter::with_capacity(1 << 20, Stdout::lock())
}

/// What a `--json` run prints when Ctrl-C stopped it before it had a result of its own to
/// print (a count still seeking its optimum or its minimum, a solve that found no set), or
/// after a stream of solutions cut short: one line, so that a reader of JSON always gets JSON.
#[derive(serde::Serialize)]
pub struct Interrupted<'a> {
    /// The file or board the run was about.
    pub about: &'a str,
    /// Always true.
    pub interrupted: bool,
    /// What was known when it stopped, as stderr says it.
    pub message: &'a str,
}

/// Installs the signal handler and holds, while the input `about` is read, what a signal
/// that ends the process prints: with `json`, an [`Interrupted`] line on stdout, so that a
/// harness reading JSON learns why nothing came.
pub fn reading(about: &str, json: bool) -> crate::stop::Reading {
    let line = json.then_some(Interrupted {
        about,
        interrupted: true,
        message: "interrupted while reading the input; nothing was done",
    });
    crate::stop::Reading::new(line.and_then(|l| serde_json::to_string(&l).ok()))
}

/// Says on stderr that the run about `about` was interrupted (`message`), and with `json`
/// prints it as an [`Interrupted`] line too.
///
/// # Errors
/// When stdout cannot be written.
pub fn interrupted(json: bool, about: &str, message: &str) -> Result<(), CliError> {
    if json {
        let line = Interrupted {
            about,
            interrupted: true,
            message,
        };
        emit(true, &line, String::new)?;
    }
    eprintln!("nqueens: {message}");
    Ok(())
}

/// Prints one result to stdout: as a JSON line with `json`, else as `text()`.
///
/// # Errors
/// When stdout cannot be written.
pub fn emit(
    json: bool,
    value: &impl serde::Serialize,
    text: impl FnOnce() -> String,
) -> Result<(), CliError> {
    let mut out = stdout();
    let line = if json {
        serde_json::to_string(value).map_err(CliError::failure)?
    } else {
        text()
    };
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}
