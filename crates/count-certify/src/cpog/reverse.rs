//! The reverse implication: the root implies every input clause, so each input clause is
//! deleted with one RUP step from the root's unit clause and the defining clauses, and no
//! clause is added for it. With the clause falsified, its falsity runs up the POG: a
//! product is false once one child is (a literal of the clause, or a node already false),
//! a sum once both are; the hints name those defining clauses children first, and the last
//! one, the root's, contradicts the root's unit clause. A node reached this way is
//! *refuted* by the clause.
//!
//! Which nodes the clause refutes is settled first (each node once per clause, none whose
//! variables miss the clause's); only then are the hints written, for the refuted nodes
//! that the root's refutation needs, each once, a product by the cheapest child: a literal
//! of the clause, then a node already written.

use super::pog::{Op, Pog};
use super::sink::Sink;
use super::CpogError;
use std::io::Write;

/// A 64-bit signature of a variable set: a node whose signature misses the clause's
/// cannot be refuted by it.
fn sig(var: u32) -> u64 {
    1u64 << ((u64::from(var).wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 58)
}

/// What is known of a node for the clause at hand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    Refuted,
    NotRefuted,
    /// Refuted, and its hints are written.
    Written,
}

pub(crate) struct Reverse<'a, W: Write> {
    pog: &'a Pog,
    sink: &'a mut Sink<W>,
    sigs: Vec<u64>,
    /// The sign of each variable in the clause at hand (0: absent).
    sign: Vec<i8>,
    clause_sig: u64,
    /// Per node, the clause (number) its `known` is about.
    stamp: Vec<u64>,
    known: Vec<Known>,
    hints: Vec<u64>,
}

impl<'a, W: Write> Reverse<'a, W> {
    pub fn new(pog: &'a Pog, sink: &'a mut Sink<W>) -> Self {
        let mut sigs = Vec::with_capacity(pog.nodes.len());
        for n in &pog.nodes {
            let s = n.children.iter().fold(0, |s, &c| {
                s | if pog.is_node(c) {
                    sigs[(c.unsigned_abs() - pog.num_vars - 1) as usize]
                } else {
                    sig(c.unsigned_abs())
                }
            });
            sigs.push(s);
        }
        Reverse {
            pog,
            sink,
            sigs,
            sign: vec![0; pog.num_vars as usize + 1],
            clause_sig: 0,
            stamp: vec![0; pog.nodes.len()],
            known: vec![Known::NotRefuted; pog.nodes.len()],
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
        self.clause_sig = 0;
        for &l in lits {
            self.sign[l.unsigned_abs() as usize] = if l > 0 { 1 } else { -1 };
            self.clause_sig |= sig(l.unsigned_abs());
        }
        let root = self.index(self.pog.root);
        let refuted = self.refuted(cid, root);
        self.hints.clear();
        self.hints.push(root_unit);
        let written = if refuted {
            self.write(cid, root)
        } else {
            Ok(())
        };
        for &l in lits {
            self.sign[l.unsigned_abs() as usize] = 0;
        }
        if !refuted {
            return Err(CpogError::NotEquivalent);
        }
        written?;
        self.sink.delete(cid, &self.hints)?;
        Ok(())
    }

    fn index(&self, node: i32) -> usize {
        (node.unsigned_abs() - self.pog.num_vars - 1) as usize
    }

    /// Whether `child` is false once the clause is: a literal of the clause or a refuted
    /// node.
    fn falsified(&mut self, cid: u64, child: i32) -> bool {
        if self.pog.is_node(child) {
            self.refuted(cid, self.index(child))
        } else {
            self.in_clause(child)
        }
    }

    /// Whether input clause `cid` refutes node `i`, settled once per clause.
    fn refuted(&mut self, cid: u64, i: usize) -> bool {
        if self.stamp[i] == cid {
            return self.known[i] != Known::NotRefuted;
        }
        if self.sigs[i] & self.clause_sig == 0 {
            return false;
        }
        let pog = self.pog;
        let n = &pog.nodes[i];
        let refuted = match n.op {
            Op::Product => {
                n.children
                    .iter()
                    .any(|&c| !pog.is_node(c) && self.in_clause(c))
                    || n.children
                        .iter()
                        .any(|&c| pog.is_node(c) && self.falsified(cid, c))
            }
            Op::Sum => n.children.iter().all(|&c| self.falsified(cid, c)),
        };
        self.stamp[i] = cid;
        self.known[i] = if refuted {
            Known::Refuted
        } else {
            Known::NotRefuted
        };
        refuted
    }

    /// Writes the hints that make refuted node `i` false, children first, each node once.
    fn write(&mut self, cid: u64, i: usize) -> Result<(), CpogError> {
        if self.known[i] == Known::Written {
            return Ok(());
        }
        let pog = self.pog;
        let n = &pog.nodes[i];
        match n.op {
            Op::Product => {
                let pick = n
                    .children
                    .iter()
                    .position(|&c| !pog.is_node(c) && self.in_clause(c))
                    .or_else(|| {
                        n.children.iter().position(|&c| {
                            pog.is_node(c) && {
                                let k = self.index(c);
                                self.stamp[k] == cid && self.known[k] == Known::Written
                            }
                        })
                    })
                    .or_else(|| {
                        n.children
                            .iter()
                            .position(|&c| pog.is_node(c) && self.falsified(cid, c))
                    })
                    .ok_or(CpogError::Internal(
                        "a refuted product without a false child",
                    ))?;
                let c = n.children[pick];
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
        self.known[i] = Known::Written;
        Ok(())
    }
}
