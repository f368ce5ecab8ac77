//! How a certified count ended, and the count's report with its bundle named.

use crate::make::Summary;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// How a count's certification ended.
#[derive(Debug)]
#[non_exhaustive]
pub enum Finished {
    /// The count was not certified (no [`Certifier`](crate::Certifier) was made).
    Uncertified,
    /// The bundle is written.
    Written(Certified),
    /// The stop flag was raised while the bundle was made: no complete bundle.
    Interrupted,
}

impl Finished {
    /// The bundle written, if any.
    pub fn bundle(&self) -> Option<&Certified> {
        match self {
            Finished::Written(c) => Some(c),
            _ => None,
        }
    }
}

/// A bundle written: where, and what it lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certified {
    dir: PathBuf,
    summary: Summary,
}

impl Certified {
    /// The bundle in `dir`, as `summary` says.
    pub fn new(dir: &Path, summary: Summary) -> Certified {
        Certified {
            dir: dir.to_path_buf(),
            summary,
        }
    }

    /// The same bundle after the caller moved it to `dir` (as one does with a bundle written
    /// into a temporary directory and renamed into place once complete).
    pub fn moved_to(self, dir: &Path) -> Certified {
        Certified {
            dir: dir.to_path_buf(),
            ..self
        }
    }

    /// Where the bundle is.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Its models and proof lines.
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// One line saying where the bundle is and what it lists.
    pub fn line(&self) -> String {
        format!(
            "certified bundle: {} ({}, {})",
            self.dir.display(),
            zero_one_model::plural(self.summary.models, "model"),
            zero_one_model::plural(self.summary.proof_lines, "proof line")
        )
    }
}

/// A count's report (any `Serialize` struct) with two fields added: `certified` and
/// `bundle` (the bundle's directory, or null).
#[derive(Serialize)]
pub struct Report<'a, T: Serialize> {
    #[serde(flatten)]
    report: &'a T,
    certified: bool,
    bundle: Option<String>,
}

impl<'a, T: Serialize> Report<'a, T> {
    /// `report`, certified by the bundle `finished` wrote, if any.
    pub fn new(report: &'a T, finished: &Finished) -> Self {
        let bundle = finished.bundle();
        Report {
            report,
            certified: bundle.is_some(),
            bundle: bundle.map(|b| b.dir.display().to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Count {
        count: u64,
    }

    #[test]
    fn the_report_names_the_bundle_once_it_is_moved_into_place() {
        let summary = Summary {
            models: 4,
            proof_lines: 109,
        };
        let written = Certified::new(Path::new(".b.tmp"), summary).moved_to(Path::new("b"));
        assert_eq!(
            written.line(),
            "certified bundle: b (4 models, 109 proof lines)"
        );
        let report = Count { count: 4 };
        let json = |f: &Finished| serde_json::to_string(&Report::new(&report, f)).unwrap();
        assert_eq!(
            json(&Finished::Written(written)),
            r#"{"count":4,"certified":true,"bundle":"b"}"#
        );
        assert_eq!(
            json(&Finished::Uncertified),
            r#"{"count":4,"certified":false,"bundle":null}"#
        );
    }
}
