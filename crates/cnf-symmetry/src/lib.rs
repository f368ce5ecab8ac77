//! Symmetries of a CNF formula: permutations of its literals that commute with negation, map
//! the clause set onto itself and the projection onto itself. The image of a model under one
//! is a model, and two models agree on the projection exactly when their images do: the group
//! acts on the projected models, which is what orbit counting and symmetry breaking use.
//!
//! Found on the formula's literal-clause graph (a vertex per literal and per clause) by
//! colour refinement and an individualisation search in the manner of nauty (McKay and
//! Piperno, J. Symbolic Computation 60, 2014), with a node budget: every
//! generator reported is checked to be a symmetry, and the group order is exact unless the
//! budget ran out (then it is the order of the subgroup found, a lower bound).
//!
//! ```
//! use zero_one_model::Lit;
//! // (x1 ∨ x2) ∧ (x2 ∨ x3): swapping x1 and x3 is its only symmetry.
//! let c = |a: i64, b: i64| vec![Lit::from_dimacs(a).unwrap(), Lit::from_dimacs(b).unwrap()];
//! let s = cnf_symmetry::find(3, &[c(1, 2), c(2, 3)], &[true; 3], cnf_symmetry::DEFAULT_BUDGET);
//! assert_eq!(s.order.to_string(), "2");
//! assert_eq!(s.cycles(0), vec![vec![1, 3]]);
//! ```

mod description;
mod export;
mod graph;
pub mod group;
pub mod lex;
pub mod orbits;
mod problem;
mod refine;
mod report;
mod search;
mod size;

pub use description::OrbitParams;
pub use export::{break_cnf, break_for_export, BreakCnfError, BreakError, MAX_BREAK_LITERALS};
pub use problem::{break_symmetries, Breaking, Broken, OrbitProblem, MAX_BREAKING_CLAUSES};
pub use report::SymmetryReport;
pub use size::{check_size, TooLarge, MAX_SEARCH_LITERALS, MAX_SEARCH_VARS};

use num_bigint::BigUint;
use zero_one_model::Lit;

/// Search nodes visited before the search stops with the generators found so far.
pub const DEFAULT_BUDGET: u64 = 200_000;

/// The symmetries found.
#[derive(Clone, Debug)]
pub struct Symmetries {
    /// Variables of the formula.
    pub vars: usize,
    /// Generators: for each, the image of every literal, indexed by [`Lit::code`].
    pub generators: Vec<Vec<u32>>,
    /// The order of the group they generate: exact when [`Symmetries::complete`] and
    /// [`Symmetries::unexpanded`] is empty; otherwise a lower bound.
    pub order: BigUint,
    /// Whether the search finished: the generators generate the whole group.
    pub complete: bool,
    /// Sizes k of sets of variables in no clause (one set per kind, shown or not) whose
    /// factor 2^k k! of the order is too large to write out and is left out of
    /// [`Symmetries::order`]: the whole order is `order` times 2^k k! for each.
    pub unexpanded: Vec<usize>,
    /// Search nodes visited.
    pub nodes: u64,
}

fn dimacs(code: u32) -> i64 {
    let v = i64::from(code / 2) + 1;
    if code.is_multiple_of(2) {
        v
    } else {
        -v
    }
}

impl Symmetries {
    /// Generator `i` as cycles of DIMACS literals, each cycle starting at its literal of
    /// smallest code; of a cycle and its negation (`(1 3)` and `(-1 -3)`) only the one with
    /// a positive first literal is listed.
    pub fn cycles(&self, i: usize) -> Vec<Vec<i64>> {
        let g = &self.generators[i];
        let mut seen = vec![false; g.len()];
        let mut out = Vec::new();
        for start in 0..g.len() {
            if seen[start] || g[start] as usize == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut x = start;
            while !seen[x] {
                seen[x] = true;
                cycle.push(x as u32);
                x = g[x] as usize;
            }
            // The negated cycle starts at start ^ 1: when it is another cycle, it shows
            // up later (start even) or was seen before (start odd) and is not listed.
            let self_negated = cycle.contains(&((start as u32) ^ 1));
            if start.is_multiple_of(2) || self_negated {
                out.push(cycle.iter().map(|&c| dimacs(c)).collect());
            }
        }
        out
    }

