//! The report of a count by the model counter, and with `--nnf` the compiled formula
//! written (atomically: nothing is written when the count fails or is interrupted).

use super::Print;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::report::NnfFacts;
use cnf_count::{Counted, CounterReport};

/// Writes the compiled formula (with `--nnf`) and prints the report: exit 0 with the
/// count, 130 (and no count, no formula written) when interrupted.
///
/// # Errors
/// An unwritable `--nnf` file, or stdout closed (exit 3).
pub fn print(print: &Print<'_>, counted: Counted) -> Result<ExitStatus, CliError> {
    let args = print.args;
    let nnf = match (&args.nnf, &counted.compiled) {
        (Some(path), Some(c)) => {
            output::write_to(Some(path), false, |w| {
                let mut w = std::io::BufWriter::new(w);
                c.write_d4(&mut w)?;
                std::io::Write::flush(&mut w)?;
                Ok(())
            })?;
            Some(Some(NnfFacts::new(path.display().to_string(), c)))
        }
        (Some(_), None) => Some(None),
        (None, _) => None,
    };
    let context = print.context(&counted.reason, "counter");
    let report = CounterReport::new(&counted, print.file, context, nnf);
    let answer = report.count.clone().map_or(
        super::Answer::Unknown { weighted: false },
        super::Answer::Models,
    );
    print.emit(&report, || report.text(), answer)?;
    if report.count.is_some() {
        return Ok(ExitStatus::Success);
    }
    match &args.nnf {
        Some(path) => eprintln!(
            "nqueens: interrupted after {:.1} s: no compiled formula written to '{}' ({} decisions made)",
            report.run.elapsed_s,
            path.display(),
            report.run.counter.decisions
        ),
        None => eprintln!(
            "nqueens: interrupted after {:.1} s: the model counter has no partial count ({} decisions made)",
            report.run.elapsed_s, report.run.counter.decisions
        ),
    }
    Ok(ExitStatus::Interrupted)
}
