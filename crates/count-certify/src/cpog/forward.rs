//! The forward implication: the input clauses imply the root. Walking the POG from the
//! root with a trail of decisions (the sum nodes' decided literals) and their unit
//! consequences, each node gets a lemma `node ∨ ¬decisions` proved by RUP from the
//! trail's implying clauses, its children's lemmas and its defining clauses; the lemma of
//! the root has no decisions, so it is the unit clause `root`.
//!
//! The counter's own lemmas ([`sharpcount::Lemmas`]: its fixed literals, learnt clauses
//! and the refutations of its branches without models) come first, each a RUP step whose
//! hints are read off one unit propagation, and then propagate with the input clauses: a
//! literal the compiled formula conjoins is then implied by propagation wherever the
//! counter knew it. Where it is not (a node shared by the cache, proved again under
//! another trail), its negation is refuted by a small DPLL search whose conflicts become
//! RUP steps, exactly as a clause learner's would ([`Forward::searched`] counts them). A
//! node met again under another trail reuses an earlier proof whose decisions are all
//! true there; failing that, a node with a node below it is proved once more, in a context
//! of its own, as a lemma over its clauses (module `lemma`), which later trails apply.

use super::pog::{Op, Pog};
use super::prop::Prop;
use super::sink::Sink;
use super::CpogError;
use std::collections::HashMap;
use std::io::Write;

/// How a node or literal is implied: a lemma `node ∨ ¬needs` (or the literal itself,
/// true on the trail, when `lemma` is `None`), whose `needs` are true.
pub(crate) struct Just {
    pub lemma: Option<u64>,
    pub needs: Vec<i32>,
}

/// The forward proof under way.
pub(crate) struct Forward<'a, W: Write> {
    pub pog: &'a Pog,
    pub prop: Prop,
    pub sink: &'a mut Sink<W>,
    memo: HashMap<i32, Vec<(Vec<i32>, u64)>>,
    /// Per node, how often the memo had no proof that holds under the trail.
    misses: HashMap<i32, u32>,
    /// Every clause added, with its hints, to be deleted again (newest last).
    pub added: Vec<(u64, Vec<u64>)>,
    /// Literals whose negation the writer refuted by its own search.
    pub searched: u64,
    /// Lemmas of shared nodes (module `lemma`).
    pub lemmas: super::lemma::Lemmas,
}

/// How many of a node's earlier lemmas are tried before it is proved again.
const MEMO_TRIES: usize = 8;

/// How often a node is proved again under the trail (its earlier proofs not holding)
/// before it gets a lemma of its own: a lemma costs a context switch (the trail undone and
/// replayed) and a step per shortened clause, more than proving a node met a few times
/// (measured on MC2022 track-1 files 049-087: at 1, certificates took up to 5x longer to
/// write than at 3; track1_051 needs lemmas at any setting).
const PROOFS_BEFORE_A_LEMMA: u32 = 3;

impl<'a, W: Write> Forward<'a, W> {
    pub fn new(
        pog: &'a Pog,
        clauses: &[Vec<i32>],
        sink: &'a mut Sink<W>,
    ) -> Result<Self, CpogError> {
        let mut prop = Prop::new(pog.num_vars);
        for (i, c) in clauses.iter().enumerate() {
            if prop.add(c.clone(), i as u64 + 1).is_some() {
                return Err(CpogError::Unsatisfiable);
            }
        }
        if prop.propagate().is_some() {
            return Err(CpogError::Unsatisfiable);
        }
        let first_free = i64::from(pog.num_vars) + 1 + pog.nodes.len() as i64;
        Ok(Forward {
            pog,
            prop,
            sink,
            memo: HashMap::new(),
            misses: HashMap::new(),
            added: Vec::new(),
            searched: 0,
            lemmas: super::lemma::Lemmas::new(pog.num_vars, clauses, first_free),
        })
    }

    /// Adds the counter's `lemmas` in order, each a RUP step with the hints of one unit
    /// propagation; returns how many were added (one that propagation does not show
    /// implied is left out: the proof does not need it, only its search would). While
    /// they are added, those the counter stopped using leave propagation, as they left
    /// the counter's; all are back for the proof that follows.
    pub fn add_lemmas(&mut self, lemmas: &sharpcount::Lemmas) -> Result<u64, CpogError> {
        let mut added = 0;
        let mut at = vec![None; lemmas.len()];
        let mut deletions = lemmas.deletions().iter().peekable();
        for (i, lits) in lemmas.iter().enumerate() {
            while let Some(&(_, which)) = deletions.next_if(|&&(after, _)| after <= i) {
                if let Some(idx) = at[which] {
                    self.prop.remove(idx);
                }
            }
            let Some(hints) = self.rup_hints(lits) else {
                continue;
            };
            let id = self.add(lits.to_vec(), hints)?;
            added += 1;
            let idx = self.prop.len();
            if self.prop.add(lits.to_vec(), id).is_some() || self.prop.propagate().is_some() {
                return Err(CpogError::Unsatisfiable);
            }
            if self.prop.len() > idx && lits.len() > 1 {
                at[i] = Some(idx);
            }
        }
        if self.prop.restore_removed().is_some() || self.prop.propagate().is_some() {
            return Err(CpogError::Unsatisfiable);
        }
        Ok(added)
    }

