//! `count --cnf` of a weighted file (`c t wmc`, `c t pwmc`, `c p weight` lines): the exact
//! weighted count by the model counter (`sharpcount::count_weighted`), printed exactly (a
//! decimal when it has a finite one, else `p/q`) and rounded to 17 significant digits.
//! Enumeration cannot weigh models, so everything that needs it is refused. A count whose
//! exact value could be too large to write is refused up front, as unweighted counts are
//! ([`size_bound`]).

use super::counter::{self, CounterStats};
use super::method::{FileFacts, Plan};
use crate::cli::CountArgs;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use crate::stop;
use anyhow::anyhow;
use count_engine::MAX_COUNT_BITS;
use num_bigint::{BigInt, BigUint};
use serde::Serialize;
use sharpcount::{BigRational, Weights};
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use zero_one_model::decimal;
use zero_one_model::dimacs::Cnf;

/// Significant digits of the rounded weight.
const APPROX_DIGITS: u32 = 17;

/// Why the counter counts this weighted file, or why it cannot be counted as asked.
///
/// # Errors
/// `--method enumerate`, an option only enumeration honours, or `--threads` above 1
/// (exit 2).
pub fn plan(args: &CountArgs, plan: Plan) -> Result<String, CliError> {
    if args.threads.is_some_and(|t| t > 1) {
        return Err(CliError::usage(anyhow!(
            "a weighted file is counted by the model counter, whose weighted count runs on one thread: drop --threads"
        )));
    }
    match plan {
        Plan::Counter(reason) => Ok(reason),
        Plan::Auto => Ok("weighted file: only the model counter weighs models".into()),
        Plan::Enumerate(reason) if reason == "--method enumerate" => Err(CliError::usage(anyhow!(
            "enumeration cannot weigh models, and this file is weighted (c t wmc / c p weight): use --method counter or auto"
        ))),
        Plan::Enumerate(reason) => Err(CliError::usage(anyhow!(
            "this file is weighted, so the model counter counts it, but {reason}"
        ))),
    }
}

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

/// ⌈log2 n⌉ for n ≥ 1, and 0 for 0: the bits a factor n adds to a product, at most.
fn log2_ceil(n: &BigUint) -> u64 {
    if n.bits() == 0 {
        0
    } else {
        (n - 1u32).bits()
    }
}

/// An upper bound on the bits of the exact weighted count of `cnf` (numerator and
/// denominator together), leaving out the variables that are in a clause and unweighted:
/// the counterpart of the unweighted
/// count's refusal ([`count_engine::needed`]), which leaves out the variables in a clause
/// too; 0 when a free variable's factor makes the count 0. Each counted variable `x` (every variable, or the projected ones) with weights
/// `a = w(x)`, `b = w(-x)` (1 when not given) adds:
/// - in no clause: its factor `a + b` exactly, so `⌈log2 p⌉ + ⌈log2 q⌉` for `a + b = p/q`
///   (1 bit for an unweighted variable, as in the unweighted count; none for `a + b = 1`;
///   a factor 0 makes the count 0);
/// - in a clause and weighted: at most `⌈log2 (|a| + |b|)·da·db⌉ + ⌈log2 da⌉ + ⌈log2 db⌉`
///   for denominators `da`, `db`.
///
/// A variable in a clause and unweighted at most doubles the count, and the file holds a
/// literal for it, as for the unweighted count: it is not counted here. O(literals + weights),
/// whatever the header declares.
fn size_bound(cnf: &Cnf) -> u64 {
    let used: HashSet<usize> = cnf
        .clauses
        .iter()
        .flatten()
        .map(|l| l.var().index())
        .collect();
    let shown: Option<HashSet<usize>> = cnf
        .shown
        .as_ref()
        .map(|s| s.iter().map(|v| v.index()).collect());
    let counted = |v: usize| shown.as_ref().is_none_or(|s| s.contains(&v));
    let mut by_var: HashMap<usize, [Option<&BigRational>; 2]> = HashMap::new();
    for (lit, w) in cnf.weights.iter().flatten() {
        by_var.entry(lit.var().index()).or_default()[usize::from(!lit.is_positive())] = Some(w);
    }
    // Free unweighted variables: a factor 2 each.
    let free_unweighted = match &shown {
        None => cnf.num_vars - used.len() - by_var.keys().filter(|v| !used.contains(v)).count(),
        Some(s) => s
            .iter()
            .filter(|v| !used.contains(v) && !by_var.contains_key(v))
            .count(),
    };
    let mut bits = free_unweighted as u64;
    let one = BigRational::from_integer(BigInt::from(1));
    for (&v, [a, b]) in &by_var {
        if !counted(v) {
            continue;
        }
        let (a, b) = (a.unwrap_or(&one), b.unwrap_or(&one));
        if used.contains(&v) {
            let (da, db) = (a.denom().magnitude(), b.denom().magnitude());
            let num = a.numer().magnitude() * db + b.numer().magnitude() * da;
            bits += log2_ceil(&num) + log2_ceil(da) + log2_ceil(db);
        } else {
            let f = a + b;
            if f.numer().bits() == 0 {
                return 0;
            }
            bits += log2_ceil(f.numer().magnitude()) + log2_ceil(f.denom().magnitude());
        }
    }
    bits
}

