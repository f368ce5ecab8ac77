//! One enumeration: depth-first search over the projection with unit propagation (implication
//! lists for binary clauses, two watched literals for the rest) and chronological
//! backtracking. Each projected model is reached at exactly one leaf of the decision tree
//! (two leaves differ in the polarity of some projection decision), so no blocking clause is
//! ever added: memory stays that of the formula, and the rate does not decay with the count.
//! Once every projection variable has a value, the remaining variables (auxiliaries of an
//! encoding, hidden model variables) are searched for one extension only.

use crate::Formula;
use std::sync::Arc;
use zero_one_model::{Lit, Propagator, StopFlag};

/// A decision level.
#[derive(Copy, Clone, Debug)]
struct Level {
    /// Length of the trail before the decision.
    trail_start: usize,
    /// The literal decided.
    decision: Lit,
    /// Whether this is already the second branch (the decision's negation).
    flipped: bool,
    /// Whether the decision is on a projection variable.
    projection: bool,
    /// For a second branch: whether its proof lemma was left out (a leaf: its parent's
    /// check redoes its propagation).
    unrecorded: bool,
}

/// Counters of one enumeration.
#[derive(Copy, Clone, Debug, Default)]
pub struct SearchStats {
    /// Decisions made.
    pub decisions: u64,
    /// Conflicts met.
    pub conflicts: u64,
    /// Conflicts since the last model (or the start).
    pub conflicts_since_model: u64,
}

/// The state of one enumeration.
pub struct Search {
    f: Arc<Formula>,
    /// The assignment, extended by unit propagation.
    p: Propagator,
    levels: Vec<Level>,
    done: bool,
    /// The literals every model of this search holds.
    fixed: Vec<Lit>,
    /// The proof steps of the search, when recorded ([`Search::with_proof`]).
    proof: Option<Vec<ProofStep>>,
    /// Counters.
    pub stats: SearchStats,
    /// Where the scans for an open variable start: every entry of the formula's `order`
    /// before `order_from`, and every variable before `value_from`, is assigned. Without
    /// them a file of 100,000 free variables cost a scan of all of them per decision.
    order_from: usize,
    value_from: usize,
    /// The position of each variable in the formula's `order` (`u32::MAX`: not in it).
    order_pos: Vec<u32>,
}

impl Search {
    /// A search for the models in which every literal of `fixed` holds.
    pub fn new(f: Arc<Formula>, fixed: &[Lit]) -> Search {
        Search::build(f, fixed, false)
    }

    /// A search that also records its refutation: for every node of the decision tree once
    /// it is exhausted, the lemma ¬(fixed ∧ decisions to it), in the order a DRUP proof can
    /// take them. Each is RUP from the formula, the blocking clause (over the projection) of
    /// every model found and the lemmas before it: a conflict is found by unit propagation,
    /// a model's leaf assigns every projection variable (decisions off the projection come
    /// only after them, and are dropped from its lemma) so that its blocking clause is
    /// false, and an inner node's two branches have their lemmas (a second branch that is a
    /// leaf records none: the node's check redoes its propagation). The last lemma is
    /// ¬fixed. The lemmas of a node's two branches are deleted once the node's own is
    /// derived. Run it without a budget ([`Search::surrender`] leaves the tree unfinished).
    pub fn with_proof(f: Arc<Formula>, fixed: &[Lit]) -> Search {
        Search::build(f, fixed, true)
    }

    fn build(f: Arc<Formula>, fixed: &[Lit], proof: bool) -> Search {
        let mut order_pos = vec![u32::MAX; f.num_vars()];
        for (i, l) in f.order.iter().enumerate() {
            order_pos[l.var().index()] = order_pos[l.var().index()].min(i as u32);
        }
        let mut s = Search {
            order_from: 0,
            value_from: 0,
            order_pos,
            p: Propagator::new(Arc::clone(&f.clauses)),
            levels: Vec::new(),
            done: f.clauses.has_empty_clause(),
            fixed: fixed.to_vec(),
            proof: proof.then(Vec::new),
            stats: SearchStats::default(),
            f: Arc::clone(&f),
        };
        for &l in f.clauses.units().iter().chain(fixed) {
            if !s.done && !s.p.enqueue(l) {
                s.done = true;
            }
        }
        if s.done {
            s.emit();
        }
        s
    }

