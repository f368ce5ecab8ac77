//! A long count stopped from another thread, through the facade alone: the N-Queens board
//! of size N (by default 16: 14,772,512 solutions, OEIS A000170) counted on the engine over
//! two threads, through the DPLL backend handing hard parts to varisat. One `StopFlag` is
//! given to the registry (so every backend it builds holds a clone) and to the run; another
//! thread raises it after a moment, unless the count finished first. The count ends soon, says it was interrupted, and keeps
//! what the cubes it finished counted (a checkpoint would resume from there).
//!
//! ```text
//! cargo run --release -p nqueens-kit --example stopped_count [N [MILLISECONDS]]
//! ```
//!
//! N from 4 to 20, the stop raised after MILLISECONDS (default 1000). Exit 0 when the count
//! was interrupted and its partial count is at most A000170(N) (or it finished first and
//! equals it), 1 otherwise, 2 when a step fails.

use nqueens_kit::backends::{build, BackendKind, Settings};
use nqueens_kit::count::{BigUint, Outcome};
use nqueens_kit::prelude::*;
use nqueens_kit::queens::{oeis, BoardFormulation, Formulation};
use std::error::Error;
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Counts the N-Queens board of size `n`, the stop raised from another thread after
/// `after` unless the count finished before.
pub fn count_until_stopped(n: usize, after: Duration) -> Result<Outcome, Box<dyn Error>> {
    let stop = StopFlag::new();
    let mut settings = Settings::default();
    settings.stop = Some(stop.clone());
    let backend = build(BackendKind::Dpll, &settings)?;

    let board = BoardFormulation::new(n);
    let problem = ModelProblem::new(board.model(), Depth::Target(256), "queens")?;
    let options = RunOptions {
        threads: 2,
        stop: Some(stop.clone()),
        ..RunOptions::default()
    };
    let outcome = std::thread::scope(|scope| {
        // `ended` is dropped when the count ends: the other thread waits for that, or
        // raises the stop once `after` has passed.
        let (ended, end) = mpsc::channel::<()>();
        let raiser = stop.clone();
        scope.spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = end.recv_timeout(after) {
                raiser.raise();
            }
        });
        let outcome = run(&problem, backend.as_ref(), &options);
        drop(ended);
        outcome
    })?;
    Ok(outcome)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let (n, ms) = match (args.next(), args.next()) {
        (None, None) => (16, 1000),
        (Some(Ok(n)), None) if (4..=20).contains(&n) => (n, 1000),
        (Some(Ok(n)), Some(Ok(ms))) if (4..=20).contains(&n) => (n, ms),
        _ => {
            eprintln!("stopped_count: N must be 4 to 20, MILLISECONDS a whole number");
            return ExitCode::from(2);
        }
    };
    let n = n as usize;
    match count_until_stopped(n, Duration::from_millis(ms)) {
        Ok(outcome) => {
            let known = BigUint::from(oeis::solutions(n).unwrap_or(0));
            let state = if outcome.interrupted {
                "interrupted"
            } else {
                "finished"
            };
            println!(
                "Q({n}) {state} after {} of {} cubes: {} solutions counted (A000170: {known})",
                outcome.cubes_done, outcome.cubes_total, outcome.count
            );
            let ok = if outcome.interrupted {
                outcome.count <= known
            } else {
                outcome.count == known
            };
            ExitCode::from(u8::from(!ok))
        }
        Err(e) => {
            eprintln!("stopped_count: {e}");
            ExitCode::from(2)
        }
    }
}
