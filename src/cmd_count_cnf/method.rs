//! Which method counts a file (`--method`), and the model counter's run and report. The
//! enumeration's run and report are the parent module's.

use super::counter::{self, CounterOutcome, CounterStats};
use crate::cli::{CountArgs, MethodArg, SymmetryArg};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use anyhow::anyhow;
use serde::Serialize;
use sharpcount::Formula;
use std::time::Instant;
use zero_one_model::dimacs::Cnf;

/// How the file will be counted, and why.
pub enum Plan {
    /// By enumeration only.
    Enumerate(String),
    /// By the model counter only.
    Counter(String),
    /// By enumeration, switching to the counter when it would take long.
    Auto,
}

/// Flags that only enumeration can honour, given or not.
fn enumeration_flags(args: &CountArgs) -> [(bool, &'static str); 6] {
    [
        (args.certify.is_some(), "--certify"),
        (args.symmetry == Some(SymmetryArg::Auto), "--symmetry auto"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.shard.is_some(), "--shard"),
        (args.cube_depth.is_some(), "--cube-depth"),
        (args.engine.given().is_some(), "--backend"),
    ]
}

/// The plan the arguments ask for.
///
/// # Errors
/// An option the chosen method cannot honour (exit 2).
pub fn plan(args: &CountArgs) -> Result<Plan, CliError> {
    let needs_enumeration = enumeration_flags(args)
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
        .map(|flag| match flag {
            "--backend" => args.engine.given().unwrap_or(flag),
            _ => flag,
        });
    match args.method.unwrap_or(MethodArg::Auto) {
        MethodArg::Enumerate => {
            if args.cache_mb.is_some() {
                return Err(CliError::usage(anyhow!(
                    "--cache-mb sizes the model counter's cache: use it with --method counter or auto"
                )));
            }
            Ok(Plan::Enumerate("--method enumerate".into()))
        }
        MethodArg::Counter => {
            if let Some(flag) = needs_enumeration {
                return Err(CliError::usage(anyhow!(
                    "{flag} needs enumeration (--method enumerate); the model counter has no cubes, backends or certificates"
                )));
            }
            Ok(Plan::Counter("--method counter".into()))
        }
        MethodArg::Auto => Ok(match needs_enumeration {
            Some(flag) => {
                if args.cache_mb.is_some() {
                    return Err(CliError::usage(anyhow!(
                        "--cache-mb sizes the model counter's cache, but {flag} makes this count an enumeration"
                    )));
                }
                Plan::Enumerate(format!("{flag} needs enumeration"))
            }
            None => Plan::Auto,
        }),
    }
}

/// What the reports say of the file itself.
pub struct FileFacts {
    pub name: String,
    pub num_vars: usize,
    pub clauses: usize,
    pub projected: bool,
    pub projection_size: usize,
}

impl FileFacts {
    pub fn of(cnf: &Cnf, name: &str) -> FileFacts {
        FileFacts {
            name: name.to_string(),
            num_vars: cnf.num_vars,
            clauses: cnf.clauses.len(),
            projected: cnf.shown.is_some(),
            projection_size: cnf.shown.as_ref().map_or(cnf.num_vars, Vec::len),
        }
    }

    /// "projected onto 3 of 10 variables" or "over all 10 variables".
    pub fn onto(&self) -> String {
        if self.projected {
            format!(
                "projected onto {} of {} variables",
                self.projection_size, self.num_vars
            )
        } else {
            format!("over all {} variables", self.num_vars)
        }
    }
}

/// The JSON report of a count by the model counter. `count` is an exact JSON integer of any
/// size, or `null` when the count was interrupted (the counter has no partial count). With
/// `--nnf` it also has `nnf`: what was written, or `null` when nothing was.
#[derive(Serialize)]
pub(super) struct CounterReport<'a> {
    pub file: &'a str,
    pub count: Option<Box<serde_json::value::RawValue>>,
    pub projected: bool,
    pub projection_size: usize,
    pub num_vars: usize,
    pub clauses: usize,
    pub method: &'static str,
    pub method_reason: &'a str,
    pub interrupted: bool,
    pub threads: usize,
    pub cache_mb: usize,
    pub elapsed_s: f64,
    pub counter: CounterStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nnf: Option<Option<NnfFacts>>,
}

