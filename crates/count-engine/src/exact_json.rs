//! Counts in JSON reports as exact integers of any size (serde's own form of a `BigUint` is
//! a list of digits).

use num_bigint::BigUint;
use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// Writes `n` as a bare JSON integer.
pub(crate) fn exact<S: Serializer>(n: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    RawValue::from_string(n.to_string())
        .map_err(S::Error::custom)?
        .serialize(s)
}

/// Writes `n` as a bare JSON integer, or `null`.
pub(crate) fn exact_some<S: Serializer>(n: &Option<BigUint>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => exact(n, s),
        None => s.serialize_none(),
    }
}
