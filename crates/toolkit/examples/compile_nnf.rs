//! A DIMACS file compiled into a decision-DNNF through the facade alone: the one call for a
//! file with `compile` set (what `nqueens count --cnf FILE --nnf OUT` does) runs the model
//! counter's search as a compiler (a decision is an OR node, independent components an AND
//! node, a cache hit a shared node); the formula is written in d4's format, read back, and
//! counted again in one pass over it, as any d-DNNF tool would.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example compile_nnf [FILE.cnf [OUT.nnf]]
//! ```
//!
//! Without FILE it compiles the formula of the `projected_count` example (5 projected
//! models). Exit 0 when the count read back from the d4 text is the counter's, 1 when it
//! differs, 2 when a step fails.

use nqueens_kit::count::{nnf, BigUint, CnfCount, Compiled};
use nqueens_kit::formats::Cnf;
use nqueens_kit::prelude::*;
use std::error::Error;
use std::process::ExitCode;

/// The formula of the `projected_count` example.
const DEFAULT: &str = "p cnf 6 9\nc p show 1 2 3 4 0\n\
-1 -2 0\n-1 -3 0\n-1 -4 0\n-2 -3 0\n-2 -4 0\n-3 -4 0\n-5 1 2 0\n5 -1 0\n5 -2 0\n";

/// `cnf` compiled: the formula, and its d4 text.
pub fn compile(cnf: Cnf) -> Result<(Compiled, Vec<u8>), Box<dyn Error>> {
    let mut options = CountOptions::default();
    options.compile = true;
    let CnfCount::Counted(counted) = count_cnf(cnf, &options, &Hooks::default())? else {
        return Err("a compilation is the model counter's".into());
    };
    let compiled = counted.compiled.ok_or("the compilation was stopped")?;
    let mut d4 = Vec::new();
    compiled.write_d4(&mut d4)?;
    Ok((compiled, d4))
}

/// The models of a d4 text over `vars` (DIMACS numbers), counted on the formula read back.
pub fn recount(d4: &[u8], vars: &[u32]) -> Result<BigUint, Box<dyn Error>> {
    Ok(nnf::read_d4(d4)?.count(vars)?)
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let cnf = match args.next() {
        None => read_dimacs(DEFAULT.as_bytes()).map_err(Box::<dyn Error>::from),
        Some(path) => std::fs::File::open(&path)
            .map_err(Box::<dyn Error>::from)
            .and_then(|f| Ok(read_dimacs(std::io::BufReader::new(f))?)),
    };
    let out = args.next();
    let outcome = cnf.and_then(compile).and_then(|(compiled, d4)| {
        if let Some(out) = &out {
            std::fs::write(out, &d4)?;
        }
        let again = recount(&d4, &compiled.vars)?;
        Ok((compiled, again))
    });
    match outcome {
        Ok((compiled, again)) => {
            let (nodes, edges) = (compiled.nnf.nodes(), compiled.nnf.edges());
            println!(
                "d-DNNF: {nodes} nodes, {edges} edges; {} models, {again} read back",
                compiled.count
            );
            ExitCode::from(u8::from(compiled.count != again))
        }
        Err(e) => {
            eprintln!("compile_nnf: {e}");
            ExitCode::from(2)
        }
    }
}
