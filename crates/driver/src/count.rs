//! Counting and enumeration: cubes spread over threads, each cube enumerated by blocking in
//! its own backend instance, every solution validated, totals compared with OEIS.

use crate::{prefixes, CountReport, DriverError, Symmetry, Validator};
use nqueens_encode::{Backend, Prepared};
use nqueens_queens::{count_backtrack_threads, oeis, Board, Formulation, FormulationKind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

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
        let depth = self.cube_depth.unwrap_or(match n {
            0..=6 => 1,
            7..=9 => 2,
            10..=12 => 3,
            _ => 4,
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
        prefix,
        limit,
        f,
    )
}

fn enumerate_prepared(
    formulation: &dyn Formulation,
    prepared: &dyn Prepared<'_>,
    backend: &str,
    prefix: &[usize],
    limit: Option<u64>,
    mut f: impl FnMut(&Board) -> bool,
) -> Result<u64, DriverError> {
    let fixed: Vec<_> = prefix
        .iter()
        .enumerate()
        .flat_map(|(r, &c)| formulation.place(r, c))
        .collect();
    let mut solutions = prepared.solutions(&fixed)?;
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

/// Counts the solutions for `n` and compares the total with OEIS A000170.
///
/// # Errors
/// A backend failure or an invalid solution; a count that differs from OEIS is not an error
/// but a report with `matches == Some(false)`.
pub fn count(n: usize, config: &CountConfig) -> Result<CountReport, DriverError> {
    let start = Instant::now();
    let threads = config.threads.max(1);
    let symmetry = config.symmetry;
    let (tally, depth, cubes, encoding) = match &config.method {
        Method::Backtrack => {
            if n > nqueens_queens::MAX_BACKTRACK_N {
                return Err(DriverError::Config(format!(
                    "the backtracking counter handles n <= {}",
                    nqueens_queens::MAX_BACKTRACK_N
                )));
            }
            let tally = match symmetry {
                Symmetry::Mirror => Tally {
                    total: count_backtrack_threads(n, threads),
                    ..Tally::default()
                },
                _ => {
                    let mut tally = Tally::default();
                    nqueens_queens::for_each_solution(n, |q| {
                        tally.add(symmetry, q);
                        true
                    });
                    tally
                }
            };
            (tally, 0, 1, "bitboard".to_string())
        }
        Method::Solver(backend) => {
            let formulation = config.formulation.build(n);
            let depth = config.depth_for(n);
            let cubes: Vec<_> = prefixes(n, depth)
                .into_iter()
                .filter(|c| symmetry.keeps(n, c))
                .collect();
            let tally = count_cubes(
                formulation.as_ref(),
                backend.as_ref(),
                &cubes,
                threads,
                symmetry,
            )?;
            (tally, depth, cubes.len(), backend.encoding())
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    let expected = oeis::solutions(n);
    let (fundamental, expected_fundamental) = match symmetry {
        Symmetry::D4 => (Some(tally.fundamental), oeis::fundamental_solutions(n)),
        _ => (None, None),
    };
    let matches = expected.map(|e| {
        e == tally.total && (fundamental.is_none() || fundamental == expected_fundamental)
    });
    Ok(CountReport {
        n,
        count: tally.total,
        expected,
        matches,
        fundamental,
        expected_fundamental,
        symmetry,
        solutions_checked: tally.found,
        backend: config.method.name(),
        formulation: match config.method {
            Method::Backtrack => "none".to_string(),
            Method::Solver(_) => config.formulation.to_string(),
        },
        amo: encoding,
        elapsed_s: elapsed,
        threads,
        cube_depth: depth,
        cubes,
        solutions_per_s: if elapsed > 0.0 {
            tally.total as f64 / elapsed
        } else {
            0.0
        },
    })
}

/// Running totals of a count.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Solutions returned by the backend and validated.
    found: u64,
    /// All solutions they stand for.
    total: u64,
    /// Fundamental solutions (D4 only).
    fundamental: u64,
}

impl Tally {
    fn add(&mut self, symmetry: Symmetry, columns: &[usize]) {
        let (total, fundamental) = symmetry.weigh(columns);
        self.found += 1;
        self.total += total;
        self.fundamental += fundamental;
    }
}

fn count_cubes(
    formulation: &dyn Formulation,
    backend: &dyn Backend,
    cubes: &[Vec<usize>],
    threads: usize,
    symmetry: Symmetry,
) -> Result<Tally, DriverError> {
    let prepared = backend.prepare(formulation.model())?;
    let prepared = prepared.as_ref();
    let name = backend.name();
    let next = AtomicUsize::new(0);
    let total: Mutex<Tally> = Mutex::new(Tally::default());
    let stop = AtomicBool::new(false);
    let first_error: Mutex<Option<DriverError>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads.min(cubes.len()) {
            s.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(cube) = cubes.get(i) else { break };
                    let mut tally = Tally::default();
                    let counted =
                        enumerate_prepared(formulation, prepared, &name, cube, None, |b| {
                            tally.add(symmetry, b.columns());
                            true
                        });
                    match counted {
                        Ok(_) => {
                            let mut t = total.lock().expect("no panics hold this lock");
                            t.found += tally.found;
                            t.total += tally.total;
                            t.fundamental += tally.fundamental;
                        }
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            first_error
                                .lock()
                                .expect("no panics hold this lock")
                                .get_or_insert(e);
                        }
                    }
                }
            });
        }
    });
    match first_error.into_inner().expect("no panics hold this lock") {
        Some(e) => Err(e),
        None => Ok(total.into_inner().expect("no panics hold this lock")),
    }
}

#[cfg(test)]
mod tests;
