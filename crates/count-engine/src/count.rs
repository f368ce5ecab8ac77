//! An exact count of any size, as checkpoints, shard files and reports carry it: a JSON
//! number while it fits 64 bits (so files of counts that small read as before), a string of
//! decimal digits beyond.

use num_bigint::BigUint;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The most decimal digits a count read from a file may have: 2^22 bits
/// ([`crate::MAX_COUNT_BITS`]) is 1,262,612 digits.
const MAX_DIGITS: usize = 1_262_612;

/// An exact non-negative count.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count(pub BigUint);

impl Count {
    /// The count as a `u64`, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        u64::try_from(&self.0).ok()
    }

    /// Bytes that identify the count, for check values: the little-endian `u64` while it
    /// fits (as checkpoints before big counts hashed it), else a marker and the digits.
    pub(crate) fn check_bytes(&self) -> Vec<u8> {
        match self.to_u64() {
            Some(x) => x.to_le_bytes().to_vec(),
            None => {
                let mut b = b"big:".to_vec();
                b.extend(self.0.to_string().bytes());
                b
            }
        }
    }
}

impl From<u64> for Count {
    fn from(x: u64) -> Count {
        Count(BigUint::from(x))
    }
}

impl From<BigUint> for Count {
    fn from(x: BigUint) -> Count {
        Count(x)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::ops::AddAssign<&Count> for Count {
    fn add_assign(&mut self, other: &Count) {
        self.0 += &other.0;
    }
}

impl Count {
    /// The count for a message: whole up to 40 digits, else its first digits and its length
    /// (a count may have a million digits; a message stays one short line).
    pub fn brief(&self) -> String {
        let digits = self.0.to_string();
        if digits.len() <= 40 {
            return digits;
        }
        format!("{}… ({} digits)", &digits[..20], digits.len())
    }
}

impl std::ops::AddAssign<u64> for Count {
    fn add_assign(&mut self, other: u64) {
        self.0 += other;
    }
}

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(x) => s.serialize_u64(x),
            None => s.serialize_str(&self.0.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a non-negative integer, or its decimal digits as a string")
            }
            fn visit_u64<E: serde::de::Error>(self, x: u64) -> Result<Count, E> {
                Ok(Count::from(x))
            }
            fn visit_i64<E: serde::de::Error>(self, x: i64) -> Result<Count, E> {
                u64::try_from(x)
                    .map(Count::from)
                    .map_err(|_| E::custom("a count cannot be negative"))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Count, E> {
                // Digits only, no sign or leading zero, and not so many that parsing costs.
                let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                if digits && s.len() > MAX_DIGITS {
                    return Err(E::custom(format!(
                        "a count of {} digits is longer than the {MAX_DIGITS} digits a count may have",
                        s.len()
                    )));
                }
                if !digits || (s.len() > 1 && s.starts_with('0')) {
                    return Err(E::custom(
                        "a count string must be decimal digits (no sign, no leading zero)",
                    ));
                }
                s.parse::<BigUint>().map(Count).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regression_a_count_too_long_is_called_too_long_and_messages_stay_short() {
        let long = format!("\"{}\"", "7".repeat(MAX_DIGITS + 1));
        let err = serde_json::from_str::<Count>(&long)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(&format!(
                "a count of {} digits is longer than the {MAX_DIGITS} digits",
                MAX_DIGITS + 1
            )),
            "{err}"
        );
        let big: Count = serde_json::from_str(&format!("\"{}\"", "7".repeat(MAX_DIGITS))).unwrap();
        assert_eq!(
            big.brief(),
            format!("{}… ({MAX_DIGITS} digits)", "7".repeat(20))
        );
        assert_eq!(Count::from(12345).brief(), "12345");
    }

    #[test]
    fn small_counts_are_numbers_and_big_ones_digit_strings_both_ways() {
        let small = Count::from(42);
        assert_eq!(serde_json::to_string(&small).unwrap(), "42");
        let big = Count(BigUint::from(1u32) << 100);
        let text = serde_json::to_string(&big).unwrap();
        assert_eq!(text, "\"1267650600228229401496703205376\"");
        assert_eq!(serde_json::from_str::<Count>(&text).unwrap(), big);
        assert_eq!(serde_json::from_str::<Count>("42").unwrap(), small);
        for bad in ["-1", "\"-1\"", "\"012\"", "\"\"", "\"1e5\"", "1.5", "null"] {
            assert!(serde_json::from_str::<Count>(bad).is_err(), "{bad}");
        }
    }
}