    /// The hints that show `lits` implied by unit propagation (from the current trail,
    /// without decisions), or `None` when it does not: with all its literals false,
    /// propagation falsifies a clause.
    fn rup_hints(&mut self, lits: &[i32]) -> Option<Vec<u64>> {
        // A literal already true is derived from the trail, the earliest such one: the
        // checker takes every literal of the clause false, so the derivation must not pass
        // through another true one (it would come later on the trail).
        let earliest = lits
            .iter()
            .filter(|&&l| self.prop.value(l) == 1)
            .min_by_key(|&&l| self.prop.place(l));
        if let Some(&l) = earliest {
            let others: Vec<i32> = lits.iter().copied().filter(|&k| k != l).collect();
            return Some(self.prop.closure_assuming(&[l], None, &others));
        }
        let mut levels = 0;
        for &l in lits {
            if self.prop.value(l) == 0 {
                self.prop.decide(-l);
                levels += 1;
            }
        }
        let hints = self
            .prop
            .propagate()
            .map(|c| self.prop.closure_assuming(&[], Some(c), lits));
        for _ in 0..levels {
            self.prop.backtrack();
        }
        hints
    }

    pub(crate) fn add(&mut self, lits: Vec<i32>, hints: Vec<u64>) -> Result<u64, CpogError> {
        let id = self.sink.add(&lits, &hints)?;
        self.added.push((id, hints));
        Ok(id)
    }

    /// Proves the root: returns the number of the unit clause `root`.
    pub fn prove_root(&mut self) -> Result<u64, CpogError> {
        let j = self.prove(self.pog.root)?;
        match (j.lemma, j.needs.is_empty()) {
            (Some(id), true) => Ok(id),
            _ => Err(CpogError::Internal("the root's lemma depends on decisions")),
        }
    }

    fn prove(&mut self, lit: i32) -> Result<Just, CpogError> {
        if !self.pog.is_node(lit) {
            self.ensure_true(lit)?;
            return Ok(Just {
                lemma: None,
                needs: vec![lit],
            });
        }
        if let Some(list) = self.memo.get(&lit) {
            for (needs, id) in list.iter().rev().take(MEMO_TRIES) {
                if needs.iter().all(|&l| self.prop.value(l) == 1) {
                    return Ok(Just {
                        lemma: Some(*id),
                        needs: needs.clone(),
                    });
                }
            }
            // Proved before under another trail: by a lemma of its own, once.
            let misses = self.misses.entry(lit).or_insert(0);
            *misses += 1;
            if *misses >= PROOFS_BEFORE_A_LEMMA
                && self.worth_a_lemma(lit)
                && let Some(j) = self.by_lemma(lit)?
            {
                return Ok(j);
            }
        }
        self.expand(lit)
    }

    /// Whether node `lit` is worth a lemma: it has a node below it (a product of
    /// literals is proved again at once).
    fn worth_a_lemma(&self, lit: i32) -> bool {
        let node = self.pog.node(lit);
        node.op == Op::Sum || node.children.iter().any(|&c| self.pog.is_node(c))
    }

    /// Remembers that lemma `id`, `lit ∨ ¬needs`, holds.
    pub(crate) fn remember(&mut self, lit: i32, needs: Vec<i32>, id: u64) {
        self.memo.entry(lit).or_default().push((needs, id));
    }

    /// Proves node `lit` under the trail from its children's proofs.
    pub(crate) fn expand(&mut self, lit: i32) -> Result<Just, CpogError> {
        let node = self.pog.node(lit);
        let cid = node.cid;
        let (needs, tail) = match node.op {
            Op::Product => {
                let mut needs = Vec::new();
                let mut lemmas = Vec::new();
                for &c in &node.children {
                    let j = self.prove(c)?;
                    needs.extend(j.needs);
                    lemmas.extend(j.lemma);
                }
                lemmas.push(cid);
                (needs, lemmas)
            }
            Op::Sum => {
                let (a, b) = (node.children[0], node.children[1]);
                let x = self
                    .pog
                    .decision(a, b)
                    .ok_or(CpogError::Internal("a sum node without a decision"))?;
                self.prove_sum(a, b, x, cid)?
            }
        };
        self.implied(lit, &needs, tail)
    }

    /// Adds and remembers the lemma `lit ∨ ¬decisions`, where `decisions` derive the
    /// true literals `needs` on the trail and `tail` (hints after theirs) then imply `lit`.
    pub(crate) fn implied(
        &mut self,
        lit: i32,
        needs: &[i32],
        tail: Vec<u64>,
    ) -> Result<Just, CpogError> {
        let (decisions, mut hints) = self.prop.closure(needs, None);
        hints.extend(tail);
        let mut clause = vec![lit];
        clause.extend(decisions.iter().map(|&d| -d));
        let id = self.add(clause, hints)?;
        self.remember(lit, decisions.clone(), id);
        Ok(Just {
            lemma: Some(id),
            needs: decisions,
        })
    }

