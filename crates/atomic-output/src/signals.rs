//! Ctrl-C, SIGTERM and SIGHUP for a command-line program that writes outputs through this
//! crate. A command that polls the stop flag ([`stop_flag`]) calls [`install`]: the first
//! Ctrl-C raises the flag, so the work stops taking more and reports what it has; a second
//! one, while the first is being honoured, ends the process at once. Any other case (SIGTERM
//! or SIGHUP, or Ctrl-C in a command that does not poll the flag) ends the process at once
//! with 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), with one
//! line on stderr saying so. Before it ends, every exit hook runs ([`on_exit`]) and every
//! temporary file or directory of an output being written is removed ([`crate::temps`]), so
//! that nothing is left half-written.
//!
//! Signals belong to the process, so this state does too: one flag, one handler thread.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard, Once, OnceLock};
use toolkit_base::StopFlag;

/// The flag the first Ctrl-C raises in a command that called [`install`].
static STOP: LazyLock<StopFlag> = LazyLock::new(StopFlag::new);

/// Whether the running command polls [`STOP`] (it called [`install`]).
static POLLED: AtomicBool = AtomicBool::new(false);

/// What to run when a signal ends the process, before the temporary outputs are removed.
static HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// The line a signal that ends the process prints on stdout while [`Reading`] is held.
static STDOUT_LINE: Mutex<Option<String>> = Mutex::new(None);

/// The program's name, which starts every line said on stderr.
static PROGRAM: OnceLock<&'static str> = OnceLock::new();

/// A clone of the flag the first Ctrl-C raises once [`install`] was called: hand it to every
/// long library call, on whatever thread it runs.
pub fn stop_flag() -> StopFlag {
    STOP.clone()
}

/// Names the program in the line a signal prints (`PROGRAM: interrupted by ...`); the
/// first call counts.
pub fn set_program(name: &'static str) {
    let _ = PROGRAM.set(name);
}

/// Installs the handler for a command that polls [`stop_flag`] (once; later calls do
/// nothing more). A command that polls has read its input: a [`Reading`] line is dropped.
pub fn install() {
    POLLED.store(true, Ordering::SeqCst);
    *lock(&STDOUT_LINE) = None;
    install_handler();
}

/// Installs the handler, if no command did, so that the temporary outputs are removed when
/// a signal ends the process (a command that does not poll the flag ends at the first one).
pub fn guard_temps() {
    install_handler();
}

/// Runs `hook` (ending child processes, say) when a signal ends the process, before the
/// temporary outputs are removed; installs the handler.
pub fn on_exit(hook: fn()) {
    let mut hooks = lock(&HOOKS);
    if !hooks.contains(&hook) {
        hooks.push(hook);
    }
    drop(hooks);
    install_handler();
}

/// Held while a command reads its input, before it polls the flag: a signal then ends the
/// process (a read may block for ever on a pipe or FIFO), printing `line` (if any) on
/// stdout first, so that a reader of the command's output learns why nothing came. The
/// line is dropped with the guard.
#[must_use = "the line is printed only while the guard is held"]
pub struct Reading;

impl Reading {
    /// Installs the handler and holds `line` until the guard is dropped.
    pub fn new(line: Option<String>) -> Reading {
        *lock(&STDOUT_LINE) = line;
        install_handler();
        Reading
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        *lock(&STDOUT_LINE) = None;
    }
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

/// The line saying why the process ends (the exit code alone is easy to miss).
fn ending_line(signal: i32) -> String {
    let name = match signal {
        SIGINT => "Ctrl-C (SIGINT)",
        SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    };
    let program = PROGRAM.get().copied().unwrap_or("error");
    format!(
        "{program}: interrupted by {name} before finishing; no output file was left half-written"
    )
}

fn on_signal(signal: i32) {
    use std::io::Write as _;
    if signal == SIGINT && POLLED.load(Ordering::SeqCst) && STOP.raise() {
        return;
    }
    if let Some(line) = lock(&STDOUT_LINE).take() {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    }
    let _ = writeln!(std::io::stderr(), "{}", ending_line(signal));
    for hook in lock(&HOOKS).iter() {
        hook();
    }
    // The registry stays locked until the process ends, so no temporary output is renamed
    // into place after this point.
    let _held = crate::temps::remove_all_and_hold();
    std::process::exit(128 + signal);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_signal_and_says_nothing_is_half_written() {
        set_program("prog");
        assert_eq!(
            ending_line(SIGTERM),
            "prog: interrupted by SIGTERM before finishing; no output file was left half-written"
        );
        assert!(ending_line(SIGINT).contains("Ctrl-C (SIGINT)"));
        assert!(ending_line(SIGHUP).contains("SIGHUP"));
    }

    #[test]
    fn a_reading_guard_holds_its_line_only_while_it_lives() {
        let guard = Reading::new(Some("{\"interrupted\":true}".into()));
        assert!(lock(&STDOUT_LINE).is_some());
        drop(guard);
        assert!(lock(&STDOUT_LINE).is_none());
    }
}
