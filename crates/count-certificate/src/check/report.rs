//! What a check of a bundle reports: as JSON ([`serde::Serialize`]) or as text.

use super::{Certified, VerifyError};
use crate::bundle;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The report of a certified bundle: `certified: true`, what it establishes, and the path
/// of each of its files.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CertifiedReport<'a> {
    /// Always `true`.
    pub certified: bool,
    /// What the bundle establishes.
    #[serde(flatten)]
    pub result: &'a Certified,
    /// The path of each file, by its role (`formula`, `solutions`, `blocked`, `proof`,
    /// `manifest`).
    pub files: BTreeMap<&'static str, String>,
}

impl<'a> CertifiedReport<'a> {
    /// The report of `result`, the check of the bundle in `dir`.
    pub fn new(dir: &Path, result: &'a Certified) -> CertifiedReport<'a> {
        let files = [
            ("formula", bundle::FORMULA),
            ("solutions", bundle::SOLUTIONS),
            ("blocked", bundle::BLOCKED),
            ("proof", bundle::PROOF),
            ("manifest", bundle::MANIFEST),
        ]
        .into_iter()
        .map(|(key, name)| (key, dir.join(name).display().to_string()))
        .collect();
        CertifiedReport {
            certified: true,
            result,
            files,
        }
    }

    /// The report as one line of text.
    pub fn text(&self) -> String {
        format!("certified: {}", self.result.count)
    }

    /// A warning when the proof deleted clauses that were not in the database (ignored, as
    /// DRAT checkers do), naming the proof file.
    pub fn warning(&self) -> Option<String> {
        (self.result.missing_deletions > 0).then(|| {
            format!(
                "{}: {} deletions of clauses not in the database were ignored",
                self.files["proof"], self.result.missing_deletions
            )
        })
    }
}

/// The report of a bundle that is not certified: the file and line at fault, and why.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct FailureReport {
    /// Always `false`.
    pub certified: bool,
    /// The path of the file at fault.
    pub file: String,
    /// The 1-based line, or `None` for the file as a whole.
    pub line: Option<u64>,
    /// The message ([`VerifyError::located`]).
    pub error: String,
}

impl FailureReport {
    /// The report of `error`, found checking the bundle in `dir`.
    pub fn new(dir: &Path, error: &VerifyError) -> FailureReport {
        FailureReport {
            certified: false,
            file: dir.join(&error.file).display().to_string(),
            line: error.line,
            error: error.located(dir),
        }
    }

    /// The report of `dir` when it cannot be checked at all (it is no directory, say):
    /// `file` is `dir` itself, with no line, and `error` says why.
    pub fn not_a_bundle(dir: &Path, error: impl Into<String>) -> FailureReport {
        FailureReport {
            certified: false,
            file: dir.display().to_string(),
            line: None,
            error: error.into(),
        }
    }
}

impl VerifyError {
    /// `DIR/FILE:LINE: why: cause`, on one line, for the bundle in `dir`.
    pub fn located(&self, dir: &Path) -> String {
        let path = dir.join(&self.file);
        let mut message = match self.line {
            Some(line) => format!("{}:{line}: {}", path.display(), self.kind),
            None => format!("{}: {}", path.display(), self.kind),
        };
        let mut cause = std::error::Error::source(self);
        while let Some(c) = cause {
            message += &format!(": {c}");
            cause = c.source();
        }
        message.replace('\n', " ")
    }
}
