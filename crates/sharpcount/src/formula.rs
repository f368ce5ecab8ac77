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

/// Checks `f` and renumbers the variables that occur in some clause densely.
pub(crate) fn to_problem(f: &Formula) -> Result<Problem, FormulaError> {
    let n = f.num_vars;
    let mut internal: Vec<u32> = vec![u32::MAX; n as usize + 1];
    let mut num_vars = 0u32;
    let mut clauses = Vec::with_capacity(f.clauses.len());
    for (ci, clause) in f.clauses.iter().enumerate() {
        let mut out = Vec::with_capacity(clause.len());
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
            let slot = &mut internal[v as usize];
            if *slot == u32::MAX {
                *slot = num_vars;
                num_vars += 1;
            }
            out.push(Lit::new(*slot, l < 0));
        }
        clauses.push(out);
    }
    let mut projected = vec![false; num_vars as usize];
    let mut free_projected = 0u64;
    match &f.projection {
        None => {
            projected.iter_mut().for_each(|p| *p = true);
            free_projected = u64::from(n - num_vars);
        }
        Some(shown) => {
            let mut seen = vec![false; n as usize + 1];
            for &v in shown {
                if v == 0 || v > n {
                    return Err(FormulaError::ProjectionOutOfRange {
                        var: v,
                        num_vars: n,
                    });
                }
                if std::mem::replace(&mut seen[v as usize], true) {
                    continue;
                }
                match internal[v as usize] {
                    u32::MAX => free_projected += 1,
                    i => projected[i as usize] = true,
                }
            }
        }
    }
    Ok(Problem {
        num_vars,
        clauses,
        projected,
        free_projected,
    })
}
