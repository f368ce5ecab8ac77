//! [`compile`]: the search, run in the semiring of formula pieces ([`Builder`]).
//!
//! The compiled formula is over the formula's own (projected) variables, so only the
//! preprocessing steps that keep every projected variable as it is run first: units and
//! failed literals (fixed literals, conjoined at the root), subsumption (an equivalent
//! formula) and the elimination of unprojected variables (existential quantification,
//! which the projected formula does anyway). Equivalent literal substitution and the
//! independent support, which replace or drop projected variables, are skipped.

use super::builder::Builder;
use super::{Nnf, NnfError};
use crate::error::Error;
use crate::formula::{to_problem, Formula};
use crate::limits::Limits;
use crate::options::Options;
use crate::stats::Stats;
use crate::tuning::Tuning;
use num_bigint::BigUint;
use std::io::Write;
use std::time::Instant;

/// A formula compiled into a decision-DNNF, and its model count.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Compiled {
    /// The formula: over the projection when there is one (a part without projected
    /// variables is TRUE when satisfiable), else over all variables.
    pub nnf: Nnf,
    /// The variables it is counted over (DIMACS): the projection, or `1..=num_vars`.
    pub vars: Vec<u32>,
    /// Its number of models over [`Compiled::vars`], counted on the compiled formula; the
    /// same number as [`count`](crate::count) on the formula.
    pub count: BigUint,
    /// What the compilation cost.
    pub stats: Stats,
}

impl Compiled {
    /// Writes the formula in d4's format ([`Nnf::write_d4`]).
    ///
    /// # Errors
    ///
    /// What `out` returns.
    pub fn write_d4(&self, out: &mut impl Write) -> std::io::Result<()> {
        self.nnf.write_d4(out)
    }
}

/// Compiles `formula` into a decision-DNNF by the counting search: decisions become OR
/// nodes, splits into components AND nodes, cache hits shared nodes (Huang & Darwiche
/// 2005; as d4 does, Lagniez & Marquis 2017). With a projection the formula is the
/// projected one (the unprojected variables existentially quantified), over the projected
/// variables.
///
/// ```
/// use sharpcount::{compile, Formula, Options};
/// // (x1 ∨ x2) ∧ (¬x1 ∨ x3): 4 models over x1..x3.
/// let f = Formula { num_vars: 3, clauses: vec![vec![1, 2], vec![-1, 3]], projection: None };
/// let c = compile(&f, &Options::default())?;
/// assert_eq!(c.count, 4u32.into());
/// let mut text = Vec::new();
/// c.write_d4(&mut text)?;
/// let back = sharpcount::nnf::read_d4(&text[..]).expect("our own output");
/// assert_eq!(back.count(&[1, 2, 3]).expect("decomposable"), 4u32.into());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`count`](crate::count); [`FormulaError::TooManyToCompile`](crate::FormulaError) for a
/// formula that declares (or projects onto) more than [`MAX_COMPILED_VARS`](super::MAX_COMPILED_VARS)
/// variables.
pub fn compile(formula: &Formula, options: &Options<'_>) -> Result<Compiled, Error> {
    compile_with(formula, options, &Tuning::default())
}

/// [`compile`] with the internal switches `tuning` (of which only the search's are used).
pub(crate) fn compile_with(
    formula: &Formula,
    options: &Options<'_>,
    tuning: &Tuning,
) -> Result<Compiled, Error> {
    let start = Instant::now();
    let listed = formula
        .projection
        .as_ref()
        .map_or(formula.num_vars as usize, Vec::len);
    if listed > super::MAX_COMPILED_VARS {
        return Err(crate::FormulaError::TooManyToCompile {
            num_vars: listed as u64,
            limit: super::MAX_COMPILED_VARS as u64,
        }
        .into());
    }
    let problem = to_problem(formula, None)?;
    // DIMACS variable of each problem variable: to_problem numbers the variables that
    // occur in some clause densely, in increasing order.
    let mut occurring: Vec<u32> = formula
        .clauses
        .iter()
        .flatten()
        .map(|l| l.unsigned_abs())
        .collect();
    occurring.sort_unstable();
    occurring.dedup();
    let shown_problem = problem.projected.clone();
    let vars: Vec<u32> = match &formula.projection {
        Some(p) => {
            let mut p = p.clone();
            p.sort_unstable();
            p.dedup();
            p
        }
        None => (1..=formula.num_vars).collect(),
    };
    let mut stats = Stats::default();
    let mut limits = Limits::new(options, start);
    let halt = |h, stats: &mut Stats| {
        stats.elapsed = start.elapsed();
        crate::search::halt_to_error(h, std::mem::take(stats))
    };
    let simplified =
        crate::preprocess::run_keeping_vars(problem, &mut limits, &mut stats.preprocess)
            .map_err(|h| halt(h, &mut stats))?;
    let nnf = match simplified {
        None => Builder::new(Vec::new()).finish(super::builder::Part::False, Vec::new()),
        Some((mut s, fixed)) => {
            let fixed: Vec<i32> = fixed
                .into_iter()
                .filter(|l| shown_problem[l.var() as usize])
                .map(|l| {
                    let v = occurring[l.var() as usize] as i32;
                    if l.is_negative() {
                        -v
                    } else {
                        v
                    }
                })
                .collect();
            let dimacs = s
                .origin
                .iter()
                .zip(&s.projected)
                .map(|(&o, &p)| if p { occurring[o as usize] } else { 0 })
                .collect();
            let cache_bytes = options.cache_mb.saturating_mul(1 << 20);
            let projected = std::mem::take(&mut s.projected);
            let mut search = crate::search::Search::new(
                Builder::new(dimacs),
                &s.clauses,
                projected,
                cache_bytes,
                limits,
                tuning,
            );
            let result = search.run();
            search.report(&mut stats);
            let value = result.map_err(|h| halt(h, &mut stats))?;
            search.into_ring().finish(value, fixed)
        }
    }
    .trimmed();
    let count = nnf.count(&vars).map_err(|e| match e {
        NnfError::NotDecomposable { .. } => Error::Internal {
            what: "the compiled formula is not decomposable",
        },
        _ => Error::Internal {
            what: "the compiled formula cannot be counted",
        },
    })?;
    stats.elapsed = start.elapsed();
    Ok(Compiled {
        nnf,
        vars,
        count,
        stats,
    })
}
