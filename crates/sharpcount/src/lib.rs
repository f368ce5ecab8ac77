//! Exact model counting of CNF formulas, optionally projected onto a set of variables
//! (`#SAT` and projected `#SAT`), by search with component caching in the design of
//! sharpSAT (Thurley 2006) and Ganak (Sharma, Roy, Soos & Meel 2019):
//!
//! - preprocessing that keeps the projected count: units, failed literals, equivalent
//!   literals, subsumption, shrinking the projection to an independent support by
//!   Padoa's theorem (as Arjun does, Soos & Meel 2022), and resolution of unprojected
//!   variables;
//! - depth-first branching guided by a tree decomposition (sharpSAT-TD, Korhonen &
//!   Järvisalo 2021) and VSADS (Sang, Beame & Kautz 2005), with two-watched-literal
//!   propagation and 1-UIP clause learning;
//! - dynamic decomposition into components over the original clauses at every branch,
//!   each component's count cached under its exact key, within a memory bound;
//! - projected counting as in GPMC (Suzuki, Hashimoto & Sakai 2017) and d4 (Lagniez &
//!   Marquis 2017): branch on projected variables; a component without projected
//!   variables counts 1 when satisfiable (decided by CDCL search), else 0.
//!
//! The input is the toolkit's one CNF core, [`zero_one_model::Clauses`], borrowed: its
//! clauses (0-based variables, as everywhere outside the file boundary) and its projection
//! ([`Clauses::projection`]; `None` counts every variable, an empty one counts 1 when the
//! formula is satisfiable, else 0). A DIMACS file gives one by
//! [`Clauses::from_cnf`], a 0-1 model by [`Clauses::lower`] (projected onto the model's shown
//! variables, never the encodings' auxiliaries). Counts are exact ([`BigUint`]).
//!
//! [`count_weighted`] counts weighted (Sang, Beame & Kautz 2005; the Model Counting
//! Competition's `wmc` and `pwmc` tasks): each model weighs the product of its literals'
//! [`Weights`], exact rationals ([`BigRational`]), and the result is their sum. The same
//! search runs in the semiring of rationals instead of natural numbers (one generic
//! search, compiled once for each), and preprocessing keeps the weighted count.
//!
//! [`compile`] runs the same search as a compiler: its trace is a decision-DNNF
//! ([`nnf`]), written in d4's format and read back by [`nnf::read_d4`].
//!
//! ```
//! use sharpcount::{count, Options};
//! use zero_one_model::{Clauses, Var};
//! let (x1, x2) = (Var::new(0), Var::new(1));
//! // x1 ∨ x2, projected onto x1: both values of x1 extend to a model.
//! let f = Clauses::from_clauses(2, [&[x1.positive(), x2.positive()][..]]).with_projection([x1]);
//! assert_eq!(count(&f, &Options::default())?.count, 2u32.into());
//! # Ok::<(), sharpcount::Error>(())
//! ```
#![deny(missing_docs)]

mod activity;
mod analyze;
mod cache;
mod clause_db;
mod component;
mod core;
mod engine;
mod error;
mod exact;
mod key;
mod limits;
mod listing;
mod lit;
pub mod nnf;
mod options;
mod parallel;
mod preprocess;
mod problem;
mod proof;
mod sat;
mod search;
mod semiring;
mod shared;
mod stats;
#[cfg(test)]
mod tests;
mod tree;
mod tuning;
mod weight_base;
mod weight_ring;
mod weighted;
mod weights;

pub use error::{Error, FormulaError};
pub use nnf::{compile, compile_with_lemmas, Compiled};
pub use num_rational::BigRational;
pub use options::{Options, DEFAULT_CACHE_MB};
pub use parallel::count_parallel;
pub use proof::Lemmas;
pub use stats::{PreprocessStats, Progress, Stats};
pub use weighted::{count_weighted, WeightedCount};
pub use weights::Weights;

use num_bigint::BigUint;
use std::time::Instant;
use zero_one_model::Clauses;

/// A count and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Counted {
    /// The number of models, projected onto [`Clauses::projection`] when set.
    pub count: BigUint,
    /// What the count cost.
    pub stats: Stats,
}

