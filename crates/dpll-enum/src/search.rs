//! One enumeration: depth-first search over the projection with unit propagation (implication
//! lists for binary clauses, two watched literals for the rest) and chronological
//! backtracking. Each projected model is reached at exactly one leaf of the decision tree
//! (two leaves differ in the polarity of some projection decision), so no blocking clause is
//! ever added: memory stays that of the formula, and the rate does not decay with the count.
//! Once every projection variable has a value, the remaining variables (auxiliaries of an
//! encoding, hidden model variables) are searched for one extension only.

use crate::Formula;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use zero_one_model::Lit;

const UNSET: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;

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
    lits: Vec<Lit>,
    watches: Vec<Vec<u32>>,
    value: Vec<u8>,
    trail: Vec<Lit>,
    head: usize,
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
        let mut watches = vec![Vec::new(); 2 * f.num_vars];
        for c in 0..f.num_long() as u32 {
            let cl = f.clause(c);
            watches[cl[0].code()].push(c);
            watches[cl[1].code()].push(c);
        }
        let mut order_pos = vec![u32::MAX; f.num_vars];
        for (i, l) in f.order.iter().enumerate() {
            order_pos[l.var().index()] = order_pos[l.var().index()].min(i as u32);
        }
        let mut s = Search {
            order_from: 0,
            value_from: 0,
            order_pos,
            lits: f.lits.clone(),
            watches,
            value: vec![UNSET; f.num_vars],
            trail: Vec::with_capacity(f.num_vars),
            head: 0,
            levels: Vec::new(),
            done: f.empty_clause,
            fixed: fixed.to_vec(),
            proof: proof.then(Vec::new),
            stats: SearchStats::default(),
            f: Arc::clone(&f),
        };
        for &l in f.units.iter().chain(fixed) {
            if !s.done && !s.enqueue(l) {
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

    fn lit_value(&self, l: Lit) -> u8 {
        match self.value[l.var().index()] {
            UNSET => UNSET,
            v => {
                if (v == TRUE) == l.is_positive() {
                    TRUE
                } else {
                    FALSE
                }
            }
        }
    }

    /// Makes `l` true unless it is false already (then `false`).
    fn enqueue(&mut self, l: Lit) -> bool {
        match self.lit_value(l) {
            TRUE => true,
            FALSE => false,
            _ => {
                self.value[l.var().index()] = if l.is_positive() { TRUE } else { FALSE };
                self.trail.push(l);
                true
            }
        }
    }

    /// Unit propagation of everything on the trail not yet propagated; `false` on a conflict.
    fn propagate(&mut self) -> bool {
        let f = Arc::clone(&self.f);
        while self.head < self.trail.len() {
            let l = self.trail[self.head];
            self.head += 1;
            for &m in &f.implied[l.code()] {
                if !self.enqueue(m) {
                    return false;
                }
            }
            if !self.propagate_long(!l) {
                return false;
            }
        }
        true
    }

    /// Visits the long clauses watching `false_lit`, which just became false.
    fn propagate_long(&mut self, false_lit: Lit) -> bool {
        let mut ws = std::mem::take(&mut self.watches[false_lit.code()]);
        let (mut i, mut j) = (0, 0);
        let mut ok = true;
        while i < ws.len() {
            let c = ws[i];
            i += 1;
            let s = self.f.starts[c as usize] as usize;
            let e = self.f.starts[c as usize + 1] as usize;
            if self.lits[s] == false_lit {
                self.lits.swap(s, s + 1);
            }
            let other = self.lits[s];
            if self.lit_value(other) == TRUE {
                ws[j] = c;
                j += 1;
                continue;
            }
            let replacement = (s + 2..e).find(|&k| self.lit_value(self.lits[k]) != FALSE);
            if let Some(k) = replacement {
                self.lits.swap(s + 1, k);
                self.watches[self.lits[s + 1].code()].push(c);
                continue;
            }
            ws[j] = c;
            j += 1;
            if !self.enqueue(other) {
                ok = false;
                break;
            }
        }
        while i < ws.len() {
            ws[j] = ws[i];
            i += 1;
            j += 1;
        }
        ws.truncate(j);
        self.watches[false_lit.code()] = ws;
        ok
    }

    /// The next decision: on the projection, the first open literal of the open candidate
    /// clause with the fewest open literals, else the next open projection variable in
    /// occurrence order; once the projection is decided, the first open variable.
    fn pick(&mut self) -> Option<(Lit, bool)> {
        let mut best: Option<(u32, usize)> = None;
        for &c in &self.f.candidates {
            let mut open = 0;
            let mut satisfied = false;
            for &l in self.f.clause(c) {
                match self.lit_value(l) {
                    TRUE => {
                        satisfied = true;
                        break;
                    }
                    UNSET => open += 1,
                    _ => {}
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
                .clause(c)
                .iter()
                .copied()
                .find(|&l| self.lit_value(l) == UNSET)?;
            return Some((l, true));
        }
        let order = &self.f.order[self.order_from..];
        if let Some(i) = order.iter().position(|l| self.lit_value(*l) == UNSET) {
            self.order_from += i;
            return Some((order[i], true));
        }
        self.order_from = self.f.order.len();
        let v = self.value[self.value_from..]
            .iter()
            .position(|&v| v == UNSET)?
            + self.value_from;
        self.value_from = v;
        Some((zero_one_model::Var::new(v as u32).negative(), false))
    }

    fn undo(&mut self, to: usize) {
        for l in self.trail.drain(to..) {
            let v = l.var().index();
            self.value[v] = UNSET;
            self.value_from = self.value_from.min(v);
            self.order_from = self.order_from.min(self.order_pos[v] as usize);
        }
        self.head = self.trail.len();
    }

    /// Takes back decisions up to the deepest one whose other branch is still open, and takes
    /// that branch; `false` when none is left.
    fn backtrack(&mut self) -> bool {
        while let Some(level) = self.levels.pop() {
            self.undo(level.trail_start);
            if !level.flipped {
                self.levels.push(Level {
                    trail_start: self.trail.len(),
                    decision: !level.decision,
                    flipped: true,
                    projection: level.projection,
                    unrecorded: false,
                });
                let ok = self.enqueue(!level.decision);
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
    pub fn next_model(&mut self, budget: u64, stop: Option<&AtomicBool>) -> Step {
        let mut steps = 0u32;
        while !self.done {
            if self.stats.conflicts_since_model > budget {
                return Step::OverBudget;
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(STOP_CHECK_EVERY)
                && stop.is_some_and(|s| s.load(Ordering::Relaxed))
            {
                return Step::Stopped;
            }
            if !self.propagate() {
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
                    trail_start: self.trail.len(),
                    decision: l,
                    flipped: false,
                    projection,
                    unrecorded: false,
                });
                self.enqueue(l);
                continue;
            }
            self.stats.conflicts_since_model = 0;
            let model = self.value[..self.f.model_vars]
                .iter()
                .map(|&v| v == TRUE)
                .collect();
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
