//! Langford pairings L(2,n): the arrangements of 1,1,2,2,...,n,n in a row in which the two
//! k's have exactly k numbers between them (for n = 3: 3 1 2 1 3 2), counted on the same
//! model and engine as the queens.
//!
//! Model: one variable per placement of a pair, `k@p` = the two k's at positions `p` and
//! `p + k + 1` (0-based, of 2n); each k has exactly one placement and each position is
//! covered by exactly one placement. Every pairing and its reversal are distinct models
//! (a pairing is never its own reversal), so the model count is twice OEIS A014552.
//!
//! ```text
//! cargo run --release --example langford -- 8 --dimacs l8.cnf
//! L(2,8): 300 models (150 up to reversal; OEIS A014552: 150 ok)
//! ```

mod support;

use num_bigint::BigUint;
use std::process::ExitCode;
use support::{Example, Instance, Size, Verdict};
use zero_one_model::{Constraint, Lit, Model};

/// Langford pairings up to reversal for n = 1, 2, ...: OEIS A014552 ("Number of solutions
/// to the Langford problem (up to reversal of the order) for n").
const A014552: [u64; 12] = [0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144];

/// The Langford model for `n` pairs.
fn langford(n: usize) -> Instance {
    let len = 2 * n;
    let mut model = Model::new();
    // Placements covering each position.
    let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); len];
    for k in 1..=n {
        let mut placements = Vec::new();
        // The second k sits at p + k + 1, which must be inside the row.
        for p in 0..len.saturating_sub(k + 1) {
            let x = model.new_var(format!("{k}@{p}")).positive();
            placements.push(x);
            covering[p].push(x);
            covering[p + k + 1].push(x);
        }
        model.add(Constraint::ExactlyOne(placements));
    }
    for lits in covering {
        model.add(Constraint::ExactlyOne(lits));
    }
    Instance {
        title: format!("L(2,{n})"),
        model,
        comments: vec![
            format!("Langford pairings L(2,{n}) (examples/langford.rs)"),
            "variable k@p: the two k's at positions p and p+k+1 (0-based)".into(),
            format!("models: twice OEIS A014552({n}) = {}", 2 * A014552[n - 1]),
        ],
    }
}

/// Compares the count with twice A014552(n).
fn judge(n: usize, count: &BigUint) -> Verdict {
    let known = A014552[n - 1];
    let ok = *count == BigUint::from(2 * known);
    let note = format!("{} up to reversal; OEIS A014552: {known}", count / 2u32);
    Verdict::new(ok, "models", &note)
}

fn main() -> ExitCode {
    let example = Example {
        name: "langford",
        about: "Counts the Langford pairings L(2,n) and checks them against OEIS A014552",
        size: Some(Size {
            name: "n",
            default: 7,
            range: 1..=A014552.len(),
        }),
    };
    example.main(langford, judge)
}
