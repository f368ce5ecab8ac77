//! The report of a weighted file's count ([`cnf_count::WeightedReport`]), printed.

use super::Print;
use crate::exit::{CliError, ExitStatus};
use cnf_count::{Weighted, WeightedReport};

/// Prints the weighted count: exit 0 with the weight, 130 when interrupted.
///
/// # Errors
/// Stdout closed (exit 3).
pub fn print(print: &Print<'_>, counted: Weighted) -> Result<ExitStatus, CliError> {
    let context = print.context(&counted.reason, "counter");
    let report = WeightedReport::new(&counted, print.file, context);
    let answer = match (&counted.value, counted.satisfiable) {
        (Some(w), Some(sat)) => super::Answer::Weight(w.clone(), sat),
        _ => super::Answer::Unknown { weighted: true },
    };
    print.emit(&report, || report.text(), answer)?;
    if report.run.interrupted {
        eprintln!(
            "nqueens: interrupted after {:.1} s: the model counter has no partial count ({} decisions made)",
            report.run.elapsed_s, report.run.counter.decisions
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}
