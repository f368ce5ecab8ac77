//! Where output goes: stdout, a device or FIFO written in place, or a regular file that
//! appears only when complete. Every write failure is an error with exit code 3 — a closed or
//! full stdout included — except a broken pipe, which is the reader's choice to stop.

mod atomic;
mod staged;
mod stdout;
mod target;

pub use staged::StagedDir;
pub use stdout::{is_reader_gone, Stdout};
pub use target::{classify, not_the_input, Target};

use crate::exit::CliError;
use anyhow::Context;
use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Writes `write`'s output to `path`, or to stdout without one (or for `-`). A regular file
/// (or a new path) is replaced atomically, keeping the old file's mode and owner (one with
/// other hard links is written completely first, then copied in place); a device,
/// FIFO or socket is written in place; a symlink's target is written. `sync` (fsync) applies
/// to regular files.
///
/// # Errors
/// Exit code 2 when the path cannot name an output file (a directory, say); 3 for a
/// read-only file or when creating, writing or renaming fails.
pub fn write_to(
    path: Option<&Path>,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> Result<(), CliError> {
    let target = match path {
        Some(path) => classify(path)?,
        None => Target::Stdout,
    };
    let result = match &target {
        Target::Stdout => {
            // Stdout's errors say "stdout" themselves.
            let mut out = self::stdout();
            return write(&mut out)
                .and_then(|()| Ok(out.flush()?))
                .map_err(CliError::failure);
        }
        Target::InPlace(path) => write_in_place(path, write),
        Target::Replace { path, existing } => atomic::replace(path, existing.as_ref(), sync, write),
    };
    let shown = path.unwrap_or(Path::new("-")).display();
    result
        .with_context(|| format!("cannot write '{shown}'"))
        .map_err(CliError::failure)
}

/// Writes to a device, FIFO or socket where it is (opening a FIFO waits for its reader).
fn write_in_place(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let file = OpenOptions::new().write(true).open(path)?;
    let mut w = BufWriter::with_capacity(1 << 20, PipeAware(&file));
    write(&mut w)?;
    w.flush()?;
    Ok(())
}

/// A file whose broken pipe is marked as the reader's choice (a FIFO's reader may stop
/// early, as a pipe's may).
struct PipeAware<'a>(&'a std::fs::File);

impl Write for PipeAware<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(stdout::mark_pipe)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(stdout::mark_pipe)
    }
}

/// A buffered, locked stdout that fails when stdout was closed at start.
pub fn stdout() -> BufWriter<Stdout> {
    BufWriter::with_capacity(1 << 20, Stdout::lock())
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
