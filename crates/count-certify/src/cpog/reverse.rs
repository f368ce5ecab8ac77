//! The reverse implication: the root implies every input clause, so each input clause is
//! deleted with one RUP step from the root's unit clause and the defining clauses, and no
//! clause is added for it. With the clause falsified, its falsity runs up the POG: a
//! product is false once one child is (a literal of the clause, or a node already false),
//! a sum once both are; the hints name those defining clauses children first, and the last
//! one, the root's, contradicts the root's unit clause. A node reached this way is
//! *refuted* by the clause.
//!
//! The refuted nodes are found first, upwards from the clause's literals through each
//! node's parents, so a clause costs what it refutes rather than the whole graph; then the
//! hints are written from the root down, for the refuted nodes the root's refutation
//! needs, each once, a product by its first false child (a literal of the clause when it
//! has one: literals are marked before nodes).

use super::pog::{Op, Pog};
use super::sink::Sink;
use super::CpogError;
use std::io::Write;

/// A parent node and the place of the child among its children.
#[derive(Clone, Copy, Default)]
struct Parent {
    node: u32,
    place: u32,
}

/// Lists of parents by key `0..n` in one array (compressed rows).
struct Rows {
    start: Vec<usize>,
    items: Vec<Parent>,
}

impl Rows {
    fn new(n: usize, pairs: &[(usize, Parent)]) -> Rows {
        let mut start = vec![0usize; n + 1];
        for &(k, _) in pairs {
            start[k + 1] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut items = vec![Parent::default(); pairs.len()];
        for &(k, v) in pairs {
            items[fill[k]] = v;
            fill[k] += 1;
        }
        Rows { start, items }
    }

    fn row(&self, k: usize) -> &[Parent] {
        &self.items[self.start[k]..self.start[k + 1]]
    }
}

pub(crate) struct Reverse<'a, W: Write> {
    pog: &'a Pog,
    sink: &'a mut Sink<W>,
    /// Per literal code, the nodes with that literal as a child.
    lit_parents: Rows,
    /// Per node, the nodes with it as a child.
    node_parents: Rows,
    /// The sign of each variable in the clause at hand (0: absent).
    sign: Vec<i8>,
    /// Per node, the clause (number) `false_children` and `written` are about.
    stamp: Vec<u64>,
    /// Per node, how many of its children the clause makes false (a product is refuted
    /// by one, a sum by two).
    false_children: Vec<u8>,
    /// Per node, the place of its first false child: a literal of the clause when it has
    /// one, as literals are marked first.
    first_false: Vec<u32>,
    written: Vec<bool>,
    queue: Vec<u32>,
    hints: Vec<u64>,
}

fn code(lit: i32) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

impl<'a, W: Write> Reverse<'a, W> {
    pub fn new(pog: &'a Pog, sink: &'a mut Sink<W>) -> Self {
        let (mut lits, mut nodes) = (Vec::new(), Vec::new());
        for (i, n) in pog.nodes.iter().enumerate() {
            for (place, &c) in n.children.iter().enumerate() {
                let parent = Parent {
                    node: i as u32,
                    place: place as u32,
                };
                if pog.is_node(c) {
                    nodes.push(((c.unsigned_abs() - pog.num_vars - 1) as usize, parent));
                } else {
                    lits.push((code(c), parent));
                }
            }
        }
        let num_lits = 2 * (pog.num_vars as usize + 1);
        Reverse {
            pog,
            sink,
            lit_parents: Rows::new(num_lits, &lits),
            node_parents: Rows::new(pog.nodes.len(), &nodes),
            sign: vec![0; pog.num_vars as usize + 1],
            stamp: vec![0; pog.nodes.len()],
            false_children: vec![0; pog.nodes.len()],
            first_false: vec![0; pog.nodes.len()],
            written: vec![false; pog.nodes.len()],
            queue: Vec::new(),
            hints: Vec::new(),
        }
    }

    fn in_clause(&self, lit: i32) -> bool {
        let s = self.sign[lit.unsigned_abs() as usize];
        s != 0 && (s > 0) == (lit > 0)
    }