    /// Whether literal permutation `perm` (by code) maps `clauses`, as a set of clauses
    /// without tautologies, onto itself.
    pub fn maps_onto_itself(perm: &[u32], clauses: &[Vec<Lit>]) -> bool {
        let set = graph::clause_set(clauses);
        set.iter().all(|c| {
            let mut image: Vec<u32> = c.iter().map(|&l| perm[l as usize]).collect();
            image.sort_unstable();
            set.binary_search(&image).is_ok()
        })
    }
}

/// The symmetries of the formula `clauses` over `vars` variables whose projection variables
/// are those with `shown[v]`, searching at most `budget` nodes. Its graph takes memory in
/// proportion to the formula: [`check_size`] refuses one too large first.
pub fn find(vars: usize, clauses: &[Vec<Lit>], shown: &[bool], budget: u64) -> Symmetries {
    let g = graph::Graph::new(vars, clauses, shown);
    let found = search::search(&g, budget);
    let lits = 2 * vars;
    let mut generators: Vec<Vec<u32>> = found
        .generators
        .iter()
        .map(|(p, _)| p[..lits].to_vec())
        .collect();
    let mut order = found
        .orbit_sizes
        .iter()
        .fold(BigUint::from(1u32), |o, &s| o * BigUint::from(s));
    let complete = !found.cut;
    let mut unexpanded = Vec::new();
    // Variables in no clause, by kind: any permutation of them with any flips (the
    // hyperoctahedral group, 2^k k!), generated by one flip, one swap and one k-cycle.
    let free: Vec<usize> = (0..vars).filter(|&v| g.is_free(v)).collect();
    for kind in [true, false] {
        let of_kind: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&v| shown.get(v).copied().unwrap_or(false) == kind)
            .collect();
        let k = of_kind.len();
        if k == 0 {
            continue;
        }
        let identity: Vec<u32> = (0..lits as u32).collect();
        let mut flip = identity.clone();
        flip.swap(2 * of_kind[0], 2 * of_kind[0] + 1);
        generators.push(flip);
        if k >= 2 {
            let mut swap = identity.clone();
            let mut cycle = identity;
            for (i, &v) in of_kind.iter().enumerate() {
                let w = of_kind[(i + 1) % k];
                cycle[2 * v] = 2 * w as u32;
                cycle[2 * v + 1] = 2 * w as u32 + 1;
            }
            let (a, b) = (of_kind[0], of_kind[1]);
            swap[2 * a] = 2 * b as u32;
            swap[2 * a + 1] = 2 * b as u32 + 1;
            swap[2 * b] = 2 * a as u32;
            swap[2 * b + 1] = 2 * a as u32 + 1;
            generators.push(swap);
            if k >= 3 {
                generators.push(cycle);
            }
        }
        // 2^k k!, exactly while it stays small enough to write out quickly.
        if k <= MAX_FREE_FOR_ORDER {
            order = (order << k) * factorial(k);
        } else {
            unexpanded.push(k);
        }
    }
    Symmetries {
        vars,
        generators,
        order,
        complete,
        unexpanded,
        nodes: found.nodes,
    }
}

/// The most variables in no clause (of one kind) whose group's order, 2^k k!, is worked
/// out (100,000! has about 1.5 million bits); past it the factor is named, not written.
const MAX_FREE_FOR_ORDER: usize = 100_000;

/// k!, multiplied by halves (one factor after another is quadratic in the bits).
fn factorial(k: usize) -> BigUint {
    fn range(lo: usize, hi: usize) -> BigUint {
        match hi - lo {
            0 => BigUint::from(1u32),
            1 => BigUint::from(lo),
            n => range(lo, lo + n / 2) * range(lo + n / 2, hi),
        }
    }
    range(1, k + 1)
}

#[cfg(test)]
mod tests;
