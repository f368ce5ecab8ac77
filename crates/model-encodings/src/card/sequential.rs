//! Sequential counter (C. Sinz, CP 2005), with both directions of each cell so the outputs
//! are exact: `s[i][j]` ⇔ at least j of the first i+1 inputs, computed as
//! `s[i][j] = s[i-1][j] ∨ (s[i-1][j-1] ∧ x_i)`. At most n*m auxiliaries, 4 clauses each.

use super::gates::{or_and, Bit};
use crate::{ClauseSink, Lit, VarAlloc};

/// Outputs `o_1..o_m` over `lits`.
pub fn unary(lits: &[Lit], m: usize, vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Vec<Bit> {
    // prev[j] = "at least j of the inputs so far", prev[0] = true.
    let mut prev = vec![Bit::False; m + 1];
    prev[0] = Bit::True;
    for &x in lits {
        let mut next = prev.clone();
        for j in 1..=m {
            next[j] = or_and(prev[j], prev[j - 1], x, vars, sink);
        }
        prev = next;
    }
    prev.remove(0);
    prev
}
