//! What an output path names, decided before anything is written: stdout (`-`), something
//! to write in place (a device, FIFO or socket), or a regular file (new or existing) to
//! replace atomically. A symlink is followed: its target is what gets written, and the link
//! stays a link.

use crate::exit::CliError;
use anyhow::anyhow;
use std::fs::{self, Metadata, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// Symlinks followed before a path is refused as a loop (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Where an output path leads.
#[derive(Debug)]
pub enum Target {
    /// Standard output.
    Stdout,
    /// A device, FIFO or socket: opened and written where it is, never renamed over.
    InPlace(PathBuf),
    /// A regular file at `path` (symlinks resolved), replaced through a temporary file in its
    /// directory; `existing` is the file that is there now, whose mode and owner the new
    /// one keeps.
    Replace {
        /// The real path.
        path: PathBuf,
        /// The file there now, if any.
        existing: Option<Metadata>,
    },
}

/// Decides what `path` names.
///
/// # Errors
/// Exit code 2 for a path that cannot name an output file (empty, a directory, a symlink
/// loop); exit code 3 for a read-only file (it is left as it is) or a path the system will
/// not let us look at.
pub fn classify(path: &Path) -> Result<Target, CliError> {
    let shown = path.display();
    if path.as_os_str() == "-" {
        return Ok(Target::Stdout);
    }
    if path.as_os_str().is_empty() {
        return Err(CliError::usage(anyhow!("the output path is empty")));
    }
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(CliError::usage(anyhow!(
            "'{shown}' is a directory, not an output file"
        ))),
        Ok(m) if m.is_file() => {
            let real = fs::canonicalize(path)
                .map_err(|e| CliError::failure(anyhow!("cannot resolve '{shown}': {e}")))?;
            refuse_read_only(&real, &m, path)?;
            Ok(Target::Replace {
                path: real,
                existing: Some(m),
            })
        }
        Ok(_) => Ok(Target::InPlace(path.to_path_buf())),
        Err(e) => {
            let dangling = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            if dangling {
                return Ok(Target::Replace {
                    path: final_target(path)?,
                    existing: None,
                });
            }
            if e.kind() != io::ErrorKind::NotFound {
                return Err(CliError::failure(anyhow!("cannot write '{shown}': {e}")));
            }
            new_file(path)
        }
    }
}

/// A path where no file exists yet; it must name a file, not a directory.
fn new_file(path: &Path) -> Result<Target, CliError> {
    let names_dir = path.as_os_str().to_string_lossy().ends_with('/') || path.file_name().is_none();
    if names_dir {
        return Err(CliError::usage(anyhow!(
            "'{}' names a directory, not an output file",
            path.display()
        )));
    }
    Ok(Target::Replace {
        path: path.to_path_buf(),
        existing: None,
    })
}

/// Refuses a file that has no write permission for anyone, or that we may not open for
/// writing: replacing it by a rename would get round the permission it carries.
fn refuse_read_only(real: &Path, m: &Metadata, shown: &Path) -> Result<(), CliError> {
    let denied = m.permissions().readonly()
        || matches!(
            OpenOptions::new().write(true).open(real),
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied
        );
    if denied {
        return Err(CliError::failure(anyhow!(
            "'{}' is read-only; it is left as it is (make it writable or choose another path)",
            shown.display()
        )));
    }
    Ok(())
}

/// The path a chain of symlinks ends at, when that path does not exist yet.
fn final_target(link: &Path) -> Result<PathBuf, CliError> {
    let mut at = link.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::read_link(&at) {
            Ok(next) => {
                let base = at.parent().unwrap_or(Path::new(""));
                at = base.join(next);
            }
            Err(_) => return new_file(&at).map(|_| at),
        }
    }
    Err(CliError::usage(anyhow!(
        "'{}': too many levels of symbolic links",
        link.display()
    )))
}

/// Refuses an output path that names the input file `input` (the same file, by device and
/// inode, however either is spelt): writing it would replace what was read, and a failed
/// run would leave neither. `flag` is how the command line names the output.
///
/// # Errors
/// Exit code 2 when both name one file.
pub fn not_the_input(out: &Path, input: &Path, flag: &str) -> Result<(), CliError> {
    use std::os::unix::fs::MetadataExt;
    if out.as_os_str() == "-" || input.as_os_str() == "-" {
        return Ok(());
    }
    if let (Ok(o), Ok(i)) = (fs::metadata(out), fs::metadata(input)) {
        if o.dev() == i.dev() && o.ino() == i.ino() {
            return Err(CliError::usage(anyhow!(
                "{flag} '{}' is the input file '{}': name another file for the output",
                out.display(),
                input.display()
            )));
        }
    }
    Ok(())
}
