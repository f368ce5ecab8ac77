//! Totalizer (O. Bailleux and Y. Boufkhad, "Efficient CNF encoding of Boolean cardinality
//! constraints", CP 2003), with outputs capped at m (the "k-simplified" totalizer): a
//! balanced tree whose node outputs count the true inputs below it in unary.

use super::gates::Bit;
use crate::{ClauseSink, Lit, VarAlloc};

/// Outputs `o_1..o_m` over `lits`.
pub fn unary(lits: &[Lit], m: usize, vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Vec<Bit> {
    match lits.len() {
        0 => Vec::new(),
        1 => vec![Bit::Lit(lits[0])],
        n => {
            let (left, right) = lits.split_at(n / 2);
            let a = unary(left, m, vars, sink);
            let b = unary(right, m, vars, sink);
            merge(&a, &b, m, vars, sink)
        }
    }
}

fn lit_or(bits: &[Bit], i: usize) -> Bit {
    // Index 0 is "at least 0", always true; past the end, false.
    if i == 0 {
        Bit::True
    } else {
        bits.get(i - 1).copied().unwrap_or(Bit::False)
    }
}

/// Unary sum of two unary counters, capped at `m`.
fn merge(
    a: &[Bit],
    b: &[Bit],
    m: usize,
    vars: &mut VarAlloc,
    sink: &mut dyn ClauseSink,
) -> Vec<Bit> {
    let r = (a.len() + b.len()).min(m);
    let out: Vec<Lit> = (0..r).map(|_| vars.fresh().positive()).collect();
    let mut clause = Vec::with_capacity(3);
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            // a_i ∧ b_j → r_{min(i+j, r)}
            let k = (i + j).min(r);
            clause.clear();
            if k > 0
                && add(&mut clause, lit_or(a, i), false)
                && add(&mut clause, lit_or(b, j), false)
            {
                clause.push(out[k - 1]);
                sink.add_clause(&clause);
            }
            // ¬a_{i+1} ∧ ¬b_{j+1} → ¬r_{i+j+1}
            let k = i + j + 1;
            clause.clear();
            if k <= r
                && add(&mut clause, lit_or(a, i + 1), true)
                && add(&mut clause, lit_or(b, j + 1), true)
            {
                clause.push(!out[k - 1]);
                sink.add_clause(&clause);
            }
        }
    }
    out.into_iter().map(Bit::Lit).collect()
}

/// Adds the literal saying premise `bit` fails (`bit` is true when `negated` is false, or
/// false when it is true) to `clause`. Returns `false` when the premise cannot hold, so the
/// clause is already satisfied and must not be written.
fn add(clause: &mut Vec<Lit>, bit: Bit, negated: bool) -> bool {
    match (bit, negated) {
        (Bit::True, false) | (Bit::False, true) => true,
        (Bit::False, false) | (Bit::True, true) => false,
        (Bit::Lit(l), false) => {
            clause.push(!l);
            true
        }
        (Bit::Lit(l), true) => {
            clause.push(l);
            true
        }
    }
}
