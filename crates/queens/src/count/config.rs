//! What a board count runs with, and the enumeration of one prefix by a solver backend (what
//! `solve` prints): every solution validated before the caller sees it.

use crate::{Board, BoardCounter, Formulation, FormulationKind, Rules};
use crate::{CountReport, QueensError, Symmetry, Validator};
use count_engine::{CubeSolutions, Depth};
use std::sync::Arc;
use zero_one_model::{Backend, Solutions};

/// The cubes a listing through a backend that wants deep cubes starts from (as `count opb`
/// splits a file); each cube that gives a solution is split further as it is listed.
const LIST_CUBES: usize = 512;

/// What a count runs with.
#[derive(Clone)]
pub struct CountConfig {
    /// The formulation whose model a counter that builds one counts (see
    /// [`CounterCapabilities::backend`](crate::CounterCapabilities::backend)).
    pub formulation: FormulationKind,
    /// What counts: the engine over a solver backend ([`EngineCounter`](crate::EngineCounter))
    /// or the bitboard oracle ([`Oracle`](crate::Oracle)).
    pub counter: Arc<dyn BoardCounter>,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Rows fixed per cube; `None` picks by n.
    pub cube_depth: Option<usize>,
    /// Symmetry reduction (exact for `rules`: see [`Symmetry::check_exact`]).
    pub symmetry: Symmetry,
    /// The board's variant, given queens and blocked squares.
    pub rules: Rules,
}

impl CountConfig {
    /// The cube depth used for `n`: the configured one, or a default that gives enough cubes
    /// to keep every thread busy without paying solver start-up per tiny cube.
    pub fn depth_for(&self, n: usize) -> usize {
        // Measured on 2 cores (bench/results/): deeper cubes keep each solver's blocking clauses
        // few, shallower ones avoid the dead-end prefixes and per-cube start-up. For a backend
        // whose capabilities say it wants deep cubes (the ILP one), n = 12 counts in 21 s at
        // depth 4, 8.5 s at 5 and 4.1 s at 6; deeper still, propagation alone settles most
        // cubes and the ILP solver hardly runs.
        let default = if self.counter.capabilities().deep_cubes() {
            (n / 2).max(1)
        } else {
            match n {
                0..=6 => 1,
                7..=10 => 2,
                11..=12 => 3,
                13 => 4,
                _ => 5,
            }
        };
        let depth = self.cube_depth.unwrap_or(default);
        // Symmetry works on the first row, so it needs that row fixed per cube.
        if self.symmetry != Symmetry::None && n >= 2 {
            depth.max(1)
        } else {
            depth
        }
    }
}

/// Enumerates the solutions extending `prefix`, validating each, and calls `f` with every
/// board until it returns `false` or `limit` boards were produced. Returns how many.
///
/// # Errors
/// A backend failure or an invalid solution.
pub fn enumerate(
    formulation: &dyn Formulation,
    backend: &dyn Backend,
    prefix: &[usize],
    limit: Option<u64>,
    mut f: impl FnMut(&Board) -> bool,
) -> Result<u64, QueensError> {
    let model = formulation.model();
    let mut solutions: Box<dyn Solutions + '_> =
        if prefix.is_empty() && limit != Some(1) && backend.capabilities().deep_cubes {
            // A backend whose solutions get dearer as they pile up in one enumeration (the
            // ILP one's no-good cuts) lists cube by cube: 10-queens, 724 solutions, went from
            // over 300 s to seconds.
            Box::new(CubeSolutions::new(
                model,
                backend,
                Depth::Target(LIST_CUBES),
            )?)
        } else {
            let fixed: Vec<_> = prefix
                .iter()
                .enumerate()
                .flat_map(|(r, &c)| formulation.place(r, c))
                .collect();
            backend.prepare(model)?.solutions(&fixed)?
        };
    let mut validator = Validator::new(formulation, backend.name().to_string(), prefix);
    let mut found = 0;
    while limit.is_none_or(|l| found < l) {
        let Some(assignment) = solutions.next_solution()? else {
            break;
        };
        let board = validator.check(&assignment)?;
        found += 1;
        if !f(&board) {
            break;
        }
    }
    Ok(found)
}

/// Counts the solutions for `n` and compares the total with OEIS A000170 (and A002562 with
/// D4 symmetry): [`count_with`](crate::count_with) with no checkpoint, shard or interruption.
///
/// # Errors
/// A backend failure or an invalid solution; a count that differs from OEIS is not an error
/// but a report with `matches == Some(false)`.
pub fn count(n: usize, config: &CountConfig) -> Result<CountReport, QueensError> {
    crate::count_with(n, config, &crate::RunOptions::default()).map(|o| o.report)
}

#[cfg(test)]
mod tests;
