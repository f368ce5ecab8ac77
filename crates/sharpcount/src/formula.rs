//! The input formula in DIMACS numbering, its validation, and its translation into the
//! counter's internal problem: 0-based, dense variables (only those in some clause), and
//! the number of projected variables that occur in no clause, each a factor 2.

use crate::error::FormulaError;
use crate::lit::Lit;

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
    /// Projected variables dropped from the problem, each doubling the count.
    pub free_projected: u64,
}

/// Checks `f` and renumbers the variables that occur in some clause densely, in
/// increasing order. Memory is proportional to the clauses and the projection, not to
/// `num_vars`.
pub(crate) fn to_problem(f: &Formula) -> Result<Problem, FormulaError> {
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
    Ok(Problem {
        num_vars,
        clauses,
        projected,
        free_projected,
    })
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
        let p = to_problem(&f).expect("valid");
        assert_eq!(p.num_vars, 2);
        assert_eq!(p.clauses, vec![vec![Lit::new(0, true), Lit::new(1, false)]]);
        assert_eq!(p.projected, vec![true, false]);
        assert_eq!(p.free_projected, 1);
    }
}
