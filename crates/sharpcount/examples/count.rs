//! Counts the models of a DIMACS CNF file, projected onto its `c p show ... 0` variables
//! (or `c ind`, `vp` lines) when it has such lines (as in the model counting competitions),
//! and prints the count. The file is read by `zero_one_model::dimacs` into the formula core
//! the counter borrows, `zero_one_model::Clauses`.
//!
//! Usage: `cargo run --release -p sharpcount --example count -- FILE.cnf [--stats]`
//! [`--time-limit SECONDS`] [`--cache-mb MB`] [`--threads N`] (N > 1: cube-and-count,
//! [`sharpcount::count_parallel`])
//!
//! Exit codes: 0 counted, 1 bad usage or file, 2 time limit, 3 other error.

use sharpcount::{count_parallel, Error, Options};
use std::process::ExitCode;
use std::time::Duration;
use zero_one_model::dimacs::read_dimacs;
use zero_one_model::Clauses;

/// The formula of the DIMACS file at `path` (its projection lines its projection) and the
/// reader's warnings. The reader refuses a weighted file (`nqueens count --cnf` counts
/// those).
fn read(path: &str) -> Result<(Clauses, Vec<String>), Box<dyn std::error::Error>> {
    let file = std::fs::File::open(path)?;
    let cnf = read_dimacs(std::io::BufReader::new(file))?;
    Ok((Clauses::from_cnf(&cnf), cnf.warnings))
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
    let formula = match read(&path) {
        Ok((f, warnings)) => {
            for w in warnings {
                eprintln!("{path}: warning: {w}");
            }
            f
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(1);
        }
    };
    match count_parallel(&formula, &options, threads) {
        Ok(c) => {
            println!("{}", c.count);
            if show_stats {
                eprintln!("{:#?}", c.stats);
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
            eprintln!("error: {e}");
            ExitCode::from(3)
        }
    }
}
