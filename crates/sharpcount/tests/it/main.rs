//! The integration tests of this package, one module per feature, built as one binary.

mod common;

// Named at the root for the weighted helpers (common/weighted.rs), which src/tests.rs
// includes too, where the crate itself names them.
use sharpcount::{BigRational, Weights};
mod brute_force;
mod cases;
mod ganak;
mod ganak_weighted;
mod lemmas;
mod weighted;
