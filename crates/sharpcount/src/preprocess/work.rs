//! The formula being simplified: clauses over the original internal variables, what is
//! known of each variable (fixed, replaced, eliminated), and the final renumbering.

use crate::engine::Engine;
use crate::lit::Lit;
use crate::preprocess::Simplified;
use crate::problem::{LitWeights, Problem};
use crate::stats::PreprocessStats;
use num_rational::BigRational;

/// What happened to a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Still in the formula (or in no clause).
    Open,
    /// Implied true (`false`) or false (`true`, negative) in every model.
    Fixed(bool),
    /// Equal to a literal of another variable in every model.
    Replaced,
    /// Existentially quantified away (unprojected only).
    Eliminated,
}

/// Whether the projected variables define an unprojected variable, and how it was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Defined {
    /// Not known to be defined.
    #[default]
    No,
    /// Projected in the problem, dropped from the projection because the others define it.
    Dropped,
    /// Unprojected in the problem, found defined by the projection after elimination.
    Extended,
}

/// The formula during preprocessing.
#[derive(Debug)]
pub(crate) struct Work {
    /// Number of variables.
    pub n: u32,
    /// The clauses (sorted, duplicate-free, non-tautological after normalisation).
    pub clauses: Vec<Vec<Lit>>,
    /// Whether each variable is projected.
    pub projected: Vec<bool>,
    /// Whether each unprojected variable is defined by the projected variables (dropped
    /// from the projection for it, or found so after elimination): the search may branch
    /// on it ([`crate::search::Search::set_defined`]).
    pub defined: Vec<Defined>,
    /// What happened to each variable.
    pub fate: Vec<Fate>,
    free_projected: u64,
    /// The literal weights when counting weighted. Every variable with a weight other
    /// than 1 stays projected throughout (never defined, never eliminated), so the steps
    /// that only touch unprojected variables need not know about weights; fixed variables
    /// contribute the weight of their literal at [`Work::finish`], and a replaced
    /// variable's weights move to its representative ([`Work::merge_weights`]).
    pub weights: Option<LitWeights>,
    /// The log of derived clauses, when a proof is wanted ([`crate::proof`]).
    pub log: Option<crate::proof::ProofLog>,
    /// The longest resolvent elimination may add ([`super::elim`]).
    pub resolvent_cap: usize,
    /// Resolvents longer than this count as long.
    pub long_resolvent: usize,
    /// Resolvents added that were long.
    pub long_resolvents: u64,
}

impl Work {
    /// The formula of `p`.
    pub(crate) fn new(p: Problem) -> Work {
        Work {
            n: p.num_vars,
            fate: vec![Fate::Open; p.num_vars as usize],
            clauses: p.clauses,
            defined: vec![Defined::No; p.projected.len()],
            projected: p.projected,
            free_projected: p.free_projected,
            weights: p.weights,
            log: None,
            resolvent_cap: super::elim::MAX_RESOLVENT,
            long_resolvent: super::elim::MAX_RESOLVENT,
            long_resolvents: 0,
        }
    }

    /// True when some literal of `var` weighs other than 1.
    pub(crate) fn is_weighted(&self, var: u32) -> bool {
        self.weights.as_ref().is_some_and(|w| !w.is_unit(var))
    }

    /// Moves the weights of `l` onto `rep` (and of `¬l` onto `¬rep`), for `l` equal to
    /// `rep` in every model and about to be replaced by it.
    pub(crate) fn merge_weights(&mut self, l: Lit, rep: Lit) {
        let Some(w) = self.weights.as_mut() else {
            return;
        };
        for (from, to) in [(l, rep), (!l, !rep)] {
            let moved = std::mem::replace(
                &mut w.lits[from.code()],
                BigRational::from_integer(1.into()),
            );
            w.lits[to.code()] = crate::exact::mul(&w.lits[to.code()], &moved);
        }
    }

    /// The clauses each literal occurs in (indexed by [`Lit::code`]), and the number of
    /// literals of the formula.
    pub(crate) fn occurrences_by_literal(&self) -> (Vec<Vec<u32>>, u64) {
        let mut occ: Vec<Vec<u32>> = vec![Vec::new(); 2 * self.n as usize];
        let mut size = 0u64;
        for (i, c) in self.clauses.iter().enumerate() {
            size += c.len() as u64;
            for l in c {
                occ[l.code()].push(i as u32);
            }
        }
        (occ, size)
    }

    /// How many clauses each variable occurs in.
    pub(crate) fn occurrences(&self) -> Vec<u32> {
        let mut occurs = vec![0u32; self.n as usize];
        for l in self.clauses.iter().flatten() {
            occurs[l.var() as usize] += 1;
        }
        occurs
    }

    /// Number of variables in some clause.
    pub(crate) fn vars_in_clauses(&self) -> usize {
        self.occurrences().iter().filter(|&&k| k > 0).count()
    }

    /// Number of clauses and literals, to see whether a round changed anything.
    pub(crate) fn size(&self) -> (usize, usize) {
        (self.clauses.len(), self.clauses.iter().map(Vec::len).sum())
    }

    /// Sorts each clause, merges duplicate literals and drops tautologies. `false` when a
    /// clause is empty.
    pub(crate) fn normalize(&mut self) -> bool {
        let mut empty = false;
        self.clauses.retain_mut(|c| {
            c.sort_unstable();
            c.dedup();
            empty |= c.is_empty();
            !c.windows(2).any(|w| w[0].var() == w[1].var())
        });
        !empty
    }

