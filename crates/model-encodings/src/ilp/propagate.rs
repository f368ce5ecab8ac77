//! Bound propagation over linear rows, in exact integer arithmetic: presolve by fixing. Given
//! some variables fixed (a cube's literals), every row tightens the bounds its minimum activity
//! allows, until nothing changes. On at-most-one and exactly-one rows over binaries this is
//! unit propagation; it leaves a solver only the free part of the problem.

use super::{IlpModel, Row};
use crate::Cmp;

/// Lower and upper bound per variable.
pub type Bounds = Vec<(i64, i64)>;

/// Why [`propagate`] stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PropagateError {
    /// No values within the bounds satisfy row `row` (0-based): the bounds admit no solution.
    #[error("row #{row} cannot hold within the bounds")]
    Infeasible {
        /// The row's index in [`IlpModel::rows`].
        row: usize,
    },
    /// The bounds do not cover every variable of the model.
    #[error("{found} bounds given for {expected} variables")]
    WrongLength {
        /// Variables in the model.
        expected: usize,
        /// Bounds given.
        found: usize,
    },
}

/// Tightens `bounds` with every row of `model` until a fixpoint.
///
/// # Errors
/// [`PropagateError::Infeasible`] naming a row that no values within the bounds can satisfy
/// (the bounds are left partly tightened); [`PropagateError::WrongLength`] when `bounds` does
/// not have one entry per variable of `model`.
pub fn propagate(model: &IlpModel, bounds: &mut Bounds) -> Result<(), PropagateError> {
    if bounds.len() != model.vars.len() {
        return Err(PropagateError::WrongLength {
            expected: model.vars.len(),
            found: bounds.len(),
        });
    }
    loop {
        let mut changed = false;
        for (index, row) in model.rows.iter().enumerate() {
            let sides: &[i64] = match row.cmp {
                Cmp::AtMost => &[1],
                Cmp::AtLeast => &[-1],
                Cmp::Exactly => &[1, -1],
            };
            for &sign in sides {
                changed |=
                    tighten(row, sign, bounds).ok_or(PropagateError::Infeasible { row: index })?;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// Applies `sign * (row) <= sign * rhs` to the bounds; `None` when it cannot hold, else
/// whether a bound moved.
fn tighten(row: &Row, sign: i64, bounds: &mut Bounds) -> Option<bool> {
    let rhs = sign * row.rhs;
    let min_term = |a: i64, (lo, hi): (i64, i64)| (a * lo).min(a * hi);
    let min_activity: i64 = row
        .terms
        .iter()
        .map(|&(a, i)| min_term(sign * a, bounds[i]))
        .sum();
    if min_activity > rhs {
        return None;
    }
    let mut changed = false;
    for &(a, i) in &row.terms {
        let a = sign * a;
        let (lo, hi) = bounds[i];
        // What this term may use: a * x <= slack.
        let slack = rhs - (min_activity - min_term(a, (lo, hi)));
        if a > 0 {
            let new_hi = slack.div_euclid(a);
            if new_hi < hi {
                bounds[i].1 = new_hi;
                changed = true;
            }
        } else {
            // a < 0: x >= slack / a = ceil((-slack) / (-a)).
            let new_lo = -(slack.div_euclid(-a));
            if new_lo > lo {
                bounds[i].0 = new_lo;
                changed = true;
            }
        }
        if bounds[i].0 > bounds[i].1 {
            return None;
        }
    }
    Some(changed)
}
