//! A weighted model count through the facade alone: a weighted DIMACS file (the Model
//! Counting Competition's `c t wmc` and `c p weight LIT W 0` lines, decimal weights read
//! exactly) counted by the one call for a file, then by the model counter called directly
//! with the file's core and weights. Each model weighs the product of its literals'
//! weights; the count is their sum, an exact rational.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example weighted_count [FILE.cnf]
//! ```
//!
//! Without FILE: (x1 or x2) and (not x1 or x3), each xi true with probability 1/2, 3/10 and
//! 2/5 (a weight per literal, the two summing to 1), so the count is the probability that
//! the formula holds: P(x1) P(x3) + P(not x1) P(x2) = 1/5 + 3/20 = 7/20. Exit 0 when the
//! two counts agree (and, without FILE, equal 7/20), 1 when not, 2 when a step fails.

use nqueens_kit::count::{count_weighted, BigRational, CnfCount, CounterOptions, Weights};
use nqueens_kit::formats::{read_dimacs_with, Cnf, ReadOptions};
use nqueens_kit::model::Clauses;
use nqueens_kit::prelude::*;
use std::error::Error;
use std::process::ExitCode;

/// The formula counted without FILE.
pub const DEFAULT: &str = "c t wmc\np cnf 3 2\n1 2 0\n-1 3 0\n\
c p weight 1 0.5 0\nc p weight -1 0.5 0\nc p weight 2 0.3 0\nc p weight -2 0.7 0\n\
c p weight 3 0.4 0\nc p weight -3 0.6 0\n";

/// Reads a weighted file (a reader not asked for weights refuses one).
pub fn read_weighted(text: impl std::io::BufRead) -> Result<Cnf, Box<dyn Error>> {
    let options = ReadOptions {
        weights: true,
        ..ReadOptions::default()
    };
    Ok(read_dimacs_with(text, &options)?)
}

/// The weighted count of `cnf`: by the one call for a file, and by the model counter.
pub fn weigh(cnf: Cnf) -> Result<(BigRational, BigRational), Box<dyn Error>> {
    let core = Clauses::from_cnf(&cnf);
    let weights: Weights = cnf
        .weights
        .clone()
        .unwrap_or_default()
        .into_iter()
        .collect();
    let direct = count_weighted(&core, &weights, &CounterOptions::default())?.value;

    let CnfCount::Weighted(weighted) = count_cnf(cnf, &CountOptions::default(), &Hooks::default())?
    else {
        return Err("a weighted file gives a weighted count".into());
    };
    let by_file = weighted.value.ok_or("the count was stopped")?;
    Ok((by_file, direct))
}

fn main() -> ExitCode {
    let path = std::env::args_os().nth(1);
    let cnf = match &path {
        None => read_weighted(DEFAULT.as_bytes()),
        Some(p) => std::fs::File::open(p)
            .map_err(Box::<dyn Error>::from)
            .and_then(|f| read_weighted(std::io::BufReader::new(f))),
    };
    match cnf.and_then(weigh) {
        Ok((by_file, direct)) => {
            println!("weighted count: {by_file} (model counter called directly: {direct})");
            let known = BigRational::new(7.into(), 20.into());
            let ok = by_file == direct && (path.is_some() || by_file == known);
            ExitCode::from(u8::from(!ok))
        }
        Err(e) => {
            eprintln!("weighted_count: {e}");
            ExitCode::from(2)
        }
    }
}
