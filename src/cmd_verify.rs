//! `nqueens verify DIR`: check a proof bundle of a certified count with the independent
//! checker of `count-certify` (no encoder, no solver involved) and say whether it holds.

use crate::cli::VerifyArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use count_certify::bundle;
use count_certify::check::{verify, Certified, VerifyError};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// The JSON report of a certified bundle.
#[derive(Serialize)]
struct Report<'a> {
    certified: bool,
    #[serde(flatten)]
    result: &'a Certified,
    files: BTreeMap<&'static str, String>,
}

/// The JSON report of a bundle that is not certified.
#[derive(Serialize)]
struct Failure<'a> {
    certified: bool,
    file: String,
    line: Option<u64>,
    error: &'a str,
}

pub fn run(args: VerifyArgs) -> Result<ExitStatus, CliError> {
    let dir = &args.dir;
    if !dir.is_dir() {
        return Err(CliError::usage(anyhow::anyhow!(
            "'{}' is not a directory (a proof bundle)",
            dir.display()
        )));
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
    let files = [
        ("formula", bundle::FORMULA),
        ("solutions", bundle::SOLUTIONS),
        ("blocked", bundle::BLOCKED),
        ("proof", bundle::PROOF),
        ("manifest", bundle::MANIFEST),
    ]
    .into_iter()
    .map(|(key, name)| (key, args.dir.join(name).display().to_string()))
    .collect();
    let report = Report {
        certified: true,
        result: certified,
        files,
    };
    output::emit(args.json, &report, || {
        format!("certified: {}", certified.count)
    })?;
    if certified.missing_deletions > 0 {
        let _ = writeln!(
            std::io::stderr(),
            "nqueens: verify: warning: {}: {} deletions of clauses not in the database were ignored",
            args.dir.join(bundle::PROOF).display(),
            certified.missing_deletions
        );
    }
    Ok(())
}

fn report_failure(args: &VerifyArgs, error: &VerifyError) -> Result<(), CliError> {
    let message = located(&args.dir, error);
    let _ = writeln!(std::io::stderr(), "nqueens: verify: {message}");
    if args.json {
        let failure = Failure {
            certified: false,
            file: args.dir.join(&error.file).display().to_string(),
            line: error.line,
            error: &message,
        };
        output::emit(true, &failure, String::new)?;
    }
    Ok(())
}

/// `DIR/FILE:LINE: why: cause`, on one line.
fn located(dir: &Path, error: &VerifyError) -> String {
    let path = dir.join(&error.file);
    let mut message = match error.line {
        Some(line) => format!("{}:{line}: {}", path.display(), error.kind),
        None => format!("{}: {}", path.display(), error.kind),
    };
    let mut cause = std::error::Error::source(error);
    while let Some(c) = cause {
        message += &format!(": {c}");
        cause = c.source();
    }
    message.replace('\n', " ")
}
