//! The DIMACS CNF file format: a streaming writer and a reader.
//!
//! Variables are 1-based in files and 0-based everywhere else; the conversion happens here.
//! The projection set is carried as a `c p show v1 v2 ... 0` line (Model Counting Competition
//! convention); the reader also takes `c ind ... 0` lines and the MC 2020 `p pcnf` header with
//! `vp ... 0` lines, and refuses weighted model counting files unless asked to read their
//! weights ([`ReadOptions::weights`]).

mod error;
mod header;
mod lex;
mod projection;
mod read;
mod repeats;
mod weights;
mod write;

pub use error::ParseError;
pub use header::MAX_VARS;
pub use model_core::Cnf;
pub use read::{read_dimacs, read_dimacs_with, ReadOptions, MAX_LINE_BYTES};
pub use write::{
    write_model, write_model_with, Dialect, DimacsHeader, DimacsWriter, WriteModelError,
};

#[cfg(test)]
mod read_limits_tests;
#[cfg(test)]
mod read_props;
#[cfg(test)]
mod read_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod weights_tests;
