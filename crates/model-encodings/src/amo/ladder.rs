//! Ladder (regular) at-most-one (I. Gent and P. Nightingale, "A new encoding of AllDifferent
//! into SAT", CP 2004 workshop on modelling and reformulating constraint satisfaction problems).
//!
//! Auxiliary `y_i` (i = 1..n-1) means "some literal with index >= i is true". The ladder
//! `y_{i+1} -> y_i` and full channelling make every auxiliary a function of the inputs, so
//! the encoding has exactly one extension per input assignment. For n >= 2 literals: n-1
//! auxiliaries and 4n-5 clauses, all binary except the n-2 ternary channelling clauses.

use crate::{ClauseSink, Lit, VarAlloc};

/// Writes the ladder encoding of "at most one of `lits`".
pub fn encode_ladder(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
    let n = lits.len();
    if n < 2 {
        return;
    }
    // y[i] for i in 1..n; y[0] is unused.
    let y: Vec<Lit> = std::iter::once(lits[0])
        .chain((1..n).map(|_| vars.fresh().positive()))
        .collect();
    for i in 1..n {
        if i + 1 < n {
            sink.add_clause(&[!y[i + 1], y[i]]);
        }
        sink.add_clause(&[!lits[i], y[i]]);
        sink.add_clause(&[!lits[i - 1], !y[i]]);
        if i + 1 < n {
            sink.add_clause(&[!y[i], y[i + 1], lits[i]]);
        } else {
            sink.add_clause(&[!y[i], lits[i]]);
        }
    }
}

/// (clauses, literal occurrences, auxiliaries) of [`encode_ladder`] over `n` literals.
pub fn size(n: usize) -> (u64, u64, usize) {
    if n < 2 {
        return (0, 0, 0);
    }
    let n64 = n as u64;
    // n-2 ladder, n-1 + n-1 channelling into y, n-2 ternary and 1 binary back to x.
    (4 * n64 - 5, 2 * (3 * n64 - 3) + 3 * (n64 - 2), n - 1)
}