    /// ¬(fixed ∧ decisions), and `last` after them.
    fn node_lemma(&self, last: Option<Lit>) -> Vec<Lit> {
        let negated = self.fixed.iter().map(|&l| !l);
        let path = self.levels.iter().map(|l| !l.decision);
        negated.chain(path).chain(last).collect()
    }

    /// Records the lemma of the current node: ¬(fixed ∧ decisions).
    fn emit(&mut self) {
        if self.proof.is_none() {
            return;
        }
        let lemma = self.node_lemma(None);
        if let Some(proof) = &mut self.proof {
            proof.push(ProofStep::Add(lemma));
        }
    }

    /// Records the lemma of a leaf (a conflict, or a model with every projection variable
    /// assigned), unless it is a second branch: such a branch needs no lemma, since its
    /// parent's check assigns the parent's path, gets this branch's decision from the first
    /// branch's lemma, and propagates to the same conflict or to the same full assignment of
    /// the projection, which the model's blocking clause makes a conflict.
    fn emit_leaf(&mut self) {
        match self.levels.last_mut() {
            Some(top) if top.flipped => top.unrecorded = true,
            _ => self.emit(),
        }
    }

    /// Records that the lemmas of the current node's two branches are no longer needed (the
    /// node's own lemma is derived): deleting them keeps a checker's clause database as small
    /// as the search's path. `second` is the second branch's decision; `unrecorded`: that
    /// branch's lemma was left out (nothing to delete).
    fn forget_branches(&mut self, second: Lit, unrecorded: bool) {
        if self.proof.is_none() {
            return;
        }
        let first = self.node_lemma(Some(second));
        let second = (!unrecorded).then(|| self.node_lemma(Some(!second)));
        if let Some(proof) = &mut self.proof {
            proof.push(ProofStep::Delete(first));
            proof.extend(second.map(ProofStep::Delete));
        }
    }

