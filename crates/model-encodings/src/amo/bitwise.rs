//! Bitwise (binary) at-most-one (A. Frisch, T. Peugniez, A. Doggett, P. Nightingale, "Solving
//! non-Boolean satisfiability problems with stochastic local search", 2005; also Prestwich).
//!
//! k = ceil(log2 n) auxiliary bits; a true literal forces the bits to spell its index, so two
//! true literals would need two different bit patterns. For n >= 2: k auxiliaries and n*k
//! binary clauses. The bits are free when no literal is true.

use crate::{ClauseSink, Lit, Var, VarAlloc};

/// Number of bits that number `n` distinct things.
pub(crate) fn bits_for(n: usize) -> usize {
    if n < 2 {
        0
    } else {
        (usize::BITS - (n - 1).leading_zeros()) as usize
    }
}

/// Writes "literal `x` implies the bits spell `index`".
pub(crate) fn imply_bits(x: Lit, index: usize, bits: &[Var], sink: &mut dyn ClauseSink) {
    for (j, b) in bits.iter().enumerate() {
        sink.add_clause(&[!x, b.lit(index >> j & 1 == 1)]);
    }
}

/// Writes the bitwise encoding of "at most one of `lits`".
pub fn encode_bitwise(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
    let k = bits_for(lits.len());
    let bits: Vec<Var> = (0..k).map(|_| vars.fresh()).collect();
    for (i, &x) in lits.iter().enumerate() {
        imply_bits(x, i, &bits, sink);
    }
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_bitwise`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    let k = bits_for(n);
    let c = (n * k) as u64;
    (c, 2 * c, k)
}
