//! The report of a count by enumeration: a shard's result for `merge`, or the count (as JSON
//! or a line) with its certificate when `--certify` asked for one.

use super::sink::CertifySink;
use super::Print;
use crate::certify::{produced_by, Finished, Report};
use crate::cli::COUNT_BACKEND;
use crate::exit::{CliError, ExitStatus};
use crate::output;
use cnf_count::Enumerated;
use cnf_symmetry::OrbitParams;
use serde::Serialize;
use serde_json::value::RawValue;
use std::io::Write;

/// The JSON report of a CNF count. `count` is an exact JSON integer of any size.
#[derive(Serialize)]
struct CnfReport<'a> {
    file: &'a str,
    count: Box<RawValue>,
    projected: bool,
    projection_size: usize,
    num_vars: usize,
    clauses: usize,
    free_vars: u64,
    parts: usize,
    cubes: usize,
    cubes_done: usize,
    cubes_resumed: usize,
    interrupted: bool,
    models_checked: u64,
    backend: String,
    /// `enumeration` here (the model counter's report is its own).
    method: &'static str,
    /// Why this method was used.
    method_reason: String,
    /// With `--backend external`: whether the solver's UNSATISFIABLE answers were checked
    /// by a second solver (`confirmed by varisat`) or believed (`trusted`, `--trust-unsat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    unsat_answers: Option<String>,
    backend_stats: &'a std::collections::BTreeMap<String, u64>,
    threads: usize,
    elapsed_s: f64,
    models_per_s: f64,
    /// With `--symmetry auto`: orbits (the product over parts of their orbits under their
    /// own groups, times 2 per free variable), exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    orbits: Option<Box<RawValue>>,
    /// With `--symmetry auto`, when the orbit count was given up for the plain count (it
    /// would have taken long): why.
    #[serde(skip_serializing_if = "Option::is_none")]
    orbits_dropped: Option<String>,
    /// With `--symmetry auto`: the order of the group used in each part.
    #[serde(skip_serializing_if = "Option::is_none")]
    group_orders: Option<Vec<usize>>,
    /// With `--symmetry auto`: per part, whether that group is every symmetry found (else a
    /// subgroup: too large to list, or the search stopped at its budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    whole_groups: Option<Vec<bool>>,
}

/// `n` as an exact JSON integer.
fn integer(n: &impl ToString) -> Result<Box<RawValue>, CliError> {
    RawValue::from_string(n.to_string()).map_err(CliError::failure)
}

/// Prints the count (or the shard's result), certified by `sink`'s bundle with `--certify`:
/// exit 0, or 130 when interrupted.
///
/// # Errors
/// A count past the bundle's cap (exit 2); a bundle that cannot be made, or stdout closed
/// (exit 3).
pub fn print(
    print: &Print<'_>,
    counted: Enumerated,
    sink: Option<CertifySink<'_>>,
) -> Result<ExitStatus, CliError> {
    let (args, file) = (print.args, print.file);
    let certifier = sink.and_then(CertifySink::into_certifier);
    if let Some(c) = &certifier {
        c.check_cap()?;
    }
    let outcome = counted.outcome;
    if let (Some(shard), false) = (args.shard, outcome.interrupted) {
        let shard_file = outcome.into_shard_file(shard);
        let json = serde_json::to_string(&shard_file).map_err(CliError::failure)?;
        let mut out = output::stdout();
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(ExitStatus::Success);
    }
    let elapsed_s = print.start.elapsed().as_secs_f64();
    // The groups of an orbit count, as its key records them (a plain count has none).
    let groups = outcome.key.problem.params::<OrbitParams>().ok();
    let report = CnfReport {
        file: print.name,
        count: integer(&outcome.count)?,
        projected: file.projected,
        projection_size: file.projection_size,
        num_vars: file.num_vars,
        clauses: file.clauses,
        free_vars: outcome.key.free_vars,
        parts: counted.parts,
        cubes: outcome.cubes_total,
        cubes_done: outcome.cubes_done,
        cubes_resumed: outcome.cubes_resumed,
        interrupted: outcome.interrupted,
        models_checked: outcome.tally.found,
        backend: counted.backend,
        method: "enumeration",
        method_reason: print.reason(&counted.reason, "enumerate"),
        unsat_answers: crate::cli::unsat_answers(&args.engine, COUNT_BACKEND),
        backend_stats: &outcome.backend_stats,
        threads: counted.threads,
        elapsed_s,
        models_per_s: outcome.tally.found as f64 / elapsed_s.max(1e-9),
        orbits: counted.orbits.as_ref().map(integer).transpose()?,
        orbits_dropped: counted.orbits_dropped,
        group_orders: groups.as_ref().map(|g| g.group_orders.clone()),
        whole_groups: groups.map(|g| g.whole_groups),
    };
    let by = || produced_by(&report.backend, report.cubes, report.threads, elapsed_s);
    let certifier = certifier.filter(|_| !outcome.interrupted);
    let certified = crate::certify::finish(certifier, report.threads, by)?;
    output::emit(args.json, &Report::new(&report, &certified), || {
        let line = text(&report, &outcome, &file.onto());
        match certified.bundle() {
            Some(c) => format!("{line}\n{}", c.line()),
            None => line,
        }
    })?;
    if let Finished::Interrupted = certified {
        return Ok(ExitStatus::Interrupted);
    }
    if outcome.interrupted {
        let resume = args.resume_hint(true);
        eprintln!(
            "nqueens: interrupted after {} of {} cubes: partial count {}{resume}",
            outcome.cubes_done, outcome.cubes_total, outcome.count
        );
        return Ok(ExitStatus::Interrupted);
    }
    Ok(ExitStatus::Success)
}

fn text(report: &CnfReport, outcome: &count_engine::Outcome, onto: &str) -> String {
    let partial = if outcome.interrupted {
        format!(
            "   partial: {} of {} cubes",
            outcome.cubes_done, outcome.cubes_total
        )
    } else {
        String::new()
    };
    let orbits = match (&report.orbits, &report.group_orders) {
        _ if report.orbits_dropped.is_some() => {
            format!(", {}", report.orbits_dropped.as_deref().unwrap_or_default())
        }
        (Some(o), Some(g)) => {
            let whole = report.whole_groups.as_deref().unwrap_or_default();
            let sub = if whole.contains(&false) {
                " (some a subgroup of the symmetries found)"
            } else {
                ""
            };
            let orders: Vec<String> = g.iter().map(usize::to_string).collect();
            format!(
                ", {} orbits under groups of order [{}]{sub}",
                o.get(),
                orders.join(",")
            )
        }
        _ => String::new(),
    };
    let trusted = match report.unsat_answers.as_deref() {
        Some("trusted") => " (its UNSATISFIABLE answers trusted, not checked)",
        _ => "",
    };
    format!(
        "{}: {} models ({onto}{orbits}){partial}   {:.3} s   enumeration, {}{trusted}, {} parts, {} cubes, {} free variables",
        report.file,
        outcome.count,
        report.elapsed_s,
        report.backend,
        report.parts,
        report.cubes,
        report.free_vars
    )
}
