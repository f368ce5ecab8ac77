//! Signals. A command that polls [`STOP`] calls [`install`]: the first Ctrl-C asks it to stop
//! taking work and report what it has; a second one, while the first is being honoured, ends
//! the process at once. Any other case (SIGTERM or SIGHUP, or Ctrl-C in a command that does
//! not poll [`STOP`]) ends the process at once with 128 + the signal's number: 130 for
//! SIGINT, 143 for SIGTERM, 129 for SIGHUP. Before it ends, every temporary file registered
//! with [`register_temp`] is removed and every exit hook runs (see [`install_for_solvers`]),
//! so an interrupted `encode -o`, `count --certify` or external solver leaves nothing
//! behind.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// Raised by the first Ctrl-C in a command that called [`install`]; backends hold clones.
pub static STOP: std::sync::LazyLock<zero_one_model::StopFlag> =
    std::sync::LazyLock::new(zero_one_model::StopFlag::new);

/// Whether the running command polls [`STOP`] (it called [`install`]).
static POLLED: AtomicBool = AtomicBool::new(false);

/// What to clean up when a signal ends the process.
struct Cleanup {
    /// Temporary files to remove.
    temps: Vec<PathBuf>,
    /// Functions to run first (ending child processes, say).
    hooks: Vec<fn()>,
}

static CLEANUP: Mutex<Cleanup> = Mutex::new(Cleanup {
    temps: Vec::new(),
    hooks: Vec::new(),
});

/// Installs the handler for a command that polls [`STOP`] (once; later calls do nothing).
pub fn install() {
    POLLED.store(true, Ordering::SeqCst);
    install_handler();
}

/// Installs the handler for a command that runs external solvers (which poll [`STOP`] and
/// stop at the first Ctrl-C of a command that called [`install`]): a signal that ends the
/// process first ends every solver's process group and removes its temporary files. A
/// command that does not call [`install`] ends at the first Ctrl-C, with 130.
pub fn install_for_solvers() {
    let mut cleanup = lock_cleanup();
    let hook: fn() = solver_pipe::kill_running;
    if !cleanup.hooks.contains(&hook) {
        cleanup.hooks.push(hook);
    }
    drop(cleanup);
    install_handler();
}

/// A registered temporary file: removed by the signal handler if a signal ends the process
/// while this value lives. Dropping it only unregisters the path (the owner renames or
/// removes the file itself).
#[derive(Debug)]
pub struct TempGuard {
    path: PathBuf,
}

/// Registers `path` for removal if a signal ends the process, installing the handler if no
/// command did (a command that does not poll [`STOP`] then ends at the first signal).
pub fn register_temp(path: &Path) -> TempGuard {
    install_handler();
    lock_cleanup().temps.push(path.to_path_buf());
    TempGuard {
        path: path.to_path_buf(),
    }
}

impl TempGuard {
    /// Renames the temporary file to `to` and unregisters it, under the registry's lock: a
    /// signal handled meanwhile either removes the file before the rename (which then never
    /// happens: the process ends first) or finds it already renamed and unregistered.
    ///
    /// # Errors
    /// The rename's failure (the file stays registered until this guard is dropped).
    pub fn rename_to(&self, to: &Path) -> std::io::Result<()> {
        let mut cleanup = lock_cleanup();
        std::fs::rename(&self.path, to)?;
        unregister(&mut cleanup.temps, &self.path);
        Ok(())
    }

    /// Runs `f` with no signal able to end the process meanwhile: a signal that comes during
    /// `f` ends it (removing the temporary file) once `f` returns. For a write that must not
    /// stop half-way (a copy into a file in place). `f` must not register or drop a
    /// [`TempGuard`] (it would wait forever for the registry).
    pub fn hold_signals<T>(&self, f: impl FnOnce() -> T) -> T {
        let _cleanup = lock_cleanup();
        f()
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        unregister(&mut lock_cleanup().temps, &self.path);
    }
}

fn unregister(temps: &mut Vec<PathBuf>, path: &Path) {
    if let Some(i) = temps.iter().rposition(|p| p == path) {
        temps.swap_remove(i);
    }
}

/// The registry, even if a thread panicked while holding it (lists of paths and functions
/// cannot be left inconsistent by a panic).
fn lock_cleanup() -> MutexGuard<'static, Cleanup> {
    CLEANUP.lock().unwrap_or_else(|e| e.into_inner())
}

fn install_handler() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Without a handler the signals keep their default action (the process ends); only
        // the cleanup is lost, which is no reason to refuse to run.
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let spawned = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    on_signal(signal);
                }
            });
        drop(spawned);
    });
}

fn on_signal(signal: i32) {
    if signal == SIGINT && POLLED.load(Ordering::SeqCst) && !STOP.swap(true, Ordering::SeqCst) {
        return;
    }
    // The lock is held until the process ends, so no registered file is renamed into place
    // (see `TempGuard::rename_to`) after this point.
    let cleanup = lock_cleanup();
    for hook in &cleanup.hooks {
        hook();
    }
    for path in &cleanup.temps {
        // A staged bundle is a directory (see `output::StagedDir`).
        if std::fs::remove_file(path).is_err() {
            let _ = std::fs::remove_dir_all(path);
        }
    }
    std::process::exit(128 + signal);
}
