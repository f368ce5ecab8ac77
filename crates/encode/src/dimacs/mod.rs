//! The DIMACS CNF file format: a streaming writer and a strict reader.
//!
//! Variables are 1-based in files and 0-based everywhere else; the conversion happens here.
//! The projection set is carried as a `c p show v1 v2 ... 0` line (Model Counting Competition
//! convention).

mod read;
mod write;

pub use read::{read_dimacs, Cnf, ParseError};
pub use write::{
    write_model, write_model_with, Dialect, DimacsHeader, DimacsWriter, WriteModelError,
};

#[cfg(test)]
mod tests;
