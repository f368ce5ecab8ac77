//! Checks a text DRAT proof of a DIMACS CNF with the forward DRUP checker of
//! `count_certify::check` and prints the verdict and the speed, for side-by-side runs with
//! other checkers (`bench/drup.sh`).
//!
//! `cargo run --release -p count-certify --example check_drat -- FORMULA.cnf PROOF.drat`
//! prints `s VERIFIED` and exits 0, or `s NOT VERIFIED` with the reason and exits 1.

use count_certify::check::{check_proof, read_cnf};
use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [formula, proof] = &args[..] else {
        eprintln!("usage: check_drat FORMULA.cnf PROOF.drat");
        return ExitCode::from(2);
    };
    let open = |path: &str| File::open(path).map(|f| BufReader::with_capacity(1 << 20, f));
    let (formula_file, proof_file) = match (open(formula), open(proof)) {
        (Ok(f), Ok(p)) => (f, p),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("check_drat: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let cnf = match read_cnf(formula_file) {
        Ok(cnf) => cnf,
        Err(e) => {
            println!("s NOT VERIFIED\nc {formula}: {e}");
            return ExitCode::from(1);
        }
    };
    match check_proof(&cnf, proof_file) {
        Ok(summary) => {
            let seconds = start.elapsed().as_secs_f64();
            println!("s VERIFIED");
            println!(
                "c {} lemmas, {} deletions ({} of units or reasons ignored, {} missing) in {seconds:.3} s: {:.0} lemmas/s",
                summary.lemmas,
                summary.deletions,
                summary.unit_deletions,
                summary.missing_deletions,
                summary.lemmas as f64 / seconds
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("s NOT VERIFIED\nc {proof}: {e}");
            ExitCode::from(1)
        }
    }
}
