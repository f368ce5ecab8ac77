//! Private temporary files (mode 0600, created exclusively) removed when dropped, so no run
//! leaves files behind, whatever the solver does. Live files are also registered, so that
//! [`remove_all`] can delete them when the process exits without unwinding (a second
//! Ctrl-C), where no `Drop` runs.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// The temporary files alive now, and whether [`remove_all`] has been called.
struct Live {
    paths: BTreeSet<PathBuf>,
    closed: bool,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    paths: BTreeSet::new(),
    closed: false,
});

fn live() -> MutexGuard<'static, Live> {
    // The set stays valid whatever panicked while holding it.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Deletes every temporary file still alive; creating one afterwards fails, as the process
/// is about to exit.
pub(crate) fn remove_all() {
    let mut live = live();
    live.closed = true;
    for path in &live.paths {
        let _ = std::fs::remove_file(path);
    }
}

/// A temporary file that is deleted on drop.
pub struct TempFile {
    path: PathBuf,
}

impl TempFile {
    /// Creates a new empty private file with `suffix`, and returns it open for writing.
    ///
    /// # Errors
    /// What creating it said; [`std::io::ErrorKind::Interrupted`] after [`remove_all`].
    pub fn create(suffix: &str) -> std::io::Result<(TempFile, File)> {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        loop {
            let name = format!(
                "nqueens-{}-{}-{nanos}{suffix}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            );
            let path = std::env::temp_dir().join(name);
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            // Created and registered under the lock, so remove_all never misses it.
            let mut registry = live();
            if registry.closed {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "the process is shutting down",
                ));
            }
            match options.open(&path) {
                Ok(file) => {
                    registry.paths.insert(path.clone());
                    return Ok((TempFile { path }, file));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
        live().paths.remove(&self.path);
    }
}