/// Refuses a weighted count whose exact value may have more than [`MAX_COUNT_BITS`] bits
/// ([`size_bound`]), at once rather than after computing it.
fn refuse_too_big(cnf: &Cnf, name: &str) -> Result<(), CliError> {
    let bits = size_bound(cnf);
    if bits >= MAX_COUNT_BITS {
        return Err(CliError::usage(anyhow!(
            "'{name}': the exact weighted count may need up to {bits} bits (numerator and \
             denominator, bounded from its weights and its variables in no clause); a count \
             may have at most {MAX_COUNT_BITS} bits (about {} decimal digits)",
            (MAX_COUNT_BITS as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1
        )));
    }
    Ok(())
}

/// The file's weights for the counter.
fn weights_of(cnf: &Cnf) -> Weights {
    cnf.weights
        .iter()
        .flatten()
        .map(|(lit, w)| (lit.to_dimacs() as i32, w.clone()))
        .collect()
}

/// Counts the weighted file with the model counter and prints the report: exit 0 with
/// the weight, 130 when interrupted, 2 when the weights do not fit the file (a weight on
/// a variable outside the projection).
pub fn run(
    args: &CountArgs,
    cnf: &Cnf,
    file: &FileFacts,
    reason: String,
    start: Instant,
) -> Result<ExitStatus, CliError> {
    refuse_too_big(cnf, &file.name)?;
    let formula = counter::formula_of(cnf)?;
    let weights = weights_of(cnf);
    let cache_mb = args
        .cache_mb
        .map_or(sharpcount::DEFAULT_CACHE_MB, |mb| mb as usize);
    stop::install();
    let result = counter::with_options(cache_mb, &stop::STOP, args.quiet, |options| {
        sharpcount::count_weighted(&formula, &weights, options)
    });
    let (value, stats) = match result {
        Ok(c) => (Some(c.value), c.stats),
        Err(sharpcount::Error::Interrupted { stats }) => (None, *stats),
        Err(e @ sharpcount::Error::InvalidFormula(_)) => {
            return Err(CliError::usage(
                anyhow!(e).context(format!("'{}'", file.name)),
            ))
        }
        Err(e) => {
            return Err(CliError::failure(
                anyhow!(e).context("the model counter failed"),
            ))
        }
    };
    let forms = value.as_ref().map(forms);
    let sci = forms.as_ref().map(|f| f.1.clone());
    let (weight, weight_approx) = match forms {
        Some((exact, _, approx)) => (Some(exact), Some(approx)),
        None => (None, None),
    };
    let report = WeightedReport {
        file: &file.name,
        count: None,
        weighted: true,
        weight,
        weight_approx,
        projected: file.projected,
        projection_size: file.projection_size,
        num_vars: file.num_vars,
        clauses: file.clauses,
        weights: weights.len(),
        method: "counter",
        method_reason: &reason,
        interrupted: value.is_none(),
        threads: 1,
        cache_mb,
        elapsed_s: start.elapsed().as_secs_f64(),
        counter: CounterStats::from(&stats),
    };
    output::emit(args.json, &report, || text(&report, sci.as_deref(), file))?;
    if value.is_none() {
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
