//! Output paths that never hold half a result.
//!
//! - [`classify`] decides, before anything is written, what a path names: one of our open
//!   descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) to write through, a regular
//!   file (new or existing, symlinks followed) to replace atomically, or a device, FIFO or
//!   socket to write in place; paths that cannot name an output are refused.
//! - [`write_file`] writes through a temporary sibling that takes the old file's mode and
//!   owner and is renamed over the path only when the writer succeeded, so a failing encoder,
//!   a full disk or an interrupted run leaves the old file (or nothing) behind.
//! - [`StagedDir`] does the same for a directory of files.
//! - [`Stdout`] is standard output that fails every write when fd 1 was closed as the
//!   process started (Rust's runtime would quietly reopen it on `/dev/null`), marking a
//!   broken pipe as the reader's choice to stop ([`ReaderGone`]).
//! - Every temporary path is registered ([`temps`]) so a signal handler can remove them all
//!   before the process ends ([`temps::remove_all_and_hold`]): [`signals`] is that handler
//!   (Ctrl-C raises a stop flag, other signals end the process), and [`oom::ExitOnFailure`]
//!   an allocator that does the same when memory runs out.
//!
//! ```
//! use std::io::Write;
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("out.cnf");
//! atomic_output::write_file(&path, false, |w| writeln!(w, "p cnf 1 1\n1 0"))?;
//! // A writer that fails leaves the file as it was.
//! let failed = atomic_output::write_file(&path, false, |w| {
//!     writeln!(w, "p cnf 2 1")?;
//!     Err(std::io::Error::other("the encoder gave up"))
//! });
//! assert!(failed.is_err());
//! assert_eq!(std::fs::read_to_string(&path)?, "p cnf 1 1\n1 0\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Unix only (modes, owners, inodes).

mod descriptor;
mod error;
pub mod oom;
mod pipe;
mod replace;
pub mod signals;
mod staged;
mod stdout;
mod target;
pub mod temps;

pub use descriptor::names_descriptor;
pub use error::{OutputError, WriteFailure};
pub use pipe::{is_reader_gone, mark_pipe, ReaderGone};
pub use staged::StagedDir;
pub use stdout::Stdout;
pub use target::{classify, refuse_input, same_file, Target};

use pipe::PipeAware;
use std::error::Error;
use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Writes `write`'s output to `path` as [`classify`] decides: a descriptor of ours is written
/// through (so `/dev/stdout` redirected `>> log` appends to `log`); a regular file (or a new path)
/// is replaced atomically, keeping the old file's mode and owner (one with other hard links
/// is written completely first, then copied in place); a device, FIFO or socket is written
/// in place, a broken pipe marked as the reader's choice ([`is_reader_gone`]); a symlink's
/// target is written. `sync` (fsync) applies to regular files.
///
/// # Errors
/// What [`classify`] refuses; [`OutputError::Write`] when the writer fails or creating,
/// writing, syncing or renaming does.
pub fn write_file<E>(
    path: &Path,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<(), OutputError>
where
    E: Into<Box<dyn Error + Send + Sync>>,
{
    let write = |w: &mut dyn Write| write(w).map_err(|e| WriteFailure::Writer(e.into()));
    let result = match classify(path)? {
        Target::Descriptor(fd) => descriptor::write_descriptor(fd, write),
        Target::InPlace(path) => write_in_place(&path, write),
        Target::Replace { path, existing } => {
            replace::replace(&path, existing.as_ref(), sync, write)
        }
    };
    result.map_err(|source| OutputError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes to a device, FIFO or socket where it is (opening a FIFO waits for its reader).
fn write_in_place(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), WriteFailure>,
) -> Result<(), WriteFailure> {
    let file = OpenOptions::new().write(true).open(path)?;
    let mut w = BufWriter::with_capacity(1 << 20, PipeAware(&file));
    write(&mut w)?;
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests;