    /// The proof steps recorded so far ([`Search::with_proof`]), taken.
    pub fn take_proof(&mut self) -> Vec<ProofStep> {
        self.proof.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The next decision: on the projection, the first open literal of the open candidate
    /// clause with the fewest open literals, else the next open projection variable in
    /// occurrence order; once the projection is decided, the first open variable.
    fn pick(&mut self) -> Option<(Lit, bool)> {
        let mut best: Option<(u32, usize)> = None;
        for &c in &self.f.candidates {
            let mut open = 0;
            let mut satisfied = false;
            for &l in self.f.clauses.long(c) {
                match self.p.lit_value(l) {
                    Some(true) => {
                        satisfied = true;
                        break;
                    }
                    None => open += 1,
                    Some(false) => {}
                }
            }
            if !satisfied && open > 0 && best.is_none_or(|(_, o)| open < o) {
                best = Some((c, open));
                if open == 2 {
                    break;
                }
            }
        }
        if let Some((c, _)) = best {
            let l = self
                .f
                .clauses
                .long(c)
                .iter()
                .copied()
                .find(|&l| self.p.is_open(l))?;
            return Some((l, true));
        }
        let order = &self.f.order[self.order_from..];
        if let Some(i) = order.iter().position(|&l| self.p.is_open(l)) {
            self.order_from += i;
            return Some((order[i], true));
        }
        self.order_from = self.f.order.len();
        let v = (self.value_from..self.f.num_vars()).find(|&v| !self.p.is_assigned(v))?;
        self.value_from = v;
        Some((zero_one_model::Var::new(v as u32).negative(), false))
    }

    fn undo(&mut self, to: usize) {
        let (value_from, order_from) = (&mut self.value_from, &mut self.order_from);
        let order_pos = &self.order_pos;
        self.p.undo_with(to, |l| {
            let v = l.var().index();
            *value_from = (*value_from).min(v);
            *order_from = (*order_from).min(order_pos[v] as usize);
        });
    }

    /// Takes back decisions up to the deepest one whose other branch is still open, and takes
    /// that branch; `false` when none is left.
    fn backtrack(&mut self) -> bool {
        while let Some(level) = self.levels.pop() {
            self.undo(level.trail_start);
            if !level.flipped {
                self.levels.push(Level {
                    trail_start: self.p.mark(),
                    decision: !level.decision,
                    flipped: true,
                    projection: level.projection,
                    unrecorded: false,
                });
                let ok = self.p.enqueue(!level.decision);
                debug_assert!(ok, "the negation of an undone decision is open");
                return true;
            }
            // Both branches of the popped decision are refuted: so is the node above them.
            self.emit();
            self.forget_branches(level.decision, level.unrecorded);
        }
        false
    }

    /// Gives up the search and returns what it has not explored yet as disjoint cubes (beyond
    /// the fixed literals), together covering every projected model not given so far: the
    /// current node on the projection, and the other branch of every decision whose second
    /// branch is still to come. Decisions off the projection are dropped first, so the cubes
    /// differ on projection variables only.
    pub fn surrender(&mut self) -> Vec<Vec<Lit>> {
        if self.done {
            return Vec::new();
        }
        while self.levels.last().is_some_and(|l| !l.projection) {
            let level = self.levels.pop().expect("checked");
            self.undo(level.trail_start);
        }
        let decisions: Vec<Lit> = self.levels.iter().map(|l| l.decision).collect();
        let mut cubes = vec![decisions.clone()];
        for (i, level) in self.levels.iter().enumerate() {
            if !level.flipped {
                let mut c = decisions[..i].to_vec();
                c.push(!level.decision);
                cubes.push(c);
            }
        }
        self.done = true;
        cubes
    }

    /// Whether the search is over.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The next model's values of the model variables ([`Step::Model`]), [`Step::Done`] when
    /// every projected model has been given, or [`Step::OverBudget`] when more than `budget`
    /// conflicts passed since the last model (the search can go on, or
    /// [`Search::surrender`]), or [`Step::Stopped`] soon after `stop` is set.
    pub fn next_model(&mut self, budget: u64, stop: Option<&StopFlag>) -> Step {
        let mut steps = 0u32;
        while !self.done {
            if self.stats.conflicts_since_model > budget {
                return Step::OverBudget;
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(STOP_CHECK_EVERY) && stop.is_some_and(StopFlag::is_raised) {
                return Step::Stopped;
            }
            if !self.p.propagate() {
                self.emit_leaf();
                self.stats.conflicts += 1;
                self.stats.conflicts_since_model += 1;
                if !self.backtrack() {
                    self.done = true;
                }
                continue;
            }
            if let Some((l, projection)) = self.pick() {
                self.stats.decisions += 1;
                self.levels.push(Level {
                    trail_start: self.p.mark(),
                    decision: l,
                    flipped: false,
                    projection,
                    unrecorded: false,
                });
                self.p.enqueue(l);
                continue;
            }
            self.stats.conflicts_since_model = 0;
            let model = self.p.values(self.f.model_vars);
            // One extension per projected model: drop the decisions off the projection.
            while self.levels.last().is_some_and(|l| !l.projection) {
                let level = self.levels.pop().expect("checked");
                self.undo(level.trail_start);
            }
            self.emit_leaf();
            if !self.backtrack() {
                self.done = true;
            }
            return Step::Model(model);
        }
        Step::Done
    }
}

/// One step of a recorded proof ([`Search::with_proof`]), as DRAT has them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofStep {
    /// A lemma, RUP from what is there.
    Add(Vec<Lit>),
    /// A lemma no longer needed.
    Delete(Vec<Lit>),
}

/// What [`Search::next_model`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A model: values of the model variables.
    Model(Vec<bool>),
    /// No projected model is left.
    Done,
    /// The conflict budget ran out before the next model.
    OverBudget,
    /// The stop flag was set: the search can go on, but was asked not to.
    Stopped,
}

/// Steps of the search between two looks at the stop flag (a step is a few microseconds).
const STOP_CHECK_EVERY: u32 = 1024;
