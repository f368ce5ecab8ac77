//! What a count runs with, and the enumeration of one cube: every solution validated before
//! the caller sees it.

use crate::{CountReport, DriverError, Symmetry, Validator};
use nqueens_encode::{Backend, Prepared};
use nqueens_queens::{Board, Formulation, FormulationKind};
use std::collections::BTreeMap;
use std::sync::Arc;

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
    /// Symmetry reduction.
    pub symmetry: Symmetry,
}

impl CountConfig {
    /// The cube depth used for `n`: the configured one, or a default that gives enough cubes
    /// to keep every thread busy without paying solver start-up per tiny cube.
    pub fn depth_for(&self, n: usize) -> usize {
        // Measured on 2 cores (README): deeper cubes keep each solver's blocking clauses few,
        // shallower ones avoid the dead-end prefixes and per-cube start-up.
        let preferred = match &self.method {
            Method::Solver(backend) => backend.preferred_cube_depth(n),
            Method::Backtrack => None,
        };
        let depth = self.cube_depth.or(preferred).unwrap_or(match n {
            0..=6 => 1,
            7..=10 => 2,
            11..=12 => 3,
            13 => 4,
            _ => 5,
        });
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
    f: impl FnMut(&Board) -> bool,
) -> Result<u64, DriverError> {
    let prepared = backend.prepare(formulation.model())?;
    enumerate_prepared(
        formulation,
        prepared.as_ref(),
        &backend.name(),
        (prefix, &[]),
        limit,
        f,
        None,
    )
}

/// Enumerates one cube: the rows of `prefix` placed, the `excluded` squares kept empty where
/// one literal places them, every solution validated and handed to `f`.
pub(crate) fn enumerate_prepared(
    formulation: &dyn Formulation,
    prepared: &dyn Prepared<'_>,
    backend: &str,
    (prefix, excluded): (&[usize], &[(usize, usize)]),
    limit: Option<u64>,
    mut f: impl FnMut(&Board) -> bool,
    stats: Option<&mut BTreeMap<String, u64>>,
) -> Result<u64, DriverError> {
    let mut fixed: Vec<_> = prefix
        .iter()
        .enumerate()
        .flat_map(|(r, &c)| formulation.place(r, c))
        .collect();
    // A square that one literal places is excluded by its negation; where placing takes
    // several literals (the log domain) the square stays open: excluding is only pruning.
    fixed.extend(
        excluded
            .iter()
            .filter_map(|&(r, c)| match formulation.place(r, c)[..] {
                [lit] => Some(!lit),
                _ => None,
            }),
    );
    let mut solutions = prepared.solutions(&fixed)?;
    let found = enumerate_stream(
        formulation,
        solutions.as_mut(),
        backend,
        prefix,
        limit,
        &mut f,
    )?;
    if let Some(sink) = stats {
        for (k, v) in solutions.stats() {
            *sink.entry(k.to_string()).or_insert(0) += v;
        }
    }
    Ok(found)
}

fn enumerate_stream(
    formulation: &dyn Formulation,
    solutions: &mut dyn nqueens_encode::Solutions,
    backend: &str,
    prefix: &[usize],
    limit: Option<u64>,
    f: &mut impl FnMut(&Board) -> bool,
) -> Result<u64, DriverError> {
    let mut validator = Validator::new(formulation, backend.to_string(), prefix);
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
