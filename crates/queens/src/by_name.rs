//! Serde by name: a value written as its name (`Display`) and read back by it (`FromStr`),
//! as the command line names it. For `#[serde(with = "crate::by_name")]`.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Display;
use std::str::FromStr;

/// Writes `value` as its name.
pub(crate) fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Reads a value back from its name.
pub(crate) fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let name = String::deserialize(d)?;
    name.parse().map_err(D::Error::custom)
}
