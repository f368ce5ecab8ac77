//! `nqueens verify DIR`: check a proof bundle of a certified count with the independent
//! checker of `count-certify` (no encoder, no solver involved) and say whether it holds.

use crate::cli::VerifyArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use count_certify::check::{verify, Certified, CertifiedReport, FailureReport, VerifyError};
use std::io::Write;

pub fn run(args: VerifyArgs) -> Result<ExitStatus, CliError> {
    let dir = &args.dir;
    if !dir.is_dir() {
        return Err(usage!(
            "'{}' is not a directory (a proof bundle)",
            dir.display()
        ));
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
