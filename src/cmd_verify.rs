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
    if is_cpog_bundle(dir) {
        return verify_cpog_bundle(&args);
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

/// Whether `dir` holds a CPOG bundle (its manifest says `"format": "cpog"`).
/// Only a regular file of at most 1 MiB is read: a FIFO or `/dev/zero` is left to the
/// bundle checker, which refuses it.
fn is_cpog_bundle(dir: &std::path::Path) -> bool {
    use std::io::Read;
    let path = dir.join(count_certify::bundle::MANIFEST);
    if !std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= 1 << 20) {
        return false;
    }
    let mut text = String::new();
    std::fs::File::open(&path)
        .and_then(|f| f.take(1 << 20).read_to_string(&mut text))
        .is_ok()
        && count_certify::bundle::cpog::is_cpog_manifest(&text)
}

/// What `verify` prints for a CPOG bundle.
#[derive(serde::Serialize)]
struct CpogReport<'a> {
    dir: String,
    certified: bool,
    format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    checked: Option<&'a count_certify::check::cpog::CpogChecked>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Checks a CPOG bundle with our own checker: exit 0 when certified, 1 when not.
fn verify_cpog_bundle(args: &VerifyArgs) -> Result<ExitStatus, CliError> {
    let dir = args.dir.display().to_string();
    match count_certify::check::cpog::verify_cpog(&args.dir) {
        Ok(checked) => {
            let report = CpogReport {
                dir,
                certified: true,
                format: "cpog",
                checked: Some(&checked),
                error: None,
            };
            output::emit(args.json, &report, || {
                let weighted = match &checked.weighted_count {
                    Some(w) => format!(", weighted count {w}"),
                    None => String::new(),
                };
                format!(
                    "{}: certified: {} models{weighted} (CPOG: {} operations, {} RUP steps, {} deletions checked; {} variables, {} clauses)",
                    report.dir,
                    checked.count,
                    checked.operations,
                    checked.added,
                    checked.deleted,
                    checked.variables,
                    checked.clauses
                )
            })?;
            Ok(ExitStatus::Success)
        }
        Err(e) => {
            let error = format!("{}", anyhow::anyhow!(e));
            let _ = writeln!(
                std::io::stderr(),
                "nqueens: verify: {dir}: not certified: {error}"
            );
            if args.json {
                let report = CpogReport {
                    dir,
                    certified: false,
                    format: "cpog",
                    checked: None,
                    error: Some(error),
                };
                output::emit(true, &report, String::new)?;
            }
            Ok(ExitStatus::Mismatch)
        }
    }
}
