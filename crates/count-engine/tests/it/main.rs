//! The integration tests of this package, one module per feature, built as one binary.

mod checkpoint_files;
mod checkpoint_fuzz;
mod common;
// The mutation helpers of the DIMACS and answer fuzzers, shared rather than copied.
mod count_limits;
#[path = "../../../model-formats/tests/it/fuzz/mod.rs"]
mod fuzz;
mod int_ranges;
mod optimal;
mod residual_pieces;
mod shard_files;
mod shard_fuzz;
mod stopped_while_preparing;
