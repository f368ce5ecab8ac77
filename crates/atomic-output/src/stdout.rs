//! Standard output that knows when it cannot be written. Rust's runtime reopens a closed
//! stdout on `/dev/null` before `main` (so `nqueens count 8 >&-` would "succeed" into
//! nothing); a probe that runs before the runtime notes whether fd 1 was closed, and every
//! write then fails. A reader that closed the pipe is told apart from every other failure
//! by [`ReaderGone`](crate::ReaderGone).

use crate::mark_pipe;
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

// SAFETY: `.init_array` entries run once, before `main`, on the loader's thread: the probe
// only reads /proc and stores an atomic, so it needs nothing the runtime sets up later.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static PROBE_STDOUT: extern "C" fn() = probe_stdout;

/// `e` from stdout: a broken pipe marked, anything else said to be stdout's (kind kept).
fn stdout_error(e: io::Error) -> io::Error {
    match e.kind() {
        io::ErrorKind::BrokenPipe => mark_pipe(e),
        kind => io::Error::new(kind, format!("cannot write to stdout: {e}")),
    }
}

/// The process's stdout, locked, failing every write when fd 1 was closed at start.
pub struct Stdout {
    inner: io::StdoutLock<'static>,
}

impl Stdout {
    /// Locks stdout (wrap it in a `BufWriter` for many small writes).
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
    use crate::is_reader_gone;

    #[test]
    fn stdout_marks_a_broken_pipe_and_names_itself_in_other_errors() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_reader_gone(&stdout_error(pipe)));
        let full = stdout_error(io::Error::from(io::ErrorKind::StorageFull));
        assert!(!is_reader_gone(&full));
        assert_eq!(full.kind(), io::ErrorKind::StorageFull);
        assert!(full.to_string().starts_with("cannot write to stdout: "));
    }
}
