//! Exact JSON integers of any size, without a JSON dependency: a count that fits 128 bits
//! is written as serde's `u64`/`u128`, which serde_json writes digit for digit; a larger
//! one as serde_json's raw value (its `raw_value` feature, which `count-engine` turns on),
//! so that every digit is written and nothing is quoted or rounded.

use num_bigint::BigUint;
use serde::ser::SerializeStruct;
use serde::Serializer;

/// The name serde_json gives a raw JSON value (`serde_json::value::RawValue`): a struct of
/// this name, with one field of this name holding the JSON text, is written as that text.
const RAW_VALUE: &str = "$serde_json::private::RawValue";

/// Serialises `n` as an exact integer.
///
/// # Errors
/// What the serializer says.
pub(crate) fn exact<S: Serializer>(n: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    if let Ok(small) = u64::try_from(n) {
        return s.serialize_u64(small);
    }
    if let Ok(wide) = u128::try_from(n) {
        return s.serialize_u128(wide);
    }
    let mut raw = s.serialize_struct(RAW_VALUE, 1)?;
    raw.serialize_field(RAW_VALUE, &n.to_string())?;
    raw.end()
}

/// Serialises `n` as an exact integer, or `None` as null.
///
/// # Errors
/// What the serializer says.
pub(crate) fn exact_or_null<S: Serializer>(n: &Option<BigUint>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => exact(n, s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

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
