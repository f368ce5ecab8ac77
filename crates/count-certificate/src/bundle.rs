//! The layout of a proof bundle: one directory, these files, nothing else.
//!
//! A bundle certifies "F has exactly K models projected onto S":
//!
//! - [`FORMULA`]: F as counted, DIMACS CNF, with its projection on `c p show v1 v2 ... 0`
//!   lines (every variable of F when there is none).
//! - [`SOLUTIONS`]: the K models, one per line, each a full assignment of F's variables as
//!   DIMACS literals ending in `0` (`1 -2 3 ... 0`), every variable of the header once.
//!   They satisfy F and are pairwise different on S.
//! - [`BLOCKED`]: F's clauses, unchanged and in order, followed by one blocking clause per
//!   model (the negation of the model restricted to S), in the order of [`SOLUTIONS`]; its
//!   header counts them all.
//! - [`PROOF`]: a DRAT proof (text) that [`BLOCKED`] is unsatisfiable, ending with the empty
//!   clause; every step is RUP (no RAT steps), in F's variable numbering.
//! - [`MANIFEST`]: JSON, see [`Manifest`].
//!
//! A bundle is written into a temporary sibling directory and renamed into place when
//! complete, so a path either holds a whole bundle or nothing new.

use serde::{Deserialize, Serialize};

pub mod cpog;
mod produced_by;

pub use produced_by::ProducedBy;

/// The CNF as counted.
pub const FORMULA: &str = "formula.cnf";
/// The models, one per line.
pub const SOLUTIONS: &str = "solutions.txt";
/// The CNF with one blocking clause per model appended.
pub const BLOCKED: &str = "blocked.cnf";
/// The DRAT refutation of [`BLOCKED`].
pub const PROOF: &str = "proof.drat";
/// The manifest.
pub const MANIFEST: &str = "manifest.json";
/// The bundle format's version, in [`Manifest::version`].
pub const VERSION: u32 = 1;

/// What `manifest.json` holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`VERSION`].
    pub version: u32,
    /// The certified count K, as a decimal string (the number of lines of [`SOLUTIONS`]).
    pub count: String,
    /// The projection S (DIMACS variable numbers, ascending).
    pub projection: Vec<u32>,
    /// File names, relative to the bundle: `formula`, `solutions`, `blocked`, `proof`.
    pub files: std::collections::BTreeMap<String, String>,
    /// How the bundle was produced (tool and version, command, backend, cubes, threads).
    pub produced_by: ProducedBy,
}
