//! Certified counts: a count of K models of a CNF F projected onto S comes with a proof
//! bundle (F, the K models, F plus one blocking clause per model, and a DRAT proof that the
//! latter is unsatisfiable), and an independent checker re-reads the bundle without
//! trusting anything that counted ([`verify`]; its code shares nothing with the counters).
//!
//! A DIMACS file is certified through the one call that counts it: a [`CertifySink`] (with
//! F from [`formula_of`]) as [`CountOptions::models`](crate::count::CountOptions::models),
//! then its [`StagedCertifier`] checks its cap and writes the bundle, which appears in its
//! directory only when complete. A problem on the engine collects its solutions on the
//! engine's solution hook with a [`Certifier`].
//!
//! Two crates each had a `Certified`; here each has a name of its own:
//!
//! | name here | what it is | in its crate |
//! |---|---|---|
//! | [`WrittenBundle`] | a bundle the producer wrote: where, how many models and proof lines | `count_certify::Certified` |
//! | [`Verified`] | what the checker established: the count, the lemmas checked | `count_certificate::check::Certified` |
//! | [`VerifiedReport`] | the checker's report of a certified bundle (JSON) | `count_certificate::check::CertifiedReport` |
//! | [`ReportWithBundle`] | a count's report with its bundle named (JSON) | `count_certify::Report` |
//! | [`CertifiedFormula`] | F as the producer holds it | `count_certify::make::Formula` |
//! | [`VerifyErrorKind`] | why a check failed, as a kind | `count_certificate::check::ErrorKind` |
//!
//! The checker's own readers are in [`checker`] (its `Cnf` is its own DIMACS reader's, not
//! [`formats::Cnf`](crate::formats::Cnf)).

pub use cnf_count::CertifySink;
pub use count_certificate::check::{
    check_bundle, check_proof, read_solutions, verify, BundleVerdict, Certified as Verified,
    CertifiedReport as VerifiedReport, ErrorKind as VerifyErrorKind, FailureReport, FileError,
    ProofSummary, VerifyError,
};
pub use count_certify::make::{Formula as CertifiedFormula, MAX_LISTED_MODELS, MAX_LISTED_VALUES};
pub use count_certify::{
    formula_of, Certified as WrittenBundle, Certifier, CertifyError, Finished, OverCap, ProducedBy,
    Report as ReportWithBundle, StagedCertifier, Uncertifiable, MAX_CERTIFIED_VARS,
};

/// The bundle's layout: its file names, its manifest.
pub use count_certificate::bundle;
/// The independent checker whole: its own DIMACS, solutions and DRAT readers and its DRUP
/// checker.
pub use count_certificate::check as checker;
/// The producer's steps (models completed and checked, DPLL traces per cube, the proof).
pub use count_certify::make;

pub use count_certificate::check::cpog::{verify_cpog, CpogChecked, CpogVerifyError};
/// Counts certified by the model counter's CPOG certificate ([`cpog::write_cpog_bundle`]),
/// and their independent check ([`verify_cpog`]).
pub use count_certify::cpog;
