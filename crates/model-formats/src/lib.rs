//! The files of a 0-1 model and what solvers say about them: DIMACS CNF ([`dimacs`], with
//! the projection as `c p show` and the weights of weighted model counting files), OPB
//! ([`opb`], read into a model with its objective), the model's 0-1 ILP as CPLEX LP, free MPS
//! or OPB ([`ilp`]), SAT-competition solver output ([`solver_output`]) and an answer to an
//! exported file checked against the model ([`answer`]); [`shape`] sizes a model, its CNF
//! lowering and its files in closed form, before anything is allocated.
//!
//! Variables are 0-based in the model; DIMACS numbering (1-based, signed) exists only here,
//! at the file boundary. Every reader bounds what it reads (line length, variables) and says
//! where a file is wrong: line, column, what was expected, what was found.
//!
//! ```
//! use model_core::{Constraint, Model};
//! use model_encodings::CnfOptions;
//! use model_formats::dimacs::{read_dimacs, write_model};
//! let mut m = Model::new();
//! let x = m.new_vars(2);
//! m.add(Constraint::ExactlyOne(x.iter().map(|v| v.positive()).collect()));
//! let mut out = Vec::new();
//! write_model(&m, &CnfOptions::default(), vec![], &mut out).unwrap();
//! let cnf = read_dimacs(&out[..]).unwrap();
//! assert_eq!((cnf.num_vars, cnf.clauses.len()), (2, 2));
//! ```

pub mod answer;
pub mod dimacs;
pub mod ilp;
pub mod input;
pub mod opb;
pub mod shape;
pub mod solver_output;

// The names of the layers below, for this crate's modules (`crate::Lit`, ...).
use model_core::{
    decimal, excerpt, named, stable_hash, ClauseSink, Cmp, Cnf, Constraint, IntDef, Lit, Model,
    Objective, Sense, Var, VecSink, Violation,
};
use model_encodings::{cnf_size, lower_to_cnf, CnfInfo, CnfOptions, LowerError};
#[cfg(test)]
use {model_core::EXCERPT_CHARS, model_encodings::AmoEncoding};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
