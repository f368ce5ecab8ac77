//! A 0-1 knapsack through the library: twelve items as a `Model` with one `Linear`
//! constraint (the weights, general coefficients) and an objective (the values, maximised).
//! `ilp_enum::optimize` finds the optimum by microlp's branch and bound; the answer is
//! re-checked against the model (`Optimum::check`) and against brute force over all 2^12
//! subsets. The engine then counts, through the ILP backend (`LpBackend`), the packings that
//! reach the optimum, and, through the DPLL backend (the weights lowered to CNF), every
//! packing that fits; both counts are checked against brute force. The model is also
//! written as a CPLEX LP file (`write_lp`) in a temporary directory.
//!
//! ```text
//! cargo run --release --example knapsack
//! ```
//!
//! Exit 0 when every figure agrees with brute force, 1 when one differs, 2 when a step fails.

use count_engine::{run, Depth, ModelProblem, RunOptions};
use std::error::Error;
use std::io::Write;
use std::process::ExitCode;
use zero_one_model::ilp::{lower_to_ilp, lp::write_lp};
use zero_one_model::{Cmp, Constraint, Lit, Model, Objective, Optimized, Sense};

/// The items' weights and values.
const WEIGHTS: [i64; 12] = [23, 31, 29, 44, 53, 38, 63, 85, 89, 82, 17, 41];
const VALUES: [i64; 12] = [92, 57, 49, 68, 60, 43, 67, 84, 87, 72, 35, 50];
/// The knapsack's capacity.
const CAPACITY: i64 = 165;

type Res<T> = Result<T, Box<dyn Error>>;

/// The knapsack: `x_i` = item i is packed; the weights at most the capacity; maximise value.
fn knapsack() -> Res<(Model, Vec<Lit>)> {
    let mut model = Model::new();
    let x: Vec<Lit> = (0..12)
        .map(|i| model.new_var(format!("x{i}")).positive())
        .collect();
    let terms = weighted(&WEIGHTS, &x);
    model.add(Constraint::Linear {
        terms,
        cmp: Cmp::AtMost,
        rhs: CAPACITY,
    });
    let terms = weighted(&VALUES, &x);
    model.try_set_objective(Objective {
        sense: Sense::Maximize,
        terms,
    })?;
    Ok((model, x))
}

/// `sum a_i x_i` as coefficient and literal pairs.
fn weighted(a: &[i64], x: &[Lit]) -> Vec<(i64, Lit)> {
    a.iter().copied().zip(x.iter().copied()).collect()
}

/// Brute force over every subset: the best value, how many subsets reach it, how many fit.
fn brute_force() -> (i64, u64, u64) {
    let (mut best, mut at_best, mut fitting) = (i64::MIN, 0, 0);
    for set in 0u32..1 << 12 {
        let sum = |a: &[i64; 12]| (0..12).filter(|i| set >> i & 1 == 1).map(|i| a[i]).sum();
        if sum(&WEIGHTS) > CAPACITY {
            continue;
        }
        fitting += 1;
        let value: i64 = sum(&VALUES);
        if value > best {
            (best, at_best) = (value, 0);
        }
        at_best += u64::from(value == best);
    }
    (best, at_best, fitting)
}

/// The engine's count of `model`'s solutions through `backend`, on two threads.
fn count(model: &Model, backend: &dyn zero_one_model::Backend) -> Res<u64> {
    let problem = ModelProblem::new(model, Depth::Levels(2), "knapsack")?;
    let options = RunOptions {
        threads: 2,
        ..RunOptions::default()
    };
    Ok(u64::try_from(run(&problem, backend, &options)?.count)?)
}

fn solve() -> Res<bool> {
    let (model, x) = knapsack()?;
    let Optimized::Found(best) = ilp_enum::optimize(&model, None)? else {
        return Err("microlp found no packing".into());
    };
    best.check(&model)?;
    let items: Vec<String> = (0..12)
        .filter(|&i| best.assignment[i])
        .map(|i| i.to_string())
        .collect();
    println!(
        "optimum (microlp, proved {}): value {} with items {}",
        best.proved,
        best.value,
        items.join(" ")
    );

    // The packings that reach the optimum: one more Linear row, counted through the ILP.
    let mut optimal = model.clone();
    let (terms, floor) = (weighted(&VALUES, &x), i64::try_from(best.value)?);
    optimal.add(Constraint::Linear {
        terms,
        cmp: Cmp::AtLeast,
        rhs: floor,
    });
    let at_best = count(&optimal, &ilp_enum::LpBackend)?;
    println!("packings of value {floor} (engine, ILP backend): {at_best}");
    let fitting = count(&model, &dpll_enum::DpllBackend::default())?;
    println!("packings that fit (engine, DPLL backend): {fitting}");

    let dir = tempfile::tempdir()?;
    let path = dir.path().join("knapsack.lp");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path)?);
    write_lp(&lower_to_ilp(&model), "0-1 knapsack, 12 items", &mut file)?;
    file.flush()?;
    drop(file);
    let text = std::fs::read_to_string(&path)?;
    let written = text.contains("Maximize") && text.contains(&format!("<= {CAPACITY}"));
    println!(
        "LP file: {} lines, objective and capacity row {}",
        text.lines().count(),
        if written { "present" } else { "MISSING" }
    );

    let (brute, brute_at_best, brute_fitting) = brute_force();
    let ok = best.proved
        && best.value == i128::from(brute)
        && at_best == brute_at_best
        && fitting == brute_fitting
        && written;
    let verdict = if ok { "ok" } else { "MISMATCH" };
    println!("brute force over 4096 subsets: value {brute}, {brute_at_best} optimal, {brute_fitting} fit: {verdict}");
    Ok(ok)
}

fn main() -> ExitCode {
    match solve() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("knapsack: {e}");
            ExitCode::from(2)
        }
    }
}
