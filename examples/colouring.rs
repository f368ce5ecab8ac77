//! Proper colourings of a wheel graph through the library: the model (exactly one colour per
//! vertex, and for every edge and colour at most one end with it), counted by the engine
//! on two threads, exported as DIMACS (`write_model`) and as CPLEX LP (`write_lp`), and
//! the DIMACS file read back (`read_dimacs`, `cnf_model`) and counted again. Every count
//! must equal the wheel's chromatic polynomial, P(W_n, k) = k ((k-2)^n + (-1)^n (k-2)) for a
//! hub joined to an n-cycle, and a brute-force count over all k^(n+1) colourings.
//!
//! ```text
//! cargo run --release --example colouring [K [DIR]]
//! ```
//!
//! K colours (1 to 6, default 4: 120 colourings of the wheel with 5 spokes); the two files
//! go to DIR (default: a temporary directory) as `colouring.cnf` and `colouring.lp`. Exit 0
//! when every count agrees, 1 when one differs, 2 on bad arguments or when a step fails.

use count_engine::{cnf_model, run, BigUint, Depth, ModelProblem, RunOptions};
use std::error::Error;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use zero_one_model::dimacs::{read_dimacs, write_model};
use zero_one_model::ilp::{lower_to_ilp, lp::write_lp};
use zero_one_model::{CnfOptions, Constraint, Model, Var};

/// Spokes of the wheel: vertex 0 is the hub, 1..=RIM the rim cycle.
const RIM: usize = 5;

type Res<T> = Result<T, Box<dyn Error>>;

/// The wheel's edges: the spokes, then the rim.
fn edges() -> Vec<(usize, usize)> {
    let spokes = (1..=RIM).map(|v| (0, v));
    spokes.chain((1..=RIM).map(|v| (v, v % RIM + 1))).collect()
}

/// `c{v}={c}` = vertex v has colour c.
fn colouring(k: usize) -> Model {
    let mut model = Model::new();
    let x: Vec<Vec<Var>> = (0..=RIM)
        .map(|v| (0..k).map(|c| model.new_var(format!("c{v}={c}"))).collect())
        .collect();
    for colours in &x {
        model.add(Constraint::ExactlyOne(
            colours.iter().map(|v| v.positive()).collect(),
        ));
    }
    for (a, b) in edges() {
        for (ca, cb) in x[a].iter().zip(&x[b]) {
            model.add(Constraint::Clause(vec![ca.negative(), cb.negative()]));
        }
    }
    model
}

/// Every map from vertices to colours tried, the proper ones counted.
fn brute_force(k: usize) -> u64 {
    let vertices = RIM + 1;
    let total = k.pow(vertices as u32);
    let colour = |code: usize, v: usize| code / k.pow(v as u32) % k;
    let proper = |code: usize| {
        edges()
            .iter()
            .all(|&(a, b)| colour(code, a) != colour(code, b))
    };
    (0..total).filter(|&code| proper(code)).count() as u64
}

/// The chromatic polynomial of the wheel at k.
fn chromatic(k: i64) -> i64 {
    let sign = if RIM.is_multiple_of(2) { 1 } else { -1 };
    k * ((k - 2).pow(RIM as u32) + sign * (k - 2))
}

/// The engine's count of `model` on two threads.
fn count(model: &Model, about: &str) -> Res<BigUint> {
    let problem = ModelProblem::new(model, Depth::Target(16), about)?;
    let options = RunOptions {
        threads: 2,
        ..RunOptions::default()
    };
    Ok(run(&problem, &varisat_enum::VarisatBackend::default(), &options)?.count)
}

fn colour() -> Res<bool> {
    let mut args = std::env::args().skip(1);
    let k = match args.next() {
        Some(a) => a
            .parse()
            .ok()
            .filter(|k| (1..=6).contains(k))
            .ok_or(format!("K must be 1 to 6, got '{a}'"))?,
        None => 4,
    };
    let scratch = tempfile::tempdir()?;
    let dir = args
        .next()
        .map_or_else(|| scratch.path().to_path_buf(), PathBuf::from);
    let model = colouring(k);
    let counted = count(&model, "wheel")?;
    println!(
        "wheel with {RIM} spokes, {k} colours: {counted} proper colourings (engine, 2 threads)"
    );

    let cnf = dir.join("colouring.cnf");
    let mut out = BufWriter::new(
        std::fs::File::create(&cnf)
            .map_err(|e| format!("cannot create '{}': {e}", cnf.display()))?,
    );
    write_model(
        &model,
        &CnfOptions::default(),
        vec![format!("proper {k}-colourings of the wheel W{RIM}")],
        &mut out,
    )?;
    out.flush()?;
    drop(out);
    let reread = cnf_model(read_dimacs(BufReader::new(std::fs::File::open(&cnf)?))?)?;
    let from_file = count(&reread, "colouring.cnf")?;
    println!("DIMACS export read back: {from_file}");

    let lp = dir.join("colouring.lp");
    let mut out = BufWriter::new(std::fs::File::create(&lp)?);
    write_lp(
        &lower_to_ilp(&model),
        &format!("proper {k}-colourings of W{RIM}"),
        &mut out,
    )?;
    out.flush()?;
    let lp_lines = std::fs::read_to_string(&lp)?.lines().count();
    println!("LP export: {lp_lines} lines");

    let (brute, polynomial) = (brute_force(k), chromatic(k as i64));
    let ok = counted == BigUint::from(brute)
        && from_file == counted
        && i64::try_from(brute)? == polynomial;
    let verdict = if ok { "ok" } else { "MISMATCH" };
    println!("brute force: {brute}, chromatic polynomial: {polynomial}: {verdict}");
    Ok(ok)
}

fn main() -> ExitCode {
    match colour() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("colouring: {e}");
            ExitCode::from(2)
        }
    }
}
