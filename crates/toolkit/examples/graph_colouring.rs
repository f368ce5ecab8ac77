//! Proper colourings of a wheel graph, counted two ways through the facade alone: the model
//! (exactly one colour per vertex; no edge with one colour at both ends) counted by the
//! engine on two threads through varisat, and its DIMACS export read back and counted by
//! the one call for a file. Both must equal the wheel's chromatic polynomial, P(W, k) =
//! k ((k-2)^n + (-1)^n (k-2)) for a hub joined to an n-cycle.
//!
//! ```text
//! cargo run --release -p nqueens-kit --example graph_colouring [K]
//! ```
//!
//! K colours, 1 to 6 (default 4: 120 colourings of the wheel with 5 spokes). Exit 0 when
//! every count agrees, 1 when one differs, 2 on a bad argument or a failed step.

use nqueens_kit::backends::VarisatBackend;
use nqueens_kit::count::BigUint;
use nqueens_kit::formats::write_dimacs;
use nqueens_kit::prelude::*;
use std::error::Error;
use std::process::ExitCode;

/// Spokes of the wheel: vertex 0 is the hub, 1..=RIM the rim cycle.
pub const RIM: usize = 5;

/// The wheel's edges: the spokes, then the rim.
pub fn edges() -> Vec<(usize, usize)> {
    let spokes = (1..=RIM).map(|v| (0, v));
    spokes.chain((1..=RIM).map(|v| (v, v % RIM + 1))).collect()
}

/// The model: `c{v}={c}` says vertex v has colour c.
fn colouring(k: usize) -> Model {
    let mut model = Model::new();
    let x: Vec<Vec<Var>> = (0..=RIM)
        .map(|v| (0..k).map(|c| model.new_var(format!("c{v}={c}"))).collect())
        .collect();
    for colours in &x {
        model.add(Constraint::ExactlyOne(
            colours.iter().map(|c| c.positive()).collect(),
        ));
    }
    for (a, b) in edges() {
        for (ca, cb) in x[a].iter().zip(&x[b]) {
            model.add(Constraint::Clause(vec![ca.negative(), cb.negative()]));
        }
    }
    model
}

/// The proper k-colourings of the wheel: by the engine, and from its DIMACS export.
pub fn count_colourings(k: usize) -> Result<(BigUint, BigUint), Box<dyn Error>> {
    let model = colouring(k);
    let problem = ModelProblem::new(&model, Depth::Target(16), "wheel")?;
    let options = RunOptions {
        threads: 2,
        ..RunOptions::default()
    };
    let by_engine = run(&problem, &VarisatBackend::default(), &options)?.count;

    let mut file = Vec::new();
    write_dimacs(
        &model,
        &CnfOptions::default(),
        vec![format!("{k}-colourings")],
        &mut file,
    )?;
    let from_file = count_cnf(
        read_dimacs(&file[..])?,
        &CountOptions::default(),
        &Hooks::default(),
    )?;
    let from_file = from_file.count().cloned().ok_or("the count was stopped")?;
    Ok((by_engine, from_file))
}

/// The wheel's chromatic polynomial at k.
fn chromatic(k: i64) -> i64 {
    let sign = if RIM.is_multiple_of(2) { 1 } else { -1 };
    k * ((k - 2).pow(RIM as u32) + sign * (k - 2))
}

fn main() -> ExitCode {
    let k = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 4,
        Some(Ok(k)) if (1..=6).contains(&k) => k,
        Some(_) => {
            eprintln!("graph_colouring: K must be 1 to 6");
            return ExitCode::from(2);
        }
    };
    match count_colourings(k) {
        Ok((by_engine, from_file)) => {
            let known = BigUint::from(chromatic(k as i64) as u64);
            println!(
                "{k} colours: engine {by_engine}, DIMACS file {from_file}, polynomial {known}"
            );
            ExitCode::from(u8::from(by_engine != known || from_file != known))
        }
        Err(e) => {
            eprintln!("graph_colouring: {e}");
            ExitCode::from(2)
        }
    }
}
