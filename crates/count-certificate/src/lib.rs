//! Certificates of exact model counts: the layout of a proof bundle ([`bundle`]) and an
//! independent checker for it ([`check`]).
//!
//! A bundle certifies "F has exactly K models projected onto S" with F itself, the K
//! models, F plus one blocking clause per model, and a DRAT proof that the latter is
//! unsatisfiable: every model is checked against F, the models are checked pairwise
//! different on S, and the proof is checked step by step, so a wrong K cannot pass.
//!
//! The checker shares no code with any counter or encoder (its only dependencies are
//! `serde`, `serde_json` and `thiserror`), so that a bug in the code that counted cannot
//! hide in the code that checks. `count-certify` writes bundles; `nqueens verify` and
//! [`check::verify`] check them.
#![deny(missing_docs)]

pub mod bundle;
pub mod check;
