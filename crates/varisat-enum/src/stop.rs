//! Stopping a varisat solve from outside. varisat 0.2 has no interrupt call, but
//! `Solver::solve` ends at its next scheduling step once writing its proof has failed (the
//! step loop checks the solver's error field). So a solver that may be stopped writes a
//! binary DRAT proof into a [`StopSink`]: bytes are thrown away while the flag is clear, and
//! the first write after it is set fails, which ends the solve with
//! `SolverError::ProofIoError`. The proof goes through varisat's 8 KiB buffer, so the sink
//! sees a write every few hundred learned clauses: a hard solve notices the flag within
//! milliseconds.
//!
//! varisat's DRAT writers panic on a clause added after a solve, and a blocking clause is
//! one; its own proof format accepts them but costs about a fifth more time on enumeration
//! (clause hashes in every conflict analysis, a step per model). So only the first solve of
//! an enumeration is watched, in DRAT, and the proof is closed after it: the first solve is
//! where a hard unsatisfiable cube (what the DPLL backend hands over) spends its time, and
//! between later solves the engine checks the flag itself. A later solve that is long on
//! its own (a hard last refutation after many blocking clauses) still runs to its end.

use std::io;
use varisat::solver::SolverError;
use varisat::{ProofFormat, Solver};
use zero_one_model::StopFlag;

/// The proof format written into the sink: the cheapest to write.
const FORMAT: ProofFormat = ProofFormat::BinaryDrat;

/// A proof target that discards what it is given and fails once `flag` is set.
pub(crate) struct StopSink {
    flag: StopFlag,
}

impl StopSink {
    fn check(&self) -> io::Result<()> {
        if self.flag.is_raised() {
            // Not `ErrorKind::Interrupted`: `write_all` retries that kind forever.
            Err(io::Error::other("stop requested"))
        } else {
            Ok(())
        }
    }
}

impl io::Write for StopSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()
    }
}

/// Makes `solver` stoppable by `flag`. Must be called before any clause is added (varisat
/// panics otherwise).
pub(crate) fn watch(solver: &mut Solver<'static>, flag: StopFlag) {
    solver.write_proof(StopSink { flag }, FORMAT);
}

/// Makes `solver` stoppable by `flag` for every solve, clauses added between solves included:
/// varisat's own proof format, which accepts them (the DRAT writers do not), at some cost
/// per conflict. Must be called before any clause is added.
pub(crate) fn watch_incremental(solver: &mut Solver<'static>, flag: StopFlag) {
    solver.write_proof(StopSink { flag }, ProofFormat::Varisat);
}

/// Whether `error` is the failure [`watch`] provokes once `flag` is set.
pub(crate) fn is_stop(error: &SolverError, flag: Option<&StopFlag>) -> bool {
    matches!(error, SolverError::ProofIoError { .. }) && flag.is_some_and(StopFlag::is_raised)
}
