//! Counting by listing, for formulas with few projected models: a CDCL search finds a
//! model, a blocking clause (the negation of its projected literals; McMillan 2002, "Applying
//! SAT methods in unbounded symbolic model checking") rules out every model that agrees with
//! it on the projection, and the search goes on until the formula is unsatisfiable. The
//! models found are disjoint and cover the projected models, so their sum (each weighed by
//! its projected literals) is the count.
//!
//! Where models are few and hard to find this is the faster way: a counter by search pays
//! for component analysis and caching at every decision, which buys nothing there. On
//! MC2022 track 3, file 051 has 236 projected models and file 113 has 4: the search did not
//! count them in 60 s, Ganak takes 9.5 s and 44.6 s, the listing 3.7 s and 14 s.
//!
//! The listing runs first, with the problem as preprocessing left it (the projection shrunk
//! to an independent support, so blocking clauses are short), under a [`Budget`] of models
//! and conflicts; past it the listing gives up and the counter's search starts afresh (the
//! blocking clauses are not implied by the formula, so nothing learnt here is kept). At 256
//! models the listing costs the files of MC2022 tracks 1 and 3 that the search counts
//! within 30 s a median of 1.00x their time (0.79x to 1.58x, one run each, 40 files over
//! 0.3 s; `bench/results/listing.md`).

use crate::core::Core;
use crate::limits::Limits;
use crate::lit::Lit;
use crate::sat::{Halt, SatSearch};
use crate::semiring::Semiring;
use crate::stats::Progress;

/// When listing gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Most models listed; one more and the listing gives up.
    pub models: u64,
    /// Most conflicts in all.
    pub conflicts: u64,
}

/// What a listing did: the models it found, whether it gave the count, and its search's
/// counters.
#[derive(Debug, Default)]
pub(crate) struct Listed {
    pub models: u64,
    pub counted: bool,
    pub decisions: u64,
    pub conflicts: u64,
    pub learnt: u64,
    pub propagations: u64,
}

/// The sum, in `ring`, of the projected models of `clauses` (each of at least two
/// distinct variables) over `projected.len()` variables, by listing them; `None` when the
/// budget ran out first. `listed` tells what was done either way. The learnt clause
/// database keeps at least `learnt_min` clauses. The progress `limits` reports is the
/// listing's own: when the search takes over, its figures start again from 0.
pub(crate) fn count<R: Semiring>(
    ring: &mut R,
    clauses: &[Vec<Lit>],
    projected: &[bool],
    budget: Budget,
    learnt_min: usize,
    limits: &mut Limits<'_>,
    listed: &mut Listed,
) -> Result<Option<R::Value>, Halt> {
    let n = projected.len() as u32;
    let mut core = Core::new(n, clauses, learnt_min);
    let mut sat = SatSearch::new(n);
    let vars: Vec<u32> = (0..n).collect();
    let shown: Vec<u32> = (0..n).filter(|&v| projected[v as usize]).collect();
    let mut total = ring.zero();
    let mut model = Vec::with_capacity(shown.len());
    let progress = |core: &Core| Progress {
        decisions: core.counters.decisions,
        conflicts: core.counters.conflicts,
        ..Progress::default()
    };
    let result = loop {
        let left = budget.conflicts.saturating_sub(core.counters.conflicts);
        let found = sat.solve_limited(
            &mut core,
            &vars,
            left,
            limits,
            &progress,
            Some((&shown, &mut model)),
        );
        let found = match found {
            Ok(f) => f,
            Err(h) => {
                note(listed, &core);
                return Err(h);
            }
        };
        match found {
            None => break None,
            Some(false) => break Some(total),
            Some(true) => {}
        }
        listed.models += 1;
        if listed.models > budget.models {
            break None;
        }
        let mut value = ring.one();
        let mut block = Vec::with_capacity(model.len());
        for (&v, &l) in shown.iter().zip(&model) {
            debug_assert_eq!(l.var(), v);
            ring.times_literal(&mut value, l);
            block.push(!l);
        }
        total = ring.add(total, value);
        match block.len() {
            // No projected variable: the formula has one projected model, now listed.
            0 => break Some(total),
            1 => core.units.push(block[0]),
            _ => {
                core.eng.add_clause(&block, false, 0);
            }
        }
    };
    note(listed, &core);
    listed.counted = result.is_some();
    Ok(result)
}

impl Listed {
    /// Adds these counters to `stats` (the listing's satisfiability searches are not
    /// [`crate::Stats::sat_calls`], which are the search's components).
    pub(crate) fn add_to(&self, stats: &mut crate::Stats) {
        stats.listed_models = self.models;
        stats.listing_counted = self.counted;
        stats.decisions += self.decisions;
        stats.conflicts += self.conflicts;
        stats.learnt_clauses += self.learnt;
        stats.propagations += self.propagations;
    }
}

/// Copies the search's counters into `listed`.
fn note(listed: &mut Listed, core: &Core) {
    listed.decisions = core.counters.decisions;
    listed.conflicts = core.counters.conflicts;
    listed.learnt = core.counters.learnt;
    listed.propagations = core.eng.propagations;
}
