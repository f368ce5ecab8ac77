//! `nqueens verify DIR`: check a proof bundle of a certified count with the independent
//! checker of `count-certificate` ([`check_bundle`]: no encoder, no solver involved) and
//! say whether it holds.

use crate::cli::VerifyArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use count_certify::check::{check_bundle, FailureReport};

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
            let report = FailureReport::not_a_bundle(dir, why.clone());
            output::emit(true, &report, String::new)?;
        }
        return Err(usage!("{why}"));
    }
    let verdict = check_bundle(dir);
    if verdict.is_certified() {
        output::emit(args.json, &verdict, || verdict.text())?;
        if let Some(warning) = verdict.warning() {
            eprintln!("nqueens: verify: warning: {warning}");
        }
        return Ok(ExitStatus::Success);
    }
    eprintln!("nqueens: verify: {}", verdict.text());
    if args.json {
        output::emit(true, &verdict, String::new)?;
    }
    Ok(ExitStatus::Mismatch)
}
