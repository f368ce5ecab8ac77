//! Signals. A command that polls [`STOP`] calls [`install`]: the first Ctrl-C asks it to stop
//! taking work and report what it has; a second one, while the first is being honoured, ends
//! the process at once. Any other case (SIGTERM or SIGHUP, or Ctrl-C in a command that does
//! not poll [`STOP`]) ends the process at once with 128 + the signal's number: 130 for
//! SIGINT, 143 for SIGTERM, 129 for SIGHUP, and one line on stderr says so (`nqueens:
//! interrupted by ...`). Before it ends, every exit hook runs (see
//! [`install_for_solvers`]) and every temporary file or directory of an output being written
//! is removed ([`atomic_output::temps`]), so an interrupted `encode -o`, `count --certify` or
//! external solver leaves nothing behind.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// Raised by the first Ctrl-C in a command that called [`install`]; every library call is
/// handed a clone ([`flag`]), on whatever thread it runs.
pub static STOP: std::sync::LazyLock<zero_one_model::StopFlag> =
    std::sync::LazyLock::new(zero_one_model::StopFlag::new);

/// A clone of [`STOP`], the one flag the signal handler raises, to hand to a library call.
pub fn flag() -> zero_one_model::StopFlag {
    STOP.clone()
}

/// Whether the running command polls [`STOP`] (it called [`install`]).
static POLLED: AtomicBool = AtomicBool::new(false);

/// What to run when a signal ends the process (ending child processes, say), before the
/// temporary outputs are removed.
static HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// The JSON line a signal that ends the process prints on stdout while a command asked for
/// `--json` reads its input ([`reading`]).
static JSON_LINE: Mutex<Option<String>> = Mutex::new(None);

/// Held while a command reads its input, before it polls [`STOP`]: a signal then ends the
/// process (a read may block for ever on a pipe or FIFO), with its one line on stderr and,
/// with `json`, an [`Interrupted`](crate::output::Interrupted) line on stdout, so that a
/// harness reading JSON learns why nothing came. Dropped once the input is read.
#[must_use = "the guard says what a signal prints only while it is held"]
pub struct Reading;

impl Drop for Reading {
    fn drop(&mut self) {
        *lock(&JSON_LINE) = None;
    }
}

/// Installs the handler and holds, while the input `about` is read, what a signal says of it
/// (see [`Reading`]).
pub fn reading(about: &str, json: bool) -> Reading {
    if json {
        let line = crate::output::Interrupted {
            about,
            interrupted: true,
            message: "interrupted while reading the input; nothing was done",
        };
        *lock(&JSON_LINE) = serde_json::to_string(&line).ok();
    }
    install_handler();
    Reading
}

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
    let mut hooks = lock_hooks();
    let hook: fn() = solver_pipe::kill_running;
    if !hooks.contains(&hook) {
        hooks.push(hook);
    }
    drop(hooks);
    install_handler();
}

/// Installs the handler before an output file or directory is written, if no command did
/// (a command that does not poll [`STOP`] then ends at the first signal), so that its
/// temporary copy is removed when a signal ends the process.
pub fn guard_temps() {
    install_handler();
}

/// The hooks, even if a thread panicked while holding them (a list of functions cannot be
/// left inconsistent by a panic).
fn lock_hooks() -> MutexGuard<'static, Vec<fn()>> {
    lock(&HOOKS)
}

/// `mutex`'s value, even if a thread panicked while holding it (none of these values can be
/// left inconsistent by a panic).
fn lock<T>(mutex: &'static Mutex<T>) -> MutexGuard<'static, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
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
    if signal == SIGINT && POLLED.load(Ordering::SeqCst) && STOP.raise() {
        return;
    }
    // One line says why the process ends (the exit code alone is easy to miss); the
    // temporary outputs removed below leave nothing half-written.
    let name = match signal {
        SIGINT => "Ctrl-C (SIGINT)",
        SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    };
    if let Some(line) = lock(&JSON_LINE).take() {
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    }
    eprintln!(
        "nqueens: interrupted by {name} before finishing; no output file was left half-written"
    );
    for hook in lock_hooks().iter() {
        hook();
    }
    // The registry stays locked until the process ends, so no temporary output is renamed
    // into place after this point.
    let _held = atomic_output::temps::remove_all_and_hold();
    std::process::exit(128 + signal);
}