    /// Unit propagation over all clauses; fixed variables leave the formula. `false` when
    /// it is unsatisfiable.
    pub(crate) fn propagate_units(&mut self, stats: &mut PreprocessStats) -> bool {
        let mut units = Vec::new();
        for c in &self.clauses {
            match c.len() {
                0 => return false,
                1 => units.push(c[0]),
                _ => {}
            }
        }
        if units.is_empty() {
            return true;
        }
        let mut eng = Engine::with_clauses(self.n, &self.clauses);
        for u in units {
            match eng.value(u) {
                0 => eng.assign(u, crate::engine::NO_REASON),
                v if v < 0 => return false,
                _ => {}
            }
        }
        if eng.propagate().is_some() {
            return false;
        }
        self.apply_assignment(&eng, stats)
    }

    /// Fixes every literal on the root trail of `eng` and simplifies the clauses. `false`
    /// when a clause becomes empty.
    pub(crate) fn apply_assignment(&mut self, eng: &Engine, stats: &mut PreprocessStats) -> bool {
        for &l in eng.trail() {
            if eng.level(l.var()) == 0 && self.fate[l.var() as usize] == Fate::Open {
                self.fate[l.var() as usize] = Fate::Fixed(l.is_negative());
                stats.units += 1;
            }
        }
        let mut empty = false;
        self.clauses.retain_mut(|c| {
            if c.iter().any(|&l| eng.level(l.var()) == 0 && eng.is_true(l)) {
                return false;
            }
            c.retain(|&l| !(eng.level(l.var()) == 0 && eng.is_false(l)));
            empty |= c.is_empty();
            true
        });
        !empty
    }

    /// Renumbers the variables left in some clause densely and counts the projected
    /// variables left in none.
    pub(crate) fn finish(self, stats: &mut PreprocessStats) -> Simplified {
        let mut map = vec![u32::MAX; self.n as usize];
        let mut projected = Vec::new();
        let mut defined = Vec::new();
        let mut origin = Vec::new();
        let mut clauses = self.clauses;
        for c in &mut clauses {
            for l in c.iter_mut() {
                let v = l.var() as usize;
                if map[v] == u32::MAX {
                    map[v] = projected.len() as u32;
                    projected.push(self.projected[v]);
                    defined.push(self.defined[v]);
                    origin.push(v as u32);
                }
                *l = Lit::new(map[v], l.is_negative());
            }
        }
        let free: Vec<usize> = (0..self.n as usize)
            .filter(|&v| map[v] == u32::MAX && self.projected[v] && self.fate[v] == Fate::Open)
            .collect();
        stats.free_vars = self.free_projected + free.len() as u64;
        stats.vars_after = projected.len() as u64;
        stats.clauses_after = clauses.len() as u64;
        let mut exponent = self.free_projected + free.len() as u64;
        let weights = self.weights.map(|mut w| {
            let mut factors = vec![std::mem::take(&mut w.factor)];
            for &v in &free {
                if !w.is_unit(v as u32) {
                    factors.push(w.free(v as u32));
                    exponent -= 1;
                }
            }
            for (v, fate) in self.fate.iter().enumerate() {
                if let Fate::Fixed(negative) = *fate {
                    factors.push(w.lits[Lit::new(v as u32, negative).code()].clone());
                }
            }
            let factor = crate::exact::product(factors.into_iter());
            let mut lits = vec![BigRational::from_integer(1.into()); 2 * projected.len()];
            for (v, &m) in map.iter().enumerate() {
                if m != u32::MAX {
                    for negative in [false, true] {
                        lits[Lit::new(m, negative).code()] =
                            std::mem::take(&mut w.lits[Lit::new(v as u32, negative).code()]);
                    }
                }
            }
            LitWeights { lits, factor }
        });
        Simplified {
            clauses,
            projected,
            defined,
            origin,
            exponent,
            weights,
        }
    }
}

/// The formula and what is known of its variables at some point, to go back to.
pub(crate) struct Snapshot {
    /// The clauses then.
    pub clauses: Vec<Vec<Lit>>,
    projected: Vec<bool>,
    defined: Vec<Defined>,
    fate: Vec<Fate>,
    weights: Option<LitWeights>,
    long_resolvents: u64,
    stats: PreprocessStats,
}

impl Snapshot {
    /// `w` and `stats` as they are.
    pub(crate) fn of(w: &Work, stats: &PreprocessStats) -> Snapshot {
        Snapshot {
            clauses: w.clauses.clone(),
            projected: w.projected.clone(),
            defined: w.defined.clone(),
            fate: w.fate.clone(),
            weights: w.weights.clone(),
            long_resolvents: w.long_resolvents,
            stats: stats.clone(),
        }
    }

    /// Puts `w` and `stats` back as they were.
    pub(crate) fn restore(self, w: &mut Work, stats: &mut PreprocessStats) {
        w.clauses = self.clauses;
        w.projected = self.projected;
        w.defined = self.defined;
        w.fate = self.fate;
        w.weights = self.weights;
        w.long_resolvents = self.long_resolvents;
        *stats = self.stats;
    }
}
