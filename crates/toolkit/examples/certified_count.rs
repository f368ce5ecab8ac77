//! A DIMACS file's count, certified two ways through the facade alone, each checked by the
//! independent checker, which shares no code with anything that counted:
//!
//! - by enumeration: the one call for a file counts it with a `CertifySink` taking every
//!   model; the certifier then writes the proof bundle (the models, the formula with one
//!   blocking clause per model, a DRAT proof that no other model exists), projected counts
//!   included;
//! - by the model counter: one call (`cpog::write_cpog_bundle`) counts the file and writes a
//!   CPOG certificate (the counter's compiled formula as a graph, and a clausal proof that it
//!   is equivalent to the file), which `verify_cpog` checks and counts again. CPOG states
//!   unprojected counts only, so a projected file is certified here without its projection.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example certified_count [FILE.cnf [DIR]]
//! ```
//!
//! Without FILE it certifies the formula of the `projected_count` example (5 projected
//! models, 10 over all its variables). The bundles go to DIR/enumeration and DIR/counter
//! (DIR new or empty; default: a directory under the system's temporary directory, removed
//! afterwards). Exit 0 when each checker's count is the count, 1 when one differs, 2 when a
//! step fails or a checker refuses a bundle.

use nqueens_kit::certify::{cpog, verify_cpog};
use nqueens_kit::certify::{formula_of, verify, CertifySink, Finished, ProducedBy, Verified};
use nqueens_kit::count::{BigUint, CounterOptions};
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

/// Counts `cnf` with the model counter, which writes the count's CPOG bundle in `dir`, and
/// checks the bundle independently: the counter's count and the checker's.
///
/// A projected or unsatisfiable file is refused (CPOG states neither).
pub fn certify_by_counter(cnf: &Cnf, dir: &Path) -> Result<(BigUint, BigUint), Box<dyn Error>> {
    let by = ProducedBy::new(
        "nqueens-kit/examples/certified_count.rs",
        env!("CARGO_PKG_VERSION"),
    );
    let counted = cpog::write_cpog_bundle(dir, cnf, &CounterOptions::default(), by)?;
    Ok((counted.count, verify_cpog(dir)?.count))
}

/// Both certificates of `cnf` in `dir`, printed: whether every count agrees.
fn certify_both(cnf: Cnf, dir: &Path) -> Result<bool, Box<dyn Error>> {
    let mut unprojected = cnf.clone();
    unprojected.shown = None;
    std::fs::create_dir_all(dir)?;
    let (count, verified) = certify(cnf, &dir.join("enumeration"))?;
    println!(
        "enumeration: counted {count}; the checker: {} models, {} lemmas RUP",
        verified.count, verified.lemmas
    );
    let (counter, checked) = certify_by_counter(&unprojected, &dir.join("counter"))?;
    println!("model counter, all variables: counted {counter}; the CPOG checker: {checked} models");
    Ok(count == BigUint::from(verified.count) && counter == checked)
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
    let outcome = cnf.and_then(|cnf| certify_both(cnf, &dir));
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    match outcome {
        Ok(agree) => ExitCode::from(u8::from(!agree)),
        Err(e) => {
            eprintln!("certified_count: {e}");
            ExitCode::from(2)
        }
    }
}
