//! The integration tests of this package, one module per feature, built as one binary.

mod dimacs_fuzz;
mod dimacs_long_lines;
mod fuzz;
mod ilp_answer_fuzz;
mod malformed_dimacs;
mod solver_output_fuzz;
