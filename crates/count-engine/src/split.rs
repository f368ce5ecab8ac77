//! Cubes for any model, found by looking at its clauses: the solution space is split level by
//! level, each cube on the open clause over projection variables with the fewest open
//! literals among the clauses of three or more (a row of a board, a cell of a grid, a
//! number's positions: the most constrained choice first; binary clauses, such as pairwise
//! at-most-one, would split weakly), into one branch per open literal `l_i`: `¬l_1 ∧ … ∧ ¬l_(i-1) ∧ l_i`. Every
//! model satisfies the clause, so exactly one branch holds in it: the branches are disjoint
//! and cover every model. Where no such clause is open, the cube splits on the open projection
//! variable with the most occurrences. Every branch is propagated, and one that fails is
//! dropped (it has no model). Cube literals are over projection variables only, so distinct
//! cubes never share a projected model.

use std::sync::Arc;
use zero_one_model::{
    Clauses, CnfOptions, Lit, LowerError, Model, PbEncoding, Propagator, StopFlag,
};

/// The clauses the look-ahead propagates over: `model` lowered with the default encodings,
/// or, where a linear constraint is too large for the default pseudo-Boolean encoding (the
/// BDD), with the binary adder, small for any weights: the look-ahead needs a sound
/// encoding, not a strong one. (A model the default lowers splits as it always did, so
/// checkpoints of its counts keep their cubes.) `None` when neither lowers; the error when
/// `stop` was raised while lowering.
pub(crate) fn lookahead_clauses(
    model: &Model,
    stop: &StopFlag,
) -> Result<Option<Arc<Clauses>>, LowerError> {
    let adder = CnfOptions {
        pb: PbEncoding::Adder,
        ..CnfOptions::default()
    };
    for options in [CnfOptions::default(), adder] {
        match model.lowered_until(&options, stop) {
            Ok(clauses) => return Ok(Some(clauses)),
            Err(e) if e.is_stopped() => return Err(e),
            Err(_) => {}
        }
    }
    Ok(None)
}

/// How far to split.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Exactly this many levels (0: one cube, the whole model).
    Levels(usize),
    /// Levels until there are at least this many cubes (or nothing is left to split).
    Target(usize),
}

impl Depth {
    /// `levels` when a caller gives them, else levels until there are `target` cubes.
    ///
    /// ```
    /// use count_engine::Depth;
    /// assert_eq!(Depth::levels_or(Some(3), 512), Depth::Levels(3));
    /// assert_eq!(Depth::levels_or(None, 512), Depth::Target(512));
    /// ```
    pub fn levels_or(levels: Option<usize>, target: usize) -> Depth {
        levels.map_or(Depth::Target(target), Depth::Levels)
    }
}

/// The widest clause split into one branch per literal: branch i carries i literals, so a
/// wider one would cost quadratic space (and cubic propagation); it is split variable by
/// variable instead.
const MAX_SPLIT_WIDTH: usize = 64;

/// The most cubes a split makes: a level that would pass it is not taken (whatever the
/// depth asked for), so memory stays bounded (some hundred MB at most).
pub const MAX_CUBES: usize = 1 << 18;

/// The most levels [`Depth::Target`] goes to.
const MAX_AUTO_LEVELS: usize = 64;

/// Splits `model` into disjoint cubes covering every model (none for a model that
/// propagation alone refutes). Literals are over `model`'s shown variables.
///
/// A model that lowers to CNF with no encoding (`lookahead_clauses`) is one cube: the
/// backend decides (the ILP one keeps every row as it is).
pub fn split(model: &Model, depth: Depth) -> Vec<Vec<Lit>> {
    // A flag nobody holds is never raised.
    split_until(model, depth, &StopFlag::new()).unwrap_or_else(|_| vec![Vec::new()])
}

