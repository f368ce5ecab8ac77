//! The reverse implication: the root implies every input clause, so each input clause is
//! deleted with a RUP proof from the root's unit clause and the defining clauses. With the
//! clause falsified and the root true, propagation runs down the POG: a product makes its
//! children true, a sum whose decided literal the clause falsifies makes its other branch
//! true, and a literal child in the clause is a conflict. Where the clause does not
//! mention a sum's decided variable both branches must imply it: each gets a lemma
//! `¬branch ∨ clause` first, deleted again with the clause.

use super::pog::{Op, Pog};
use super::sink::Sink;
use super::CpogError;
use std::collections::{HashMap, HashSet};
use std::io::Write;

/// A 64-bit signature of a variable set: a child whose signature misses the clause's
/// cannot imply it.
fn sig(var: u32) -> u64 {
    1u64 << ((u64::from(var).wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 58)
}

pub(crate) struct Reverse<'a, W: Write> {
    pog: &'a Pog,
    sink: &'a mut Sink<W>,
    sigs: Vec<u64>,
    /// The sign of each variable in the clause at hand (0: absent).
    sign: Vec<i8>,
    clause: Vec<i32>,
    clause_sig: u64,
    lemmas: HashMap<i32, u64>,
    failed: HashSet<i32>,
    added: Vec<(u64, Vec<u64>)>,
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
            clause: Vec::new(),
            clause_sig: 0,
            lemmas: HashMap::new(),
            failed: HashSet::new(),
            added: Vec::new(),
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
        self.clause = lits.to_vec();
        self.clause_sig = 0;
        for &l in lits {
            self.sign[l.unsigned_abs() as usize] = if l > 0 { 1 } else { -1 };
            self.clause_sig |= sig(l.unsigned_abs());
        }
        let found = self.inline(self.pog.root);
        for &l in lits {
            self.sign[l.unsigned_abs() as usize] = 0;
        }
        let mut hints = vec![root_unit];
        hints.extend(found?.ok_or(CpogError::NotEquivalent)?);
        self.sink.delete(cid, &hints)?;
        while let Some((id, h)) = self.added.pop() {
            self.sink.delete(id, &h)?;
        }
        self.lemmas.clear();
        self.failed.clear();
        Ok(())
    }

    fn index(&self, node: i32) -> usize {
        (node.unsigned_abs() - self.pog.num_vars - 1) as usize
    }

    /// Hints that reach a conflict from `node` true and the clause false, if there are.
    fn inline(&mut self, node: i32) -> Result<Option<Vec<u64>>, CpogError> {
        if self.failed.contains(&node) || self.sigs[self.index(node)] & self.clause_sig == 0 {
            return Ok(None);
        }
        let pog = self.pog;
        let n = pog.node(node);
        let found = match n.op {
            Op::Product => self.inline_product(n.cid, &n.children)?,
            Op::Sum => self.inline_sum(n.cid, n.children[0], n.children[1])?,
        };
        if found.is_none() {
            self.failed.insert(node);
        }
        Ok(found)
    }

    fn inline_product(
        &mut self,
        cid: u64,
        children: &[i32],
    ) -> Result<Option<Vec<u64>>, CpogError> {
        if let Some(i) = children
            .iter()
            .position(|&c| !self.pog.is_node(c) && self.in_clause(c))
        {
            return Ok(Some(vec![cid + 1 + i as u64]));
        }
        for (i, &c) in children.iter().enumerate() {
            if self.pog.is_node(c) {
                if let Some(mut h) = self.inline(c)? {
                    h.insert(0, cid + 1 + i as u64);
                    return Ok(Some(h));
                }
            }
        }
        Ok(None)
    }

    /// The hint that makes `child` false at once, when the clause falsifies it: `Some(None)`
    /// for a literal in the clause, `Some(Some(h))` for a product with such a literal.
    fn closed(&self, child: i32) -> Option<Option<u64>> {
        if !self.pog.is_node(child) {
            return self.in_clause(child).then_some(None);
        }
        let n = self.pog.node(child);
        if n.op != Op::Product {
            return None;
        }
        n.children
            .iter()
            .position(|&c| !self.pog.is_node(c) && self.in_clause(c))
            .map(|i| Some(n.cid + 1 + i as u64))
    }

    fn inline_sum(&mut self, cid: u64, a: i32, b: i32) -> Result<Option<Vec<u64>>, CpogError> {
        match (self.closed(a), self.closed(b)) {
            (Some(ha), Some(hb)) => {
                let mut h: Vec<u64> = ha.into_iter().chain(hb).collect();
                h.push(cid);
                Ok(Some(h))
            }
            (Some(h1), None) | (None, Some(h1)) => {
                let open = if self.closed(a).is_some() { b } else { a };
                if !self.pog.is_node(open) {
                    return Ok(None);
                }
                let Some(rest) = self.inline(open)? else {
                    return Ok(None);
                };
                let mut h: Vec<u64> = h1.into_iter().collect();
                h.push(cid);
                h.extend(rest);
                Ok(Some(h))
            }
            (None, None) => {
                if !self.pog.is_node(a) || !self.pog.is_node(b) {
                    return Ok(None);
                }
                let Some(la) = self.lemma(a)? else {
                    return Ok(None);
                };
                let Some(lb) = self.lemma(b)? else {
                    return Ok(None);
                };
                Ok(Some(vec![la, lb, cid]))
            }
        }
    }

    /// The lemma `¬node ∨ clause`, added once per clause.
    fn lemma(&mut self, node: i32) -> Result<Option<u64>, CpogError> {
        if let Some(&id) = self.lemmas.get(&node) {
            return Ok(Some(id));
        }
        let Some(hints) = self.inline(node)? else {
            return Ok(None);
        };
        let mut lits = vec![-node];
        lits.extend_from_slice(&self.clause);
        let id = self.sink.add(&lits, &hints)?;
        self.added.push((id, hints));
        self.lemmas.insert(node, id);
        Ok(Some(id))
    }
}
