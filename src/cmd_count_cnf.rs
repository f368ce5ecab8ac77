//! `nqueens count --cnf FILE`: count the models of any DIMACS CNF by blocking clauses,
//! projected onto its `c p show` (or `c ind`) variables when it has them and onto every
//! variable otherwise. Every model is checked against every clause and must be new on the
//! projection before it counts.

use crate::cli::{solver_backend, CountArgs};
use crate::exit::{CliError, ExitStatus};
use crate::output;
use anyhow::{anyhow, Context};
use nqueens_encode::dimacs::read_dimacs;
use nqueens_encode::{Constraint, Model};
use serde::Serialize;
use std::collections::HashSet;
use std::io::BufReader;
use std::path::Path;
use std::time::Instant;

#[derive(Serialize)]
struct CnfCount {
    file: String,
    count: u64,
    projected: bool,
    projection_size: usize,
    num_vars: usize,
    clauses: usize,
    backend: String,
    elapsed_s: f64,
}

pub fn run(args: &CountArgs, path: &Path) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let name = path.display().to_string();
    let cnf = if name == "-" {
        read_dimacs(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .with_context(|| format!("cannot read '{name}'"))
            .map_err(CliError::usage)?;
        read_dimacs(BufReader::new(file))
    }
    .with_context(|| format!("'{name}'"))
    .map_err(CliError::usage)?;
    let mut model = Model::new();
    model.new_vars(cnf.num_vars);
    let clauses = cnf.clauses.len();
    for c in cnf.clauses {
        model.add(Constraint::Clause(c));
    }
    let projected = cnf.shown.is_some();
    if let Some(shown) = cnf.shown {
        if shown.is_empty() {
            return Err(CliError::usage(anyhow!(
                "'{name}': the projection is empty; counting onto no variables is 0 or 1"
            )));
        }
        model.show(shown);
    }
    let projection = model.shown();
    let backend = solver_backend(&args.engine, &args.model)?.ok_or_else(|| {
        CliError::usage(anyhow!(
            "--cnf counts with a solver backend (sat or external), not backtrack"
        ))
    })?;
    let mut solutions = backend.solutions(&model, &[]).map_err(CliError::failure)?;
    let mut seen: HashSet<Vec<u64>> = HashSet::new();
    let mut count = 0u64;
    while let Some(a) = solutions.next_solution().map_err(CliError::failure)? {
        model.check(&a).map_err(|v| {
            CliError::failure(anyhow!("varisat returned a non-model of '{name}': {v}"))
        })?;
        let mut key = vec![0u64; projection.len().div_ceil(64)];
        for (i, v) in projection.iter().enumerate() {
            if a[v.index()] {
                key[i / 64] |= 1 << (i % 64);
            }
        }
        if !seen.insert(key) {
            return Err(CliError::failure(anyhow!(
                "{} returned the same projected model of '{name}' twice",
                backend.name()
            )));
        }
        count += 1;
    }
    let report = CnfCount {
        file: name,
        count,
        projected,
        projection_size: projection.len(),
        num_vars: cnf.num_vars,
        clauses,
        backend: backend.name(),
        elapsed_s: start.elapsed().as_secs_f64(),
    };
    output::emit(args.json, &report, || {
        let onto = if projected {
            format!(
                "projected onto {} of {} variables",
                report.projection_size, report.num_vars
            )
        } else {
            format!("over all {} variables", report.num_vars)
        };
        format!(
            "{}: {} models ({onto})   {:.3} s   {}",
            report.file, report.count, report.elapsed_s, report.backend
        )
    })?;
    Ok(ExitStatus::Success)
}
