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
