//! A broken pipe on an output we were asked to write is the reader's choice to stop
//! (`nqueens encode 8 | head`), not an error; any other broken pipe (a solver's stdin, say)
//! stays one. [`mark_pipe`] marks the first kind so a caller can tell them apart.

use std::fmt;
use std::io;

/// The mark of a broken pipe on an output: the reader closed it.
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

/// Whether `e` is a broken pipe marked by [`mark_pipe`].
pub fn is_reader_gone(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<ReaderGone>())
}

/// A writer whose broken pipe is marked (a FIFO's reader may stop early, as a pipe's may).
pub(crate) struct PipeAware<W>(pub W);

impl<W: io::Write> io::Write for PipeAware<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(mark_pipe)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(mark_pipe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_marked_broken_pipe_is_the_readers_choice() {
        let pipe = || io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_reader_gone(&mark_pipe(pipe())));
        assert_eq!(mark_pipe(pipe()).kind(), io::ErrorKind::BrokenPipe);
        assert!(!is_reader_gone(&pipe()));
        assert!(!is_reader_gone(&mark_pipe(io::Error::other("full"))));
    }
}
