//! The proper 3-colourings of the Petersen graph, counted on the same model and engine as
//! the queens: a graph colouring is one more 0-1 model.
//!
//! Model: `v{v}={c}` = vertex v has colour c; exactly one colour per vertex, and for every
//! edge and colour at most one of its two ends has that colour.
//!
//! ```text
//! cargo run --release --example petersen -- --dimacs petersen.cnf
//! Petersen graph: 120 3-colourings (chromatic polynomial at 3: 120 ok)
//! ```

mod support;

use num_bigint::BigUint;
use std::process::ExitCode;
use support::{Example, Instance, Verdict};
use zero_one_model::{Constraint, Model, Var};

/// Colours available.
const COLOURS: usize = 3;
/// Vertices: 0..5 the outer cycle, 5..10 the inner pentagram (vertex i + 5 under i).
const VERTICES: usize = 10;
/// The Petersen graph's 15 edges: outer 5-cycle, spokes, inner pentagram.
const EDGES: [(usize, usize); 15] = [
    (0, 1),
    (1, 2),
    (2, 3),
    (3, 4),
    (4, 0),
    (0, 5),
    (1, 6),
    (2, 7),
    (3, 8),
    (4, 9),
    (5, 7),
    (7, 9),
    (9, 6),
    (6, 8),
    (8, 5),
];
/// Proper 3-colourings of the Petersen graph: its chromatic polynomial,
/// P(z) = z (z-1) (z-2) (z^7 - 12z^6 + 67z^5 - 230z^4 + 529z^3 - 814z^2 + 775z - 352),
/// at z = 3: 6 * 20 = 120 (a well-known result; the graph's chromatic number is 3).
const KNOWN: u64 = 120;

/// The colouring model of the Petersen graph.
fn petersen(_: usize) -> Instance {
    let mut model = Model::new();
    let x: Vec<Vec<Var>> = (0..VERTICES)
        .map(|v| {
            (0..COLOURS)
                .map(|c| model.new_var(format!("v{v}={c}")))
                .collect()
        })
        .collect();
    for colours in &x {
        model.add(Constraint::ExactlyOne(
            colours.iter().map(|v| v.positive()).collect(),
        ));
    }
    for &(a, b) in &EDGES {
        for (ca, cb) in x[a].iter().zip(&x[b]) {
            model.add(Constraint::AtMostOne(vec![ca.positive(), cb.positive()]));
        }
    }
    Instance {
        title: "Petersen graph".into(),
        model,
        comments: vec![
            "proper 3-colourings of the Petersen graph (examples/petersen.rs)".into(),
            "variable vV=C: vertex V (0-4 outer cycle, 5-9 inner pentagram) has colour C".into(),
            format!("models: {KNOWN}"),
        ],
    }
}

fn judge(_: usize, count: &BigUint) -> Verdict {
    let ok = *count == BigUint::from(KNOWN);
    let note = format!("chromatic polynomial at {COLOURS}: {KNOWN}");
    Verdict::new(ok, &format!("{COLOURS}-colourings"), &note)
}

fn main() -> ExitCode {
    let example = Example {
        name: "petersen",
        about: "Counts the proper 3-colourings of the Petersen graph and checks the known 120",
        size: None,
    };
    example.main(petersen, judge)
}
