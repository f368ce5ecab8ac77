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

/// Reads DIMACS text: the `p cnf` header, clauses ended by 0 (possibly across lines),
/// `c p show` projection lines (several are joined); a weighted file (`c p weight`, or a
/// `c t` task other than `mc` and `pmc`) is refused; other comments are ignored, and a `%`
/// line ends the file (SATLIB).
fn parse(text: &str) -> Result<Formula, String> {
    let mut num_vars: Option<u32> = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    let mut projection: Option<Vec<u32>> = None;
    for (ln, line) in text.lines().enumerate() {
        let mut t = line.split_whitespace();
        match t.next() {
            None => continue,
            Some("c") => {
                let words: Vec<&str> = t.clone().take(2).collect();
                if words == ["p", "weight"]
                    || matches!(words[..], ["t", task] if task != "mc" && task != "pmc")
                {
                    return Err(format!(
                        "line {}: a weighted file; this example counts unweighted files (`nqueens count --cnf` counts weighted ones)",
                        ln + 1
                    ));
                }
                if t.next() == Some("p") && t.next() == Some("show") {
                    let shown = projection.get_or_insert_with(Vec::new);
                    for x in t {
                        let v: u32 = x
                            .parse()
                            .map_err(|_| format!("line {}: bad show variable {x:?}", ln + 1))?;
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
                    return Err(format!("line {}: expected `p cnf VARS CLAUSES`", ln + 1));
                }
                let v = t.next().and_then(|x| x.parse().ok());
                num_vars = Some(v.ok_or(format!("line {}: bad variable count", ln + 1))?);
            }
            Some(first) => {
                for x in std::iter::once(first).chain(t) {
                    let l: i32 = x
                        .parse()
                        .map_err(|_| format!("line {}: bad literal {x:?}", ln + 1))?;
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
    let num_vars = num_vars.ok_or("no `p cnf` header")?;
    Ok(Formula {
        num_vars,
        clauses,
        projection,
    })
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
    let formula = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| parse(&t))
    {
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
