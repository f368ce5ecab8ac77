//! The facade's examples, run: each example's body is compiled in here from its file under
//! `examples/` and its figures are held against brute force or OEIS, never against numbers
//! the examples print.

// Each example's `main` and the helpers only its `main` uses are not called here.
#![allow(dead_code)]

mod brute;

#[path = "../../examples/certified_count.rs"]
mod certified_count;
#[path = "../../examples/colouring.rs"]
mod colouring;
#[path = "../../examples/compile_nnf.rs"]
mod compile_nnf;
#[path = "../../examples/dimacs_count.rs"]
mod dimacs_count;
#[path = "../../examples/knapsack.rs"]
mod knapsack;
#[path = "../../examples/pb_encodings.rs"]
mod pb_encodings;
#[path = "../../examples/stop.rs"]
mod stop;
#[path = "../../examples/weighted_count.rs"]
mod weighted_count;

mod counts;
mod models;
mod only_the_facade;