/// Counts the models of `formula` exactly, projected onto its projection when it has one.
///
/// ```
/// use zero_one_model::{dimacs::read_dimacs, Clauses};
/// let cnf = read_dimacs("p cnf 3 2\nc p show 1 2 0\n1 2 0\n-1 3 0\n".as_bytes())?;
/// let counted = sharpcount::count(&Clauses::from_cnf(&cnf), &sharpcount::Options::default())?;
/// assert_eq!(counted.count, 3u32.into()); // x1 x2 in {01, 10, 11}
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::Interrupted`] when the stop flag was raised and [`Error::TimeLimit`] when the
/// time limit ran out (both with the work done so far); [`Error::Internal`] when the counter
/// detects an inconsistency in its own state. The formula itself is never refused.
pub fn count(formula: &Clauses, options: &Options<'_>) -> Result<Counted, Error> {
    count_with(formula, options, &tuning::Tuning::default())
}

/// [`count`] with the internal switches `tuning`.
fn count_with(
    formula: &Clauses,
    options: &Options<'_>,
    tuning: &tuning::Tuning,
) -> Result<Counted, Error> {
    let start = Instant::now();
    let problem = problem::to_problem(formula, None)?;
    count_problem(problem, options, tuning, start)
}

/// Counts `problem` (translated from a formula at `start`) in the natural numbers.
fn count_problem(
    problem: problem::Problem,
    options: &Options<'_>,
    tuning: &tuning::Tuning,
    start: Instant,
) -> Result<Counted, Error> {
    let mut stats = Stats::default();
    let count = run(problem, options, tuning, start, &mut stats, |_| {
        semiring::Count
    })?
    .map(|(n, s)| n << s.exponent as usize)
    .unwrap_or_default();
    stats.elapsed = start.elapsed();
    Ok(Counted { count, stats })
}

/// Preprocesses `problem` and counts what is left in the semiring `ring_of` builds from
/// it; the value with the simplified problem (for its factors), or `None` when
/// preprocessing found the problem unsatisfiable.
fn run<R: semiring::Semiring>(
    problem: problem::Problem,
    options: &Options<'_>,
    tuning: &tuning::Tuning,
    start: Instant,
    stats: &mut Stats,
    ring_of: impl FnOnce(&mut preprocess::Simplified) -> R,
) -> Result<Option<(R::Value, preprocess::Simplified)>, Error> {
    let mut limits = limits::Limits::new(options, start);
    let simplified = match preprocess::run(problem, &mut limits, &mut stats.preprocess, tuning) {
        Ok(s) => s,
        Err(h) => {
            stats.elapsed = start.elapsed();
            return Err(search::halt_to_error(h, std::mem::take(stats)));
        }
    };
    let Some(mut s) = simplified else {
        return Ok(None);
    };
    let mut ring = ring_of(&mut s);
    let mut listed = None;
    if let Some(budget) = tuning.listing {
        let mut l = listing::Listed::default();
        let counted = listing::count(
            &mut ring,
            &s.clauses,
            &s.projected,
            budget,
            tuning.learnt_min,
            &mut limits,
            &mut l,
        );
        match counted {
            Ok(Some(n)) => {
                l.add_to(stats);
                stats.elapsed = start.elapsed();
                return Ok(Some((n, s)));
            }
            Ok(None) => listed = Some(l),
            Err(h) => {
                l.add_to(stats);
                stats.elapsed = start.elapsed();
                return Err(search::halt_to_error(h, std::mem::take(stats)));
            }
        }
    }
    let cache_bytes = options.cache_mb.saturating_mul(1 << 20);
    let result =
        search::Search::over(ring, &mut s, cache_bytes, limits, tuning).and_then(|mut search| {
            search.set_defined(std::mem::take(&mut s.defined));
            let result = search.run();
            search.report(stats);
            result
        });
    if let Some(l) = &listed {
        l.add_to(stats);
    }
    stats.elapsed = start.elapsed();
    match result {
        Ok(n) => Ok(Some((n, s))),
        Err(h) => Err(search::halt_to_error(h, std::mem::take(stats))),
    }
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
