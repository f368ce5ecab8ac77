//! The clauses a compile derives, logged for a clausal proof of its compiled formula: the
//! fixed literals and strengthened clauses of preprocessing, every clause conflict analysis
//! learns, and for each branch of the search that ends without models a clause that
//! refutes it (the branch literal and the false literals of lower levels it rests on).
//!
//! Each logged clause is implied by unit propagation over the input clauses and the clauses
//! logged before it (a RUP step, Goldberg & Novikov 2003; Gelder 2008), so a proof writer
//! adds them in order, each by one propagation, and never searches: a branch's clause is
//! RUP because both branches of every decision below it were logged first, and a decision
//! whose branches are refuted propagates to a conflict (the resolution step of DPLL).
//!
//! Logging is off unless asked ([`compile_with_lemmas`](crate::nnf::compile_with_lemmas)):
//! the search then tests one `Option` per conflict and per branch without models.

use crate::engine::{Engine, NO_REASON, UNIT_REASON};
use crate::lit::Lit;

/// Logged clauses over DIMACS literals, in the order they were derived.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lemmas {
    /// The literals of every clause, each clause ended by 0.
    lits: Vec<i32>,
    /// How many clauses.
    len: usize,
    /// Clauses the compile stopped using: (how many clauses were logged then, which one).
    deletions: Vec<(usize, usize)>,
}

impl Lemmas {
    /// How many clauses.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The clauses, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &[i32]> {
        self.lits.split(|&l| l == 0).take(self.len)
    }

    /// The number of literals over all clauses.
    pub fn literals(&self) -> usize {
        self.lits.len() - self.len
    }

    /// The clauses the compile stopped propagating, as pairs (`after`, `which`): once
    /// `after` clauses were logged, clause `which` (0-based) left its clause database. A
    /// proof writer that follows may leave it out of its propagation from then on (it is
    /// still implied, and later clauses do not need it).
    pub fn deletions(&self) -> &[(usize, usize)] {
        &self.deletions
    }
}

/// Lemmas of one's own, oldest first, none deleted (for a proof writer's tests, or clauses
/// another tool derived).
///
/// ```
/// let lemmas: sharpcount::Lemmas = [vec![1, -2], vec![3]].into_iter().collect();
/// assert_eq!(lemmas.iter().collect::<Vec<_>>(), [&[1, -2][..], &[3][..]]);
/// ```
impl FromIterator<Vec<i32>> for Lemmas {
    fn from_iter<I: IntoIterator<Item = Vec<i32>>>(clauses: I) -> Lemmas {
        let mut lemmas = Lemmas::default();
        for c in clauses {
            debug_assert!(!c.contains(&0), "a DIMACS literal is never 0");
            lemmas.lits.extend(c);
            lemmas.lits.push(0);
            lemmas.len += 1;
        }
        lemmas
    }
}

/// The log being written: the DIMACS variable of each internal variable, and the clauses.
#[derive(Debug, Default)]
pub(crate) struct ProofLog {
    dimacs: Vec<u32>,
    /// The clauses logged so far.
    pub lemmas: Lemmas,
    /// Scratch: variables marked while a branch clause is derived.
    seen: Vec<bool>,
    /// The clause logged for each learnt clause of the search, by clause reference.
    by_cref: Vec<usize>,
}

impl ProofLog {
    /// A log writing internal variable `v` as DIMACS variable `dimacs[v]`.
    pub(crate) fn new(dimacs: Vec<u32>) -> ProofLog {
        ProofLog {
            seen: vec![false; dimacs.len()],
            dimacs,
            lemmas: Lemmas::default(),
            by_cref: Vec::new(),
        }
    }

    /// The same log, writing internal variables by `dimacs` from now on.
    pub(crate) fn renumbered(self, dimacs: Vec<u32>) -> ProofLog {
        ProofLog {
            seen: vec![false; dimacs.len()],
            dimacs,
            lemmas: self.lemmas,
            by_cref: Vec::new(),
        }
    }

    /// Notes that the clause logged last is the learnt clause `cref`.
    pub(crate) fn stored_as(&mut self, cref: u32) {
        let c = cref as usize;
        if self.by_cref.len() <= c {
            self.by_cref.resize(c + 1, usize::MAX);
        }
        self.by_cref[c] = self.lemmas.len - 1;
    }

    /// Notes that the branch clauses `which` are used no more. The search never
    /// propagates them: each only refutes its branch for the clause of the branch above.
    fn retire(&mut self, which: &[usize]) {
        let after = self.lemmas.len;
        self.lemmas
            .deletions
            .extend(which.iter().map(|&w| (after, w)));
    }

