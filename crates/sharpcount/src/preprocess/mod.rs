//! Count-preserving simplification before the search. Each step keeps the number of
//! models projected onto the projected variables:
//!
//! - normalisation: duplicate literals merged, tautologies dropped;
//! - unit propagation and failed-literal probing ([`probe`]): implied literals fixed;
//! - equivalent literals ([`equiv`]): a variable equivalent to another literal is replaced
//!   by it, keeping a projected representative when the class has one;
//! - subsumption and self-subsuming resolution ([`subsume`]): logically equivalent;
//! - backbone literals ([`backbone`]), true in every model, found by satisfiability
//!   search under the negation of each candidate, fixed (once, in the first round);
//! - independent support ([`definable`]): projected variables defined by the other
//!   projected variables leave the projection;
//! - elimination of unprojected variables by resolution ([`elim`]): existential
//!   quantification, exact for projected counting; first the clauses blocked on an
//!   unprojected literal are dropped ([`blocked`]), kept so when elimination then leaves
//!   at most nine tenths of the variables it leaves alone;
//! - the unprojected variables left that the projection defines ([`definable`]) are
//!   marked, for the search to branch on as if projected;
//! - last, once every variable left is projected or so defined, variables that all the
//!   others define are eliminated by resolution, inputs included ([`redefine`]), round
//!   by round while the tree decomposition does not widen.
//!
//! What remains is renumbered densely; projected variables in no clause are counted as a
//! power of two.
//!
//! With weights, every step keeps the weighted count: a fixed literal multiplies a factor
//! by its weight, a free variable by the sum of its two weights, equivalent variables
//! merge their weights into the representative, and variables with a weight other than 1
//! are never dropped from the projection (so never eliminated either).

mod backbone;
mod blocked;
mod definable;
mod elim;
mod equiv;
mod fill;
mod gate;
mod probe;
mod redefine;
mod subsume;
mod work;

use crate::limits::Limits;
use crate::lit::Lit;
use crate::problem::Problem;
use crate::sat::Halt;
use crate::stats::PreprocessStats;
use crate::tuning::Tuning;
use work::Snapshot;
pub(crate) use work::{Defined, Work};

/// The simplified problem: dense variables, clauses of at least two distinct variables.
#[derive(Debug, Default)]
pub(crate) struct Simplified {
    /// The clauses.
    pub clauses: Vec<Vec<Lit>>,
    /// Whether each variable is projected.
    pub projected: Vec<bool>,
    /// Whether each variable is unprojected and defined by the projected variables
    /// ([`definable`]): the search may branch on it.
    pub defined: Vec<Defined>,
    /// The variable of the problem each variable was numbered from.
    pub origin: Vec<u32>,
    /// The count of the clauses is multiplied by 2 to this power.
    pub exponent: u64,
    /// When weighted: the weights of the literals of the variables left, and the factor
    /// the count of the clauses is also multiplied by (fixed literals, free weighted
    /// variables).
    pub weights: Option<crate::problem::LitWeights>,
}

