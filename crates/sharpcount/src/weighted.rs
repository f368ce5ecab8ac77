//! Weighted (projected) model counting: [`count_weighted`].

use crate::error::Error;
use crate::options::Options;
use crate::problem::to_problem;
use crate::stats::Stats;
use crate::tuning::Tuning;
use crate::weight_ring::Weighted;
use crate::weights::Weights;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::time::Instant;
use zero_one_model::Clauses;

/// A weighted count and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WeightedCount {
    /// The sum over the models (projected onto [`Clauses::projection`] when set) of the
    /// product of their literals' weights.
    pub value: BigRational,
    /// What the count cost.
    pub stats: Stats,
}

/// Counts the models of `formula` weighted by `weights`, exactly: the sum over its models
/// of the product of the weights of their literals (a literal without a weight weighs 1).
/// With a projection, the sum runs over the models projected onto it, and only projected
/// variables may carry weights other than 1 (the Model Counting Competition's `pwmc`).
/// Weights may be zero or negative.
///
/// ```
/// use sharpcount::{count_weighted, BigRational, Options, Weights};
/// use zero_one_model::{Clauses, Var};
/// let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// let (x1, x2) = (Var::new(0), Var::new(1));
/// // x1 ∨ x2 with w(x1) = 0.3, w(¬x1) = 0.7 and x2 unweighted (1 and 1):
/// // 0.3·1 + 0.3·1 + 0.7·1 = 1.3.
/// let f = Clauses::from_clauses(2, [&[x1.positive(), x2.positive()][..]]);
/// let w: Weights = [(x1.positive(), r(3, 10)), (x1.negative(), r(7, 10))].into_iter().collect();
/// assert_eq!(count_weighted(&f, &w, &Options::default())?.value, r(13, 10));
/// // Projected onto x1: 0.3 + 0.7 = 1.
/// let f = f.with_projection([x1]);
/// assert_eq!(count_weighted(&f, &w, &Options::default())?.value, r(1, 1));
/// # Ok::<(), sharpcount::Error>(())
/// ```
///
/// # Errors
///
/// As [`count`](crate::count), and [`Error::InvalidFormula`] when a weighted literal's
/// variable is beyond the formula's
/// ([`FormulaError::WeightOutOfRange`](crate::FormulaError::WeightOutOfRange)) or a variable
/// outside the projection weighs other than 1
/// ([`FormulaError::WeightOnUnprojected`](crate::FormulaError::WeightOnUnprojected)).
pub fn count_weighted(
    formula: &Clauses,
    weights: &Weights,
    options: &Options<'_>,
) -> Result<WeightedCount, Error> {
    count_weighted_with(formula, weights, options, &Tuning::default())
}

/// [`count_weighted`] with the internal switches `tuning`.
pub(crate) fn count_weighted_with(
    formula: &Clauses,
    weights: &Weights,
    options: &Options<'_>,
    tuning: &Tuning,
) -> Result<WeightedCount, Error> {
    let start = Instant::now();
    let problem = to_problem(formula, Some(weights))?;
    let mut stats = Stats::default();
    let mut base = None;
    let counted = crate::run(problem, options, tuning, start, &mut stats, |s| {
        let lits = s.weights.as_mut().map(|w| std::mem::take(&mut w.lits));
        let weighted = Weighted::new(lits.unwrap_or_default());
        base = weighted.base();
        weighted
    })?;
    let value = match counted {
        None => BigRational::zero(),
        Some((v, s)) => {
            let v = v.exact(base.as_ref());
            let factor = s.weights.map_or_else(BigRational::one, |w| w.factor);
            let power = BigRational::from_integer(BigInt::one() << s.exponent as usize);
            crate::exact::mul(&crate::exact::mul(&v, &factor), &power)
        }
    };
    stats.elapsed = start.elapsed();
    Ok(WeightedCount { value, stats })
}
