//! Bimander at-most-one (V. H. Nguyen and S. T. Mai, "A new method to encode the at-most-one
//! constraint into SAT", SoICT 2015).
//!
//! The literals are split into m = ceil(n/2) groups of (at most) 2, pairwise at-most-one
//! inside each group, and every literal forces ceil(log2 m) shared bits to spell its group's
//! number, so two groups cannot both have a true literal. For n >= 2: ceil(log2 m)
//! auxiliaries and (number of full groups) + n*ceil(log2 m) clauses.

use super::bitwise::{bits_for, imply_bits};
use super::pairwise::encode_pairwise;
use crate::{ClauseSink, Lit, Var, VarAlloc};

const GROUP: usize = 2;

/// Writes the bimander encoding of "at most one of `lits`".
pub fn encode_bimander(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
    let groups = lits.len().div_ceil(GROUP);
    let bits: Vec<Var> = (0..bits_for(groups)).map(|_| vars.fresh()).collect();
    for (g, group) in lits.chunks(GROUP).enumerate() {
        encode_pairwise(group, sink);
        for &x in group {
            imply_bits(x, g, &bits, sink);
        }
    }
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_bimander`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    let groups = n.div_ceil(GROUP);
    let k = bits_for(groups);
    let inner = (n / GROUP) as u64; // each full group of 2 has one pairwise clause
    let c = inner + (n * k) as u64;
    (c, 2 * c, k)
}