/// Simplifies `p`; `None` when it is unsatisfiable.
pub(crate) fn run(
    p: Problem,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
    tuning: &Tuning,
) -> Result<Option<Simplified>, Halt> {
    let mut w = Work::new(p);
    if !w.normalize() || !w.propagate_units(stats) {
        return Ok(None);
    }
    w.long_resolvent = tuning.short_resolvent;
    let start =
        (tuning.elimination && w.projected.iter().any(|&p| !p)).then(|| Snapshot::of(&w, stats));
    let mut shrunk = None;
    if !rounds(&mut w, limits, stats, tuning, &mut shrunk)? {
        return Ok(None);
    }
    // A resolvent is a clique of the primal graph, and long ones that stay widen the tree
    // decomposition: past `retry_width`, when elimination added resolvents longer than
    // `short_resolvent` and clauses that long are at least one in `LONG_SHARE` of those
    // left, the rounds run again from the start with that cap, and their formula is kept
    // when its decomposition is at least a third narrower (MC2022 track3_187: width 48 to
    // 26, over 60 s to 2 s). Where the long resolvents are themselves eliminated later
    // (track3_123: 207 variables to 16) the cap leaves a wider formula; where it narrowed
    // the decomposition less (track3_075: 70 to 50) the search was not faster, on the 23
    // files of tracks 3 and 4 with long resolvents and a wide decomposition. Only for a
    // formula with unprojected variables from the start (the snapshot's condition): on
    // unprojected files, whose projection shrinks later, it was not measured.
    let long_share = |w: &Work| {
        let long = w
            .clauses
            .iter()
            .filter(|c| c.len() > tuning.short_resolvent);
        long.count() * LONG_SHARE >= w.clauses.len()
    };
    if let Some(start) = start.filter(|_| w.long_resolvents > 0 && long_share(&w)) {
        let wide = width(w.n, &w.clauses, limits)?;
        if wide > tuning.retry_width {
            let long = Snapshot::of(&w, stats);
            start.restore(&mut w, stats);
            w.resolvent_cap = tuning.short_resolvent;
            if !rounds(&mut w, limits, stats, tuning, &mut shrunk)? {
                return Ok(None);
            }
            // In 64 bits: two decompositions past the budget (`u32::MAX`) keep the first.
            if u64::from(width(w.n, &w.clauses, limits)?) * 3 > u64::from(wide) * 2 {
                long.restore(&mut w, stats);
            } else {
                stats.short_resolvents = true;
            }
            w.resolvent_cap = elim::MAX_RESOLVENT;
        }
    }
    if tuning.definability {
        definable::extend_projection(&mut w, limits, stats)?;
        if tuning.elimination
            && (!redefine::run(&mut w, limits, stats)? || !w.propagate_units(stats))
        {
            return Ok(None);
        }
    }
    Ok(Some(w.finish(stats)))
}

/// Long clauses (past `Tuning::short_resolvent`) must be at least one in this many of
/// the clauses left for preprocessing to run again with short resolvents: a few among
/// many do not make the decomposition wide, and the second run costs what the first did
/// (on the 23 track-3/4 files with long resolvents and a wide decomposition, the share
/// is 2.8% on track3_187 and below 0.5% on the largest formulas, such as track4_111's 15
/// of 30,340, where the second run only added time).
const LONG_SHARE: usize = 100;

/// Rounds of simplification and elimination at most, while the formula shrinks: the
/// resolvents of one round, subsumed and strengthened in the next, let more variables
/// go (MC2022 track3_145: 356 variables and width 67 after 3 rounds, 295 and width 37
/// after 10, a count over 60 s then under 60 s). With gates, preprocessing took at most
/// 0.12 s longer on the 207 MC2022 files counted here, but for track4_111 (1.1 to 1.5 s).
const MAX_ROUNDS: usize = 10;

/// The rounds of simplification, backbone, independent support (the first time; its
/// projection is kept in `shrunk` and put back on later calls, the formula being the same
/// until the first elimination) and elimination. `false` when the formula is
/// unsatisfiable.
fn rounds(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
    tuning: &Tuning,
    shrunk: &mut Option<(Vec<bool>, Vec<Defined>, u64)>,
) -> Result<bool, Halt> {
    for round in 0..MAX_ROUNDS {
        let before = w.size();
        if tuning.simplification && !simplify(w, limits, stats)? {
            return Ok(false);
        }
        if round == 0 && tuning.simplification && !backbone::run(w, limits, stats)? {
            return Ok(false);
        }
        if round == 0 && tuning.definability {
            match shrunk {
                Some((projected, defined, removed)) => {
                    w.projected.clone_from(projected);
                    w.defined.clone_from(defined);
                    stats.defined_vars = *removed;
                }
                None => {
                    definable::shrink_projection(w, limits, stats)?;
                    *shrunk = Some((w.projected.clone(), w.defined.clone(), stats.defined_vars));
                }
            }
        }
        if tuning.elimination && !eliminate(w, limits, stats)? {
            return Ok(false);
        }
        if round > 0 && w.size() == before {
            break;
        }
    }
    Ok(true)
}

/// The width of [`crate::tree::decompose`]'s decomposition of `clauses` over `n`
/// variables, or `u32::MAX` when it gives none (past its budget).
fn width(n: u32, clauses: &[Vec<Lit>], limits: &mut Limits<'_>) -> Result<u32, Halt> {
    Ok(crate::tree::decompose(n, clauses, limits)?.map_or(u32::MAX, |t| t.width))
}

