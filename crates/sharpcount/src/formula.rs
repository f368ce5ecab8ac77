//! The input formula in DIMACS numbering, its validation, and its translation into the
//! counter's internal problem: 0-based, dense variables (only those in some clause), and
//! the number of projected variables that occur in no clause, each a factor 2 (or, when
//! weighted, the sum of its two weights).

use crate::error::FormulaError;
use crate::lit::Lit;
use crate::weights::Weights;
use num_rational::BigRational;
use num_traits::One;

/// A CNF formula in DIMACS numbering: variables `1..=num_vars`, a literal is `±var`.
///
/// ```
/// let f = sharpcount::Formula {
///     num_vars: 3,
///     clauses: vec![vec![1, 2], vec![-1, 3]],
///     projection: None,
/// };
/// let counted = sharpcount::count(&f, &sharpcount::Options::default()).unwrap();
/// assert_eq!(counted.count, 4u32.into());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Formula {
    /// Number of variables; variables in no clause still count (a factor 2 each when
    /// projected).
    pub num_vars: u32,
    /// The clauses; an empty clause makes the formula unsatisfiable.
    pub clauses: Vec<Vec<i32>>,
    /// The variables counted onto (`c p show`); `None` counts over all variables.
    /// `Some(vec![])` counts 1 when the formula is satisfiable, else 0.
    pub projection: Option<Vec<u32>>,
}

/// The formula inside the counter.
#[derive(Clone, Debug, Default)]
pub(crate) struct Problem {
    /// Number of internal variables.
    pub num_vars: u32,
    /// Clauses over internal literals (may hold duplicates and tautologies until
    /// preprocessing normalises them).
    pub clauses: Vec<Vec<Lit>>,
    /// Whether each internal variable is counted onto.
    pub projected: Vec<bool>,
    /// Projected variables without weights dropped from the problem, each doubling the
    /// count.
    pub free_projected: u64,
    /// The literal weights, when counting weighted.
    pub weights: Option<LitWeights>,
}

/// Literal weights of internal variables, and the weight of what left the problem.
#[derive(Clone, Debug)]
pub(crate) struct LitWeights {
    /// The weight of each literal, by [`Lit::code`].
    pub lits: Vec<BigRational>,
    /// The product of the weights of the literals fixed and the variables dropped.
    pub factor: BigRational,
}

impl LitWeights {
    /// True when both literals of `var` weigh 1.
    pub(crate) fn is_unit(&self, var: u32) -> bool {
        let p = Lit::new(var, false);
        self.lits[p.code()].is_one() && self.lits[(!p).code()].is_one()
    }

    /// The weight of a free variable: the sum of its literals' weights.
    pub(crate) fn free(&self, var: u32) -> BigRational {
        let p = Lit::new(var, false);
        &self.lits[p.code()] + &self.lits[(!p).code()]
    }
}

/// Checks `f` (and `weights`) and renumbers the variables that occur in some clause
/// densely, in increasing order. Memory is proportional to the clauses, the projection and
/// the weights, not to `num_vars`.
pub(crate) fn to_problem(f: &Formula, weights: Option<&Weights>) -> Result<Problem, FormulaError> {
    let n = f.num_vars;
    let mut occurring: Vec<u32> = Vec::new();
    for (ci, clause) in f.clauses.iter().enumerate() {
        for &l in clause {
            if l == 0 {
                return Err(FormulaError::ZeroLiteral { clause: ci });
            }
            let v = l.unsigned_abs();
            if v > n {
                return Err(FormulaError::LiteralOutOfRange {
                    clause: ci,
                    literal: l,
                    num_vars: n,
                });
            }
            occurring.push(v);
        }
    }
    occurring.sort_unstable();
    occurring.dedup();
    let internal = |v: u32| occurring.binary_search(&v).ok().map(|i| i as u32);
    let clauses = f
        .clauses
        .iter()
        .map(|c| {
            c.iter()
                .filter_map(|&l| internal(l.unsigned_abs()).map(|v| Lit::new(v, l < 0)))
                .collect()
        })
        .collect();
    let num_vars = occurring.len() as u32;
    let (projected, free_projected) = match &f.projection {
        None => (vec![true; occurring.len()], u64::from(n - num_vars)),
        Some(shown) => {
            let mut shown = shown.clone();
            shown.sort_unstable();
            shown.dedup();
            let mut projected = vec![false; occurring.len()];
            let mut free = 0u64;
            for &v in &shown {
                if v == 0 || v > n {
                    return Err(FormulaError::ProjectionOutOfRange {
                        var: v,
                        num_vars: n,
                    });
                }
                match internal(v) {
                    Some(i) => projected[i as usize] = true,
                    None => free += 1,
                }
            }
            (projected, free)
        }
    };
    let mut problem = Problem {
        num_vars,
        clauses,
        projected,
        free_projected,
        weights: None,
    };
    if let Some(w) = weights {
        let shown = f.projection.as_ref().map(|p| {
            let mut p = p.clone();
            p.sort_unstable();
            p
        });
        problem.weights = Some(weigh(&mut problem, w, n, shown.as_deref(), internal)?);
    }
    Ok(problem)
}

