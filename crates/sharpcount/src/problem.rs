//! The input formula (the one core, [`Clauses`], with its projection) translated into the
//! counter's internal problem: 0-based, dense variables (only those in some clause), and the
//! number of projected variables that occur in no clause, each a factor 2 (or, when
//! weighted, the sum of its two weights). The core keeps the formula well formed (every
//! literal within its variables, the projection sorted and each variable once), so only the
//! weights are checked here. Memory is proportional to the clauses, the projection and the
//! weights, not to the declared number of variables.

use crate::error::FormulaError;
use crate::lit::Lit;
use crate::weights::Weights;
use num_rational::BigRational;
use num_traits::One;
use zero_one_model::{Clauses, Var};

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
    /// The core's variable (0-based index) of each internal variable, in increasing order.
    pub origin: Vec<u32>,
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
        crate::exact::add(&self.lits[p.code()], &self.lits[(!p).code()])
    }
}

/// Renumbers the variables of `f` that occur in some clause densely, in increasing order,
/// and checks `weights` against `f`.
pub(crate) fn to_problem(f: &Clauses, weights: Option<&Weights>) -> Result<Problem, FormulaError> {
    let n = f.num_vars() as u64;
    // Every variable of a core literal is below 2^31, so it fits a u32.
    let mut origin: Vec<u32> = f.iter().flatten().map(|l| l.var().index() as u32).collect();
    origin.sort_unstable();
    origin.dedup();
    let internal = |v: Var| {
        u32::try_from(v.index())
            .ok()
            .and_then(|v| origin.binary_search(&v).ok())
            .map(|i| i as u32)
    };
    let clauses = f
        .iter()
        .map(|c| {
            c.iter()
                .filter_map(|&l| internal(l.var()).map(|v| Lit::new(v, !l.is_positive())))
                .collect()
        })
        .collect();
    let num_vars = origin.len() as u32;
    let (projected, free_projected) = match f.projection() {
        None => (vec![true; origin.len()], n - u64::from(num_vars)),
        Some(shown) => {
            let mut projected = vec![false; origin.len()];
            let mut free = 0u64;
            for &v in shown {
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
        origin: Vec::new(),
    };
    if let Some(w) = weights {
        problem.weights = Some(weigh(&mut problem, w, f, internal)?);
    }
    problem.origin = origin;
    Ok(problem)
}

/// The internal literal weights of `w`; the weight of every weighted variable in no clause
/// goes into the factor instead of a factor 2.
fn weigh(
    p: &mut Problem,
    w: &Weights,
    f: &Clauses,
    internal: impl Fn(Var) -> Option<u32>,
) -> Result<LitWeights, FormulaError> {
    let mut lits = vec![BigRational::one(); 2 * p.num_vars as usize];
    let mut dropped: Vec<Var> = Vec::new();
    for (literal, weight) in w.iter() {
        let v = literal.var();
        if v.index() >= f.num_vars() {
            return Err(FormulaError::WeightOutOfRange {
                literal,
                num_vars: f.num_vars(),
            });
        }
        if weight.is_one() {
            continue;
        }
        if f.projection().is_some_and(|s| s.binary_search(&v).is_err()) {
            return Err(FormulaError::WeightOnUnprojected { var: v });
        }
        match internal(v) {
            Some(i) => lits[Lit::new(i, !literal.is_positive()).code()] = weight.clone(),
            None => dropped.push(v),
        }
    }
    dropped.sort_unstable();
    dropped.dedup();
    p.free_projected -= dropped.len() as u64;
    let factor = crate::exact::product(
        dropped
            .into_iter()
            .map(|v| w.get(v.positive()) + w.get(v.negative())),
    );
    Ok(LitWeights { lits, factor })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_variable_counts_cost_nothing_until_used() {
        let lit = |n: i64| zero_one_model::Lit::from_dimacs(n).expect("a literal");
        let f = Clauses::from_clauses(u32::MAX as usize, [&[lit(-7), lit(2_000_000_000)][..]])
            .with_projection([Var::new(u32::MAX - 1), Var::new(6), Var::new(6)]);
        let p = to_problem(&f, None).expect("valid");
        assert_eq!(p.num_vars, 2);
        assert_eq!(p.clauses, vec![vec![Lit::new(0, true), Lit::new(1, false)]]);
        assert_eq!(p.projected, vec![true, false]);
        assert_eq!(p.free_projected, 1);
        assert_eq!(p.origin, vec![6, 1_999_999_999]);
    }
}
