//! `count --cnf FILE --nnf OUT`: the model counter's search written as a compiled formula
//! (a decision-DNNF in d4's format, `sharpcount::compile`), and its count reported.

use super::counter::{self, CounterStats};
use super::method::{CounterReport, FileFacts, NnfFacts, Plan};
use crate::cli::CountArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use anyhow::anyhow;
use std::path::Path;
use std::time::Instant;
use zero_one_model::dimacs::Cnf;

/// Why the counter compiles this file, or why `--nnf` cannot be honoured.
///
/// # Errors
/// A weighted file, `--method enumerate`, an option only enumeration honours, `--threads`
/// above 1, `--nnf -` (exit 2).
fn plan(args: &CountArgs, path: &Path, cnf: &Cnf, plan: Plan) -> Result<String, CliError> {
    if path.as_os_str() == "-" {
        return Err(CliError::usage(anyhow!(
            "--nnf needs a file name: the report goes to stdout"
        )));
    }
    if cnf.weights.is_some() {
        return Err(CliError::usage(anyhow!(
            "--nnf writes an unweighted formula (d4's format has no weights), and this file is weighted (c t wmc / c p weight): count it without --nnf"
        )));
    }
    if args.threads.is_some_and(|t| t > 1) {
        return Err(CliError::usage(anyhow!(
            "--nnf writes the model counter's search, which runs on one thread: drop --threads"
        )));
    }
    match plan {
        Plan::Counter(reason) => Ok(reason),
        Plan::Auto => Ok("--nnf: the model counter's search, compiled".into()),
        Plan::Enumerate(reason) => Err(CliError::usage(anyhow!(
            "--nnf writes the model counter's search as a compiled formula, but {reason}: drop one of them"
        ))),
    }
}

/// Compiles the file, writes the formula to `path` (atomically: nothing is written when
/// the count fails or is interrupted) and prints the report; exit 130 when interrupted.
///
/// # Errors
/// What [`plan`] refuses; an unwritable `path`; an inconsistency the counter detected.
pub fn run(
    args: &CountArgs,
    path: &Path,
    cnf: &Cnf,
    file: &FileFacts,
    method: Plan,
    start: Instant,
) -> Result<ExitStatus, CliError> {
    let reason = plan(args, path, cnf, method)?;
    // A bad output path is refused before a long compilation.
    output::classify(path)?;
    count_engine::needed(cnf)
        .map_err(|e| CliError::usage(anyhow!(e).context(format!("'{}'", file.name))))?;
    let formula = counter::formula_of(cnf)?;
    stop::install();
    let cache_mb = args
        .cache_mb
        .map_or(sharpcount::DEFAULT_CACHE_MB, |mb| mb as usize);
    let result = counter::with_options(cache_mb, &stop::STOP, args.quiet, |options| {
        sharpcount::compile(&formula, options)
    });
    let (compiled, stats) = match result {
        Ok(c) => {
            let stats = c.stats.clone();
            (Some(c), stats)
        }
        Err(sharpcount::Error::Interrupted { stats }) => (None, *stats),
        Err(e) => {
            return Err(CliError::failure(
                anyhow!(e).context("the model counter failed"),
            ))
        }
    };
    if let Some(c) = &compiled {
        output::write_to(Some(path), false, |w| {
            let mut w = std::io::BufWriter::new(w);
            c.write_d4(&mut w)?;
            std::io::Write::flush(&mut w)?;
            Ok(())
        })?;
    }
    let report = CounterReport {
        file: &file.name,
        count: CounterReport::count_json(compiled.as_ref().map(|c| &c.count))?,
        projected: file.projected,
        projection_size: file.projection_size,
        num_vars: file.num_vars,
        clauses: file.clauses,
        method: "counter",
        method_reason: &reason,
        interrupted: compiled.is_none(),
        threads: 1,
        cache_mb,
        elapsed_s: start.elapsed().as_secs_f64(),
        counter: CounterStats::from(&stats),
        nnf: Some(compiled.as_ref().map(|c| NnfFacts {
            path: path.display().to_string(),
            format: "d4",
            nodes: c.nnf.nodes(),
            edges: c.nnf.edges(),
        })),
    };
    output::emit(args.json, &report, || text(&report, file))?;
    if compiled.is_none() {
        eprintln!(
            "nqueens: interrupted after {:.1} s: no compiled formula written to '{}' ({} decisions made)",
            report.elapsed_s,
            path.display(),
            report.counter.decisions
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}

fn text(report: &CounterReport, file: &FileFacts) -> String {
    let what = match &report.count {
        Some(n) => format!("{} models", n.get()),
        None => "no count (interrupted)".into(),
    };
    let nnf = match report.nnf.as_ref().and_then(Option::as_ref) {
        Some(n) => format!(
            ", written to {} (d4 format: {} nodes, {} edges)",
            n.path, n.nodes, n.edges
        ),
        None => String::new(),
    };
    format!(
        "{}: {what} ({})   {:.3} s   model counter's search compiled to a decision-DNNF{nnf}; {} decisions, {} cache hits",
        report.file,
        file.onto(),
        report.elapsed_s,
        report.counter.decisions,
        report.counter.cache_hits,
    )
}
