//! The report of a weighted file's count: the exact weighted count printed exactly (a
//! decimal when it has a finite one, else `p/q`) and rounded to 17 significant digits.

use super::counted::CounterStats;
use super::Print;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::{FileFacts, Weighted};
use serde::Serialize;
use sharpcount::BigRational;
use zero_one_model::decimal;

/// Significant digits of the rounded weight.
const APPROX_DIGITS: u32 = 17;

/// The weighted count, as JSON: `weight` exact, `weight_approx` a number (or a string
/// when beyond the range of a double); `count` is `null` (the number of models is not
/// computed).
#[derive(Serialize)]
struct WeightedReport<'a> {
    file: &'a str,
    count: Option<()>,
    weighted: bool,
    weight: Option<String>,
    weight_approx: Option<Approx>,
    projected: bool,
    projection_size: usize,
    num_vars: usize,
    clauses: usize,
    weights: usize,
    method: &'static str,
    method_reason: &'a str,
    interrupted: bool,
    threads: usize,
    cache_mb: usize,
    elapsed_s: f64,
    counter: CounterStats,
}

/// A rounded weight: a JSON number when a double holds it, else its decimal string.
#[derive(Serialize)]
#[serde(untagged)]
enum Approx {
    Number(f64),
    Text(String),
}

/// The exact weight and its rounding.
fn forms(x: &BigRational) -> (String, String, Approx) {
    let sci = decimal::scientific(x, APPROX_DIGITS);
    let approx = match sci.parse::<f64>() {
        Ok(f) if f.is_finite() && (f != 0.0 || sci == "0") => Approx::Number(f),
        _ => Approx::Text(sci.clone()),
    };
    (decimal::exact(x), sci, approx)
}

/// Prints the weighted count: exit 0 with the weight, 130 when interrupted.
///
/// # Errors
/// Stdout closed (exit 3).
pub fn print(print: &Print<'_>, counted: Weighted) -> Result<ExitStatus, CliError> {
    let file = print.file;
    let forms = counted.value.as_ref().map(forms);
    let sci = forms.as_ref().map(|f| f.1.clone());
    let (weight, weight_approx) = match forms {
        Some((exact, _, approx)) => (Some(exact), Some(approx)),
        None => (None, None),
    };
    let method_reason = print.reason(&counted.reason, "counter");
    let report = WeightedReport {
        file: print.name,
        count: None,
        weighted: true,
        weight,
        weight_approx,
        projected: file.projected,
        projection_size: file.projection_size,
        num_vars: file.num_vars,
        clauses: file.clauses,
        weights: counted.weights,
        method: "counter",
        method_reason: &method_reason,
        interrupted: counted.value.is_none(),
        threads: 1,
        cache_mb: counted.cache_mb,
        elapsed_s: print.start.elapsed().as_secs_f64(),
        counter: CounterStats::from(&counted.stats),
    };
    output::emit(print.args.json, &report, || {
        text(&report, sci.as_deref(), file)
    })?;
    if counted.value.is_none() {
        eprintln!(
            "nqueens: interrupted after {:.1} s: the model counter has no partial count ({} decisions made)",
            report.elapsed_s, report.counter.decisions
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}

fn text(report: &WeightedReport, sci: Option<&str>, file: &FileFacts) -> String {
    let what = match (&report.weight, sci) {
        (Some(w), Some(s)) => format!("weighted count {w} (≈ {s})"),
        _ => "no weighted count (interrupted)".into(),
    };
    format!(
        "{}: {what} ({}, {} literal weights)   {:.3} s   model counter ({}), {} decisions, {} cache hits",
        report.file,
        file.onto(),
        report.weights,
        report.elapsed_s,
        report.method_reason,
        report.counter.decisions,
        report.counter.cache_hits,
    )
}
