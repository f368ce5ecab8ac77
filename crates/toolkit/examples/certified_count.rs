//! A DIMACS file's projected count, certified, through the facade alone: the one call for a
//! file counts it with a `CertifySink` taking every model; the certifier then writes the
//! proof bundle (the models, the formula with one blocking clause per model, a DRAT proof
//! that no other model exists) and the independent checker, which shares no code with
//! anything that counted, re-reads the bundle and must find the same count.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example certified_count [FILE.cnf [DIR]]
//! ```
//!
//! Without FILE it certifies the formula of the `projected_count` example (5 projected
//! models). The bundle goes to DIR (new or empty; default: a directory under the system's
//! temporary directory, removed afterwards). Exit 0 when the checker's count is the
//! count, 1 when it differs, 2 when a step fails or the checker refuses the bundle.

use nqueens_kit::certify::{formula_of, verify, CertifySink, Finished, ProducedBy, Verified};
use nqueens_kit::count::BigUint;
use nqueens_kit::formats::Cnf;
use nqueens_kit::prelude::*;
use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The formula of the `projected_count` example.
const DEFAULT: &str = "p cnf 6 9\nc p show 1 2 3 4 0\n\
-1 -2 0\n-1 -3 0\n-1 -4 0\n-2 -3 0\n-2 -4 0\n-3 -4 0\n-5 1 2 0\n5 -1 0\n5 -2 0\n";

/// Counts `cnf` with every model going into a bundle in `dir`, writes the bundle and checks
/// it independently: the count, and what the checker established.
pub fn certify(cnf: Cnf, dir: &Path) -> Result<(BigUint, Verified), Box<dyn Error>> {
    let stop = StopFlag::new();
    let sink = CertifySink::new(dir, Some(stop.clone()));
    sink.set_formula(formula_of(&cnf)?);
    let mut options = CountOptions::default();
    options.models = Some(&sink);
    let hooks = Hooks {
        stop: Some(stop.clone()),
        ..Hooks::default()
    };
    let counted = count_cnf(cnf, &options, &hooks)?;
    let count = counted.count().cloned().ok_or("the count was stopped")?;

    let certifier = sink.into_certifier().ok_or("the count never began")?;
    certifier.check_cap()?;
    let by = ProducedBy::new(
        "nqueens-kit/examples/certified_count.rs",
        env!("CARGO_PKG_VERSION"),
    );
    let Finished::Written(bundle) = certifier.finish(2, by)? else {
        return Err("stopped before the bundle was written".into());
    };
    println!("{}", bundle.line());
    Ok((count, verify(dir)?))
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let cnf = match args.next() {
        None => read_dimacs(DEFAULT.as_bytes()).map_err(Box::<dyn Error>::from),
        Some(path) => std::fs::File::open(&path)
            .map_err(Box::<dyn Error>::from)
            .and_then(|f| Ok(read_dimacs(std::io::BufReader::new(f))?)),
    };
    let (dir, keep) = match args.next() {
        Some(dir) => (PathBuf::from(dir), true),
        None => (
            std::env::temp_dir().join(format!("certified-count-{}", std::process::id())),
            false,
        ),
    };
    let outcome = cnf.and_then(|cnf| certify(cnf, &dir));
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    match outcome {
        Ok((count, verified)) => {
            println!(
                "counted {count}; the checker: {} models, {} lemmas RUP",
                verified.count, verified.lemmas
            );
            ExitCode::from(u8::from(count != BigUint::from(verified.count)))
        }
        Err(e) => {
            eprintln!("certified_count: {e}");
            ExitCode::from(2)
        }
    }
}
