//! The counting search: depth-first branching with dynamic decomposition and component
//! caching in the design of sharpSAT (Thurley 2006), with clause learning as in Cachet
//! (Sang et al. 2004).
//!
//! Each [`Node`] branches on one variable of one component: the component's count is the
//! sum over both values of the product of the counts of the children that decomposition
//! finds after propagation, times 2 per free projected variable. With weights (Sang,
//! Beame & Kautz 2005) the search computes in another [`Semiring`]: each branch is also
//! multiplied by the weights of the component's literals it makes true (the decision and
//! what propagates), and a free variable by the sum of its two weights; every weighted
//! variable is projected, so a component without projected variables still weighs 1
//! when satisfiable. Children are answered
//! from the cache or counted in turn, smallest first; a child without projected
//! variables is only checked for satisfiability, and when it has no model the clause
//! learnt from that refutation ([`Core::learn_below`]) is treated as a conflict's: it
//! asserts its literal in the other branch. Backtracking is chronological (as in
//! sharpSAT): a conflict ends the current branch with count 0, and the learnt clause then
//! propagates in the other branch and everywhere after.
//!
//! Why the counts stay exact with learning: a learnt clause is implied by the formula, so
//! under a satisfiable assignment it only propagates literals that every model of the
//! affected component has, and conflicts only cut branches without models. (With clauses
//! switched off as blocked it may cut models of the clauses left on, never a projection:
//! see `component::blocking`.) Only when a
//! sibling component somewhere on the stack is unsatisfiable can learnt clauses cut real
//! models of the component being counted; every such count lies inside a branch whose
//! count is then 0, and every cache entry created inside a branch that ends with 0 is
//! purged ([`Cache::purge_since`]) before anything outside that branch can read it.
//!
//! Decisions score each candidate by its level in a tree decomposition (see
//! [`crate::tree`]), weighted by how narrow the decomposition is (none when it is wider
//! than half the variables, [`FLAT_WIDTH`]), plus VSADS
//! (occurrences in the component's residual clauses and conflict activity, Sang, Beame &
//! Kautz 2005). Candidates are the projected variables and the unprojected ones that
//! preprocessing found defined by them, which let the search split components where no
//! projected variable does.

use crate::cache::Cache;
use crate::component::{Components, Graph, Mark};
use crate::core::{Assertion, Core};
use crate::engine::NO_REASON;
use crate::error::Error;
use crate::limits::{Limits, Stop};
use crate::lit::Lit;
use crate::preprocess::Defined;
use crate::proof::{Falsified, Refuted};
use crate::sat::{Halt, SatSearch};
use crate::semiring::{HeapSize, Semiring};
use crate::stats::{Progress, Stats};
use crate::tree::TreeOrder;
use crate::tuning::Tuning;
use std::sync::RwLock;

mod probe;

/// See [`tree_weight`].
const TREE_WEIGHT: f64 = 0.7;

/// A tree decomposition wider than this share of the variables does not guide decisions:
/// on the small random projected files of tracks 3 and 4 (75 variables, width 50) VSADS
/// alone takes track3_125 from 8.5 to 3.0 million decisions (over 60 s to 18 s; Ganak 12
/// s), and track1_117 from 29.7 to 17.4 s; no file of the four tracks got slower than
/// 0.4 s for it.
const FLAT_WIDTH: f64 = 0.5;

/// One branching point, computing a value of type `V`.
#[derive(Debug)]
struct Node<V> {
    /// Stack index of the component branched on.
    comp: u32,
    /// The literal made true in the first branch; the second makes it false.
    decision: Lit,
    /// 0 or 1.
    branch: u8,
    /// Decision level of the branch literal.
    level: u32,
    /// Count of the first branch, once done.
    first: V,
    /// Product of the current branch so far.
    product: V,
    /// The component stack before this branch's children.
    mark: Mark,
    /// Stack index of the next child to count.
    next: u32,
    /// Cache time at the start of the branch.
    stamp: u64,
    /// What the clause learnt from a conflict in the first branch asserts in the second.
    pending: Option<Assertion>,
    /// When logging a proof: a clause false under the trail that shows the current branch
    /// has no models, once it is known.
    falsified: Option<Falsified>,
    /// When logging a proof and the first branch had no models: the clause logged for it,
    /// when its refutation needed the branch literal, and the false literals of lower
    /// levels it rests on.
    first_refuted: Option<Refuted>,
}