/// [`split`], given up once `stop` is raised (from any thread) while the model is lowered
/// for the look-ahead.
///
/// # Errors
/// The lowering's error, which [`is_stopped`](LowerError::is_stopped), when `stop` was
/// raised.
pub(crate) fn split_until(
    model: &Model,
    depth: Depth,
    stop: &StopFlag,
) -> Result<Vec<Vec<Lit>>, LowerError> {
    let Some(clauses) = lookahead_clauses(model, stop)? else {
        return Ok(vec![Vec::new()]);
    };
    Ok(split_clauses(model, depth, clauses))
}

fn split_clauses(model: &Model, depth: Depth, clauses: Arc<Clauses>) -> Vec<Vec<Lit>> {
    let mut p = Propagator::new(clauses);
    if !p.start() {
        return Vec::new();
    }
    let base = p.mark();
    let mut shown = vec![false; model.num_vars()];
    for v in model.shown() {
        shown[v.index()] = true;
    }
    let is_shown = |l: &Lit| shown.get(l.var().index()).copied().unwrap_or(false);
    let f = Arc::clone(p.clauses());
    let occurs = f.occurrences();
    let candidates: Vec<usize> = (0..f.len())
        .filter(|&c| {
            (3..=MAX_SPLIT_WIDTH).contains(&f.clause(c).len()) && f.clause(c).iter().all(is_shown)
        })
        .collect();
    let mut level: Vec<Vec<Lit>> = vec![Vec::new()];
    for d in 0.. {
        let stop = match depth {
            Depth::Levels(k) => d >= k,
            Depth::Target(t) => level.len() >= t || d >= MAX_AUTO_LEVELS,
        };
        if stop {
            break;
        }
        let mut next = Vec::with_capacity(level.len() * 2);
        let mut split_any = false;
        for cube in &level {
            if next.len() > MAX_CUBES {
                break;
            }
            p.undo(base);
            let ok = cube.iter().all(|&l| p.assign(l));
            assert!(
                ok,
                "a kept cube propagated without conflict when it was made"
            );
            let Some(branches) = choose(&p, &candidates, &shown, &occurs) else {
                next.push(cube.clone());
                continue;
            };
            split_any = true;
            for b in branches {
                let m = p.mark();
                if b.iter().all(|&l| p.assign(l)) {
                    let mut c = cube.clone();
                    c.extend(b);
                    next.push(c);
                }
                p.undo(m);
            }
        }
        if next.len() > MAX_CUBES {
            break; // the level would be too large: keep the one before
        }
        level = next;
        if !split_any {
            break;
        }
    }
    level
}

/// The branches of the next split under the current assignment, or `None` when every
/// projection variable is decided.
/// `occurs`: how many clauses each literal occurs in.
fn choose(
    p: &Propagator,
    candidates: &[usize],
    shown: &[bool],
    occurs: &[u32],
) -> Option<Vec<Vec<Lit>>> {
    let mut best: Option<(usize, usize)> = None;
    for &c in candidates {
        let clause = p.clauses().clause(c);
        if clause.iter().any(|&l| p.lit_value(l) == Some(true)) {
            continue;
        }
        let open = p.open_lits(c).count();
        if open >= 2 && best.is_none_or(|(_, o)| open < o) {
            best = Some((c, open));
        }
    }
    if let Some((c, _)) = best {
        let open: Vec<Lit> = p.open_lits(c).collect();
        let branches = (0..open.len())
            .map(|i| {
                let mut b: Vec<Lit> = open[..i].iter().map(|&l| !l).collect();
                b.push(open[i]);
                b
            })
            .collect();
        return Some(branches);
    }
    let var = (0..shown.len())
        .filter(|&v| shown[v])
        .map(|v| zero_one_model::Var::new(v as u32))
        .filter(|v| p.lit_value(v.positive()).is_none())
        .max_by_key(|v| {
            (
                occurs[v.positive().code()] + occurs[v.negative().code()],
                std::cmp::Reverse(v.index()),
            )
        })?;
    Some(vec![vec![var.positive()], vec![var.negative()]])
}

#[cfg(test)]
mod tests;
