//! The check of a whole CPOG bundle: its manifest, the formula, the certificate, and the
//! count the manifest claims against the count the certificate proves.

use super::{check_cpog, parse_weight, read_weights, CpogCheckError, CpogChecked};
use crate::bundle::cpog::{CpogManifest, CERTIFICATE, FORMAT};
use crate::bundle::{FORMULA, MANIFEST, VERSION};
use crate::check::{read_cnf, FileError};
use std::io::BufReader;
use std::path::Path;

/// Why a CPOG bundle is not certified.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CpogVerifyError {
    /// A file cannot be read.
    #[error("cannot read {file}")]
    Io {
        /// The file, relative to the bundle.
        file: &'static str,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file is missing or not a regular file (a FIFO, a device).
    #[error("{file} is missing or not a regular file")]
    NotAFile {
        /// The file, relative to the bundle.
        file: &'static str,
    },
    /// The manifest is not a CPOG bundle's of this version.
    #[error("{MANIFEST}: {0}")]
    Manifest(String),
    /// The formula cannot be read.
    #[error("{FORMULA}: {0}")]
    Formula(FileError),
    /// The certificate fails.
    #[error("{CERTIFICATE}: {0}")]
    Certificate(CpogCheckError),
    /// The formula has a projection: a CPOG certificate proves unprojected counts only.
    #[error("{FORMULA} has a projection (c p show), and a CPOG certificate proves unprojected counts only")]
    Projected,
    /// The formula's weight lines cannot be read.
    #[error("{FORMULA}: {0}")]
    Weights(String),
    /// The manifest claims another weighted count than the certified graph has (or claims
    /// one for an unweighted formula, or none for a weighted one).
    #[error("the manifest claims the weighted count {claimed}, the certified graph has {proved}")]
    WeightedMismatch {
        /// The manifest's.
        claimed: String,
        /// The graph's.
        proved: String,
    },
    /// The manifest claims another count than the certificate proves.
    #[error("the manifest claims {claimed} models, the certificate proves {proved}")]
    CountMismatch {
        /// The manifest's count.
        claimed: String,
        /// The certificate's.
        proved: String,
    },
}

/// Checks the CPOG bundle in `dir`: the certificate against the formula, and the count the
/// manifest claims against the one the graph has.
///
/// # Errors
///
/// [`CpogVerifyError`]: the first check that fails.
pub fn verify_cpog(dir: &Path) -> Result<CpogChecked, CpogVerifyError> {
    let open = |file: &'static str| {
        std::fs::File::open(dir.join(file))
            .map(|f| BufReader::with_capacity(1 << 20, f))
            .map_err(|source| CpogVerifyError::Io { file, source })
    };
    for file in [MANIFEST, FORMULA, CERTIFICATE] {
        if !std::fs::metadata(dir.join(file)).is_ok_and(|m| m.is_file()) {
            return Err(CpogVerifyError::NotAFile { file });
        }
    }
    let text =
        std::fs::read_to_string(dir.join(MANIFEST)).map_err(|source| CpogVerifyError::Io {
            file: MANIFEST,
            source,
        })?;
    let manifest: CpogManifest =
        serde_json::from_str(&text).map_err(|e| CpogVerifyError::Manifest(e.to_string()))?;
    if manifest.version != VERSION || manifest.format != FORMAT {
        return Err(CpogVerifyError::Manifest(format!(
            "version {} format `{}`, expected version {VERSION} format `{FORMAT}`",
            manifest.version, manifest.format
        )));
    }
    let formula = read_cnf(open(FORMULA)?).map_err(CpogVerifyError::Formula)?;
    let text =
        std::fs::read_to_string(dir.join(FORMULA)).map_err(|source| CpogVerifyError::Io {
            file: FORMULA,
            source,
        })?;
    let weights = read_weights(&text).map_err(CpogVerifyError::Weights)?;
    if formula.shown().is_some() {
        return Err(CpogVerifyError::Projected);
    }
    let checked = check_cpog(&formula, open(CERTIFICATE)?, weights.as_deref())
        .map_err(CpogVerifyError::Certificate)?;
    if checked.count.to_string() != manifest.count {
        return Err(CpogVerifyError::CountMismatch {
            claimed: manifest.count,
            proved: checked.count.to_string(),
        });
    }
    let claimed = manifest.weighted_count.as_deref().map(parse_weight);
    if claimed != checked.weighted_count.clone().map(Some) {
        return Err(CpogVerifyError::WeightedMismatch {
            claimed: manifest.weighted_count.unwrap_or_else(|| "none".into()),
            proved: checked
                .weighted_count
                .as_ref()
                .map_or_else(|| "none".into(), ToString::to_string),
        });
    }
    Ok(checked)
}