/// The state of one count in the semiring `R`.
pub(crate) struct Search<'a, R: Semiring> {
    ring: R,
    core: Core,
    comps: Components,
    cache: Cache<R::Value>,
    sat: SatSearch,
    nodes: Vec<Node<R::Value>>,
    /// Scratch: the free variables of the last decomposition.
    free: Vec<u32>,
    limits: Limits<'a>,
    /// Weight of normalised conflict activity against occurrences in decisions.
    activity_weight: f64,
    /// Bonus of each variable for being high in the tree decomposition (0 without one).
    tree_bonus: Vec<f64>,
    /// Width of that decomposition.
    tree_width: Option<u32>,
    /// The unprojected variables the projected ones define (empty when none are): see
    /// [`Search::set_defined`].
    defined: Vec<Defined>,
    /// Whether branches may probe for failed literals (`probe`).
    implicit_bcp: bool,
    /// Scratch: the literals a probe tests.
    tests: Vec<Lit>,
    /// Whether branches probe now ([`probe::Window`]).
    window: probe::Window,
    /// A cache other searches publish to, read when this one's own misses.
    shared: Option<&'a RwLock<Cache<R::Value>>>,
}

fn progress_of<V: HeapSize>(core: &Core, cache: &Cache<V>, depth: usize) -> Progress {
    Progress {
        decisions: core.counters.decisions,
        conflicts: core.counters.conflicts,
        cache_hits: cache.stats.hits,
        cache_entries: cache.len() as u64,
        cache_bytes: cache.bytes() as u64,
        components: core.counters.components,
        depth: depth as u64,
        elapsed: Default::default(),
    }
}

