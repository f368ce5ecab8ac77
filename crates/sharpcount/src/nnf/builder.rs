//! The semiring whose values are pieces of a decision-DNNF: the search computes in it
//! exactly as it counts, and what it builds is the trace of its run (Huang & Darwiche
//! 2005).
//!
//! A value is a pending conjunction (literals and sealed child nodes) or false. A
//! decision ([`Semiring::add`]) seals both branches into an OR node whose two edges carry
//! each branch's literals, the decided one among them (so the branches contradict each
//! other: determinism); independent components ([`Semiring::mul`]) are concatenated
//! (disjoint variables: decomposability); the values the search caches are sealed, so a
//! cache hit shares the node. Free variables add nothing: the formula is read with
//! smoothing.
//!
//! The formula keeps the conventions of d4's output that CPOG's `cpog-gen` (Bryant,
//! Nawrocki, Avigad & Heule, SAT 2023) relies on when it reads a d4 file: the root is an
//! OR node with one edge (its parser takes the OR node of one edge that no edge points to
//! as the root); each edge of a decision lists the decided literal first (it takes the
//! first literal of each branch as the decision); and literals sit on edges into a
//! conjunction, never beside its parts (it splits a conjunction's clauses into parts by
//! the literals known on entering it). A decision with one branch left, the other having
//! failed, is an OR node of one edge.

use super::{Kind, Nnf};
use crate::lit::Lit;
use crate::semiring::{HeapSize, Semiring};

/// A piece of the formula under construction.
#[derive(Clone, Debug)]
pub(crate) enum Part {
    /// False.
    False,
    /// The conjunction of literals (DIMACS) and sealed nodes.
    Conj {
        /// The literals.
        lits: Vec<i32>,
        /// The nodes.
        kids: Vec<u32>,
    },
}

impl HeapSize for Part {
    fn heap_bytes(&self) -> usize {
        match self {
            Part::False => 0,
            Part::Conj { lits, kids } => 4 * (lits.capacity() + kids.capacity()),
        }
    }
}

/// The arena the search builds into.
#[derive(Debug)]
pub(crate) struct Builder {
    /// The formula built so far (node 0 is reserved for the root, an OR node of one edge).
    pub nnf: Nnf,
    /// The DIMACS variable of each search variable, 0 for one not shown (unprojected).
    dimacs: Vec<u32>,
    /// The TRUE node, once made.
    true_node: Option<u32>,
    /// Bytes the formula holds (nodes, edges and their literals).
    bytes: usize,
    /// The most bytes it may hold: past them the search stops.
    budget: usize,
}

impl Builder {
    /// A builder writing search variable `v` as DIMACS variable `dimacs[v]` (0: not
    /// written), whose formula may hold `budget` bytes.
    pub(crate) fn new(dimacs: Vec<u32>, budget: usize) -> Builder {
        let mut b = Builder {
            nnf: Nnf::default(),
            dimacs,
            true_node: None,
            bytes: 0,
            budget,
        };
        b.node(Kind::Or);
        b
    }

    /// A new node of `kind`, counted against the budget.
    fn node(&mut self, kind: Kind) -> u32 {
        self.bytes += std::mem::size_of::<Kind>();
        self.nnf.push_node(kind)
    }

    /// A new edge, counted against the budget.
    fn edge(&mut self, from: u32, to: u32, lits: Vec<i32>) {
        self.bytes += std::mem::size_of::<super::Edge>() + 4 * lits.capacity();
        self.nnf.push_edge(from, to, lits);
    }

    fn true_node(&mut self) -> u32 {
        if let Some(t) = self.true_node {
            return t;
        }
        let t = self.node(Kind::True);
        self.true_node = Some(t);
        t
    }

    /// Adds an edge from `parent` to the conjunction `lits ∧ kids`.
    fn edge_to_conj(&mut self, parent: u32, lits: Vec<i32>, kids: Vec<u32>) {
        match kids.len() {
            0 => {
                let t = self.true_node();
                self.edge(parent, t, lits);
            }
            1 => self.edge(parent, kids[0], lits),
            _ => {
                let and = self.node(Kind::And);
                for k in kids {
                    self.edge(and, k, Vec::new());
                }
                self.edge(parent, and, lits);
            }
        }
    }

    /// Makes node 0 the root: an OR node whose one edge is the conjunction of `extra`
    /// literals and `value`, or leads to FALSE.
    pub(crate) fn finish(mut self, value: Part, extra: Vec<i32>) -> Nnf {
        match value {
            Part::False => {
                let f = self.node(Kind::False);
                self.edge(0, f, Vec::new());
            }
            Part::Conj { mut lits, kids } => {
                lits.extend(extra);
                self.edge_to_conj(0, lits, kids);
            }
        }
        self.nnf
    }
}

impl Semiring for Builder {
    type Value = Part;
    const LITERALS: bool = true;

    fn zero(&self) -> Part {
        Part::False
    }

    fn one(&self) -> Part {
        Part::Conj {
            lits: Vec::new(),
            kids: Vec::new(),
        }
    }

    fn is_zero(&self, v: &Part) -> bool {
        matches!(v, Part::False)
    }

    fn add(&mut self, a: Part, b: Part) -> Part {
        let branches: Vec<(Vec<i32>, Vec<u32>)> = [a, b]
            .into_iter()
            .filter_map(|p| match p {
                Part::False => None,
                Part::Conj { lits, kids } => Some((lits, kids)),
            })
            .collect();
        if branches.is_empty() {
            return Part::False;
        }
        // One branch alone is sealed too (an OR node of one edge, or the node itself), so
        // that the value the search caches is one node. Its literals stay on the edge into
        // the conjunction of its parts, never on an edge out of it: `cpog-gen` splits a
        // conjunction's clauses by the literals known on entering it.
        if branches.len() == 1 && branches[0].0.is_empty() && branches[0].1.len() == 1 {
            return Part::Conj {
                lits: Vec::new(),
                kids: branches[0].1.clone(),
            };
        }
        let node = self.node(Kind::Or);
        for (lits, kids) in branches {
            self.edge_to_conj(node, lits, kids);
        }
        Part::Conj {
            lits: Vec::new(),
            kids: vec![node],
        }
    }

    fn mul(&mut self, acc: &mut Part, by: &Part) {
        match (&mut *acc, by) {
            (Part::False, _) => {}
            (_, Part::False) => *acc = Part::False,
            (Part::Conj { lits, kids }, Part::Conj { lits: l2, kids: k2 }) => {
                lits.extend_from_slice(l2);
                kids.extend_from_slice(k2);
            }
        }
    }

    fn times_literal(&mut self, acc: &mut Part, l: Lit) {
        if let Part::Conj { lits, .. } = acc {
            let v = self.dimacs[l.var() as usize];
            if v != 0 {
                let v = v as i32;
                lits.push(if l.is_negative() { -v } else { v });
            }
        }
    }

    fn times_free(&mut self, _acc: &mut Part, _vars: &[u32]) {}

    fn within_budget(&self) -> bool {
        self.bytes <= self.budget
    }
}
