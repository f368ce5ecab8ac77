//! What a board count runs with, and the enumeration of one prefix for `solve`: every
//! solution validated before the caller sees it.

use crate::{Board, Formulation, FormulationKind, Rules};
use crate::{CountReport, DriverError, Symmetry, Validator};
use std::sync::Arc;
use zero_one_model::Backend;

/// How solutions are found.
#[derive(Clone)]
pub enum Method {
    /// A solver backend, counting by blocking.
    Solver(Arc<dyn Backend>),
    /// The bitboard backtracking oracle.
    Backtrack,
}

impl Method {
    /// The name for reports.
    pub fn name(&self) -> String {
        match self {
            Method::Solver(b) => b.name(),
            Method::Backtrack => "backtrack".into(),
        }
    }
}

/// What a count runs with.
#[derive(Clone)]
pub struct CountConfig {
    /// The formulation handed to a solver backend.
    pub formulation: FormulationKind,
    /// The backend or the oracle.
    pub method: Method,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Rows fixed per cube; `None` picks by n.
    pub cube_depth: Option<usize>,
    /// Symmetry reduction (exact for `rules`: see [`Symmetry::check_exact`]).
    pub symmetry: Symmetry,
    /// The board's variant, given queens and blocked squares.
    pub rules: Rules,
    /// The backend pays much per search and little per cube (the ILP backend): split down to
    /// half the board by default.
    pub deep_cubes: bool,
}

impl CountConfig {
    /// The cube depth used for `n`: the configured one, or a default that gives enough cubes
    /// to keep every thread busy without paying solver start-up per tiny cube.
    pub fn depth_for(&self, n: usize) -> usize {
        // Measured on 2 cores (bench/results/): deeper cubes keep each solver's blocking clauses few,
        // shallower ones avoid the dead-end prefixes and per-cube start-up. For the ILP
        // backend, n = 12 counts in 21 s at depth 4, 8.5 s at 5 and 4.1 s at 6; deeper still,
        // propagation alone settles most cubes and the ILP solver hardly runs.
        let default = if self.deep_cubes {
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
) -> Result<u64, DriverError> {
    let prepared = backend.prepare(formulation.model())?;
    let fixed: Vec<_> = prefix
        .iter()
        .enumerate()
        .flat_map(|(r, &c)| formulation.place(r, c))
        .collect();
    let mut solutions = prepared.solutions(&fixed)?;
    let mut validator = Validator::new(formulation, backend.name(), prefix);
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
pub fn count(n: usize, config: &CountConfig) -> Result<CountReport, DriverError> {
    crate::count_with(n, config, &crate::RunOptions::default()).map(|o| o.report)
}

#[cfg(test)]
mod tests;
