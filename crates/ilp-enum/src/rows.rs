//! The refusal of rows too large for the 64-bit ILP lowering: a linear constraint whose
//! absolute coefficients and bound add up past `i64::MAX` would wrap in
//! [`zero_one_model::ilp::lower_to_ilp`], so it is refused before (the CNF encodings work in
//! 128 bits and take it).

use crate::NAME;
use thiserror::Error;
use zero_one_model::ilp::{lower_to_ilp, IlpModel};
use zero_one_model::{BackendError, BackendErrorKind, Constraint, Model};

/// A constraint of the model too large for the 64-bit rows of the ILP lowering.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("constraint {} has coefficients too large for a 64-bit ILP row (their sum passes 2^63)", .index + 1)]
#[non_exhaustive]
pub struct RowTooLarge {
    /// The constraint's index in [`Model::constraints`] (0-based).
    pub index: usize,
}

/// Checks that every linear constraint of `model` fits a 64-bit row: the sum of its absolute
/// coefficients and of its bound's absolute value is at most `i64::MAX`.
///
/// ```
/// use zero_one_model::{Cmp, Constraint, Model};
/// let mut m = Model::new();
/// let x = m.new_var("x").positive();
/// m.add(Constraint::Linear { terms: vec![(i64::MAX, x), (1, x)], cmp: Cmp::AtLeast, rhs: 1 });
/// assert_eq!(ilp_enum::check_rows(&m).unwrap_err().index, 0);
/// ```
///
/// # Errors
/// [`RowTooLarge`] naming the first constraint that does not fit.
pub fn check_rows(model: &Model) -> Result<(), RowTooLarge> {
    let too_big = model.constraints().iter().position(|c| match c {
        Constraint::Linear { terms, rhs, .. } => {
            let sum: i128 = terms.iter().map(|(a, _)| i128::from(*a).abs()).sum();
            sum + i128::from(*rhs).abs() > i128::from(i64::MAX)
        }
        _ => false,
    });
    match too_big {
        Some(index) => Err(RowTooLarge { index }),
        None => Ok(()),
    }
}

/// A number of the model's ILP lowering (a coefficient, a bound or an objective
/// coefficient) past 2^53: microlp computes in doubles, which hold integers exactly only up
/// to 2^53, so it would solve another problem (and could miss solutions a count needs).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("a number of magnitude {largest} passes 2^53, and the ILP backend (microlp, in floating point) takes numbers exactly only up to 2^53")]
#[non_exhaustive]
pub struct PastDoublePrecision {
    /// The largest magnitude in the lowering.
    pub largest: i128,
}

/// Checks that every number of the lowering `ilp` is at most 2^53
/// ([`zero_one_model::ilp::F64_EXACT`]), so microlp's doubles hold it exactly.
///
/// ```
/// use zero_one_model::{ilp::lower_to_ilp, Cmp, Constraint, Model};
/// let mut m = Model::new();
/// let (x, y) = (m.new_var("x").positive(), m.new_var("y").positive());
/// m.add(Constraint::Linear { terms: vec![(1 << 54, x), (1, y)], cmp: Cmp::AtLeast, rhs: 1 });
/// assert_eq!(ilp_enum::check_exact(&lower_to_ilp(&m)).unwrap_err().largest, 1 << 54);
/// ```
///
/// # Errors
/// [`PastDoublePrecision`] with the largest magnitude.
pub fn check_exact(ilp: &IlpModel) -> Result<(), PastDoublePrecision> {
    let largest = ilp.largest_number();
    if largest > zero_one_model::ilp::F64_EXACT {
        return Err(PastDoublePrecision { largest });
    }
    Ok(())
}

/// The model lowered to an ILP, once, for the backend: [`check_rows`] before lowering and
/// [`check_exact`] after, failing as a backend error of kind
/// [`BackendErrorKind::Unsupported`] with the [`RowTooLarge`] or the
/// [`PastDoublePrecision`] as its source.
///
/// # Errors
/// When a constraint does not fit, or a number is past 2^53.
pub(crate) fn lower_for_backend(model: &Model) -> Result<IlpModel, BackendError> {
    let unsupported =
        |message: &str| BackendError::with_kind(BackendErrorKind::Unsupported, NAME, message);
    check_rows(model)
        .map_err(|e| unsupported("the model does not fit 64-bit rows").with_source(e))?;
    let ilp = lower_to_ilp(model);
    check_exact(&ilp)
        .map_err(|e| unsupported("the model holds numbers past 2^53").with_source(e))?;
    Ok(ilp)
}
