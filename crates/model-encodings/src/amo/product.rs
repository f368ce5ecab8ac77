//! Product at-most-one (J. Chen, "A new SAT encoding of the at-most-one constraint", ModRef
//! 2010).
//!
//! The literals are laid out on a p x q grid (p = ceil(sqrt n)); each literal implies its
//! row variable and its column variable, and at most one row and at most one column are
//! true, recursively, until 6 or fewer remain, which get pairwise. About 2n + 4 sqrt(n)
//! clauses and 2 sqrt(n) auxiliaries; [`size`] gives the exact counts.

use super::pairwise::encode_pairwise;
use crate::{ClauseSink, Lit, VarAlloc};

const BASE: usize = 6;

fn grid(n: usize) -> (usize, usize) {
    let mut p = (n as f64).sqrt().ceil() as usize;
    while p * p < n {
        p += 1;
    }
    let q = n.div_ceil(p);
    (n.div_ceil(q), q)
}

/// Writes the product encoding of "at most one of `lits`".
pub fn encode_product(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
    let n = lits.len();
    if n <= BASE {
        encode_pairwise(lits, sink);
        return;
    }
    let (rows, cols) = grid(n);
    let u: Vec<Lit> = (0..rows).map(|_| vars.fresh().positive()).collect();
    let v: Vec<Lit> = (0..cols).map(|_| vars.fresh().positive()).collect();
    for (i, &x) in lits.iter().enumerate() {
        sink.add_clause(&[!x, u[i / cols]]);
        sink.add_clause(&[!x, v[i % cols]]);
    }
    encode_product(&u, vars, sink);
    encode_product(&v, vars, sink);
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_product`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    if n <= BASE {
        return super::pairwise::size(n);
    }
    let (rows, cols) = grid(n);
    let (uc, ul, ua) = size(rows);
    let (vc, vl, va) = size(cols);
    let c = 2 * n as u64;
    (c + uc + vc, 2 * c + ul + vl, rows + cols + ua + va)
}