    /// The refutation of a decision once both its branches are done: `None` when it has
    /// models (or a branch's refutation is unknown), else a clause false once the
    /// decision is undone: the resolvent of its branch clauses on the decided variable,
    /// or the refutation of a branch that did not need the decision. The branch clauses
    /// it does not rest on are retired.
    pub(crate) fn end_decision(
        &mut self,
        first: Option<Refuted>,
        second: Option<Refuted>,
        has_models: bool,
    ) -> Option<Falsified> {
        if has_models {
            self.retire_refuted(first);
            self.retire_refuted(second);
            return None;
        }
        match (first, second) {
            (Some(a), Some(b)) if a.logged.is_some() && b.logged.is_some() => {
                let mut lits = a.lower;
                lits.extend(b.lower);
                lits.sort_unstable();
                lits.dedup();
                let rests_on = a.logged.into_iter().chain(b.logged).collect();
                Some(Falsified { lits, rests_on })
            }
            (Some(r), other) | (other, Some(r)) if r.logged.is_none() => {
                self.retire_refuted(other);
                Some(Falsified {
                    lits: r.lower,
                    rests_on: r.rests_on,
                })
            }
            (a, b) => {
                self.retire_refuted(a);
                self.retire_refuted(b);
                None
            }
        }
    }

    fn retire_refuted(&mut self, r: Option<Refuted>) {
        if let Some(r) = r {
            self.retire(&r.rests_on);
            self.retire(r.logged.as_slice());
        }
    }

    /// Notes that the learnt clauses `crefs` leave the database.
    pub(crate) fn removed(&mut self, crefs: &[u32]) {
        for &c in crefs {
            if let Some(&which) = self.by_cref.get(c as usize).filter(|&&w| w != usize::MAX) {
                self.lemmas.deletions.push((self.lemmas.len, which));
                self.by_cref[c as usize] = usize::MAX;
            }
        }
    }

    /// Logs the clause `lits`.
    pub(crate) fn push(&mut self, lits: &[Lit]) {
        for &l in lits {
            let v = self.dimacs[l.var() as usize] as i32;
            self.lemmas.lits.push(if l.is_negative() { -v } else { v });
        }
        self.lemmas.lits.push(0);
        self.lemmas.len += 1;
    }

    /// From `falsified`, a clause false under the trail of `eng`, derives and logs the
    /// clause that refutes the current level: the literals of `falsified` assigned at the
    /// current level are resolved away with their reasons, latest first, down to the
    /// level's decision (kept, when it takes part); literals fixed by learnt units are
    /// dropped (their units are logged), those of lower levels kept.
    pub(crate) fn refute_level(&mut self, eng: &Engine, falsified: Falsified) -> Refuted {
        let level = eng.decision_level();
        let mut lower = Vec::new();
        let mut decision = None;
        let mut pending = 0usize;
        let mark = |log: &mut ProofLog, q: Lit, lower: &mut Vec<Lit>, pending: &mut usize| {
            let v = q.var() as usize;
            if log.seen[v] || eng.reason(q.var()) == UNIT_REASON {
                return;
            }
            log.seen[v] = true;
            if eng.level(q.var()) >= level {
                *pending += 1;
            } else {
                lower.push(q);
            }
        };
        for &q in &falsified.lits {
            mark(self, q, &mut lower, &mut pending);
        }
        let trail = eng.trail();
        let mut index = trail.len();
        while pending > 0 && index > 0 {
            index -= 1;
            let p = trail[index];
            if !self.seen[p.var() as usize] || eng.level(p.var()) < level {
                continue;
            }
            self.seen[p.var() as usize] = false;
            pending -= 1;
            match eng.reason(p.var()) {
                NO_REASON => decision = Some(!p),
                r => {
                    for &q in eng.db.lits(r) {
                        if q.var() != p.var() {
                            mark(self, q, &mut lower, &mut pending);
                        }
                    }
                }
            }
        }
        for q in &lower {
            self.seen[q.var() as usize] = false;
        }
        let Some(d) = decision else {
            return Refuted {
                logged: None,
                lower,
                rests_on: falsified.rests_on,
            };
        };
        let mut clause = Vec::with_capacity(lower.len() + 1);
        clause.push(d);
        clause.extend_from_slice(&lower);
        self.push(&clause);
        self.retire(&falsified.rests_on);
        Refuted {
            logged: Some(self.lemmas.len - 1),
            lower,
            rests_on: Vec::new(),
        }
    }
}

/// A clause false under the trail that shows a branch has no models, and the branch
/// clauses its refutation rests on (kept until the clause derived from it is logged).
#[derive(Debug, Default)]
pub(crate) struct Falsified {
    /// The clause.
    pub lits: Vec<Lit>,
    /// Logged clauses (indices) its refutation by propagation needs.
    pub rests_on: Vec<usize>,
}

impl From<Vec<Lit>> for Falsified {
    fn from(lits: Vec<Lit>) -> Falsified {
        Falsified {
            lits,
            rests_on: Vec::new(),
        }
    }
}

/// How a branch without models was refuted.
#[derive(Debug)]
pub(crate) struct Refuted {
    /// The clause logged for it, when the refutation needed the branch literal.
    pub logged: Option<usize>,
    /// The false literals of lower levels the refutation rests on.
    pub lower: Vec<Lit>,
    /// When nothing was logged: the logged clauses the refutation needs.
    pub rests_on: Vec<usize>,
}
