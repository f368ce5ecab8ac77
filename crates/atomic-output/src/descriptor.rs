//! Paths that name one of this process's open descriptors: `/dev/stdout`, `/dev/stderr`,
//! `/dev/fd/N`, `/proc/self/fd/N`, `/proc/<our pid>/fd/N` (and a thread's `task/<tid>/fd/N`),
//! or any chain of symlinks ending at one. Such a path is written through a duplicate of the
//! descriptor, never replaced: when stdout is redirected to a regular file
//! (`nqueens ... -o /dev/stdout >> log`) the path resolves to `log`, and renaming a
//! temporary file over it would destroy what the shell opened, its offset and its append
//! mode. Written through the descriptor, the output goes where `-o -` would put it.

use crate::pipe::PipeAware;
use crate::{OutputError, Stdout, WriteFailure};
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::os::fd::{BorrowedFd, RawFd};
use std::path::{Component, Path};

/// Symlinks followed while looking for a descriptor (Linux's own limit).
const MAX_LINKS: usize = 40;

/// The descriptor of ours that `path` names, if it names one, following symlinks.
///
/// # Errors
/// [`OutputError::ClosedDescriptor`] when the path names a descriptor that is not open.
pub(crate) fn own_descriptor(path: &Path) -> Result<Option<RawFd>, OutputError> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Some(fd) = descriptor_entry(&at) {
            // The entry is a (magic) link while the descriptor is open.
            if fs::symlink_metadata(&at).is_err() {
                return Err(OutputError::ClosedDescriptor {
                    path: path.to_path_buf(),
                    fd,
                });
            }
            return Ok(Some(fd));
        }
        match fs::read_link(&at) {
            Ok(next) => at = at.parent().unwrap_or(Path::new("")).join(next),
            // Not a link: the chain ends at something that is no descriptor of ours.
            Err(_) => return Ok(None),
        }
    }
    // A loop, which classify refuses as one.
    Ok(None)
}

/// The descriptor of this process that `path` names (`/dev/stdout`, `/dev/fd/N`,
/// `/proc/self/fd/N`, a symlink to one), open or not; `None` for any other path. A file that
/// must be read back and rewritten (a checkpoint) cannot be one: through `/dev/stdout`
/// redirected `>> log` it would be `log`, reopened.
///
/// ```
/// use std::path::Path;
/// assert_eq!(atomic_output::names_descriptor(Path::new("/dev/stdout")), Some(1));
/// assert_eq!(atomic_output::names_descriptor(Path::new("/tmp/out.cnf")), None);
/// ```
pub fn names_descriptor(path: &Path) -> Option<RawFd> {
    match own_descriptor(path) {
        Ok(fd) => fd,
        Err(OutputError::ClosedDescriptor { fd, .. }) => Some(fd),
        Err(_) => None,
    }
}

/// `Some(N)` when `at` is `N` in one of our descriptor directories (however its directory
/// is spelt: `/dev/fd`, `/proc/self/fd`, `/proc/thread-self/fd` all resolve to one).
fn descriptor_entry(at: &Path) -> Option<RawFd> {
    let fd: RawFd = at.file_name()?.to_str()?.parse().ok()?;
    let dir = fs::canonicalize(at.parent()?).ok()?;
    is_own_fd_dir(&dir).then_some(fd)
}

/// Whether `dir` (a canonical path) is `/proc/<our pid>/fd` or `/proc/<our pid>/task/<tid>/fd`
/// (threads share the descriptor table).
fn is_own_fd_dir(dir: &Path) -> bool {
    let pid = std::process::id().to_string();
    let names: Vec<_> = dir
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => n.to_str(),
            _ => None,
        })
        .collect();
    match names.as_slice() {
        ["proc", p, "fd"] => *p == pid,
        ["proc", p, "task", _, "fd"] => *p == pid,
        _ => false,
    }
}

/// Writes `write`'s output through descriptor `fd`, where the shell's redirection put it:
/// fd 1 as [`Stdout`] (which knows when it was closed at start), any other through a
/// duplicate. A broken pipe is marked as the reader's choice to stop.
#[allow(unsafe_code)]
pub(crate) fn write_descriptor(
    fd: RawFd,
    write: impl FnOnce(&mut dyn Write) -> Result<(), WriteFailure>,
) -> Result<(), WriteFailure> {
    if fd == 1 {
        let mut w = BufWriter::with_capacity(1 << 20, Stdout::lock());
        write(&mut w)?;
        w.flush()?;
        return Ok(());
    }
    // SAFETY: `fd` was seen open in /proc by `own_descriptor`, and the borrow lasts only
    // for the duplication; had it been closed meanwhile, the dup fails with EBADF.
    let file = File::from(unsafe { BorrowedFd::borrow_raw(fd) }.try_clone_to_owned()?);
    let mut w = BufWriter::with_capacity(1 << 20, PipeAware(&file));
    write(&mut w)?;
    w.flush()?;
    Ok(())
}
