//! Reduced ordered BDD (Eén & Sörensson, JSAT 2006, section 5.1). Literals are taken by
//! decreasing weight; a node at level i stands for "the terms from i on sum into lo..=hi",
//! with lo and hi clipped to what those terms can reach, so equal clipped intervals share a
//! node (the memo) and equal functions share one too (the unique table keyed by children).
//! A node whose two children are equal is skipped, so no inner node is constant.
//!
//! Each node `ν = ite(x, t, f)` gets a variable and the clauses of `ν → ite(x, t, f)`; the
//! root is asserted. For at most k, t implies f (taking x uses up weight), so `ν → f` holds
//! whatever x is; for at least k, f implies t and `ν → t` holds: with these two clauses per
//! node unit propagation is generalized arc consistent (Abío et al., JAIR 2012). Exactly k
//! gets the two clauses of the ite, and is not arc consistent. The construction is
//! iterative: a constraint with a million terms must not overflow the stack.

use super::{normal::PbConstraint, Out, PbError};
use crate::{Cmp, Lit, VarAlloc};
use std::collections::HashMap;

/// A BDD node: a constant or the variable standing for an inner node.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    True,
    False,
    Inner(Lit),
}

/// Work left on the explicit stack.
enum Frame {
    /// Find or build the node for level `i`, interval `lo..=hi` (not yet clipped).
    Enter(usize, i128, i128),
    /// Both children of the node for `(i, lo, hi)` are on the result stack.
    Exit(usize, i128, i128),
}

/// The most intervals the BDD keeps in its memo (each some 100 bytes with the unique table):
/// past it the construction gives up with [`PbError::TooLarge`] at a few hundred megabytes,
/// where the clause limit alone let it grow to gigabytes first.
pub(super) const MAX_MEMO: usize = 1 << 21;

struct Builder<'a, 'b> {
    terms: &'a [(i128, Lit)],
    /// `suffix[i]`: the sum of the weights from term i on.
    suffix: Vec<i128>,
    cmp: Cmp,
    memo: HashMap<(usize, i128, i128), Node>,
    unique: HashMap<(usize, Node, Node), Node>,
    vars: &'a mut VarAlloc,
    out: &'a mut Out<'b>,
}

/// Writes the BDD of `pb` and asserts its root.
pub(super) fn encode(pb: &PbConstraint, vars: &mut VarAlloc, out: &mut Out) -> Result<(), PbError> {
    let terms = pb.terms();
    let mut suffix = vec![0; terms.len() + 1];
    for i in (0..terms.len()).rev() {
        suffix[i] = suffix[i + 1] + terms[i].0;
    }
    let (lo, hi) = match pb.cmp() {
        Cmp::AtMost => (0, pb.k()),
        Cmp::AtLeast => (pb.k(), pb.total()),
        Cmp::Exactly => (pb.k(), pb.k()),
    };
    let mut b = Builder {
        terms,
        suffix,
        cmp: pb.cmp(),
        memo: HashMap::new(),
        unique: HashMap::new(),
        vars,
        out,
    };
    let root = b.build(lo, hi)?;
    b.out.room(1)?;
    match root {
        Node::True => {}
        Node::False => b.out.clause(&[]),
        Node::Inner(r) => b.out.clause(&[r]),
    }
    Ok(())
}

impl Builder<'_, '_> {
    /// The node for the whole constraint, built bottom-up with an explicit stack.
    fn build(&mut self, lo: i128, hi: i128) -> Result<Node, PbError> {
        let mut stack = vec![Frame::Enter(0, lo, hi)];
        let mut done: Vec<Node> = Vec::new();
        while let Some(frame) = stack.pop() {
            match frame {
                Frame::Enter(i, lo, hi) => {
                    let (lo, hi) = (lo.max(0), hi.min(self.suffix[i]));
                    if lo > hi {
                        done.push(Node::False);
                    } else if lo == 0 && hi == self.suffix[i] {
                        done.push(Node::True);
                    } else if let Some(&node) = self.memo.get(&(i, lo, hi)) {
                        done.push(node);
                    } else {
                        if self.memo.len() >= MAX_MEMO {
                            return Err(PbError::TooLarge {
                                encoding: super::PbEncoding::Bdd,
                                limit: MAX_MEMO as u64,
                            });
                        }
                        self.out.step()?;
                        let w = self.terms[i].0;
                        stack.push(Frame::Exit(i, lo, hi));
                        stack.push(Frame::Enter(i + 1, lo, hi));
                        stack.push(Frame::Enter(i + 1, lo - w, hi - w));
                    }
                }
                Frame::Exit(i, lo, hi) => {
                    let (Some(f), Some(t)) = (done.pop(), done.pop()) else {
                        unreachable!("every Exit follows the results of its two children")
                    };
                    let node = self.node(i, t, f)?;
                    self.memo.insert((i, lo, hi), node);
                    done.push(node);
                }
            }
        }
        Ok(done.pop().unwrap_or(Node::True))
    }

    /// The node `ite(x_i, t, f)`, shared when it exists, skipped when t = f.
    fn node(&mut self, i: usize, t: Node, f: Node) -> Result<Node, PbError> {
        if t == f {
            return Ok(t);
        }
        if let Some(&node) = self.unique.get(&(i, t, f)) {
            return Ok(node);
        }
        self.out.room(2)?;
        let nu = self.vars.fresh().positive();
        let x = self.terms[i].1;
        match self.cmp {
            Cmp::AtMost => {
                self.implies(nu, &[], f);
                self.implies(nu, &[!x], t);
            }
            Cmp::AtLeast => {
                self.implies(nu, &[], t);
                self.implies(nu, &[x], f);
            }
            Cmp::Exactly => {
                self.implies(nu, &[x], f);
                self.implies(nu, &[!x], t);
            }
        }
        let node = Node::Inner(nu);
        self.unique.insert((i, t, f), node);
        Ok(node)
    }

    /// Writes `¬nu ∨ extra ∨ child`, unless the child is true.
    fn implies(&mut self, nu: Lit, extra: &[Lit], child: Node) {
        let mut clause = vec![!nu];
        clause.extend_from_slice(extra);
        match child {
            Node::True => return,
            Node::False => {}
            Node::Inner(c) => clause.push(c),
        }
        self.out.clause(&clause);
    }
}
