//! Pairwise at-most-one: for every pair of literals, not both. No auxiliary variables,
//! n(n-1)/2 binary clauses.

use crate::{ClauseSink, Lit};

/// Writes one clause `¬a ∨ ¬b` for every pair of `lits`.
pub fn encode_pairwise(lits: &[Lit], sink: &mut dyn ClauseSink) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sink.add_clause(&[!a, !b]);
        }
    }
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_pairwise`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    let n = n as u64;
    let c = n * n.saturating_sub(1) / 2;
    (c, 2 * c, 0)
}
