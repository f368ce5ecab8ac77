//! A 0-1 knapsack through the facade alone: twelve items as a `Model` with one `Linear`
//! row (the weights) and a maximised `Objective` (the values). The packings that fit are
//! counted (the engine through the DPLL backend, the row lowered to CNF); the optimum is
//! found by microlp and by varisat (`optimize` checks each answer against the model) and its
//! packings counted (`count_optimal`); the model is written as LP and as OPB, and the OPB
//! file read back and optimised again (OPB has only `min:`, so the file holds the
//! values negated and its minimum is the knapsack's maximum, negated).
//!
//! ```text
//! cargo run --release -p nqueens-kit --example knapsack_model
//! ```
//!
//! Exit 0 when the figures agree with one another, 1 when one differs, 2 when a step fails.
//! (The tests hold them against brute force over the 4,096 subsets.)

use nqueens_kit::count::BigUint;
use nqueens_kit::formats::{read_opb, IlpFormat};
use nqueens_kit::model::lower_to_ilp;
use nqueens_kit::optimize::{count_optimal, optimize, LpOptimizer, OptimalCount, Optimized};
use nqueens_kit::optimize::{Optimizer, SatOptimizer};
use nqueens_kit::prelude::*;
use std::error::Error;
use std::process::ExitCode;

/// The items' weights.
pub const WEIGHTS: [i64; 12] = [23, 31, 29, 44, 53, 38, 63, 85, 89, 82, 17, 41];
/// The items' values.
pub const VALUES: [i64; 12] = [92, 57, 49, 68, 60, 43, 67, 84, 87, 72, 35, 50];
/// The knapsack's capacity.
pub const CAPACITY: i64 = 165;

/// What the example finds.
#[derive(Debug)]
pub struct Knapsack {
    /// Packings that fit.
    pub fitting: BigUint,
    /// The best value, by microlp, by varisat, and from the OPB file read back.
    pub best: [i128; 3],
    /// Packings of the best value.
    pub optimal: BigUint,
    /// The LP file.
    pub lp: String,
    /// The OPB file.
    pub opb: String,
}

/// `x_i` = item i is packed; the weights at most the capacity; the value maximised.
pub fn knapsack() -> Result<Model, Box<dyn Error>> {
    let mut model = Model::new();
    let x: Vec<Lit> = (0..12)
        .map(|i| model.new_var(format!("x{i}")).positive())
        .collect();
    let terms =
        |a: &[i64]| -> Vec<(i64, Lit)> { a.iter().copied().zip(x.iter().copied()).collect() };
    model.add(Constraint::Linear {
        terms: terms(&WEIGHTS),
        cmp: Cmp::AtMost,
        rhs: CAPACITY,
    });
    model.try_set_objective(Objective {
        sense: Sense::Maximize,
        terms: terms(&VALUES),
    })?;
    Ok(model)
}

/// The optimum by `optimizer`, checked by `optimize` against every constraint.
fn best(model: &Model, optimizer: &dyn Optimizer) -> Result<i128, Box<dyn Error>> {
    match optimize(model, optimizer, None, &mut |_| {})? {
        Optimized::Found(best) if best.proved => Ok(best.value),
        other => Err(format!("{} found no proved optimum: {other:?}", optimizer.name()).into()),
    }
}

/// The packings that fit, the optimum three ways and its packings, the LP and OPB files.
pub fn solve() -> Result<Knapsack, Box<dyn Error>> {
    let model = knapsack()?;
    let backend = DpllBackend::default();
    let problem = ModelProblem::new(&model, Depth::Levels(2), "knapsack")?;
    let fitting = run(&problem, &backend, &RunOptions::default())?.count;

    let optimal = count_optimal(
        &model,
        &LpOptimizer,
        &backend,
        Depth::Levels(2),
        "best",
        &RunOptions::default(),
    )?;
    let OptimalCount::Counted { outcome, .. } = optimal else {
        return Err("stopped".into());
    };

    let ilp = lower_to_ilp(&model);
    let (mut lp, mut opb) = (Vec::new(), Vec::new());
    IlpFormat::Lp.write(&ilp, "knapsack", "0-1 knapsack, 12 items", &mut lp)?;
    IlpFormat::Opb.write(&ilp, "knapsack", "0-1 knapsack, 12 items", &mut opb)?;
    let reread = read_opb(&opb[..])?.model;

    let best = [
        best(&model, &LpOptimizer)?,
        best(&model, &SatOptimizer::default())?,
        // OPB minimises only: a maximum is written as the minimum of the negated values.
        -best(&reread, &LpOptimizer)?,
    ];
    Ok(Knapsack {
        fitting,
        best,
        optimal: outcome.count,
        lp: String::from_utf8(lp)?,
        opb: String::from_utf8(opb)?,
    })
}

fn main() -> ExitCode {
    match solve() {
        Ok(k) => {
            println!("packings that fit: {}", k.fitting);
            println!(
                "best value (microlp, varisat, OPB file): {:?}; {} packings reach it",
                k.best, k.optimal
            );
            println!(
                "LP file {} lines, OPB file {} lines",
                k.lp.lines().count(),
                k.opb.lines().count()
            );
            let agree = k.best.iter().all(|&b| b == k.best[0]) && k.optimal >= BigUint::from(1u8);
            ExitCode::from(u8::from(!agree))
        }
        Err(e) => {
            eprintln!("knapsack_model: {e}");
            ExitCode::from(2)
        }
    }
}
