//! Replacing a regular file atomically: the data goes to a temporary file in the same
//! directory, which takes the old file's mode (and owner, where the system allows) and is
//! renamed over the path only when complete. The temporary file is removed on any failure,
//! and by [`crate::temps::remove_all_and_hold`] (a signal handler's call) meanwhile.
//!
//! A file with other hard links is the exception: a rename would give this name a new file
//! and leave the other names on the old content. So it is still written completely to the
//! temporary file first (a failing writer leaves it untouched), then copied into the file in
//! place (truncate, write, fsync), which keeps every link. That copy is not atomic: a reader
//! may see it half-written, and a crash, a full disk or `kill -9` during it leaves it
//! incomplete (a signal handler calling `remove_all_and_hold` waits until the copy is done).

use crate::temps::{self, TempGuard};
use crate::WriteFailure;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Seek, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Names tried for a temporary sibling before giving up (a stale one from a killed process
/// with the same id takes the first).
const TEMP_NAMES: usize = 100;

/// The most bytes of a target's name its temporary sibling's name repeats.
const TEMP_STEM: usize = 160;

/// Writes `write`'s output to `path` (a regular file or none yet, symlinks resolved) through
/// a temporary file; `existing` is the file there now. With `sync` the data, and then the
/// rename, reach the disk before this returns.
///
/// # Errors
/// The writer's error or failures creating, writing, syncing or renaming (then nothing at
/// `path` has changed), or copying into a hard-linked file in place (then it may be
/// incomplete: [`WriteFailure::InPlaceCopy`]).
pub(crate) fn replace(
    path: &Path,
    existing: Option<&Metadata>,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<(), WriteFailure>,
) -> Result<(), WriteFailure> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| WriteFailure::NotAFileName(path.to_path_buf()))?;
    let mode = existing.map_or(0o666, |m| m.mode() & 0o7777);
    let (file, guard, tmp) =
        create_temp(&dir, &name.to_string_lossy(), mode).map_err(|source| {
            WriteFailure::Temporary {
                dir: dir.clone(),
                source,
            }
        })?;
    let hard_linked = existing.is_some_and(|m| m.nlink() > 1);
    // Removes the temporary file however this ends: an error, or a panic in `write`.
    let mut leftover = RemoveOnDrop(Some(tmp.clone()));
    let result = (|| -> Result<(), WriteFailure> {
        if let Some(m) = existing {
            keep_owner_and_mode(&file, m)?;
        }
        let mut w = BufWriter::with_capacity(1 << 20, &file);
        write(&mut w)?;
        w.flush()?;
        drop(w);
        if hard_linked {
            return guard.hold_signals(|| copy_in_place(&file, path));
        }
        if sync {
            file.sync_all()?;
        }
        guard.rename_to(path)?;
        if sync {
            // The rename is durable only once the directory is.
            File::open(&dir)?.sync_all()?;
        }
        Ok(())
    })();
    if result.is_ok() && !hard_linked {
        // Renamed into place: nothing is left over.
        leftover.0 = None;
    }
    drop(leftover);
    drop(guard);
    result
}

/// A path removed when this is dropped (also while unwinding from a panic), unless taken.
struct RemoveOnDrop(Option<PathBuf>);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = fs::remove_file(path);
        }
    }
}

/// Creates `.NAME.partial-PID[-i].tmp` in `dir` with `mode`, registered before it exists.
fn create_temp(dir: &Path, name: &str, mode: u32) -> io::Result<(File, TempGuard, PathBuf)> {
    create_unique(dir, name, |tmp| {
        // Readable too, for a copy into a hard-linked file (whatever `mode` says).
        OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(tmp)
    })
}

/// Makes `.NAME.partial-PID[-i].tmp` in `dir` with `make` (a file or a directory), which
/// must fail with `AlreadyExists` when the path is taken; the path is registered (see
/// [`temps::register`]) before it exists.
pub(crate) fn create_unique<T>(
    dir: &Path,
    name: &str,
    make: impl Fn(&Path) -> io::Result<T>,
) -> io::Result<(T, TempGuard, PathBuf)> {
    let pid = std::process::id();
    // A name may take 255 bytes, and the temporary one adds about 30: keep at most
    // `TEMP_STEM` bytes of it (whole characters), so a legal target always has a legal
    // temporary sibling. Two targets sharing that prefix differ by the suffix below.
    let mut end = name.len().min(TEMP_STEM);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    let name = &name[..end];
    let mut last = None;
    for i in 0..TEMP_NAMES {
        let suffix = if i == 0 {
            String::new()
        } else {
            format!("-{i}")
        };
        let tmp = dir.join(format!(".{name}.partial-{pid}{suffix}.tmp"));
        let guard = temps::register(&tmp);
        match make(&tmp) {
            Ok(made) => return Ok((made, guard, tmp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::from(io::ErrorKind::AlreadyExists)))
}

/// Copies the complete temporary file `tmp` into the file at `path`, in place: truncated,
/// written and synced, so every hard link to it sees the new content.
fn copy_in_place(mut tmp: &File, path: &Path) -> Result<(), WriteFailure> {
    let mut to = OpenOptions::new().write(true).open(path)?;
    tmp.seek(io::SeekFrom::Start(0))?;
    let copied = (|| {
        to.set_len(0)?;
        io::copy(&mut tmp, &mut to)?;
        to.sync_all()
    })();
    copied.map_err(WriteFailure::InPlaceCopy)
}

/// Gives `file` the owner (where allowed) and the exact mode of `old`: the umask applied at
/// creation must not widen or narrow what the user had.
fn keep_owner_and_mode(file: &File, old: &Metadata) -> io::Result<()> {
    if std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
        // Not root: we may still give it the old group, if we are in it.
        let _ = std::os::unix::fs::fchown(file, None, Some(old.gid()));
    }
    // After chown, which may clear set-id bits.
    file.set_permissions(fs::Permissions::from_mode(old.mode() & 0o7777))
}
