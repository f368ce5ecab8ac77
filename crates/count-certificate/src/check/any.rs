//! Checking a bundle of either kind: [`check_bundle`] reads the manifest to tell a CPOG
//! bundle from a DRAT one, runs the checker that fits ([`verify`] or
//! [`verify_cpog`](super::cpog::verify_cpog)) and hands back a [`BundleVerdict`] that says
//! itself as text and as JSON.

use super::cpog::{verify_cpog, CpogChecked, CpogVerifyError};
use super::{verify, Certified, CertifiedReport, FailureReport, VerifyError};
use crate::bundle;
use serde::ser::{Serialize, Serializer};
use std::io::Read;
use std::path::{Path, PathBuf};

/// `n` and `noun`, plural unless `n` is 1: toolkit-base's `plural`, written again here
/// because this checker shares no code with anything that counts.
fn plural(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// The largest manifest read to tell a bundle's kind: a FIFO or `/dev/zero` is left to the
/// bundle checker, which refuses it.
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// What checking a bundle found, of either kind.
#[derive(Debug)]
enum Outcome {
    Drat(Result<Certified, VerifyError>),
    Cpog(Result<CpogChecked, CpogVerifyError>),
}

/// The verdict on a bundle: certified or not, with what it establishes or why not.
/// As JSON it is the checker's report ([`CertifiedReport`] or [`FailureReport`] for a DRAT
/// bundle; `{dir, certified, format: "cpog", checked | error}` for a CPOG one).
#[derive(Debug)]
pub struct BundleVerdict {
    dir: PathBuf,
    outcome: Outcome,
}

/// Checks the bundle in `dir`, a CPOG bundle when its manifest says `"format": "cpog"`, else
/// a DRAT one. A failure is part of the verdict, never an error.
pub fn check_bundle(dir: &Path) -> BundleVerdict {
    let outcome = if is_cpog_bundle(dir) {
        Outcome::Cpog(verify_cpog(dir))
    } else {
        Outcome::Drat(verify(dir))
    };
    BundleVerdict {
        dir: dir.to_path_buf(),
        outcome,
    }
}

/// Whether `dir` holds a CPOG bundle: only a regular manifest of at most 1 MiB is read.
fn is_cpog_bundle(dir: &Path) -> bool {
    let path = dir.join(bundle::MANIFEST);
    if !std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= MAX_MANIFEST_BYTES) {
        return false;
    }
    let mut text = String::new();
    std::fs::File::open(&path)
        .and_then(|f| f.take(MAX_MANIFEST_BYTES).read_to_string(&mut text))
        .is_ok()
        && bundle::cpog::is_cpog_manifest(&text)
}

impl BundleVerdict {
    /// Whether the bundle certifies its count.
    pub fn is_certified(&self) -> bool {
        matches!(self.outcome, Outcome::Drat(Ok(_)) | Outcome::Cpog(Ok(_)))
    }

    /// One line: what a certified bundle establishes (`certified: K`, or the CPOG count
    /// with its sizes), or the first failure (`FILE:LINE: why`, `DIR: not certified: why`).
    pub fn text(&self) -> String {
        let dir = self.dir.display();
        match &self.outcome {
            Outcome::Drat(Ok(c)) => CertifiedReport::new(&self.dir, c).text(),
            Outcome::Drat(Err(e)) => e.located(&self.dir),
            Outcome::Cpog(Ok(c)) => {
                let weighted = match &c.weighted_count {
                    Some(w) => format!(", weighted count {w}"),
                    None => String::new(),
                };
                // "over all": a CPOG bundle never certifies a projected count.
                format!(
                    "{dir}: certified: {} over all {}{weighted} (CPOG, unprojected: {}, {}, {} checked; {})",
                    plural(&c.count, "model"),
                    plural(c.variables, "variable"),
                    plural(c.operations, "operation"),
                    plural(c.added, "RUP step"),
                    plural(c.deleted, "deletion"),
                    plural(c.clauses, "clause")
                )
            }
            Outcome::Cpog(Err(e)) => format!("{dir}: not certified: {e}"),
        }
    }

    /// A warning for a certified DRAT bundle whose proof deleted clauses that were not in
    /// the database (ignored, as DRAT checkers do).
    pub fn warning(&self) -> Option<String> {
        match &self.outcome {
            Outcome::Drat(Ok(c)) => CertifiedReport::new(&self.dir, c).warning(),
            _ => None,
        }
    }
}

/// A CPOG bundle's verdict as JSON.
#[derive(serde::Serialize)]
struct CpogReport<'a> {
    dir: String,
    certified: bool,
    format: &'static str,
    /// Every variable (as in a DRAT bundle's report): the count is never a projected one.
    #[serde(skip_serializing_if = "Option::is_none")]
    projection_size: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checked: Option<&'a CpogChecked>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl<'a> CpogReport<'a> {
    fn new(dir: &Path, checked: Option<&'a CpogChecked>, error: Option<String>) -> Self {
        CpogReport {
            dir: dir.display().to_string(),
            certified: error.is_none(),
            format: bundle::cpog::FORMAT,
            projection_size: checked.map(|c| c.variables),
            checked,
            error,
        }
    }
}

impl Serialize for BundleVerdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let cpog = |checked, error| CpogReport::new(&self.dir, checked, error);
        match &self.outcome {
            Outcome::Drat(Ok(c)) => CertifiedReport::new(&self.dir, c).serialize(s),
            Outcome::Drat(Err(e)) => FailureReport::new(&self.dir, e).serialize(s),
            Outcome::Cpog(Ok(c)) => cpog(Some(c), None).serialize(s),
            Outcome::Cpog(Err(e)) => cpog(None, Some(e.to_string())).serialize(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_directory_is_a_drat_bundle_that_is_not_certified() {
        let dir = tempfile::tempdir().unwrap();
        let verdict = check_bundle(dir.path());
        assert!(!verdict.is_certified());
        assert!(
            verdict.text().contains(bundle::MANIFEST),
            "{}",
            verdict.text()
        );
        let json = serde_json::to_value(&verdict).unwrap();
        assert_eq!(json["certified"], false, "{json}");
        assert!(json.get("format").is_none(), "{json}");
    }

    #[test]
    fn a_cpog_manifest_is_checked_as_a_cpog_bundle() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(bundle::MANIFEST), r#"{"format": "cpog"}"#).unwrap();
        let verdict = check_bundle(dir.path());
        assert!(!verdict.is_certified());
        assert!(
            verdict.text().contains(": not certified: "),
            "{}",
            verdict.text()
        );
        let json = serde_json::to_value(&verdict).unwrap();
        assert_eq!(json["format"], "cpog", "{json}");
        assert_eq!(json["certified"], false, "{json}");
        assert!(json["error"].is_string(), "{json}");
        assert!(verdict.warning().is_none());
    }
}