/// The internal literal weights of `w`; the weight of every weighted variable in no clause
/// goes into the factor instead of a factor 2.
fn weigh(
    p: &mut Problem,
    w: &Weights,
    n: u32,
    shown: Option<&[u32]>,
    internal: impl Fn(u32) -> Option<u32>,
) -> Result<LitWeights, FormulaError> {
    let mut lits = vec![BigRational::one(); 2 * p.num_vars as usize];
    let mut dropped: Vec<u32> = Vec::new();
    for (literal, weight) in w.iter() {
        let v = literal.unsigned_abs();
        if literal == 0 || v > n {
            return Err(FormulaError::WeightOutOfRange {
                literal,
                num_vars: n,
            });
        }
        if weight.is_one() {
            continue;
        }
        if shown.is_some_and(|s| s.binary_search(&v).is_err()) {
            return Err(FormulaError::WeightOnUnprojected { var: v });
        }
        match internal(v) {
            Some(i) => lits[Lit::new(i, literal < 0).code()] = weight.clone(),
            None => dropped.push(v),
        }
    }
    dropped.sort_unstable();
    dropped.dedup();
    p.free_projected -= dropped.len() as u64;
    let factor = product(
        dropped
            .into_iter()
            .map(|v| w.get(v as i32) + w.get(-(v as i32))),
    );
    Ok(LitWeights { lits, factor })
}

/// The product of `factors`, exactly: numerators and denominators multiplied pairwise in
/// a balanced tree and the fraction reduced once at the end. Multiplying one factor at a
/// time reduces a growing fraction by a gcd each step, which takes time cubic in the number
/// of factors (minutes for two thousand weights of forty digits).
pub(crate) fn product(factors: impl Iterator<Item = BigRational>) -> BigRational {
    use num_bigint::BigInt;
    fn tree(mut xs: Vec<BigInt>) -> BigInt {
        while xs.len() > 1 {
            let mut next = Vec::with_capacity(xs.len().div_ceil(2));
            let mut it = xs.into_iter();
            while let Some(a) = it.next() {
                next.push(match it.next() {
                    Some(b) => a * b,
                    None => a,
                });
            }
            xs = next;
        }
        xs.pop().unwrap_or_else(|| BigInt::from(1))
    }
    let (numers, denoms): (Vec<BigInt>, Vec<BigInt>) = factors.map(|f| f.into_raw()).unzip();
    BigRational::new(tree(numers), tree(denoms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_variable_counts_cost_nothing_until_used() {
        let f = Formula {
            num_vars: u32::MAX,
            clauses: vec![vec![-7, 2_000_000_000]],
            projection: Some(vec![u32::MAX, 7, 7]),
        };
        let p = to_problem(&f, None).expect("valid");
        assert_eq!(p.num_vars, 2);
        assert_eq!(p.clauses, vec![vec![Lit::new(0, true), Lit::new(1, false)]]);
        assert_eq!(p.projected, vec![true, false]);
        assert_eq!(p.free_projected, 1);
    }
}
