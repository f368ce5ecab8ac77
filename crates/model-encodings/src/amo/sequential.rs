//! Sequential-counter at-most-one (C. Sinz, "Towards an Optimal CNF Encoding of Boolean
//! Cardinality Constraints", CP 2005, the LTseq encoding with k = 1).
//!
//! Auxiliary `s_i` means "one of the first i+1 literals is true". For n >= 2 literals it uses
//! n-1 auxiliaries and 3n-4 clauses; for fewer it writes nothing.
//!
//! The auxiliaries are *not* functionally determined by the inputs: when every input is
//! false, any monotone run of `s` satisfies the clauses. Counting must therefore block only
//! the model's own variables.

use crate::{ClauseSink, Lit, VarAlloc};

/// Writes the sequential counter for "at most one of `lits`".
pub fn encode_sequential(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
    let n = lits.len();
    if n < 2 {
        return;
    }
    let mut prev = vars.fresh().positive();
    sink.add_clause(&[!lits[0], prev]);
    for &x in &lits[1..n - 1] {
        let s = vars.fresh().positive();
        sink.add_clause(&[!x, s]);
        sink.add_clause(&[!prev, s]);
        sink.add_clause(&[!x, !prev]);
        prev = s;
    }
    sink.add_clause(&[!lits[n - 1], !prev]);
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_sequential`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    if n < 2 {
        return (0, 0, 0);
    }
    let c = 3 * n as u64 - 4;
    (c, 2 * c, n - 1)
}
