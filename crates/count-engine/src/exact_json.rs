//! Counts in JSON reports as exact integers of any size (serde's own form of a `BigUint` is
//! a list of digits): serializers for `#[serde(serialize_with = "...")]`, which the reports
//! of this crate and of its clients use.

use num_bigint::BigUint;
use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// Writes `n` as a bare JSON integer, every digit of it.
///
/// # Errors
/// What the serializer says.
pub fn exact<S: Serializer>(n: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    RawValue::from_string(n.to_string())
        .map_err(S::Error::custom)?
        .serialize(s)
}

/// Writes `n` as a bare JSON integer, or `None` as `null`.
///
/// # Errors
/// What the serializer says.
pub fn exact_or_null<S: Serializer>(n: &Option<BigUint>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => exact(n, s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Count {
        #[serde(serialize_with = "exact")]
        count: BigUint,
        #[serde(serialize_with = "exact_or_null")]
        none: Option<BigUint>,
    }

    fn json(count: BigUint) -> String {
        serde_json::to_string(&Count { count, none: None }).expect("writes")
    }

    #[test]
    fn counts_of_every_size_are_written_digit_for_digit() {
        let one = BigUint::from(1u8);
        for bits in [0u32, 63, 64, 127, 128, 200, 1000] {
            let n = &one << bits;
            assert_eq!(json(n.clone()), format!("{{\"count\":{n},\"none\":null}}"));
        }
        assert_eq!(json(BigUint::from(0u8)), "{\"count\":0,\"none\":null}");
    }
}
