//! A pseudo-Boolean file lowered to CNF with every encoding, through the facade alone (what
//! `nqueens encode --from FILE.opb --pb ENC` does): the OPB file read into a model, written
//! as DIMACS under each pseudo-Boolean encoding (a BDD, the generalized totalizer, the
//! sequential weight counter, an adder network), each file read back and counted, projected
//! onto the file's own variables so that the encodings' auxiliaries never count. Every
//! encoding must give the count the ILP backend finds on the model itself, with no encoding.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example pb_encodings [FILE.opb]
//! ```
//!
//! Without FILE: 3 x1 + 5 x2 + 7 x3 + 2 x4 + 4 x5 + 6 x6 + x7 <= 12 and x1 + x2 + x3 >= 1.
//! Exit 0 when every count agrees, 1 when one differs, 2 when a step fails.

use nqueens_kit::backends::LpBackend;
use nqueens_kit::count::BigUint;
use nqueens_kit::formats::{read_opb, write_dimacs};
use nqueens_kit::model::PbEncoding;
use nqueens_kit::prelude::*;
use std::error::Error;
use std::process::ExitCode;

/// The file lowered without FILE.
pub const DEFAULT: &str = "* #variable= 7 #constraint= 2\n\
+3 x1 +5 x2 +7 x3 +2 x4 +4 x5 +6 x6 +1 x7 <= 12 ;\n+1 x1 +1 x2 +1 x3 >= 1 ;\n";

/// One encoding's CNF: its size and its projected count.
#[derive(Debug)]
pub struct Lowered {
    /// The encoding.
    pub encoding: PbEncoding,
    /// Variables of the DIMACS file, auxiliaries included.
    pub vars: usize,
    /// Clauses of the DIMACS file.
    pub clauses: usize,
    /// Models projected onto the OPB file's variables.
    pub count: BigUint,
}

/// The model's count with no encoding (the ILP backend takes linear rows as they are), and
/// its CNF under every pseudo-Boolean encoding.
pub fn lower_every_way(opb: &[u8]) -> Result<(BigUint, Vec<Lowered>), Box<dyn Error>> {
    let model = read_opb(opb)?.model;
    let problem = ModelProblem::new(&model, Depth::Levels(2), "pb")?;
    let reference = run(&problem, &LpBackend, &RunOptions::default())?.count;
    let mut lowered = Vec::new();
    for encoding in PbEncoding::ALL {
        let options = CnfOptions {
            pb: encoding,
            ..CnfOptions::default()
        };
        let mut file = Vec::new();
        write_dimacs(
            &model,
            &options,
            vec![format!("--pb {encoding}")],
            &mut file,
        )?;
        let cnf = read_dimacs(&file[..])?;
        let (vars, clauses) = (cnf.num_vars, cnf.clauses.len());
        let counted = count_cnf(cnf, &CountOptions::default(), &Hooks::default())?;
        let count = counted.count().cloned().ok_or("the count was stopped")?;
        lowered.push(Lowered {
            encoding,
            vars,
            clauses,
            count,
        });
    }
    Ok((reference, lowered))
}

fn main() -> ExitCode {
    let text = match std::env::args_os().nth(1) {
        None => Ok(DEFAULT.as_bytes().to_vec()),
        Some(path) => std::fs::read(path),
    };
    let outcome = text
        .map_err(Box::<dyn Error>::from)
        .and_then(|t| lower_every_way(&t));
    match outcome {
        Ok((reference, lowered)) => {
            println!("no encoding (ILP backend): {reference} solutions");
            for l in &lowered {
                println!(
                    "{:>6}: {:>4} variables {:>5} clauses, {} models",
                    l.encoding.name(),
                    l.vars,
                    l.clauses,
                    l.count
                );
            }
            ExitCode::from(u8::from(lowered.iter().any(|l| l.count != reference)))
        }
        Err(e) => {
            eprintln!("pb_encodings: {e}");
            ExitCode::from(2)
        }
    }
}
