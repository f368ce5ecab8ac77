//! Exact re-checking of an ILP solver's answer: values are rounded only when within a
//! tolerance of an integer, then every bound and every row is evaluated in `i64`.

use super::IlpModel;
use std::fmt;

/// Why an answer is not a solution of an [`IlpModel`].
#[derive(Clone, Debug, PartialEq)]
pub enum IlpViolation {
    /// The answer has the wrong number of values.
    WrongLength {
        /// Variables in the model.
        expected: usize,
        /// Values in the answer.
        found: usize,
    },
    /// A value is not within the tolerance of an integer (or is not finite).
    NotIntegral {
        /// The variable's name.
        var: String,
        /// The value found.
        value: f64,
    },
    /// A value lies outside its variable's bounds.
    OutOfBounds {
        /// The variable's name.
        var: String,
        /// The rounded value.
        value: i64,
    },
    /// A row does not hold.
    Row {
        /// The row's index (0-based; `c<index+1>` in exported files).
        index: usize,
        /// Its left side under the answer.
        activity: i64,
    },
}

impl fmt::Display for IlpViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IlpViolation::WrongLength { expected, found } => {
                write!(f, "{found} values for {expected} variables")
            }
            IlpViolation::NotIntegral { var, value } => {
                write!(f, "variable {var} = {value} is not an integer")
            }
            IlpViolation::OutOfBounds { var, value } => {
                write!(f, "variable {var} = {value} is outside its bounds")
            }
            IlpViolation::Row { index, activity } => {
                write!(f, "row c{} does not hold (left side {activity})", index + 1)
            }
        }
    }
}

impl std::error::Error for IlpViolation {}

/// Rounds solver values to integers, refusing any farther than `tolerance` from one.
///
/// # Errors
/// The first value that is not finite or not near an integer; `names` gives its name.
pub fn round_values(
    raw: &[f64],
    tolerance: f64,
    names: impl Fn(usize) -> String,
) -> Result<Vec<i64>, IlpViolation> {
    raw.iter()
        .enumerate()
        .map(|(i, &x)| {
            let r = x.round();
            if x.is_finite() && (x - r).abs() <= tolerance && r.abs() < 1e15 {
                Ok(r as i64)
            } else {
                Err(IlpViolation::NotIntegral {
                    var: names(i),
                    value: x,
                })
            }
        })
        .collect()
}

impl IlpModel {
    /// Checks integer values against every bound and row, exactly.
    ///
    /// # Errors
    /// The first bound or row broken, or a length mismatch.
    pub fn check(&self, values: &[i64]) -> Result<(), IlpViolation> {
        if values.len() != self.vars.len() {
            return Err(IlpViolation::WrongLength {
                expected: self.vars.len(),
                found: values.len(),
            });
        }
        for (var, &value) in self.vars.iter().zip(values) {
            let (lo, hi) = var.bounds();
            if !(lo..=hi).contains(&value) {
                return Err(IlpViolation::OutOfBounds {
                    var: var.name.clone(),
                    value,
                });
            }
        }
        for (index, row) in self.rows.iter().enumerate() {
            if !row.holds(values) {
                return Err(IlpViolation::Row {
                    index,
                    activity: row.activity(values),
                });
            }
        }
        Ok(())
    }

    /// Rounds raw solver values (see [`round_values`]) and checks them (see
    /// [`IlpModel::check`]).
    ///
    /// # Errors
    /// As those two.
    pub fn check_raw(&self, raw: &[f64], tolerance: f64) -> Result<Vec<i64>, IlpViolation> {
        let values = round_values(raw, tolerance, |i| {
            self.vars
                .get(i)
                .map_or_else(|| format!("#{i}"), |v| v.name.clone())
        })?;
        self.check(&values)?;
        Ok(values)
    }
}
