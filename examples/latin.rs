//! Latin squares of order n: n x n grids of n symbols, each symbol once in every row and
//! column, counted on the same model and engine as the queens.
//!
//! Model: `r{r}c{c}={s}` = cell (r, c) holds symbol s; exactly one symbol per cell, and each
//! symbol exactly once in every row and column. Order 5 (161280 squares) takes seconds;
//! order 6 (812851200) is beyond counting one square at a time, so the example stops at 5.
//!
//! ```text
//! cargo run --release --example latin -- 4 --dimacs latin4.cnf
//! Latin squares of order 4: 576 squares (OEIS A002860: 576 ok)
//! ```

mod support;

use num_bigint::BigUint;
use std::process::ExitCode;
use support::{Example, Instance, Size, Verdict};
use zero_one_model::{Constraint, Lit, Model, Var};

/// Latin squares of order n = 1, 2, ...: OEIS A002860 ("Number of Latin squares of order n;
/// or labeled quasigroups"), as far as this example counts.
const A002860: [u64; 5] = [1, 2, 12, 576, 161280];

/// The Latin square model of order `n`.
fn latin(n: usize) -> Instance {
    let mut model = Model::new();
    // x[r][c][s]: cell (r, c) holds symbol s (all 0-based).
    let x: Vec<Vec<Vec<Var>>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    (0..n)
                        .map(|s| model.new_var(format!("r{r}c{c}={s}")))
                        .collect()
                })
                .collect()
        })
        .collect();
    let lit = |r: usize, c: usize, s: usize| x[r][c][s].positive();
    let mut groups: Vec<Vec<Lit>> = Vec::new();
    for a in 0..n {
        for b in 0..n {
            groups.push((0..n).map(|s| lit(a, b, s)).collect()); // cell (a, b)
            groups.push((0..n).map(|c| lit(a, c, b)).collect()); // symbol b in row a
            groups.push((0..n).map(|r| lit(r, a, b)).collect()); // symbol b in column a
        }
    }
    for g in groups {
        model.add(Constraint::ExactlyOne(g));
    }
    Instance {
        title: format!("Latin squares of order {n}"),
        model,
        comments: vec![
            format!("Latin squares of order {n} (examples/latin.rs)"),
            "variable rRcC=S: cell (R, C) holds symbol S (0-based)".into(),
            format!("models: OEIS A002860({n}) = {}", A002860[n - 1]),
        ],
    }
}

fn judge(n: usize, count: &BigUint) -> Verdict {
    let known = A002860[n - 1];
    let ok = *count == BigUint::from(known);
    Verdict::new(ok, "squares", &format!("OEIS A002860: {known}"))
}

fn main() -> ExitCode {
    let example = Example {
        name: "latin",
        about: "Counts the Latin squares of order n and checks them against OEIS A002860",
        size: Some(Size {
            name: "order",
            default: 4,
            range: 1..=A002860.len(),
        }),
    };
    example.main(latin, judge)
}
