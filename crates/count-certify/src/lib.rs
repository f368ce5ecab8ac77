//! Certified model counts: the layout of a proof bundle ([`bundle`]), writing one for a
//! finished count ([`make`]), the whole flow of a certified count with its cap
//! ([`Certifier`]: collect the solutions, stop past the cap, write the bundle; a
//! [`StagedCertifier`] writes it into a directory only once complete), and checking
//! a bundle independently of the code that counted ([`check`]).
//!
//! A certified count asks nothing of the backend that counted: each cube is enumerated again
//! by the DPLL search of `dpll-enum`, whose recorded steps become the proof (varisat refutes
//! the cubes of an empty projection instead); see [`make`].

mod certifiable;
mod certifier;
pub mod cpog;
mod finished;
pub mod make;
mod staged;

pub use certifiable::{formula_of, Uncertifiable, MAX_CERTIFIED_VARS};
pub use certifier::{Certifier, OverCap};
pub use finished::{Certified, Finished, Report};
pub use make::ProducedBy;
pub use staged::{CertifyError, StagedCertifier};

/// The bundle layout and the independent checker, from the crate `count-certificate`.
pub use count_certificate::{bundle, check};
