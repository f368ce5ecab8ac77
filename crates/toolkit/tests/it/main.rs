//! The facade's examples, run: each example's body is compiled in here from its file under
//! `examples/` and its figures are held against brute force or OEIS, never against numbers
//! the examples print.

// Each example's `main` and the helpers only its `main` uses are not called here.
#![allow(dead_code)]

mod brute;

#[path = "../../examples/certified_count.rs"]
mod certified_count;
#[path = "../../examples/compile_nnf.rs"]
mod compile_nnf;
#[path = "../../examples/graph_colouring.rs"]
mod graph_colouring;
#[path = "../../examples/knapsack_model.rs"]
mod knapsack_model;
#[path = "../../examples/pb_encodings.rs"]
mod pb_encodings;
#[path = "../../examples/projected_count.rs"]
mod projected_count;
#[path = "../../examples/stopped_count.rs"]
mod stopped_count;
#[path = "../../examples/weighted_count.rs"]
mod weighted_count;

mod counts;
mod models;
mod only_the_facade;
