//! The report of a count by enumeration: a shard's result for `merge`, or the count (as JSON
//! or a line) with its certificate when `--certify` asked for one.

use super::Print;
use crate::certify::{produced_by, Finished, Report};
use crate::cli::COUNT_BACKEND;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::{Enumerated, EnumerationReport};
use std::io::Write;

/// Prints the count (or the shard's result), certified by `sink`'s bundle with `--certify`:
/// exit 0, or 130 when interrupted.
///
/// # Errors
/// A count past the bundle's cap (exit 2); a bundle that cannot be made, or stdout closed
/// (exit 3).
pub fn print(
    print: &Print<'_>,
    counted: Enumerated,
    sink: Option<cnf_count::CertifySink<'_>>,
) -> Result<ExitStatus, CliError> {
    let (args, file) = (print.args, print.file);
    let certifier = sink.and_then(super::sink::into_certifier);
    if let Some(c) = &certifier {
        c.check_cap()?;
    }
    if let (Some(shard), false) = (args.shard.shard, counted.outcome.interrupted) {
        let shard_file = counted.outcome.into_shard_file(shard);
        let json = serde_json::to_string(&shard_file).map_err(CliError::failure)?;
        let mut out = output::stdout();
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(ExitStatus::Success);
    }
    let context = print.context(&counted.reason, "enumerate");
    let elapsed_s = context.elapsed_s;
    let report = EnumerationReport::new(&counted, file, context)
        .with_unsat_answers(crate::cli::unsat_answers(&args.engine, COUNT_BACKEND));
    let by = || {
        let backend = report.backend.to_string();
        produced_by(&backend, report.cubes, report.threads, elapsed_s)
    };
    let certifier = certifier.filter(|_| !report.interrupted);
    let certified = crate::certify::finish(certifier, report.threads, by)?;
    let answer = match report.interrupted {
        true => super::Answer::Unknown { weighted: false },
        false => super::Answer::Models(report.count.clone()),
    };
    let text = || {
        let line = report.text();
        match certified.bundle() {
            Some(c) => format!("{line}\n{}", c.line()),
            None => line,
        }
    };
    print.emit(&Report::new(&report, &certified), text, answer)?;
    if let Finished::Interrupted = certified {
        return Ok(ExitStatus::Interrupted);
    }
    if report.interrupted {
        let resume = crate::cli::resume_hint(
            args.run.checkpoint.as_deref(),
            args.certify.is_some(),
            true,
            &args.engine,
        );
        eprintln!(
            "nqueens: interrupted after {} of {} cubes: partial count {}{resume}",
            report.cubes_done, report.cubes, report.count
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}
