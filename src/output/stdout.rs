//! Standard output that knows when it cannot be written. Rust's runtime reopens a closed
//! stdout on `/dev/null` before `main` (so `nqueens count 8 >&-` would "succeed" into
//! nothing); a probe that runs before the runtime notes whether fd 1 was closed, and every
//! write then fails. A reader that closed the pipe is told apart from every other failure
//! by [`ReaderGone`].

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether fd 1 was closed when the process started.
static CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Runs from `.init_array`, before Rust's runtime replaces a closed fd 1 with `/dev/null`.
/// `/proc/self/fd` lists the open descriptors; where it is missing nothing can be told and
/// stdout is taken as open.
#[cfg(target_os = "linux")]
extern "C" fn probe_stdout() {
    let fds = std::path::Path::new("/proc/self/fd");
    if fds.is_dir() && std::fs::symlink_metadata(fds.join("1")).is_err() {
        CLOSED_AT_START.store(true, Ordering::SeqCst);
    }
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static PROBE_STDOUT: extern "C" fn() = probe_stdout;

/// The mark of a broken pipe on an output we were asked to write: the reader chose to stop
/// (`nqueens encode 8 | head`), which is not an error. Any other broken pipe (a solver's
/// stdin, say) stays one.
#[derive(Debug)]
pub struct ReaderGone(io::Error);

impl fmt::Display for ReaderGone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the reader closed the output: {}", self.0)
    }
}

impl std::error::Error for ReaderGone {}

/// `e`, marked with [`ReaderGone`] when it is a broken pipe (the kind is kept).
pub fn mark_pipe(e: io::Error) -> io::Error {
    match e.kind() {
        io::ErrorKind::BrokenPipe => io::Error::new(io::ErrorKind::BrokenPipe, ReaderGone(e)),
        _ => e,
    }
}

/// `e` from stdout: a broken pipe marked, anything else said to be stdout's (kind kept).
fn stdout_error(e: io::Error) -> io::Error {
    match e.kind() {
        io::ErrorKind::BrokenPipe => mark_pipe(e),
        kind => io::Error::new(kind, format!("cannot write to stdout: {e}")),
    }
}

/// Whether `e` is a broken pipe marked by [`mark_pipe`].
pub fn is_reader_gone(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<ReaderGone>())
}

/// The process's stdout, locked, failing every write when fd 1 was closed at start.
pub struct Stdout {
    inner: io::StdoutLock<'static>,
}

impl Stdout {
    /// Locks stdout.
    pub fn lock() -> Stdout {
        Stdout {
            inner: io::stdout().lock(),
        }
    }

    fn check(&self) -> io::Result<()> {
        if CLOSED_AT_START.load(Ordering::Relaxed) {
            return Err(io::Error::other(
                "cannot write to stdout: it is closed (Bad file descriptor)",
            ));
        }
        Ok(())
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        self.inner.write(buf).map_err(stdout_error)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.check()?;
        self.inner.write_all(buf).map_err(stdout_error)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()?;
        self.inner.flush().map_err(stdout_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_marked_broken_pipe_is_the_readers_choice() {
        let pipe = || io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_reader_gone(&mark_pipe(pipe())));
        assert!(is_reader_gone(&stdout_error(pipe())));
        assert!(!is_reader_gone(&pipe()));
        let full = stdout_error(io::Error::from(io::ErrorKind::StorageFull));
        assert!(!is_reader_gone(&full));
        assert_eq!(full.kind(), io::ErrorKind::StorageFull);
        assert!(full.to_string().starts_with("cannot write to stdout: "));
    }
}
