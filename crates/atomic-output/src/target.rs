//! What an output path names, decided before anything is written: one of our open
//! descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: written through it, wherever
//! it leads), something to write in place (a device, FIFO or socket), or a regular file (new
//! or existing) to replace atomically. A symlink is followed: its target is what gets
//! written, and the link stays a link. (Standard output is the caller's: `-` is not a path
//! here, but `/dev/stdout` is, and is written as `-` would be.)

use crate::descriptor::own_descriptor;
use crate::OutputError;
use std::fs::{self, Metadata, OpenOptions};
use std::io;
use std::os::fd::RawFd;
use std::path::{Path, PathBuf};

/// Symlinks followed before a path is refused as a loop (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Where an output path leads.
#[derive(Debug)]
#[non_exhaustive]
pub enum Target {
    /// One of this process's open descriptors, named by a path (`/dev/stdout`, `/dev/fd/N`,
    /// `/proc/self/fd/N`, or a symlink to one): written through a duplicate of it, so a
    /// redirection keeps its file, offset and append mode (never renamed over, even when
    /// it leads to a regular file).
    Descriptor(RawFd),
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
/// A path that cannot name an output file (empty, a directory, a symlink loop:
/// [`OutputError::is_usage`]); a descriptor of ours that is not open, a read-only file (it is
/// left as it is), or a path the system will not let us look at.
pub fn classify(path: &Path) -> Result<Target, OutputError> {
    if path.as_os_str().is_empty() {
        return Err(OutputError::EmptyPath);
    }
    if let Some(fd) = own_descriptor(path)? {
        return Ok(Target::Descriptor(fd));
    }
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(OutputError::IsDirectory(path.to_path_buf())),
        Ok(m) if m.is_file() => {
            let real = fs::canonicalize(path).map_err(|error| OutputError::Resolve {
                path: path.to_path_buf(),
                error,
            })?;
            refuse_read_only(&real, &m, path)?;
            Ok(Target::Replace {
                path: real,
                existing: Some(m),
            })
        }
        Ok(_) => Ok(Target::InPlace(path.to_path_buf())),
        Err(error) => {
            let dangling = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            if dangling {
                return Ok(Target::Replace {
                    path: final_target(path)?,
                    existing: None,
                });
            }
            if error.kind() != io::ErrorKind::NotFound {
                return Err(OutputError::Inspect {
                    path: path.to_path_buf(),
                    error,
                });
            }
            new_file(path)
        }
    }
}

/// A path where no file exists yet; it must name a file, not a directory.
fn new_file(path: &Path) -> Result<Target, OutputError> {
    let names_dir = path.as_os_str().to_string_lossy().ends_with('/') || path.file_name().is_none();
    if names_dir {
        return Err(OutputError::NamesDirectory(path.to_path_buf()));
    }
    Ok(Target::Replace {
        path: path.to_path_buf(),
        existing: None,
    })
}

/// Refuses a file that has no write permission for anyone, or that we may not open for
/// writing: replacing it by a rename would get round the permission it carries.
fn refuse_read_only(real: &Path, m: &Metadata, shown: &Path) -> Result<(), OutputError> {
    let denied = m.permissions().readonly()
        || matches!(
            OpenOptions::new().write(true).open(real),
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied
        );
    if denied {
        return Err(OutputError::ReadOnly(shown.to_path_buf()));
    }
    Ok(())
}

/// The path a chain of symlinks ends at, when that path does not exist yet.
fn final_target(link: &Path) -> Result<PathBuf, OutputError> {
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
    Err(OutputError::SymlinkLoop(link.to_path_buf()))
}

/// Refuses an `output` path that names the `input` file, however either is spelt (`-`, the
/// standard streams, names no file).
///
/// # Errors
/// [`OutputError::IsTheInput`] when both name one existing file.
pub fn refuse_input(output: &Path, input: &Path) -> Result<(), OutputError> {
    if output.as_os_str() != "-" && input.as_os_str() != "-" && same_file(output, input) {
        return Err(OutputError::IsTheInput {
            output: output.to_path_buf(),
            input: input.to_path_buf(),
        });
    }
    Ok(())
}

/// Whether `a` and `b` name one existing file (by device and inode, however either is
/// spelt): an output that is the input would replace what was read.
pub fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}
