//! The report of a count by the model counter, and with `--nnf` the compiled formula
//! written (atomically: nothing is written when the count fails or is interrupted).

use super::Print;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::Counted;
use serde::Serialize;
use serde_json::value::RawValue;

/// The counter's own figures, for the JSON report.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CounterStats {
    pub decisions: u64,
    pub conflicts: u64,
    pub learnt_clauses: u64,
    pub components: u64,
    pub cache_hits: u64,
    pub cache_misses: u64,
    pub cache_peak_bytes: u64,
    pub cache_evictions: u64,
    pub sat_calls: u64,
    pub vars_after_preprocessing: u64,
    pub clauses_after_preprocessing: u64,
}

impl From<&sharpcount::Stats> for CounterStats {
    fn from(s: &sharpcount::Stats) -> CounterStats {
        CounterStats {
            decisions: s.decisions,
            conflicts: s.conflicts,
            learnt_clauses: s.learnt_clauses,
            components: s.components,
            cache_hits: s.cache_hits,
            cache_misses: s.cache_misses,
            cache_peak_bytes: s.cache_peak_bytes,
            cache_evictions: s.cache_evictions,
            sat_calls: s.sat_calls,
            vars_after_preprocessing: s.preprocess.vars_after,
            clauses_after_preprocessing: s.preprocess.clauses_after,
        }
    }
}

/// The JSON report of a count by the model counter. `count` is an exact JSON integer of any
/// size, or `null` when the count was interrupted (the counter has no partial count). With
/// `--nnf` it also has `nnf`: what was written, or `null` when nothing was.
#[derive(Serialize)]
struct CounterReport<'a> {
    file: &'a str,
    count: Option<Box<RawValue>>,
    projected: bool,
    projection_size: usize,
    num_vars: usize,
    clauses: usize,
    method: &'static str,
    method_reason: String,
    interrupted: bool,
    threads: usize,
    cache_mb: usize,
    elapsed_s: f64,
    counter: CounterStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    nnf: Option<Option<NnfFacts>>,
}

/// The compiled formula `--nnf` wrote.
#[derive(Serialize)]
struct NnfFacts {
    path: String,
    format: &'static str,
    nodes: usize,
    edges: usize,
}

/// Writes the compiled formula (with `--nnf`) and prints the report: exit 0 with the
/// count, 130 (and no count, no formula written) when interrupted.
///
/// # Errors
/// An unwritable `--nnf` file, or stdout closed (exit 3).
pub fn print(print: &Print<'_>, counted: Counted) -> Result<ExitStatus, CliError> {
    let (args, file) = (print.args, print.file);
    let nnf = match (&args.nnf, &counted.compiled) {
        (Some(path), Some(c)) => {
            output::write_to(Some(path), false, |w| {
                let mut w = std::io::BufWriter::new(w);
                c.write_d4(&mut w)?;
                std::io::Write::flush(&mut w)?;
                Ok(())
            })?;
            Some(Some(NnfFacts {
                path: path.display().to_string(),
                format: "d4",
                nodes: c.nnf.nodes(),
                edges: c.nnf.edges(),
            }))
        }
        (Some(_), None) => Some(None),
        (None, _) => None,
    };
    let count = counted.count.as_ref();
    let report = CounterReport {
        file: print.name,
        count: count
            .map(|c| RawValue::from_string(c.to_string()))
            .transpose()
            .map_err(CliError::failure)?,
        projected: file.projected,
        projection_size: file.projection_size,
        num_vars: file.num_vars,
        clauses: file.clauses,
        method: "counter",
        method_reason: print.reason(&counted.reason, "counter"),
        interrupted: count.is_none(),
        threads: counted.threads,
        cache_mb: counted.cache_mb,
        elapsed_s: print.start.elapsed().as_secs_f64(),
        counter: CounterStats::from(&counted.stats),
        nnf,
    };
    output::emit(args.json, &report, || match &report.nnf {
        Some(nnf) => nnf_text(&report, nnf.as_ref(), &file.onto()),
        None => text(&report, &file.onto()),
    })?;
    if count.is_some() {
        return Ok(ExitStatus::Success);
    }
    match &args.nnf {
        Some(path) => eprintln!(
            "nqueens: interrupted after {:.1} s: no compiled formula written to '{}' ({} decisions made)",
            report.elapsed_s,
            path.display(),
            report.counter.decisions
        ),
        None => eprintln!(
            "nqueens: interrupted after {:.1} s: the model counter has no partial count ({} decisions made)",
            report.elapsed_s, report.counter.decisions
        ),
    }
    Ok(ExitStatus::Interrupted)
}

fn what(report: &CounterReport) -> String {
    match &report.count {
        Some(n) => format!("{} models", n.get()),
        None => "no count (interrupted)".into(),
    }
}

fn text(report: &CounterReport, onto: &str) -> String {
    let c = &report.counter;
    let why = match report.method_reason.as_str() {
        "--method counter" => String::new(),
        reason => format!(" ({reason})"),
    };
    format!(
        "{}: {} ({onto})   {:.3} s   model counter{why}, {} decisions, {} cache hits, cache peak {} MiB",
        report.file,
        what(report),
        report.elapsed_s,
        c.decisions,
        c.cache_hits,
        c.cache_peak_bytes >> 20
    )
}

fn nnf_text(report: &CounterReport, nnf: Option<&NnfFacts>, onto: &str) -> String {
    let nnf = match nnf {
        Some(n) => format!(
            ", written to {} (d4 format: {} nodes, {} edges)",
            n.path, n.nodes, n.edges
        ),
        None => String::new(),
    };
    format!(
        "{}: {} ({onto})   {:.3} s   model counter's search compiled to a decision-DNNF{nnf}; {} decisions, {} cache hits",
        report.file,
        what(report),
        report.elapsed_s,
        report.counter.decisions,
        report.counter.cache_hits,
    )
}
