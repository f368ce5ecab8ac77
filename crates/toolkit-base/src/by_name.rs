//! Serde by name: a value written as its name (`Display`) and read back by it (`FromStr`),
//! as the command line names it. For `#[serde(with = "toolkit_base::by_name")]`.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use std::net::Ipv4Addr;
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Host {
//!     #[serde(with = "toolkit_base::by_name")]
//!     address: Ipv4Addr,
//! }
//! let json = serde_json::to_string(&Host { address: Ipv4Addr::LOCALHOST }).unwrap();
//! assert_eq!(json, r#"{"address":"127.0.0.1"}"#);
//! assert_eq!(serde_json::from_str::<Host>(&json).unwrap().address, Ipv4Addr::LOCALHOST);
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Display;
use std::str::FromStr;

/// Writes `value` as its name.
pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Reads a value back from its name.
pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let name = String::deserialize(d)?;
    name.parse().map_err(D::Error::custom)
}