/// Fewer variables left by blocked clause elimination than without it, in tenths, for
/// its result to be kept: dropping blocked clauses weakens unit propagation over the
/// variables that stay, which on MC2022 files where it lets elimination remove few more
/// variables cost more than it saved (track3_001: 593 variables left without, 700 with;
/// 1.4 s to 30 s), while where it removes many the count is much faster (track3_123:
/// 207 variables to 16, 7.5 s to 0.02 s; track3_033: 4,768 to 1,364, 8.1 s to 2.3 s).
const BLOCKED_KEEP_TENTHS: usize = 9;

/// Elimination of unprojected variables by resolution ([`elim`]), after dropping the
/// clauses blocked on unprojected literals ([`blocked`]) when that leaves at most
/// nine tenths of the variables elimination alone leaves; else elimination alone.
/// `false` when the formula is unsatisfiable.
fn eliminate(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    let Some(removed) = blocked::find(w, limits)? else {
        return Ok(elim::run(w, limits, stats)? && w.propagate_units(stats));
    };
    let before = Snapshot::of(w, stats);
    blocked::remove(w, &removed, stats);
    if !(elim::run(w, limits, stats)? && w.propagate_units(stats)) {
        return Ok(false);
    }
    let (with, left_with) = (Snapshot::of(w, stats), w.vars_in_clauses());
    before.restore(w, stats);
    if !(elim::run(w, limits, stats)? && w.propagate_units(stats)) {
        return Ok(false);
    }
    if left_with * 10 <= w.vars_in_clauses() * BLOCKED_KEEP_TENTHS {
        with.restore(w, stats);
    }
    Ok(true)
}

/// Equivalent literals, failed literals and subsumption, each followed by unit
/// propagation. `false` when the formula is unsatisfiable.
fn simplify(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    Ok(equiv::substitute(w, stats)
        && w.propagate_units(stats)
        && probe::failed_literals(w, limits, stats)?
        && w.propagate_units(stats)
        && subsume::run(w, limits, stats)?
        && w.propagate_units(stats))
}

/// The steps of [`run`] that keep every projected variable as it is (units, failed
/// literals, elimination of unprojected variables), for compiling (see [`crate::nnf`]):
/// what is left has the problem's variables renumbered
/// ([`Simplified::origin`]), with the fixed literals of the problem beside it. `None`
/// when the problem is unsatisfiable. The clauses these steps derive go to `log` when
/// there is one (over the problem's variables).
///
/// Subsumption and self-subsuming resolution run only when `subsume`. Without them the
/// search splits into the components of the input's own clauses, as d4 does: CPOG's
/// `cpog-gen` checks a compiled formula by splitting each conjunction's clauses among its
/// parts, and a clause subsumed (or strengthened) away could join two parts in the input
/// (it crashes or loops then). On the MC2022 files of `bench/cpog.sh` the compiled formulas
/// had the same size without them, within 0.2%; but track1_049 compiles in 1.1 s with
/// them and not in 180 s without (6,158 clauses become 3,114).
pub(crate) fn run_keeping_vars(
    p: Problem,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
    log: &mut Option<crate::proof::ProofLog>,
    subsume: bool,
) -> Result<Option<(Simplified, Vec<Lit>)>, Halt> {
    let mut w = Work::new(p);
    w.log = log.take();
    if !w.normalize() || !w.propagate_units(stats) {
        return Ok(None);
    }
    for _ in 0..3 {
        let before = w.size();
        if !(probe::failed_literals(&mut w, limits, stats)?
            && w.propagate_units(stats)
            && (!subsume || (subsume::run(&mut w, limits, stats)? && w.propagate_units(stats)))
            && elim::run(&mut w, limits, stats)?
            && w.propagate_units(stats))
        {
            return Ok(None);
        }
        if w.size() == before {
            break;
        }
    }
    let fixed = (0..w.n)
        .filter_map(|v| match w.fate[v as usize] {
            work::Fate::Fixed(negative) => Some(Lit::new(v, negative)),
            _ => None,
        })
        .collect();
    *log = w.log.take();
    Ok(Some((w.finish(stats), fixed)))
}