    /// The needs and trailing hints of a sum over `a` (with `x`) and `b` (with `-x`).
    fn prove_sum(
        &mut self,
        a: i32,
        b: i32,
        x: i32,
        cid: u64,
    ) -> Result<(Vec<i32>, Vec<u64>), CpogError> {
        match self.prop.value(x) {
            1 => {
                let j = self.prove(a)?;
                let mut tail: Vec<u64> = j.lemma.into_iter().collect();
                tail.push(cid + 1);
                return Ok((j.needs, tail));
            }
            -1 => {
                let j = self.prove(b)?;
                let mut tail: Vec<u64> = j.lemma.into_iter().collect();
                tail.push(cid + 2);
                return Ok((j.needs, tail));
            }
            _ => {}
        }
        let Some(ja) = self.branch(x, a)? else {
            return self.prove_sum(a, b, x, cid);
        };
        let Some(jb) = self.branch(-x, b)? else {
            return self.prove_sum(a, b, x, cid);
        };
        let mut needs: Vec<i32> = ja.needs.into_iter().filter(|&l| l != x).collect();
        needs.extend(jb.needs.into_iter().filter(|&l| l != -x));
        let mut tail = vec![cid + 1, cid + 2];
        tail.extend(ja.lemma);
        tail.extend(jb.lemma);
        Ok((needs, tail))
    }

    /// Proves `term` with `x` decided; `None` when `x` fails (its negation is learnt).
    fn branch(&mut self, x: i32, term: i32) -> Result<Option<Just>, CpogError> {
        self.prop.decide(x);
        if let Some(c) = self.prop.propagate() {
            let (decisions, hints) = self.prop.closure(&[], Some(c));
            self.prop.backtrack();
            self.learn(decisions, hints, -x)?;
            return Ok(None);
        }
        let j = self.prove(term).and_then(|j| self.on_decisions(term, j));
        self.prop.backtrack();
        j.map(Some)
    }

    /// `j` with needs that are all decisions: a lemma found in the memo (or applied) may
    /// need a literal the branch's decision implies, which the sum over both branches
    /// cannot need; its needs are then traced back to decisions, one RUP step.
    fn on_decisions(&mut self, term: i32, j: Just) -> Result<Just, CpogError> {
        let Some(lemma) = j.lemma else {
            return Ok(j);
        };
        if j.needs.iter().all(|&l| self.prop.is_decision(l)) {
            return Ok(j);
        }
        self.implied(term, &j.needs, vec![lemma])
    }

    /// Adds the learnt clause `¬decisions` (by `hints`), which must imply `implied` now.
    fn learn(
        &mut self,
        decisions: Vec<i32>,
        hints: Vec<u64>,
        implied: i32,
    ) -> Result<(), CpogError> {
        if !decisions.contains(&-implied) {
            return Err(CpogError::NotEquivalent);
        }
        let lits: Vec<i32> = decisions.iter().map(|&d| -d).collect();
        let id = self.add(lits.clone(), hints)?;
        if self.prop.add(lits, id).is_some() || self.prop.propagate().is_some() {
            return Err(CpogError::NotEquivalent);
        }
        Ok(())
    }

    /// Makes `lit` true on the trail: it is, or it is implied by refuting its negation.
    fn ensure_true(&mut self, lit: i32) -> Result<(), CpogError> {
        match self.prop.value(lit) {
            1 => return Ok(()),
            -1 => return Err(CpogError::NotEquivalent),
            _ => {}
        }
        self.searched += 1;
        self.prop.decide(-lit);
        let learnt = self.dpll();
        self.prop.backtrack();
        let (lits, id) = learnt?;
        if !lits.contains(&lit) {
            return Err(CpogError::NotEquivalent);
        }
        if self.prop.add(lits, id).is_some() || self.prop.propagate().is_some() {
            return Err(CpogError::NotEquivalent);
        }
        debug_assert_eq!(self.prop.value(lit), 1);
        Ok(())
    }

    /// Refutes the trail: a clause of negated decisions, learnt by RUP, and its number.
    fn dpll(&mut self) -> Result<(Vec<i32>, u64), CpogError> {
        loop {
            if let Some(c) = self.prop.propagate() {
                let (decisions, hints) = self.prop.closure(&[], Some(c));
                let lits: Vec<i32> = decisions.iter().map(|&d| -d).collect();
                let id = self.add(lits.clone(), hints)?;
                return Ok((lits, id));
            }
            let lemmas = &self.lemmas;
            let y = self
                .prop
                .pick(|v| lemmas.in_scope(v))
                .ok_or(CpogError::NotEquivalent)?;
            self.prop.decide(y);
            let learnt = self.dpll();
            self.prop.backtrack();
            let (lits, id) = learnt?;
            if !lits.contains(&-y) {
                return Ok((lits, id));
            }
            if let Some(c) = self.prop.add(lits, id) {
                let (decisions, hints) = self.prop.closure(&[], Some(c));
                let lits: Vec<i32> = decisions.iter().map(|&d| -d).collect();
                let id = self.add(lits.clone(), hints)?;
                return Ok((lits, id));
            }
        }
    }
}
