//! Long calls from Python: the work runs on a thread of its own with the GIL released,
//! while the calling thread wakes every [`POLL`] to run Python's signal handlers. A Ctrl-C
//! (or any handler that raises) or the end of the `timeout` raises the library's one
//! [`StopFlag`], which every long call polls; the call then ends with the exception once
//! the work has stopped, so nothing keeps running behind Python's back.

use nqueens_kit::backends::StopFlag;
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often the calling thread looks for signals: well under the 100 ms a Ctrl-C may take.
pub(crate) const POLL: Duration = Duration::from_millis(20);

/// The deadline `timeout` seconds from now.
///
/// # Errors
/// `ValueError` for a negative or non-finite timeout.
pub(crate) fn deadline(timeout: Option<f64>) -> PyResult<Option<Instant>> {
    match timeout {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => {
            Ok(Some(Instant::now() + Duration::from_secs_f64(t)))
        }
        Some(t) => Err(PyValueError::new_err(format!(
            "timeout must be a non-negative number of seconds, not {t}"
        ))),
    }
}

/// Waits up to [`POLL`] on `rx` with the GIL released; hands the receiver back beside what
/// came (a `Receiver` cannot be shared with the thread that waits, only moved).
pub(crate) fn wait<T: Send>(
    py: Python<'_>,
    rx: Receiver<T>,
) -> (Receiver<T>, Result<T, RecvTimeoutError>) {
    py.detach(move || {
        let got = rx.recv_timeout(POLL);
        (rx, got)
    })
}

/// Why the caller should stop waiting, if it should: a pending signal's exception (Ctrl-C is
/// `KeyboardInterrupt`) or the deadline passed.
pub(crate) fn interruption(py: Python<'_>, deadline: Option<Instant>) -> Option<PyErr> {
    if let Err(e) = py.check_signals() {
        return Some(e);
    }
    match deadline {
        Some(d) if Instant::now() >= d => Some(PyTimeoutError::new_err(
            "the timeout passed before the call ended",
        )),
        _ => None,
    }
}

/// Runs `work` on a thread of its own, the GIL released, raising `stop` on Ctrl-C or at the
/// `deadline`; returns its value, or the exception that stopped it.
///
/// # Errors
/// `KeyboardInterrupt` (or another signal handler's exception), `TimeoutError`, or
/// `RuntimeError` if the work panicked.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &StopFlag,
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, mut rx) = sync_channel(1);
        scope.spawn(move || {
            // The receiver is gone only when the caller stopped waiting.
            let _ = tx.send(work());
        });
        let mut stopped_by: Option<PyErr> = None;
        loop {
            let (back, got) = wait(py, rx);
            rx = back;
            match got {
                Ok(value) => return stopped_by.map_or(Ok(value), Err),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(stopped_by.unwrap_or_else(|| {
                        PyRuntimeError::new_err("the toolkit panicked (a bug: please report it)")
                    }))
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if stopped_by.is_none() {
                stopped_by = interruption(py, deadline);
                if stopped_by.is_some() {
                    stop.raise();
                }
            }
        }
    })
}

/// An error's message with its causes on one line, as the command line says it.
pub(crate) fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    nqueens_kit::model::one_line(e)
}
