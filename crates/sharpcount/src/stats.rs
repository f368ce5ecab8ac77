//! What a count cost: the counters the search keeps, reported in [`Stats`] at the end and
//! in [`Progress`] while it runs.
//!
//! [`Stats`] serialises (serde) as the `counter` object of a count's JSON report: the
//! figures a reader compares across runs, with the preprocessing's sizes flattened in as
//! `vars_after_preprocessing` and `clauses_after_preprocessing`; the rest (propagations,
//! the cache's final state, the tree width, wall time) stays out of it.

use serde::Serialize;
use std::time::Duration;

/// What preprocessing did before the search. It serialises as the two sizes it leaves
/// (`vars_after_preprocessing`, `clauses_after_preprocessing`), for [`Stats`] to flatten.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PreprocessStats {
    /// Variables fixed by unit propagation (including units learnt by probing).
    #[serde(skip)]
    pub units: u64,
    /// Failed literals found by probing (each one fixes its negation).
    #[serde(skip)]
    pub failed_literals: u64,
    /// Variables replaced by an equivalent literal.
    #[serde(skip)]
    pub equivalences: u64,
    /// Clauses removed because another clause subsumes them.
    #[serde(skip)]
    pub subsumed: u64,
    /// Clauses shortened by self-subsuming resolution.
    #[serde(skip)]
    pub strengthened: u64,
    /// Literals true in every model found by satisfiability search (backbone).
    #[serde(skip)]
    pub backbone: u64,
    /// Projected variables found defined by the other projected variables (Padoa's
    /// theorem) and dropped from the projection.
    #[serde(skip)]
    pub defined_vars: u64,
    /// Unprojected variables found defined by the projected variables (Padoa's
    /// theorem), which the search may then branch on.
    #[serde(skip)]
    pub extended_vars: u64,
    /// Variables that all the others define, eliminated by resolution (the count over
    /// all variables stays), inputs included.
    #[serde(skip)]
    pub redefined_vars: u64,
    /// Clauses dropped as blocked on an unprojected literal.
    #[serde(skip)]
    pub blocked_clauses: u64,
    /// Unprojected variables eliminated by resolution (existential quantification).
    #[serde(skip)]
    pub eliminated_vars: u64,
    /// Of those, the variables a gate among their clauses defined, so that only the
    /// resolvents with a gate clause were added.
    #[serde(skip)]
    pub gate_vars: u64,
    /// Whether the formula left is the one eliminated again with short resolvents only,
    /// its tree decomposition being much narrower than with long ones.
    #[serde(skip)]
    pub short_resolvents: bool,
    /// Projected variables in no clause, each doubling the count.
    #[serde(skip)]
    pub free_vars: u64,
    /// Variables left for the search.
    #[serde(rename = "vars_after_preprocessing")]
    pub vars_after: u64,
    /// Clauses left for the search.
    #[serde(rename = "clauses_after_preprocessing")]
    pub clauses_after: u64,
}

/// The cost of one call of [`count`](crate::count).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Stats {
    /// Branching decisions, in counting and in satisfiability search.
    pub decisions: u64,
    /// Conflicts met by unit propagation.
    pub conflicts: u64,
    /// Literals assigned by unit propagation.
    #[serde(skip)]
    pub propagations: u64,
    /// Clauses learnt from conflicts.
    pub learnt_clauses: u64,
    /// Components found by decomposition (including those answered by the cache).
    pub components: u64,
    /// Components whose count came from the cache.
    pub cache_hits: u64,
    /// Components looked up and not found.
    pub cache_misses: u64,
    /// Entries in the cache at the end.
    #[serde(skip)]
    pub cache_entries: u64,
    /// Most bytes the cache held at once (keys, counts and table).
    pub cache_peak_bytes: u64,
    /// Entries dropped to stay within [`Options::cache_mb`](crate::Options::cache_mb).
    pub cache_evictions: u64,
    /// Entries dropped because they were computed under an unsatisfiable branch, where
    /// learnt clauses may have cut models (Sang et al. 2004).
    #[serde(skip)]
    pub cache_purged: u64,
    /// Components without projected variables, decided by satisfiability search.
    pub sat_calls: u64,
    /// Literals the search's failed-literal probes implied in its branches.
    #[serde(skip)]
    pub failed_probes: u64,
    /// Residual clauses the search switched off for a branch because they were blocked on
    /// an unprojected variable (every resolvent on it a tautology), which keeps the
    /// projected count and splits components further.
    #[serde(skip)]
    pub blocked_in_search: u64,
    /// Projected models found by listing them one by one before the search (see
    /// `listing`; 0 when it did not run): all of them when [`Stats::listing_counted`], else
    /// those found before it gave up.
    #[serde(skip)]
    pub listed_models: u64,
    /// Whether the listing gave the count (and no search ran).
    #[serde(skip)]
    pub listing_counted: bool,
    /// What preprocessing did.
    #[serde(flatten)]
    pub preprocess: PreprocessStats,
    /// Width of the tree decomposition computed to guide decisions, when one was; one
    /// wider than half the variables guides nothing.
    #[serde(skip)]
    pub tree_width: Option<u32>,
    /// Wall time of the whole call.
    #[serde(skip)]
    pub elapsed: Duration,
}

/// A snapshot handed to [`Options::progress`](crate::Options::progress) while counting.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Branching decisions so far.
    pub decisions: u64,
    /// Conflicts so far.
    pub conflicts: u64,
    /// Cache hits so far.
    pub cache_hits: u64,
    /// Entries in the cache now.
    pub cache_entries: u64,
    /// Bytes the cache holds now.
    pub cache_bytes: u64,
    /// Components found so far.
    pub components: u64,
    /// Depth of the counting decision stack now.
    pub depth: u64,
    /// Wall time since the call started.
    pub elapsed: Duration,
}