/// The compiled formula `--nnf` wrote.
#[derive(Serialize)]
pub(super) struct NnfFacts {
    pub path: String,
    pub format: &'static str,
    pub nodes: usize,
    pub edges: usize,
}

impl CounterReport<'_> {
    /// `count` as a JSON integer of any size.
    pub fn count_json(
        count: Option<&num_bigint::BigUint>,
    ) -> Result<Option<Box<serde_json::value::RawValue>>, CliError> {
        count
            .map(|c| serde_json::value::RawValue::from_string(c.to_string()))
            .transpose()
            .map_err(CliError::failure)
    }
}

/// Counts the file with the model counter alone (`--method counter`).
pub fn run_counter(
    args: &CountArgs,
    cnf: &Cnf,
    file: &FileFacts,
    reason: String,
    start: Instant,
) -> Result<ExitStatus, CliError> {
    // The same refusal of a count too large to write as enumeration makes.
    count_engine::needed(cnf)
        .map_err(|e| CliError::usage(anyhow!(e).context(format!("'{}'", file.name))))?;
    let formula = counter::formula_of(cnf)?;
    stop::install();
    count_with_counter(args, &formula, file, reason, start)
}

/// Counts `formula` with the model counter and prints the report: exit 0 with the count,
/// 130 (and no count) when interrupted.
pub fn count_with_counter(
    args: &CountArgs,
    formula: &Formula,
    file: &FileFacts,
    reason: String,
    start: Instant,
) -> Result<ExitStatus, CliError> {
    let cache_mb = args
        .cache_mb
        .map_or(sharpcount::DEFAULT_CACHE_MB, |mb| mb as usize);
    // Cube-and-count pays off on projected files only (sharpcount::count_parallel).
    // (More threads than cores are not started, so the report says what ran.)
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = if formula.projection.is_some() {
        args.threads().min(cores)
    } else {
        1
    };
    let outcome = counter::count(formula, cache_mb, threads, &stop::STOP, args.quiet)?;
    let (count, stats) = match &outcome {
        CounterOutcome::Counted(c) => (Some(&c.count), &c.stats),
        CounterOutcome::Interrupted(stats) => (None, stats.as_ref()),
    };
    let report = CounterReport {
        file: &file.name,
        count: CounterReport::count_json(count)?,
        projected: file.projected,
        projection_size: file.projection_size,
        num_vars: file.num_vars,
        clauses: file.clauses,
        method: "counter",
        method_reason: &reason,
        interrupted: count.is_none(),
        threads,
        cache_mb,
        elapsed_s: start.elapsed().as_secs_f64(),
        counter: CounterStats::from(stats),
        nnf: None,
    };
    output::emit(args.json, &report, || text(&report, file))?;
    if count.is_none() {
        eprintln!(
            "nqueens: interrupted after {:.1} s: the model counter has no partial count ({} decisions made)",
            report.elapsed_s, report.counter.decisions
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}

fn text(report: &CounterReport, file: &FileFacts) -> String {
    let c = &report.counter;
    let what = match &report.count {
        Some(n) => format!("{} models", n.get()),
        None => "no count (interrupted)".into(),
    };
    let why = match report.method_reason {
        "--method counter" => String::new(),
        reason => format!(" ({reason})"),
    };
    format!(
        "{}: {what} ({})   {:.3} s   model counter{why}, {} decisions, {} cache hits, cache peak {} MiB",
        report.file,
        file.onto(),
        report.elapsed_s,
        c.decisions,
        c.cache_hits,
        c.cache_peak_bytes >> 20
    )
}
