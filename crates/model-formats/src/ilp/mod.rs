//! The model's 0-1 ILP ([`model_encodings::ilp`]) in files: writers for CPLEX LP, free MPS
//! and OPB, one choice of them ([`IlpFormat`]), and a solver's answer to such a file read
//! back ([`read_answer`]), to be checked exactly against the rows.

mod answer;
mod format;
pub mod lp;
pub mod mps;
pub mod opb;

pub use answer::{answer_format, read_answer, AnswerError, AnswerFormat, IlpAnswer};
pub use format::{IlpFormat, InexactNumber};

// The lowering's names, for the writers (`super::IlpModel`, ...).
use model_encodings::ilp::*;

#[cfg(test)]
mod objective_tests;
#[cfg(test)]
mod tests;
