//! Writes a CPOG certificate for a DIMACS file: `cpog_write FILE.cnf OUT.cpog`.
use std::io::BufReader;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let cnf = zero_one_model::dimacs::read_dimacs(BufReader::new(std::fs::File::open(&args[1])?))?;
    let out = std::io::BufWriter::new(std::fs::File::create(&args[2])?);
    let c = count_certify::cpog::certify_cnf(&cnf, &Default::default(), out)?;
    println!(
        "count {} compile {:.3}s proof {:.3}s {:?}",
        c.count, c.compile_secs, c.proof_secs, c.stats
    );
    Ok(())
}