    /// Deletes input clause `cid` (`lits`), given the root's unit clause `root_unit`.
    pub fn delete_clause(
        &mut self,
        cid: u64,
        lits: &[i32],
        root_unit: u64,
    ) -> Result<(), CpogError> {
        if lits.iter().any(|&l| lits.contains(&-l)) {
            self.sink.delete(cid, &[])?;
            return Ok(());
        }
        for &l in lits {
            self.sign[l.unsigned_abs() as usize] = if l > 0 { 1 } else { -1 };
        }
        self.mark_refuted(cid, lits);
        let root = self.index(self.pog.root);
        self.hints.clear();
        self.hints.push(root_unit);
        let written = if self.refuted(cid, root) {
            self.write(cid, root)
        } else {
            Err(CpogError::NotEquivalent)
        };
        for &l in lits {
            self.sign[l.unsigned_abs() as usize] = 0;
        }
        written?;
        self.sink.delete(cid, &self.hints)?;
        Ok(())
    }

    fn index(&self, node: i32) -> usize {
        (node.unsigned_abs() - self.pog.num_vars - 1) as usize
    }

    fn refuted(&self, cid: u64, i: usize) -> bool {
        self.stamp[i] == cid && {
            let need = if self.pog.nodes[i].op == Op::Sum {
                2
            } else {
                1
            };
            self.false_children[i] >= need
        }
    }

    /// Counts one more false child of `parent`; queues it when that refutes it.
    fn one_more_false_child(&mut self, cid: u64, parent: Parent) {
        let p = parent.node as usize;
        if self.stamp[p] != cid {
            self.stamp[p] = cid;
            self.false_children[p] = 0;
            self.first_false[p] = parent.place;
            self.written[p] = false;
        }
        let was = self.refuted(cid, p);
        self.false_children[p] = self.false_children[p].saturating_add(1);
        if !was && self.refuted(cid, p) {
            self.queue.push(parent.node);
        }
    }

    /// Stamps every node clause `cid` (`lits`, no tautology) refutes, from its literals up.
    fn mark_refuted(&mut self, cid: u64, lits: &[i32]) {
        self.queue.clear();
        let mut seen = Vec::with_capacity(lits.len());
        for &l in lits {
            if seen.contains(&l) {
                continue;
            }
            seen.push(l);
            for k in 0..self.lit_parents.row(code(l)).len() {
                let p = self.lit_parents.row(code(l))[k];
                self.one_more_false_child(cid, p);
            }
        }
        while let Some(n) = self.queue.pop() {
            for k in 0..self.node_parents.row(n as usize).len() {
                let p = self.node_parents.row(n as usize)[k];
                self.one_more_false_child(cid, p);
            }
        }
    }

    /// Whether `child` is false: a literal of the clause or a refuted node.
    fn falsified(&self, cid: u64, child: i32) -> bool {
        if self.pog.is_node(child) {
            self.refuted(cid, self.index(child))
        } else {
            self.in_clause(child)
        }
    }

    /// Writes the hints that make refuted node `i` false, children first, each node once.
    fn write(&mut self, cid: u64, i: usize) -> Result<(), CpogError> {
        if self.written[i] {
            return Ok(());
        }
        let pog = self.pog;
        let n = &pog.nodes[i];
        match n.op {
            Op::Product => {
                let pick = self.first_false[i] as usize;
                let c = n.children[pick];
                if !self.falsified(cid, c) {
                    return Err(CpogError::Internal(
                        "a refuted product without a false child",
                    ));
                }
                if pog.is_node(c) {
                    self.write(cid, self.index(c))?;
                }
                self.hints.push(n.cid + 1 + pick as u64);
            }
            Op::Sum => {
                for &c in &n.children {
                    if pog.is_node(c) {
                        self.write(cid, self.index(c))?;
                    }
                }
                self.hints.push(n.cid);
            }
        }
        self.written[i] = true;
        Ok(())
    }
}
