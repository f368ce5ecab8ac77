//! What a count found: the enumeration's outcome, the model counter's count (and compiled
//! formula), or the exact weighted count, each with why its method was used.

use crate::options::EnumerationOption;
use num_bigint::BigUint;
use sharpcount::{BigRational, Compiled, Stats};

/// A finished (or stopped) count.
#[derive(Debug)]
#[non_exhaustive]
pub enum CnfCount {
    /// Counted by enumeration.
    Enumerated(Box<Enumerated>),
    /// Counted by the model counter.
    Counted(Box<Counted>),
    /// The exact weighted count, by the model counter.
    Weighted(Box<Weighted>),
}

impl CnfCount {
    /// The number of models: `None` for a weighted count, and for a model counter's count
    /// that was stopped (it has no partial count). An enumeration that was stopped gives the
    /// count of the cubes it finished ([`Enumerated::outcome`] says so).
    pub fn count(&self) -> Option<&BigUint> {
        match self {
            CnfCount::Enumerated(e) => Some(&e.outcome.count),
            CnfCount::Counted(c) => c.count.as_ref(),
            CnfCount::Weighted(_) => None,
        }
    }

    /// Whether the count was stopped before it finished.
    pub fn interrupted(&self) -> bool {
        match self {
            CnfCount::Enumerated(e) => e.outcome.interrupted,
            CnfCount::Counted(c) => c.count.is_none(),
            CnfCount::Weighted(w) => w.value.is_none(),
        }
    }
}

use crate::Slowness;

/// Why a method counted the file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// [`crate::CountOptions::method`] asked for it.
    Asked,
    /// This option only enumeration honours.
    NeedsEnumeration(EnumerationOption),
    /// [`crate::Method::Auto`]: enumeration finished before the counter was needed.
    EnumerationFinished,
    /// [`crate::Method::Auto`]: the count was stopped ([`crate::Hooks::stop`]) while it
    /// enumerated, before enumeration finished or was judged slow.
    Interrupted,
    /// [`crate::Method::Auto`] with a weighted file: only the model counter weighs models.
    Weighted,
    /// [`crate::Method::Auto`] with [`crate::CountOptions::compile`]: the model counter's
    /// search, compiled.
    Compile,
    /// [`crate::Method::Auto`]: the counter took over from an enumeration judged too long
    /// (`slow`), after the orbit search was judged too long and dropped (`orbits_dropped`),
    /// if it was.
    Switched {
        /// Why the enumeration was judged slow.
        slow: Slowness,
        /// Why the orbit search was dropped before, if it was.
        orbits_dropped: Option<Slowness>,
    },
    /// The orbit count was dropped for the plain count: the orbit search was judged slow.
    OrbitsDropped(Slowness),
    /// [`crate::Method::Auto`] with a model sink for a file with too many models to list
    /// (or a weighted one): the model counter counts it for its CPOG certificate
    /// ([`crate::count_cpog`]).
    Certificate,
}

/// A count by enumeration.
#[derive(Debug)]
#[non_exhaustive]
pub struct Enumerated {
    /// The engine's outcome: the count, cubes, parts, interruption, backend figures, the key
    /// of checkpoints and shards.
    pub outcome: count_engine::Outcome,
    /// Independent parts the file was taken apart into.
    pub parts: usize,
    /// The backend.
    pub backend: zero_one_model::BackendName,
    /// Worker threads.
    pub threads: usize,
    /// Why enumeration counted the file.
    pub reason: Reason,
    /// With [`crate::CountOptions::orbits`]: the exact number of orbits of the projected
    /// models under the product of the parts' groups and every permutation and flip of the
    /// free variables (so the product over parts of their orbits under their own groups: the
    /// free variables are one orbit; see [`cnf_symmetry::OrbitProblem`]); `None` when they
    /// were dropped.
    pub orbits: Option<BigUint>,
    /// When the orbit count was given up for the plain count (it would have taken long):
    /// why.
    pub orbits_dropped: Option<Slowness>,
}

/// A count by the model counter.
#[derive(Debug)]
#[non_exhaustive]
pub struct Counted {
    /// The number of models; `None` when stopped (the counter has no partial count).
    pub count: Option<BigUint>,
    /// The counter's figures.
    pub stats: Stats,
    /// Why the counter counted the file.
    pub reason: Reason,
    /// Threads that counted (cube-and-count pays off on projected files only; never more
    /// than the cores).
    pub threads: usize,
    /// The cache's bound in MiB.
    pub cache_mb: usize,
    /// With [`crate::CountOptions::compile`]: the decision-DNNF ([`Compiled::write_d4`]);
    /// `None` when stopped.
    pub compiled: Option<Compiled>,
}

/// An exact weighted count, by the model counter.
#[derive(Debug)]
#[non_exhaustive]
pub struct Weighted {
    /// The sum over the (projected) models of the product of their literals' weights (a
    /// literal without a weight weighs 1); `None` when stopped.
    pub value: Option<BigRational>,
    /// Whether the file has a model (a count of 0 may still have models, of weight 0);
    /// `None` when stopped.
    pub satisfiable: Option<bool>,
    /// The counter's figures.
    pub stats: Stats,
    /// Why the counter counted the file.
    pub reason: Reason,
    /// The cache's bound in MiB.
    pub cache_mb: usize,
    /// Literal weights the file gives.
    pub weights: usize,
}
