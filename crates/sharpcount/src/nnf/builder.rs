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
    /// The formula built so far (node 0 is reserved for the root).
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
        b.node(Kind::And);
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

    /// Adds to the AND node `and` the edges of `lits ∧ kids`: the literals on the edge to
    /// the first kid, or to TRUE when there is none.
    fn conjoin(&mut self, and: u32, lits: Vec<i32>, kids: Vec<u32>) {
        let mut kids = kids.into_iter();
        match kids.next() {
            Some(first) => self.edge(and, first, lits),
            None if !lits.is_empty() => {
                let t = self.true_node();
                self.edge(and, t, lits);
            }
            None => {}
        }
        for k in kids {
            self.edge(and, k, Vec::new());
        }
    }

    /// Makes node 0 the root: the conjunction of `extra` literals and `value`.
    pub(crate) fn finish(mut self, value: Part, extra: Vec<i32>) -> Nnf {
        match value {
            // An OR node without edges: false. (A lone `f 1 0` is the same formula, but
            // ddnnife 0.10 fails on a file holding only it.)
            Part::False => self.nnf.kinds[0] = Kind::Or,
            Part::Conj { mut lits, kids } => {
                lits.extend(extra);
                self.conjoin(0, lits, kids);
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
        // One branch alone is sealed too (an AND node, or the node itself), so that the
        // value the search caches is one node.
        let kind = if branches.len() == 2 {
            Kind::Or
        } else {
            Kind::And
        };
        if kind == Kind::And && branches[0].0.is_empty() && branches[0].1.len() == 1 {
            return Part::Conj {
                lits: Vec::new(),
                kids: branches[0].1.clone(),
            };
        }
        let node = self.node(kind);
        for (lits, kids) in branches {
            if kind == Kind::And {
                self.conjoin(node, lits, kids);
            } else {
                self.edge_to_conj(node, lits, kids);
            }
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
