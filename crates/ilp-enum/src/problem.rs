//! One cube's ILP: the model's rows with the fixed variables substituted, over the free
//! variables only, built through good_lp and solved by microlp.

use crate::NAME;
use good_lp::solvers::microlp::microlp;
use good_lp::{variable, Expression, ProblemVariables, SolverModel};
use zero_one_model::ilp::{Bounds, IlpModel, Row, VarKind};
use zero_one_model::{BackendError, BackendErrorKind, Cmp};

/// The free part of a cube: which ILP variables the solver sees, in its order.
pub struct FreePart {
    /// ILP index of each solver variable.
    pub free: Vec<usize>,
    /// Solver position of each ILP variable, `None` when fixed.
    pub position: Vec<Option<usize>>,
}

impl FreePart {
    /// The variables `bounds` leave free.
    pub fn of(bounds: &Bounds) -> FreePart {
        let free: Vec<usize> = (0..bounds.len())
            .filter(|&i| bounds[i].0 < bounds[i].1)
            .collect();
        let mut position = vec![None; bounds.len()];
        for (k, &i) in free.iter().enumerate() {
            position[i] = Some(k);
        }
        FreePart { free, position }
    }

    /// `row` over the free variables, the fixed ones moved right, its terms indexed by solver
    /// position. `None` when no free variable is left in it.
    pub fn restrict(&self, row: &Row, bounds: &Bounds) -> Option<Row> {
        let mut rhs = row.rhs;
        let mut terms = Vec::with_capacity(row.terms.len());
        for &(a, i) in &row.terms {
            match self.position[i] {
                Some(k) => terms.push((a, k)),
                None => rhs -= a * bounds[i].0,
            }
        }
        (!terms.is_empty()).then_some(Row {
            terms,
            cmp: row.cmp,
            rhs,
        })
    }
}

/// Builds and solves the cube's ILP; `None` when microlp proves it infeasible.
///
/// # Errors
/// Kind [`BackendErrorKind::SolverFailed`], with good_lp's error as source, when microlp
/// fails otherwise.
pub fn solve(
    ilp: &IlpModel,
    bounds: &Bounds,
    part: &FreePart,
) -> Result<Option<microlp::Solution>, BackendError> {
    let mut vars = ProblemVariables::new();
    let handles: Vec<_> = part
        .free
        .iter()
        .map(|&i| {
            let (lo, hi) = bounds[i];
            match ilp.vars[i].kind {
                VarKind::Binary => vars.add(variable().binary()),
                VarKind::Integer { .. } => {
                    vars.add(variable().integer().min(lo as f64).max(hi as f64))
                }
            }
        })
        .collect();
    let mut problem = vars.minimise(Expression::from(0.0)).using(microlp);
    for row in &ilp.rows {
        let Some(Row { terms, cmp, rhs }) = part.restrict(row, bounds) else {
            continue;
        };
        let lhs: Expression = terms.iter().map(|&(a, k)| a as f64 * handles[k]).sum();
        let rhs = rhs as f64;
        problem.add_constraint(match cmp {
            Cmp::AtMost => lhs.leq(rhs),
            Cmp::AtLeast => lhs.geq(rhs),
            Cmp::Exactly => lhs.eq(rhs),
        });
    }
    match problem.solve() {
        Ok(solution) => Ok(Some(solution.into_inner())),
        Err(good_lp::ResolutionError::Infeasible) => Ok(None),
        Err(e) => {
            Err(
                BackendError::with_kind(BackendErrorKind::SolverFailed, NAME, "the solve failed")
                    .with_source(e),
            )
        }
    }
}
