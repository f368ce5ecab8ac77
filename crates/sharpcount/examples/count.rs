//! Counts the models of a DIMACS CNF file, projected onto its `c p show ... 0` variables
//! when it has such lines (as in the model counting competitions), and prints the count.
//!
//! Usage: `cargo run --release -p sharpcount --example count -- FILE.cnf [--stats]`
//! [`--time-limit SECONDS`] [`--cache-mb MB`] [`--threads N`] (N > 1: cube-and-count,
//! [`sharpcount::count_parallel`])
//!
//! Exit codes: 0 counted, 1 bad usage or file, 2 time limit, 3 other error.

use sharpcount::{count_parallel, Error, Formula, Options};
use std::process::ExitCode;
use std::time::Duration;

/// Why a file does not read as an unweighted DIMACS CNF; lines are 1-based.
#[derive(Debug, thiserror::Error)]
enum ParseError {
    /// A weighted file.
    #[error("line {line}: a weighted file; this example counts unweighted files (`nqueens count --cnf` counts weighted ones)")]
    Weighted { line: usize },
    /// A `c p show` word that is not a variable.
    #[error("line {line}: bad show variable {found:?}")]
    ShowVariable { line: usize, found: String },
    /// A `p` line that is not `p cnf`.
    #[error("line {line}: expected `p cnf VARS CLAUSES`")]
    Header { line: usize },
    /// A `p cnf` line without a variable count.
    #[error("line {line}: bad variable count")]
    VariableCount { line: usize },
    /// A clause word that is not a literal.
    #[error("line {line}: bad literal {found:?}")]
    Literal { line: usize, found: String },
    /// No `p cnf` line at all.
    #[error("no `p cnf` header")]
    NoHeader,
}

/// Reads DIMACS text: the `p cnf` header, clauses ended by 0 (possibly across lines),
/// `c p show` projection lines (several are joined); a weighted file (`c p weight`, or a
/// `c t` task other than `mc` and `pmc`) is refused; other comments are ignored, and a `%`
/// line ends the file (SATLIB).
fn parse(text: &str) -> Result<Formula, ParseError> {
    let mut num_vars: Option<u32> = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    let mut projection: Option<Vec<u32>> = None;
    for (ln, text) in text.lines().enumerate() {
        let line = ln + 1;
        let mut t = text.split_whitespace();
        match t.next() {
            None => continue,
            Some("c") => {
                let words: Vec<&str> = t.clone().take(2).collect();
                if words == ["p", "weight"]
                    || matches!(words[..], ["t", task] if task != "mc" && task != "pmc")
                {
                    return Err(ParseError::Weighted { line });
                }
                if t.next() == Some("p") && t.next() == Some("show") {
                    let shown = projection.get_or_insert_with(Vec::new);
                    for x in t {
                        let v: u32 = x.parse().map_err(|_| ParseError::ShowVariable {
                            line,
                            found: x.to_string(),
                        })?;
                        if v != 0 {
                            shown.push(v);
                        }
                    }
                }
            }
            Some(w) if w.starts_with('c') => {}
            // SATLIB files end with `%` and a stray `0`.
            Some("%") => break,
            Some("p") => {
                if t.next() != Some("cnf") {
                    return Err(ParseError::Header { line });
                }
                let v = t.next().and_then(|x| x.parse().ok());
                num_vars = Some(v.ok_or(ParseError::VariableCount { line })?);
            }
            Some(first) => {
                for x in std::iter::once(first).chain(t) {
                    let l: i32 = x.parse().map_err(|_| ParseError::Literal {
                        line,
                        found: x.to_string(),
                    })?;
                    if l == 0 {
                        clauses.push(std::mem::take(&mut current));
                    } else {
                        current.push(l);
                    }
                }
            }
        }
    }
    if !current.is_empty() {
        clauses.push(current);
    }
    let num_vars = num_vars.ok_or(ParseError::NoHeader)?;
    Ok(Formula {
        num_vars,
        clauses,
        projection,
    })
}

/// The formula in the file at `path`.
fn read(path: &str) -> Result<Formula, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    Ok(parse(&text)?)
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
        Ok(f) => f,
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
            if let Error::TimeLimit { stats, .. } = &e {
                if show_stats {
                    eprintln!("{stats:#?}");
                }
            }
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(3)
        }
    }
}
