//! `nqueens count`: count every solution for each requested size and compare with OEIS.

use crate::cli::{BackendArg, CountArgs};
use crate::estimate;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use nqueens_driver::{count, CountConfig, Method};
use nqueens_queens::MAX_BACKTRACK_N;
use nqueens_varisat::VarisatBackend;
use std::io::Write;
use std::sync::Arc;

/// Builds the count configuration from the arguments.
pub fn config(args: &CountArgs) -> Result<CountConfig, CliError> {
    let method = match args.backend {
        BackendArg::Sat => Method::Solver(Arc::new(VarisatBackend::new(args.model.cnf_options()))),
        BackendArg::Backtrack => Method::Backtrack,
    };
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(CountConfig {
        formulation: args.model.kind()?,
        method,
        threads,
        cube_depth: args.cube_depth,
        symmetry: args.symmetry,
    })
}

pub fn run(args: CountArgs) -> Result<ExitStatus, CliError> {
    let config = config(&args)?;
    for n in args.sizes.0.clone() {
        if args.backend == BackendArg::Backtrack && n > MAX_BACKTRACK_N {
            return Err(CliError::usage(anyhow::anyhow!(
                "n = {n}: the backtracking counter handles n <= {MAX_BACKTRACK_N}"
            )));
        }
        let secs = estimate::count_seconds(n, args.backend, config.threads);
        if !args.force && secs.is_none_or(|s| s > estimate::LIMIT_S) {
            return Err(CliError::usage(anyhow::anyhow!(estimate::refusal(
                &format!("counting Q({n}) with the {} backend", args.backend.name()),
                secs
            ))));
        }
    }
    let mut out = output::stdout();
    let mut status = ExitStatus::Success;
    for n in args.sizes.0.clone() {
        let report = count(n, &config).map_err(CliError::failure)?;
        if report.matches == Some(false) {
            status = ExitStatus::Mismatch;
        }
        if args.json {
            let line = serde_json::to_string(&report).map_err(CliError::failure)?;
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{report}")?;
        }
        out.flush()?;
    }
    Ok(status)
}
