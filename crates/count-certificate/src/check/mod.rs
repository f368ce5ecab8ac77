//! The independent checker of proof bundles: it re-reads every file of a bundle with its own
//! readers and checks a count without trusting anything that produced it. It shares no code
//! with the counting side (no encoder, no solver): its DIMACS, solutions and DRAT readers and
//! its DRUP checker are written from the formats' definitions.
//!
//! [`verify`] checks a whole bundle (see [`crate::bundle`] for the layout), and
//! [`check_bundle`] a bundle of either kind (DRAT or CPOG); the pieces are
//! public for other uses: [`read_cnf`], [`read_solutions`] and [`check_proof`], a forward
//! DRUP checker (two watched literals, every lemma checked) fast enough for proofs of a few
//! million lemmas.

mod any;
pub mod cpog;
mod dimacs;
mod drup;
mod error;
mod models;
mod proof;
mod report;
mod solutions;
mod text;
mod verify;

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod verify_tests;

pub use any::{check_bundle, BundleVerdict};
pub use dimacs::{read_cnf, Cnf};
pub use error::{ErrorKind, FileError, VerifyError};
pub use proof::{check_proof, ProofSummary};
pub use report::{CertifiedReport, FailureReport};
pub use solutions::{read_solutions, Assignment, Solutions};
pub use verify::{verify, Certified};
