//! Counts the models of a DIMACS CNF file, projected onto its `c p show ... 0` variables
//! (or `c ind`, `vp` lines) when it has such lines (as in the model counting competitions),
//! and prints the count; a weighted file (`c p weight` lines) gets its exact weighted count
//! ([`sharpcount::count_weighted`], on one thread). The file is read by `zero_one_model::dimacs` into the formula core
//! the counter borrows, `zero_one_model::Clauses`.
//!
//! Usage: `cargo run --release -p sharpcount --example count -- FILE.cnf [--stats]`
//! [`--time-limit SECONDS`] [`--cache-mb MB`] [`--threads N`] (N > 1: cube-and-count,
//! [`sharpcount::count_parallel`])
//!
//! Exit codes: 0 counted, 1 bad usage or file, 2 time limit, 3 other error.

use sharpcount::{count_parallel, count_weighted, Error, Options, Stats, Weights};
use std::process::ExitCode;
use std::time::Duration;
use zero_one_model::dimacs::{read_dimacs_with, ReadOptions};
use zero_one_model::Clauses;

/// A DIMACS file as the counter takes it.
struct Input {
    /// The clauses, projected onto the file's projection lines.
    formula: Clauses,
    /// The literal weights of a weighted file.
    weights: Option<Weights>,
    /// What the reader warned of.
    warnings: Vec<String>,
}

/// The formula of the DIMACS file at `path`, with its weights when it has some.
fn read(path: &str) -> Result<Input, Box<dyn std::error::Error>> {
    let file = std::fs::File::open(path)?;
    let options = ReadOptions {
        weights: true,
        ..ReadOptions::default()
    };
    let cnf = read_dimacs_with(std::io::BufReader::new(file), &options)?;
    Ok(Input {
        formula: Clauses::from_cnf(&cnf),
        weights: cnf.weights.as_ref().map(|w| w.iter().cloned().collect()),
        warnings: cnf.warnings,
    })
}

/// Counts `input` (weighted when it has weights): the answer as text, and the stats.
fn count(input: &Input, options: &Options<'_>, threads: usize) -> Result<(String, Stats), Error> {
    match &input.weights {
        Some(w) => {
            count_weighted(&input.formula, w, options).map(|c| (c.value.to_string(), c.stats))
        }
        None => {
            count_parallel(&input.formula, options, threads).map(|c| (c.count.to_string(), c.stats))
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut path = None;
    let mut show_stats = false;
    let mut options = Options::default();
    let mut threads = 1;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--stats" => show_stats = true,
            "--time-limit" | "--cache-mb" | "--threads" => {
                let Some(n) = args.get(i + 1).and_then(|x| x.parse::<u64>().ok()) else {
                    eprintln!("{} needs a number", args[i]);
                    return ExitCode::from(1);
                };
                if args[i] == "--cache-mb" {
                    options.cache_mb = n as usize;
                } else if args[i] == "--threads" {
                    threads = n.max(1) as usize;
                } else {
                    options.time_limit = Some(Duration::from_secs(n));
                }
                i += 1;
            }
            p => path = Some(p.to_string()),
        }
        i += 1;
    }
    let Some(path) = path else {
        eprintln!("usage: count FILE.cnf [--stats] [--time-limit S] [--cache-mb MB] [--threads N]");
        return ExitCode::from(1);
    };
    let input = match read(&path) {
        Ok(input) => {
            for w in &input.warnings {
                eprintln!("{path}: warning: {w}");
            }
            input
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(1);
        }
    };
    match count(&input, &options, threads) {
        Ok((answer, stats)) => {
            println!("{answer}");
            if show_stats {
                eprintln!("{stats:#?}");
            }
            ExitCode::SUCCESS
        }
        Err(e @ Error::TimeLimit { .. }) => {
            eprintln!("{e}");
            if let Error::TimeLimit { stats, .. } = &e
                && show_stats
            {
                eprintln!("{stats:#?}");
            }
            ExitCode::from(2)
        }
        Err(e) => {
            // The causes too: "invalid formula" alone does not say which variable.
            eprintln!("error: {}", toolkit_base::one_line(&e));
            ExitCode::from(3)
        }
    }
}
