//! Reading a solver's answer with a bound. A model line needs a few bytes a variable, so
//! the bound is [`output_limit`]: 64 MiB plus 32 bytes for every variable of the formula,
//! room for any honest answer (a model of a million variables is under 20 MB) and for
//! pages of statistics. A solver that writes more is refused as soon as it passes the bound;
//! the rest is never read, so a runaway solver costs at most the bound in memory.

use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

/// The fixed part of [`output_limit`]: 64 MiB.
pub const OUTPUT_LIMIT_BASE: u64 = 64 << 20;

/// Bytes allowed per variable on top of [`OUTPUT_LIMIT_BASE`]: a literal of up to ten
/// digits, its sign and a space, with room for `v ` prefixes and line breaks.
pub const OUTPUT_LIMIT_PER_VAR: u64 = 32;

/// The most a solver may write, answer and comments, for a formula with `num_vars`
/// variables: `64 MiB + 32 bytes × num_vars`.
///
/// ```
/// assert_eq!(solver_pipe::output_limit(0), 64 << 20);
/// assert_eq!(solver_pipe::output_limit(1000), (64 << 20) + 32_000);
/// ```
pub fn output_limit(num_vars: usize) -> u64 {
    OUTPUT_LIMIT_BASE.saturating_add(OUTPUT_LIMIT_PER_VAR.saturating_mul(num_vars as u64))
}

/// How reading a stream or file ended.
pub(crate) enum Outcome {
    /// All of it, within the bound.
    Text(Vec<u8>),
    /// More than the bound; reading stopped there.
    TooLarge,
    /// Reading failed.
    Failed(io::Error),
}

/// Reads `source` to its end, keeping at most `limit` bytes.
fn read_bounded(source: impl Read, limit: u64) -> Outcome {
    let mut text = Vec::new();
    match source.take(limit.saturating_add(1)).read_to_end(&mut text) {
        Err(e) => Outcome::Failed(e),
        Ok(_) if text.len() as u64 > limit => Outcome::TooLarge,
        Ok(_) => Outcome::Text(text),
    }
}

/// Reads the file at `path` with the bound `limit` (a result file written by the solver).
pub(crate) fn read_file(path: &Path, limit: u64) -> Outcome {
    match std::fs::File::open(path) {
        Ok(file) => read_bounded(file, limit),
        Err(e) => Outcome::Failed(e),
    }
}

/// A solver's standard output, read on its own thread so that a chatty solver never blocks
/// on a full pipe while we wait for it.
pub(crate) struct Reader {
    rx: Receiver<Outcome>,
    done: Option<Outcome>,
}

impl Reader {
    /// Starts reading `pipe`: kept up to `limit` bytes when `keep`, else drained and
    /// dropped (the answer then comes from a result file).
    ///
    /// # Errors
    /// When no thread can be started.
    pub(crate) fn spawn(
        mut pipe: impl Read + Send + 'static,
        limit: u64,
        keep: bool,
    ) -> io::Result<Reader> {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("solver-output".into())
            .spawn(move || {
                let outcome = if keep {
                    read_bounded(&mut pipe, limit)
                } else {
                    match io::copy(&mut pipe, &mut io::sink()) {
                        Ok(_) => Outcome::Text(Vec::new()),
                        Err(e) => Outcome::Failed(e),
                    }
                };
                // Report before closing the pipe: a solver killed by SIGPIPE once we stop
                // reading must be seen as too chatty, not as crashed.
                let _ = tx.send(outcome);
                drop(pipe);
            })?;
        Ok(Reader { rx, done: None })
    }

    /// Whether reading has stopped because the output passed the bound.
    pub(crate) fn too_large(&mut self) -> bool {
        if self.done.is_none() {
            match self.rx.try_recv() {
                Ok(outcome) => self.done = Some(outcome),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => {}
            }
        }
        matches!(self.done, Some(Outcome::TooLarge))
    }

    /// Waits up to `grace` for the end of the output, once the solver's group is gone;
    /// `None` when it is still open then.
    pub(crate) fn finish(mut self, grace: Duration) -> Option<Outcome> {
        if let Some(outcome) = self.done.take() {
            return Some(outcome);
        }
        match self.rx.recv_timeout(grace) {
            Ok(outcome) => Some(outcome),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Outcome::Failed(io::Error::other(
                "the output reader ended without a result",
            ))),
        }
    }
}
