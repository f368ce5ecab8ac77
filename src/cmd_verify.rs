//! `nqueens verify DIR`: check a proof bundle of a certified count with the independent
//! checker of `count-certify` (no encoder, no solver involved) and say whether it holds.

use crate::cli::VerifyArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use count_certify::check::{verify, Certified, CertifiedReport, FailureReport, VerifyError};
use std::io::Write;

/// Checks the bundle `args.dir`: exit 0 when certified, 1 when not, 2 when it is no
/// directory (with `--json`, a [`FailureReport`] line for that too).
pub fn run(args: VerifyArgs) -> Result<ExitStatus, CliError> {
    let dir = &args.dir;
    // Ctrl-C ends a long check at once (130) with one line saying so.
    crate::stop::guard_temps();
    if !dir.is_dir() {
        let why = format!("'{}' is not a directory (a proof bundle)", dir.display());
        // With --json every outcome prints its report line, this one too (exit 2 as ever).
        if args.json {
            output::emit(
                true,
                &FailureReport::not_a_bundle(dir, why.clone()),
                String::new,
            )?;
        }
        return Err(usage!("{why}"));
    }
    match verify(dir) {
        Ok(certified) => {
            report_certified(&args, &certified)?;
            Ok(ExitStatus::Success)
        }
        Err(error) => {
            report_failure(&args, &error)?;
            Ok(ExitStatus::Mismatch)
        }
    }
}

fn report_certified(args: &VerifyArgs, certified: &Certified) -> Result<(), CliError> {
    let report = CertifiedReport::new(&args.dir, certified);
    output::emit(args.json, &report, || report.text())?;
    if let Some(warning) = report.warning() {
        let _ = writeln!(std::io::stderr(), "nqueens: verify: warning: {warning}");
    }
    Ok(())
}

fn report_failure(args: &VerifyArgs, error: &VerifyError) -> Result<(), CliError> {
    let report = FailureReport::new(&args.dir, error);
    let _ = writeln!(std::io::stderr(), "nqueens: verify: {}", report.error);
    if args.json {
        output::emit(true, &report, String::new)?;
    }
    Ok(())
}
