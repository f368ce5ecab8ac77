//! The 4x4 Sudoku grids (2x2 boxes), counted on the same model and engine as the queens.
//!
//! Model: `r{r}c{c}={d}` = cell (r, c) holds digit d (1-based in names); exactly one digit
//! per cell, and each digit exactly once in every row, column and box.
//!
//! ```text
//! cargo run --release --example sudoku -- --dimacs sudoku4.cnf
//! 4x4 Sudoku: 288 grids (known value: 288 ok)
//! ```

mod support;

use num_bigint::BigUint;
use std::process::ExitCode;
use support::{Example, Instance, Verdict};
use zero_one_model::{Constraint, Lit, Model, Var};

/// Side of a box.
const BOX: usize = 2;
/// Side of the grid, and the number of digits.
const SIDE: usize = BOX * BOX;
/// The number of 4x4 Sudoku grids, a well-known result: 4! relabellings of the digits times
/// the 12 grids whose first row is 1 2 3 4. OEIS A107739 ("Number of (completed) sudokus of
/// size n^2 X n^2") gives it as a(2).
const KNOWN: u64 = 288;

/// The Sudoku model for the 4x4 grid.
fn sudoku(_: usize) -> Instance {
    let mut model = Model::new();
    // x[r][c][d]: cell (r, c) holds digit d (0-based).
    let x: Vec<Vec<Vec<Var>>> = (0..SIDE)
        .map(|r| {
            (0..SIDE)
                .map(|c| {
                    (0..SIDE)
                        .map(|d| model.new_var(format!("r{}c{}={}", r + 1, c + 1, d + 1)))
                        .collect()
                })
                .collect()
        })
        .collect();
    let lit = |r: usize, c: usize, d: usize| x[r][c][d].positive();
    let mut groups: Vec<Vec<Lit>> = Vec::new();
    for a in 0..SIDE {
        for b in 0..SIDE {
            groups.push((0..SIDE).map(|d| lit(a, b, d)).collect()); // cell (a, b)
            groups.push((0..SIDE).map(|c| lit(a, c, b)).collect()); // digit b in row a
            groups.push((0..SIDE).map(|r| lit(r, a, b)).collect()); // digit b in column a
            let (top, left) = (a / BOX * BOX, a % BOX * BOX);
            groups.push(
                (0..SIDE)
                    .map(|i| lit(top + i / BOX, left + i % BOX, b))
                    .collect(),
            ); // digit b in box a
        }
    }
    for g in groups {
        model.add(Constraint::ExactlyOne(g));
    }
    Instance {
        title: "4x4 Sudoku".into(),
        model,
        comments: vec![
            "4x4 Sudoku grids with 2x2 boxes (examples/sudoku.rs)".into(),
            "variable rRcC=D: cell (R, C) holds digit D (1-based)".into(),
            format!("models: {KNOWN}"),
        ],
    }
}

fn judge(_: usize, count: &BigUint) -> Verdict {
    let ok = *count == BigUint::from(KNOWN);
    Verdict::new(ok, "grids", &format!("known value: {KNOWN}"))
}

fn main() -> ExitCode {
    let example = Example {
        name: "sudoku",
        about: "Counts the 4x4 Sudoku grids (2x2 boxes) and checks the known 288",
        size: None,
    };
    example.main(sudoku, judge)
}
