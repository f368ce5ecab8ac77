//! Where output goes: stdout, or a file that appears only when complete.

use anyhow::Context;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes to `path` through a temporary file in the same directory, renamed into place only
/// after `write` succeeded (and, with `sync`, after the data reached the disk). On any failure
/// the temporary file is removed and an existing file at `path` is left untouched, so a
/// reader never sees a half-written file under `path`.
///
/// # Errors
/// Failures creating, writing, syncing or renaming, with the path in the message.
pub fn write_atomically<T>(
    path: &Path,
    sync: bool,
    write: impl FnOnce(&mut BufWriter<&File>) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .with_context(|| format!("'{}' is not a file name", path.display()))?;
    let tmp = dir.join(format!(
        ".{}.nqueens-{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .with_context(|| format!("cannot create a temporary file in '{}'", dir.display()))?;
    let result = (|| -> anyhow::Result<T> {
        let mut w = BufWriter::with_capacity(1 << 20, &file);
        let value = write(&mut w)?;
        w.flush()?;
        drop(w);
        if sync {
            file.sync_all()?;
        }
        fs::rename(&tmp, path)?;
        Ok(value)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.with_context(|| format!("cannot write '{}'", path.display()))
}

/// Writes to `path` atomically (see [`write_atomically`]) or, without a path, to stdout.
///
/// # Errors
/// Failures of `write` or of the file, with the path in the message.
pub fn write_to(
    path: Option<&Path>,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    match path {
        Some(path) => write_atomically(path, sync, |w| write(w)),
        None => {
            let mut out = stdout();
            write(&mut out)?;
            out.flush()?;
            Ok(())
        }
    }
}

/// A buffered, locked stdout.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 20, io::stdout().lock())
}

/// Prints one result to stdout: as a JSON line with `json`, else as `text()`.
///
/// # Errors
/// When stdout cannot be written.
pub fn emit(
    json: bool,
    value: &impl serde::Serialize,
    text: impl FnOnce() -> String,
) -> Result<(), crate::exit::CliError> {
    let mut out = stdout();
    let line = if json {
        serde_json::to_string(value).map_err(crate::exit::CliError::failure)?
    } else {
        text()
    };
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}
