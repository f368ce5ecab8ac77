//! What a count reports, as a program reads it (serde: the JSON `nqueens count cnf --json`
//! prints) and as a person reads it (`text()`: one line). A report is built from the
//! count's result ([`crate::Counted`], [`crate::Enumerated`], [`crate::Weighted`]), the
//! file's [`crate::FileFacts`], and the few facts only the caller knows ([`ReportContext`]):
//! the file's name as given, why the method ran in the caller's words, and the time taken.
//!
//! Counts are exact integers of any size: JSON numbers with every digit, never rounded to a
//! double nor quoted.

mod counter;
mod enumeration;
mod render;
pub(crate) mod weighted;

pub use counter::{CounterReport, CounterRun, NnfFacts};
pub use enumeration::{DroppedOrbits, EnumerationReport};
pub use render::{Answer, Certified, Format, Printed};
pub use weighted::{Approx, WeightedReport};

/// What only the caller knows of a count.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ReportContext<'a> {
    /// The file as the report names it (as given on the command line, say).
    pub file: &'a str,
    /// Why the method counted the file, in the caller's words (its options are its own:
    /// see [`crate::Reason`]).
    pub method_reason: String,
    /// Seconds since the caller started the count (reading the file included).
    pub elapsed_s: f64,
}

impl<'a> ReportContext<'a> {
    /// The context of a count of `file`, which ran for `method_reason` and took
    /// `elapsed_s` seconds.
    pub fn new(file: &'a str, method_reason: String, elapsed_s: f64) -> ReportContext<'a> {
        ReportContext {
            file,
            method_reason,
            elapsed_s,
        }
    }
}
