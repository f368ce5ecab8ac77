//! Internal switches of the counter, fixed to their defaults in [`count`](crate::count)
//! and varied by the crate's own tests, which check every combination against brute
//! force.

/// Which techniques run, and the learnt clause budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// Learnt clauses kept at least before the database is halved.
    pub learnt_min: usize,
    /// Decisions follow the tree decomposition.
    pub tree_order: bool,
    /// The projection shrinks to an independent support.
    pub definability: bool,
    /// Unprojected variables are eliminated by resolution.
    pub elimination: bool,
    /// Failed literals, equivalences and subsumption run.
    pub simplification: bool,
    /// Each branch probes for failed literals near its new assignments.
    pub implicit_bcp: bool,
    /// Each decomposition switches off the residual clauses blocked on an unprojected
    /// variable (`component::blocking`).
    pub dynamic_blocking: bool,
    /// Past this tree width, when elimination added resolvents longer than
    /// `short_resolvent`, preprocessing runs again with that cap (`preprocess::run`);
    /// `u32::MAX`: never.
    pub retry_width: u32,
    /// The cap of that second run: as Arjun's default (`bve_too_large_resolvent = 12`,
    /// Soos & Meel).
    pub short_resolvent: usize,
    /// Projected models are first listed one by one, until this budget runs out.
    pub listing: Option<crate::listing::Budget>,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            learnt_min: 5000,
            tree_order: true,
            definability: true,
            elimination: true,
            simplification: true,
            implicit_bcp: true,
            dynamic_blocking: true,
            retry_width: 20,
            short_resolvent: 12,
            listing: Some(crate::listing::Budget {
                models: 256,
                conflicts: 350_000,
            }),
        }
    }
}