impl<'a, R: Semiring> Search<'a, R> {
    /// A search in `ring` over what preprocessing left, `s` (its projection is taken), its
    /// decisions guided by the tree decomposition of `s`'s clauses ([`tree_order`]);
    /// fails when `limits` stop the decomposition.
    pub(crate) fn over(
        ring: R,
        s: &mut crate::preprocess::Simplified,
        cache_bytes: usize,
        mut limits: Limits<'a>,
        tuning: &Tuning,
    ) -> Result<Search<'a, R>, Halt> {
        let projected = std::mem::take(&mut s.projected);
        let td = tree_order(projected.len() as u32, &s.clauses, tuning, &mut limits)?;
        Ok(Search::new(
            ring,
            &s.clauses,
            projected,
            cache_bytes,
            limits,
            tuning,
            td.as_ref(),
        ))
    }

    /// A search in `ring` over `clauses` (each of at least two distinct variables, no
    /// units) on `projected.len()` variables, with a cache of `cache_bytes`, its decisions
    /// guided by the tree decomposition `td` of `clauses` when there is one
    /// ([`tree_order`]).
    pub(crate) fn new(
        ring: R,
        clauses: &[Vec<Lit>],
        projected: Vec<bool>,
        cache_bytes: usize,
        limits: Limits<'a>,
        tuning: &Tuning,
        td: Option<&TreeOrder>,
    ) -> Search<'a, R> {
        let n = projected.len() as u32;
        let tree_width = td.map(|t| t.width);
        // A decomposition as wide as most of the formula says little about where to
        // split; it only drowns VSADS (Ganak reports such a one as "flat").
        let flat = td.is_some_and(|t| f64::from(t.width) > FLAT_WIDTH * f64::from(n));
        let tree_bonus = match td.filter(|_| !flat) {
            Some(t) => t
                .depth
                .iter()
                .map(|&d| tree_weight(t.width, n) * f64::from(t.max_depth - d))
                .collect(),
            None => vec![0.0; n as usize],
        };
        let mut comps = Components::new(Graph::new(n, clauses), projected);
        let mut sat = SatSearch::new(n);
        sat.learn_refutations = true;
        if !tuning.dynamic_blocking {
            comps.never_switch_off();
        }
        Search {
            ring,
            free: Vec::new(),
            tree_bonus,
            tree_width,
            core: Core::new(n, clauses, tuning.learnt_min),
            comps,
            cache: Cache::new(cache_bytes),
            sat,
            nodes: Vec::new(),
            limits,
            activity_weight: 1.0,
            defined: Vec::new(),
            implicit_bcp: tuning.implicit_bcp,
            tests: Vec::new(),
            window: probe::Window::default(),
            shared: None,
        }
    }

    /// Marks the unprojected variables that the projected ones define (found by
    /// preprocessing): decisions may go to them too. Their two branches split the
    /// component's projected models in two, since each such model has one value of the
    /// variable (when the rest of the formula has a model; else the branch's count is 0
    /// whatever this component's), and a decision on one can split the component where
    /// no projected variable does (the D-set of Ganak 2 and Arjun, Soos, Meel et al.).
    pub(crate) fn set_defined(&mut self, defined: Vec<Defined>) {
        if defined.iter().any(|&d| d != Defined::No) {
            for (v, _) in defined
                .iter()
                .enumerate()
                .filter(|(_, d)| **d != Defined::No)
            {
                self.comps.never_blocks(v as u32);
            }
            self.defined = defined;
        }
    }

    /// Reads `shared` when the search's own cache misses ([`crate::shared`]).
    pub(crate) fn share(&mut self, shared: &'a RwLock<Cache<R::Value>>) {
        self.shared = Some(shared);
    }

    /// Assigns `lits` before the search (a cube): the count is then that of the formula
    /// with them as units. `false` when they contradict the clauses by propagation.
    pub(crate) fn assume(&mut self, lits: &[Lit]) -> bool {
        for &l in lits {
            match self.core.eng.value(l) {
                0 => self.core.eng.assign(l, NO_REASON),
                v if v < 0 => return false,
                _ => {}
            }
        }
        self.core.eng.propagate().is_none()
    }

    /// The cache, once the search is over: every entry in it is exact.
    pub(crate) fn into_cache(self) -> Cache<R::Value> {
        self.cache
    }

    /// The value of component `i` of `comps` from `cache`, or from `shared`.
    fn cached(
        cache: &mut Cache<R::Value>,
        shared: Option<&RwLock<Cache<R::Value>>>,
        comps: &Components,
        i: u32,
    ) -> Option<R::Value> {
        let hash = comps.get(i).hash;
        let key = comps.key(i);
        if let Some(n) = cache.get(hash, key) {
            return Some(n.clone());
        }
        let n = shared?.read().ok()?.peek(hash, key)?.clone();
        cache.stats.hits += 1;
        cache.stats.misses -= 1;
        Some(n)
    }

    /// Logs the clauses the search derives to `log` ([`crate::proof`]).
    pub(crate) fn log_to(&mut self, log: crate::proof::ProofLog) {
        self.comps.never_switch_off();
        self.core.log = Some(log);
    }

    /// The log of derived clauses, when there is one.
    pub(crate) fn take_log(&mut self) -> Option<crate::proof::ProofLog> {
        self.core.log.take()
    }

    /// The semiring, given back when the search is over (it may hold what was built).
    pub(crate) fn into_ring(self) -> R {
        self.ring
    }

    /// Copies the counters into `stats`.
    pub(crate) fn report(&self, stats: &mut Stats) {
        let c = &self.core.counters;
        stats.decisions = c.decisions;
        stats.conflicts = c.conflicts;
        stats.learnt_clauses = c.learnt;
        stats.components = c.components;
        stats.sat_calls = c.sat_calls;
        stats.failed_probes = c.failed_probes;
        stats.blocked_in_search = self.comps.switched_off();
        stats.propagations = self.core.eng.propagations;
        let k = &self.cache.stats;
        stats.cache_hits = k.hits;
        stats.cache_misses = k.misses;
        stats.cache_evictions = k.evictions;
        stats.cache_purged = k.purged;
        stats.cache_peak_bytes = k.peak_bytes;
        stats.cache_entries = self.cache.len() as u64;
        stats.tree_width = self.tree_width;
    }

    /// Counts the models of the whole formula, projected.
    pub(crate) fn run(&mut self) -> Result<R::Value, Halt> {
        let root = self.comps.push_root();
        if self.comps.get(root).projected == 0 {
            let vars = self.comps.vars(root).to_vec();
            let sat = self.solve_sat_vars(&vars)?;
            return Ok(if sat {
                self.ring.one()
            } else {
                self.ring.zero()
            });
        }
        self.nodes.push(Node {
            comp: root,
            decision: Lit::new(0, false),
            branch: 0,
            level: 0,
            first: self.ring.zero(),
            product: self.ring.one(),
            mark: self.comps.mark(),
            next: 0,
            stamp: self.cache.now(),
            pending: None,
            falsified: None,
            first_refuted: None,
        });
        self.enter_branch(None);
        loop {
            let depth = self.nodes.len();
            let (core, cache) = (&self.core, &self.cache);
            self.limits.check(|| progress_of(core, cache, depth))?;
            if !self.ring.within_budget() {
                return Err(Halt::Stop(Stop::MemoryLimit));
            }
            let Some(top) = self.nodes.last_mut() else {
                return Err(Halt::Bug("empty node stack"));
            };
            if self.ring.is_zero(&top.product) || top.next == self.comps.len() {
                if let Some(count) = self.end_branch()? {
                    return Ok(count);
                }
                continue;
            }
            let c = top.next;
            top.next += 1;
            if self.comps.get(c).projected == 0 {
                let vars = self.comps.vars(c).to_vec();
                let sat = self.solve_sat_vars(&vars)?;
                let top = self.nodes.last_mut().ok_or(Halt::Bug("empty node stack"))?;
                if sat {
                    let comp = self.comps.get(c);
                    self.cache
                        .insert(comp.hash, self.comps.key(c), self.ring.one());
                } else {
                    top.product = self.ring.zero();
                    // What the search learnt from the refutation asserts in the other
                    // branch, as after a conflict in propagation (Ganak learns from
                    // these too, Sharma et al. 2019).
                    if let Some(a) = self.sat.refuted.take() {
                        top.pending = Some(a);
                        if self.core.log.is_some() {
                            top.falsified = Some(Falsified::from(self.core.clause_of(a)));
                        }
                    }
                }
                continue;
            }
            if let Some(lits) = self.comps.single_clause(c, &self.core.eng) {
                let value = self.clause_value(&lits);
                let top = self.nodes.last_mut().ok_or(Halt::Bug("empty node stack"))?;
                self.ring.mul(&mut top.product, &value);
                continue;
            }
            self.open_node(c)?;
        }
    }

    /// The value of a component that is one clause over the unassigned literals `lits`
    /// (no other clause, no other variable), in closed form: with an unprojected literal
    /// it is satisfiable whatever the projected ones are (each free); else
    /// `l1 ∨ … ∨ lk` = `l1 ∧ (l2 … lk free)` + `¬l1 ∧ (l2 ∨ … ∨ lk)`, unrolled from the last
    /// literal with one ring operation per step (a decision chain when compiling).
    fn clause_value(&mut self, lits: &[Lit]) -> R::Value {
        let ring = &mut self.ring;
        if lits.iter().any(|l| !self.comps.is_projected(l.var())) {
            let projected: Vec<u32> = lits
                .iter()
                .map(|l| l.var())
                .filter(|&v| self.comps.is_projected(v))
                .collect();
            let mut value = ring.one();
            ring.times_free(&mut value, &projected);
            return value;
        }
        let Some((&last, rest)) = lits.split_last() else {
            return ring.zero();
        };
        // The clause over lits[i..] and the value of lits[i..] all free, from the end.
        let mut clause = ring.one();
        ring.times_literal(&mut clause, last);
        let mut free = ring.one();
        ring.times_free(&mut free, &[last.var()]);
        for &l in rest.iter().rev() {
            let mut sat = ring.one();
            ring.times_literal(&mut sat, l);
            ring.mul(&mut sat, &free);
            let mut unsat = ring.one();
            ring.times_literal(&mut unsat, !l);
            ring.mul(&mut unsat, &clause);
            clause = ring.add(sat, unsat);
            ring.times_free(&mut free, &[l.var()]);
        }
        clause
    }

    fn solve_sat_vars(&mut self, vars: &[u32]) -> Result<bool, Halt> {
        let cache = &self.cache;
        let depth = self.nodes.len();
        self.sat
            .solve(&mut self.core, vars, &mut self.limits, &|core| {
                progress_of(core, cache, depth)
            })
    }

    /// Branches on a projected variable of component `c`.
    fn open_node(&mut self, c: u32) -> Result<(), Halt> {
        // Here no learnt clause waits to be asserted, so any unlocked one may go.
        self.core.reduce_if_needed();
        let Some(lit) = self.pick(c) else {
            return Err(Halt::Bug(
                "component with projected variables has none unassigned",
            ));
        };
        self.core.decide(lit);
        self.nodes.push(Node {
            comp: c,
            decision: lit,
            branch: 0,
            level: self.core.eng.decision_level(),
            first: self.ring.zero(),
            product: self.ring.one(),
            mark: self.comps.mark(),
            next: self.comps.len(),
            stamp: self.cache.now(),
            pending: None,
            falsified: None,
            first_refuted: None,
        });
        self.enter_branch(None);
        Ok(())
    }

    /// VSADS (Sang, Beame & Kautz 2005): the unassigned projected (or defined) variable of `c` with
    /// the most residual occurrences plus recent conflict activity; its saved phase.
    fn pick(&self, c: u32) -> Option<Lit> {
        let mut best: Option<(f64, u32)> = None;
        for &v in self.comps.vars(c) {
            let defined = self.defined.get(v as usize).copied().unwrap_or_default();
            if !self.core.eng.is_unassigned(v)
                || !(self.comps.is_projected(v) || defined != Defined::No)
            {
                continue;
            }
            let score = if defined == Defined::Extended {
                // Only as a separator: on track3_025 (32 projected variables, 244 defined),
                // scored in full they took the search from 1,107 decisions to millions.
                // Without a decomposition to guide (or a flat one) they score 0: decided
                // when nothing else is left.
                self.tree_bonus[v as usize]
            } else {
                self.tree_bonus[v as usize]
                    + self.comps.occurrences[v as usize] as f64
                    + self.activity_weight * self.core.act.normalized(v)
            };
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, v));
            }
        }
        best.map(|(_, v)| Lit::new(v, self.core.eng.phase[v as usize]))
    }

    /// Propagates the branch literal just assigned (and `pending`), then decomposes the
    /// node's component; a conflict makes the branch count 0.
    fn enter_branch(&mut self, pending: Option<Assertion>) {
        let asserted = pending.is_none_or(|a| self.core.assert(a));
        let ok = asserted && self.core.assert_units();
        let mut confl = if ok { self.core.eng.propagate() } else { None };
        if ok && confl.is_none() {
            confl = self.probe();
        }
        let Some(top) = self.nodes.last_mut() else {
            return;
        };
        if !ok {
            top.product = self.ring.zero();
            if self.core.log.is_some() {
                top.falsified = match pending {
                    Some(a) if !asserted => Some(self.core.clause_of(a)),
                    _ => self.core.false_unit(),
                }
                .map(Falsified::from);
            }
            return;
        }
        if let Some(confl) = confl {
            top.product = self.ring.zero();
            let learnt = self.core.learn(confl).map(|(a, _)| a);
            if let Some(top) = self.nodes.last_mut() {
                top.pending = learnt;
                if self.core.log.is_some() {
                    top.falsified = Some(Falsified::from(match learnt {
                        Some(a) => self.core.clause_of(a),
                        None => self.core.eng.db.lits(confl).to_vec(),
                    }));
                }
            }
            return;
        }
        if R::LITERALS {
            // Every variable of the component was unassigned when it was found, so what is
            // assigned now was assigned by this branch. The branch literal goes first, as
            // d4 writes its decisions (see `nnf::builder`).
            // The root (level 0) decides nothing.
            let eng = &self.core.eng;
            let branch = match top.branch {
                0 => top.decision,
                _ => !top.decision,
            };
            let decided = (top.level > 0).then_some(branch.var());
            if decided.is_some() {
                self.ring.times_literal(&mut top.product, branch);
            }
            for &v in self.comps.vars(top.comp) {
                if Some(v) != decided && !eng.is_unassigned(v) {
                    let l = Lit::new(v, false);
                    let l = if eng.is_true(l) { l } else { !l };
                    self.ring.times_literal(&mut top.product, l);
                }
            }
            if self.ring.is_zero(&top.product) {
                return;
            }
        }
        let free = &mut self.free;
        free.clear();
        self.comps
            .decompose(top.comp, &mut self.core.eng, |v| free.push(v));
        self.ring.times_free(&mut top.product, &self.free);
        let from = top.mark.comps_index();
        let mut i = self.comps.len();
        while i > from {
            i -= 1;
            self.core.counters.components += 1;
            if let Some(n) = Self::cached(&mut self.cache, self.shared, &self.comps, i) {
                self.ring.mul(&mut top.product, &n);
                self.comps.swap_remove(i);
            }
        }
        self.comps.sort_from(from);
        top.next = from;
    }

    /// Ends the current branch of the top node; returns the final count when the root
    /// is done.
    fn end_branch(&mut self) -> Result<Option<R::Value>, Halt> {
        let Some(mut node) = self.nodes.pop() else {
            return Err(Halt::Bug("empty node stack"));
        };
        if self.ring.is_zero(&node.product) {
            self.cache.purge_since(node.stamp);
        }
        self.comps.pop_to(node.mark, &mut self.core.eng);
        if self.nodes.is_empty() {
            return Ok(Some(node.product));
        }
        let refuted = match (self.core.log.as_mut(), node.falsified.take()) {
            (Some(log), Some(f)) => Some(log.refute_level(&self.core.eng, f)),
            _ => None,
        };
        if node.branch == 0 {
            node.first_refuted = refuted;
            node.first = std::mem::replace(&mut node.product, self.ring.one());
            node.branch = 1;
            node.stamp = self.cache.now();
            node.next = self.comps.len();
            self.core.eng.backtrack(node.level - 1, |_| {});
            self.core.eng.new_level();
            self.core.eng.assign(!node.decision, NO_REASON);
            let pending = node.pending.take();
            self.nodes.push(node);
            self.enter_branch(pending);
            return Ok(None);
        }
        let total = self.ring.add(node.first, node.product);
        self.core.eng.backtrack(node.level - 1, |_| {});
        if !self.ring.is_zero(&total) {
            let comp = *self.comps.get(node.comp);
            self.cache
                .insert(comp.hash, self.comps.key(node.comp), total.clone());
        }
        let Some(parent) = self.nodes.last_mut() else {
            return Err(Halt::Bug("node without parent"));
        };
        self.ring.mul(&mut parent.product, &total);
        if let Some(log) = self.core.log.as_mut() {
            let has_models = !self.ring.is_zero(&total);
            parent.falsified = log.end_decision(node.first_refuted, refuted, has_models);
        }
        Ok(None)
    }
}

