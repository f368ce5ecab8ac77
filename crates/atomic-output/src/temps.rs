//! The registry of temporary paths (files and staged directories) that exist only until
//! they are renamed into place. A signal handler that ends the process calls
//! [`remove_all_and_hold`] so that an interrupted write leaves nothing behind; the registry's
//! lock makes that removal and a rename into place exclusive.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A registered temporary path: [`remove_all_and_hold`] removes it while this value lives.
/// Dropping it only unregisters the path (the owner renames or removes it itself).
#[derive(Debug)]
pub struct TempGuard {
    path: PathBuf,
}

/// Registers `path` (before it exists) for removal by [`remove_all_and_hold`].
pub fn register(path: &Path) -> TempGuard {
    lock().push(path.to_path_buf());
    TempGuard {
        path: path.to_path_buf(),
    }
}

impl TempGuard {
    /// Renames the temporary path to `to` and unregisters it, under the registry's lock: a
    /// signal handled meanwhile either removes it before the rename (which then never
    /// happens: the handler holds the lock until the process ends) or finds it already
    /// renamed and unregistered.
    ///
    /// # Errors
    /// The rename's failure (the path stays registered until this guard is dropped).
    pub fn rename_to(&self, to: &Path) -> std::io::Result<()> {
        let mut temps = lock();
        std::fs::rename(&self.path, to)?;
        unregister(&mut temps, &self.path);
        Ok(())
    }

    /// Runs `f` while no [`remove_all_and_hold`] can run: for a write that must not stop
    /// half-way (a copy into a file in place). `f` must not register or drop a [`TempGuard`]
    /// (it would wait forever for the registry).
    pub fn hold_signals<T>(&self, f: impl FnOnce() -> T) -> T {
        let _temps = lock();
        f()
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        unregister(&mut lock(), &self.path);
    }
}

fn unregister(temps: &mut Vec<PathBuf>, path: &Path) {
    if let Some(i) = temps.iter().rposition(|p| p == path) {
        temps.swap_remove(i);
    }
}

/// The registry, even if a thread panicked while holding it (a list of paths cannot be left
/// inconsistent by a panic).
fn lock() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every registered temporary file or directory for a process about to end where
/// waiting for the registry could deadlock (an allocation that failed while this thread
/// held it): the lock is tried for up to about a second, and when it is had it stays held
/// until the process ends, as [`remove_all_and_hold`]'s is. Nothing is allocated for paths
/// shorter than a few hundred bytes. `false` when the registry could not be had.
pub fn remove_all_now() -> bool {
    for _ in 0..100 {
        let temps = match TEMPS.try_lock() {
            Ok(t) => t,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                std::thread::sleep(std::time::Duration::from_millis(10));
                continue;
            }
        };
        remove(&temps);
        std::mem::forget(temps);
        return true;
    }
    false
}

fn remove(temps: &[PathBuf]) {
    for path in temps {
        if std::fs::remove_file(path).is_err() {
            let _ = std::fs::remove_dir_all(path);
        }
    }
}

/// Removes every registered temporary file or directory and returns the registry's lock,
/// which the caller (a signal handler about to end the process) holds until it exits, so no
/// registered path is renamed into place after this.
pub fn remove_all_and_hold() -> MutexGuard<'static, Vec<PathBuf>> {
    let temps = lock();
    remove(&temps);
    temps
}
