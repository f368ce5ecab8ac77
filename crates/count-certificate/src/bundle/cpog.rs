//! The layout of a CPOG bundle: a count certified by a CPOG certificate (Bryant et al.,
//! SAT 2023) rather than by listed models.
//!
//! - [`FORMULA`](super::FORMULA): F as counted, DIMACS CNF, clause `i` numbered `i`.
//! - [`CERTIFICATE`]: the CPOG file: a partitioned-operation graph as extension variables
//!   with defining clauses, and hinted RUP steps showing it equivalent to F.
//! - [`MANIFEST`](super::MANIFEST): JSON, see [`CpogManifest`] (`"format": "cpog"`).
//!
//! The count is what the graph counts; checkers read it from the certificate, not from
//! the manifest, and compare.

use super::ProducedBy;
use serde::{Deserialize, Serialize};

/// The CPOG certificate.
pub const CERTIFICATE: &str = "certificate.cpog";
/// The manifest's `format` for a CPOG bundle.
pub const FORMAT: &str = "cpog";

/// What `manifest.json` holds in a CPOG bundle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CpogManifest {
    /// [`VERSION`](super::VERSION).
    pub version: u32,
    /// [`FORMAT`].
    pub format: String,
    /// The certified count, a decimal string.
    pub count: String,
    /// For a weighted formula (`c t wmc` and `c p weight` lines in the formula), its
    /// weighted count: a decimal, or `a/b` when it is no finite decimal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weighted_count: Option<String>,
    /// File names, relative to the bundle: `formula`, `certificate`.
    pub files: std::collections::BTreeMap<String, String>,
    /// How the bundle was produced.
    pub produced_by: ProducedBy,
}

/// Whether the manifest text `json` is a CPOG bundle's.
pub fn is_cpog_manifest(json: &str) -> bool {
    #[derive(Deserialize)]
    struct Format {
        format: Option<String>,
    }
    serde_json::from_str::<Format>(json).is_ok_and(|f| f.format.as_deref() == Some(FORMAT))
}
