//! A DIMACS file counted three ways through the library alone, then certified: enumeration
//! and the model counter (each one call to `cnf_count::count`, as `nqueens count --cnf`
//! makes it, with `Method::Enumerate` and `Method::Counter`) and, for at most 20 variables,
//! brute force must agree; then the count's models are collected on the engine's solution
//! hook, a proof bundle is written (`count_certify::Certifier`) and checked by the
//! independent checker (`count_certify::check::verify`), whose count must agree too.
//!
//! ```text
//! cargo run --release --example dimacs_count [FILE.cnf]
//! ```
//!
//! Without FILE it writes a small projected formula to a temporary directory: at most one of
//! x1..x4, x5 <-> (x1 or x2) (auxiliary, not shown) and x6 in no clause, shown x1..x4; 5
//! projected models (10 unprojected). Exit 0 when every count agrees, 1 when one differs, 2
//! when the file cannot be read or a step fails.

use cnf_count::{CountOptions, Hooks, Method};
use count_certify::check::verify;
use count_certify::{Certifier, Finished, ProducedBy};
use count_engine::{model_of, run, BigUint, Depth, ModelProblem, RunOptions};
use count_engine::{Problem, SolutionHook};
use std::collections::HashSet;
use std::error::Error;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use zero_one_model::dimacs::{read_dimacs, Cnf};
use zero_one_model::StopFlag;

const DEFAULT: &str = "c at most one of x1..x4; x5 <-> (x1 or x2); x6 free\np cnf 6 9\n\
c p show 1 2 3 4 0\n-1 -2 0\n-1 -3 0\n-1 -4 0\n-2 -3 0\n-2 -4 0\n-3 -4 0\n-5 1 2 0\n5 -1 0\n5 -2 0\n";

type Res<T> = Result<T, Box<dyn Error>>;

/// The count of `cnf` by `method`, as `nqueens count --cnf FILE --method ...` makes it:
/// enumeration (the variables that matter, parts, cubes, the DPLL backend, every model
/// checked) or the model counter.
fn count_by(cnf: &Cnf, method: Method) -> Res<BigUint> {
    let mut options = CountOptions::default();
    options.method = method;
    options.threads = Some(if method == Method::Enumerate { 2 } else { 1 });
    let counted = cnf_count::count(cnf.clone(), &options, &Hooks::default())?;
    Ok(counted.count().cloned().ok_or("no count")?)
}

/// Every assignment tried: the distinct projections of the models (`None` past 20 variables).
fn brute_force(cnf: &Cnf) -> Option<u64> {
    if cnf.num_vars > 20 {
        return None;
    }
    let shown: Vec<usize> = match &cnf.shown {
        Some(s) => s.iter().map(|v| v.index()).collect(),
        None => (0..cnf.num_vars).collect(),
    };
    let mut seen = HashSet::new();
    for bits in 0u32..1 << cnf.num_vars {
        let value: Vec<bool> = (0..cnf.num_vars).map(|i| bits >> i & 1 == 1).collect();
        if cnf.clauses.iter().all(|c| c.iter().any(|l| l.eval(&value))) {
            seen.insert(shown.iter().map(|&i| value[i]).collect::<Vec<_>>());
        }
    }
    Some(seen.len() as u64)
}

/// A certified count: the whole file in its own numbering, its models collected on the
/// solution hook under the bundle's cap, the bundle made in a fresh directory and checked
/// independently.
fn certified_count(cnf: &Cnf) -> Res<(u64, u64)> {
    let formula = count_certify::formula_of(cnf)?;
    let model = model_of(cnf.clone(), None);
    let problem = ModelProblem::whole(&model, Depth::Target(8), "file")?;
    let cubes: Vec<_> = problem.cubes().into_iter().map(|c| c.lits).collect();
    let stop = StopFlag::new();
    let certifier = Certifier::new(formula, &model, cubes, Some(stop.clone()));
    let hook = certifier.hook();
    let options = RunOptions {
        threads: 2,
        stop: Some(stop.clone()),
        on_solution: Some(&hook as &SolutionHook),
        ..RunOptions::default()
    };
    run(&problem, &dpll_enum::DpllBackend::default(), &options)?;
    drop(hook);
    certifier.check_cap()?;
    let dir = tempfile::tempdir()?;
    let by = ProducedBy::new("examples/dimacs_count.rs", env!("CARGO_PKG_VERSION"));
    if let Finished::Interrupted = certifier.finish(dir.path(), 2, by)? {
        return Err("interrupted".into());
    }
    let checked = verify(dir.path())?;
    Ok((checked.count, checked.lemmas))
}

fn main() -> ExitCode {
    match count() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("dimacs_count: {e}");
            ExitCode::from(2)
        }
    }
}

fn count() -> Res<bool> {
    let scratch = tempfile::tempdir()?;
    let path = match std::env::args_os().nth(1) {
        Some(p) => PathBuf::from(p),
        None => {
            let p = scratch.path().join("small.cnf");
            std::fs::write(&p, DEFAULT)?;
            p
        }
    };
    let file =
        std::fs::File::open(&path).map_err(|e| format!("cannot open '{}': {e}", path.display()))?;
    let cnf =
        read_dimacs(BufReader::new(file)).map_err(|e| format!("'{}': {e}", path.display()))?;
    let shown = cnf.shown.as_ref().map_or(cnf.num_vars, Vec::len);
    let engine = count_by(&cnf, Method::Enumerate)?;
    println!(
        "engine (dpll, 2 threads): {engine} models projected onto {shown} of {} variables",
        cnf.num_vars
    );
    let counter = count_by(&cnf, Method::Counter)?;
    println!("model counter: {counter}");
    let mut ok = counter == engine;
    if let Some(brute) = brute_force(&cnf) {
        println!("brute force: {brute}");
        ok &= engine == BigUint::from(brute);
    }
    let (certified, lemmas) = certified_count(&cnf)?;
    println!("certified: {certified} (bundle checked independently, {lemmas} lemmas RUP)");
    ok &= engine == BigUint::from(certified);
    let verdict = if ok {
        "all counts agree: ok"
    } else {
        "counts differ: MISMATCH"
    };
    println!("{verdict}");
    Ok(ok)
}
