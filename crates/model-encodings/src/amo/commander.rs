//! Commander at-most-one (W. Klieber and G. Kwon, "Efficient CNF encoding for selecting 1 from
//! N objects", CFV 2007).
//!
//! The literals are split into groups of 3, each with a commander variable: pairwise
//! at-most-one inside the group, every member implies its commander, the commander implies
//! some member (so commanders are functions of the inputs), and at most one commander, by the
//! same scheme recursively until 6 or fewer remain, which get pairwise. About 3.7n clauses and
//! n/2 auxiliaries; [`size`] gives the exact counts.

use super::pairwise::encode_pairwise;
use crate::{ClauseSink, Lit, VarAlloc};

const GROUP: usize = 3;
const BASE: usize = 6;

/// Writes the commander encoding of "at most one of `lits`".
pub fn encode_commander(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
    if lits.len() <= BASE {
        encode_pairwise(lits, sink);
        return;
    }
    let mut commanders = Vec::with_capacity(lits.len().div_ceil(GROUP));
    let mut clause = Vec::with_capacity(GROUP + 1);
    for group in lits.chunks(GROUP) {
        let c = vars.fresh().positive();
        encode_pairwise(group, sink);
        for &x in group {
            sink.add_clause(&[!x, c]);
        }
        clause.clear();
        clause.push(!c);
        clause.extend_from_slice(group);
        sink.add_clause(&clause);
        commanders.push(c);
    }
    encode_commander(&commanders, vars, sink);
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_commander`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    if n <= BASE {
        return super::pairwise::size(n);
    }
    let (mut clauses, mut lits, mut aux) = (0, 0, 0);
    let mut left = n;
    while left > 0 {
        let g = left.min(GROUP);
        let (pc, pl, _) = super::pairwise::size(g);
        clauses += pc + g as u64 + 1;
        lits += pl + 2 * g as u64 + g as u64 + 1;
        aux += 1;
        left -= g;
    }
    let (rc, rl, ra) = size(n.div_ceil(GROUP));
    (clauses + rc, lits + rl, aux + ra)
}
