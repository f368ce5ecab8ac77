//! The engine as a board counter: the board's model (its formulation) counted by
//! [`count_engine::run`] through any solver backend, in cubes of first-row placements
//! ([`QueensProblem`]), every solution checked by the engine against the model and by the
//! independent checker; a board with given or blocked squares, which no table knows, is
//! counted again by the bitboard oracle.

use super::run::{report, Found, Run};
use crate::sizes::Search;
use crate::{enumerate, Board, BoardCounter, CountConfig, CounterCapabilities, FormulationKind};
use crate::{Oracle, QueensError, QueensProblem, Rules, RunOptions, RunOutcome, Split};
use std::sync::Arc;
use std::time::Instant;
use zero_one_model::Backend;
use zero_one_model::StopFlag;

/// Counts boards on the engine with a solver backend; what it can do follows from the
/// backend's [`Capabilities`](zero_one_model::Capabilities).
#[derive(Clone)]
pub struct EngineCounter {
    backend: Arc<dyn Backend>,
}

impl EngineCounter {
    /// The engine counting with `backend`.
    pub fn new(backend: Arc<dyn Backend>) -> EngineCounter {
        EngineCounter { backend }
    }

    /// The backend it counts with.
    pub fn backend(&self) -> &Arc<dyn Backend> {
        &self.backend
    }

    /// The counter for a caller's choice: the engine over `backend`, or the bitboard
    /// [`Oracle`] when the caller chose no backend (the problem's own search).
    ///
    /// ```
    /// use nqueens_queens::EngineCounter;
    /// assert_eq!(EngineCounter::or_oracle(None).name(), "backtrack");
    /// ```
    pub fn or_oracle(backend: Option<Arc<dyn Backend>>) -> Arc<dyn BoardCounter> {
        match backend {
            Some(backend) => Arc::new(EngineCounter::new(backend)),
            None => Arc::new(Oracle),
        }
    }
}

impl BoardCounter for EngineCounter {
    fn name(&self) -> String {
        self.backend.name().to_string()
    }

    fn capabilities(&self) -> CounterCapabilities {
        CounterCapabilities::engine(self.backend.capabilities())
    }

    fn search(&self) -> Search {
        Search::Engine(self.backend.capabilities().solution_cost)
    }

    fn encoding(&self) -> String {
        self.backend.encoding().to_string()
    }

    fn count(
        &self,
        n: usize,
        config: &CountConfig,
        run: &RunOptions,
    ) -> Result<RunOutcome, QueensError> {
        let start = Instant::now();
        let depth = config.depth_for(n);
        let problem =
            QueensProblem::with_rules(n, config.formulation, &config.rules, config.symmetry, depth);
        let options = RunOptions {
            threads: config.threads.max(1),
            stop: run.stop.clone(),
            ..*run
        };
        let outcome = count_engine::run(&problem, self.backend.as_ref(), &options)
            .map_err(|e| QueensError::from_engine(e, n))?;
        let found = Found {
            checked: outcome.tally.found,
            total: super::merge::fits(&outcome.tally.total)?,
            fundamental: super::merge::fits(&outcome.tally.orbits)?,
        };
        let run_of = Run {
            start,
            split: Split::Cubes,
            depth,
            cubes: outcome.cubes_total,
        };
        let mut report = report(n, config, found, run_of);
        report.cubes_done = outcome.cubes_done;
        report.cubes_resumed = outcome.cubes_resumed;
        report.interrupted = outcome.interrupted;
        report.shard = run.shard;
        report.backend_stats = outcome.backend_stats;
        if outcome.interrupted || run.shard.is_some() {
            // A part of the count is not comparable with OEIS.
            report.verdict.matches = None;
        } else if !config.rules.is_open() && Oracle.check_size(n).is_ok() {
            // No table knows boards with given or blocked squares: the oracle, which shares
            // nothing with the encodings, counts them again. It searches less than the count
            // did (a bitboard, the strongest exact symmetry).
            let never = StopFlag::new();
            let stop = run.stop.as_ref().unwrap_or(&never);
            match Oracle::recount(n, &config.rules, config.threads.max(1), stop) {
                Some(oracle) => report.verdict = report.verdict.clone().against_oracle(oracle),
                // Stopped while recounting: the count stands unchecked, and says so.
                None => {
                    report.interrupted = true;
                    report.unchecked = true;
                    report.verdict.matches = None;
                }
            }
        }
        Ok(RunOutcome {
            report,
            key: Some(outcome.key),
            cubes: outcome.cubes,
        })
    }

    fn solutions(
        &self,
        n: usize,
        rules: &Rules,
        formulation: FormulationKind,
        limit: Option<u64>,
        f: &mut dyn FnMut(&Board) -> bool,
    ) -> Result<u64, QueensError> {
        let formulation = formulation.build_with(n, rules);
        enumerate(formulation.as_ref(), self.backend.as_ref(), &[], limit, f)
    }
}
