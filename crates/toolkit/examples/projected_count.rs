//! A DIMACS file counted with its projection, through the facade alone: read with its
//! `c p show` line (or `c ind`, `vp` lines), then counted twice by the one call for a file,
//! once by enumeration (cubes over two threads, every model checked against every clause)
//! and once by the model counter (component caching). The two must agree.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example projected_count [FILE.cnf]
//! ```
//!
//! Without FILE it counts a small projected formula: at most one of x1..x4, x5 <-> (x1 or
//! x2) (auxiliary, not shown) and x6 in no clause, shown x1..x4: 5 projected models (10
//! unprojected). Exit 0 when the counts agree, 1 when they differ, 2 when the file cannot
//! be read or a step fails.

use nqueens_kit::count::{BigUint, Method};
use nqueens_kit::formats::Cnf;
use nqueens_kit::prelude::*;
use std::error::Error;
use std::process::ExitCode;

/// The formula counted without FILE.
pub const DEFAULT: &str = "c at most one of x1..x4; x5 <-> (x1 or x2); x6 free\np cnf 6 9\n\
c p show 1 2 3 4 0\n-1 -2 0\n-1 -3 0\n-1 -4 0\n-2 -3 0\n-2 -4 0\n-3 -4 0\n-5 1 2 0\n5 -1 0\n5 -2 0\n";

/// The file named by the first argument, or [`DEFAULT`].
pub fn read_input() -> Result<Cnf, Box<dyn Error>> {
    let Some(path) = std::env::args_os().nth(1) else {
        return Ok(read_dimacs(DEFAULT.as_bytes())?);
    };
    let file = std::fs::File::open(&path)
        .map_err(|e| format!("cannot open '{}': {e}", path.to_string_lossy()))?;
    Ok(read_dimacs(std::io::BufReader::new(file))?)
}

/// The projected count of `cnf` by `method`.
pub fn count_by(cnf: &Cnf, method: Method) -> Result<BigUint, Box<dyn Error>> {
    let mut options = CountOptions::default();
    options.method = method;
    options.threads = Some(if method == Method::Enumerate { 2 } else { 1 });
    let counted = count_cnf(cnf.clone(), &options, &Hooks::default())?;
    Ok(counted.count().cloned().ok_or("the count was stopped")?)
}

fn main() -> ExitCode {
    let counts = read_input().and_then(|cnf| {
        let shown = cnf.shown.as_ref().map_or(cnf.num_vars, Vec::len);
        println!("projected onto {shown} of {} variables", cnf.num_vars);
        Ok((
            count_by(&cnf, Method::Enumerate)?,
            count_by(&cnf, Method::Counter)?,
        ))
    });
    match counts {
        Ok((enumerated, counted)) => {
            println!("enumeration: {enumerated} models; model counter: {counted}");
            ExitCode::from(u8::from(enumerated != counted))
        }
        Err(e) => {
            eprintln!("projected_count: {e}");
            ExitCode::from(2)
        }
    }
}