/// The tree decomposition of `clauses` over `n` variables that guides decisions, when
/// `tuning` asks for one and it can be made.
pub(crate) fn tree_order(
    n: u32,
    clauses: &[Vec<Lit>],
    tuning: &Tuning,
    limits: &mut Limits<'_>,
) -> Result<Option<TreeOrder>, Halt> {
    if !tuning.tree_order {
        return Ok(None);
    }
    Ok(crate::tree::decompose(n, clauses, limits)?)
}

/// Maps a halted search to the public error.
pub(crate) fn halt_to_error(h: Halt, stats: Stats) -> Error {
    match h {
        Halt::Stop(Stop::Interrupted) => Error::Interrupted {
            stats: Box::new(stats),
        },
        Halt::Stop(Stop::TimeLimit(limit)) => Error::TimeLimit {
            limit,
            stats: Box::new(stats),
        },
        Halt::Stop(Stop::MemoryLimit) => Error::CompiledTooLarge {
            stats: Box::new(stats),
        },
        Halt::Bug(what) => Error::Internal { what },
    }
}

/// Weight of one level of the tree order in decisions, relative to VSADS: proportional
/// to how much narrower the decomposition is than the formula (`n / width`), so that a
/// good decomposition dominates and a poor one only breaks ties. The constant was tuned
/// on `bench/mc2022.sh` files.
fn tree_weight(width: u32, n: u32) -> f64 {
    TREE_WEIGHT * f64::from(n) / f64::from(width.max(1))
}
