//! Sequential weight counter (Hölldobler, Manthey & Steinke, KI 2012) for
//! `sum_{i=1..n} w_i x_i <= k`: registers `s_{i,j}` for i < n and j = 1..k, where `s_{i,j}`
//! is implied when the first i terms weigh at least j. The clauses, for every i and j that
//! exist:
//!
//! 1. `s_{i-1,j} → s_{i,j}` (a register only grows),
//! 2. `x_i → s_{i,j}` for j ≤ w_i,
//! 3. `s_{i-1,j} ∧ x_i → s_{i,j+w_i}` for j ≤ k - w_i,
//! 4. `¬s_{i-1,k+1-w_i} ∨ ¬x_i` (the overflow).
//!
//! That is (n-1)·k auxiliaries and at most 3(n-1)·k + n clauses, checked against the limit
//! before anything is written. At least k is at most `total - k` over the negated literals;
//! exactly k is both.

use super::{normal::PbConstraint, Out, PbError};
use crate::{Lit, VarAlloc};

/// Writes the counter(s) of `pb`.
pub(super) fn encode(pb: &PbConstraint, vars: &mut VarAlloc, out: &mut Out) -> Result<(), PbError> {
    let parts = pb.at_most_parts();
    let mut need: u64 = 0;
    for (terms, k) in &parts {
        let cells = (terms.len() as u128)
            .saturating_sub(1)
            .saturating_mul(*k as u128);
        let clauses = cells.saturating_mul(3).saturating_add(terms.len() as u128);
        need = need.saturating_add(u64::try_from(clauses).unwrap_or(u64::MAX));
    }
    out.room(need)?;
    for (terms, k) in &parts {
        at_most(terms, *k as usize, vars, out)?;
    }
    Ok(())
}

/// One counter; `k` fits in memory, as the room check above passed. Stops between
/// registers once the stop flag is raised.
fn at_most(
    terms: &[(i128, Lit)],
    k: usize,
    vars: &mut VarAlloc,
    out: &mut Out,
) -> Result<(), PbError> {
    // prev[j - 1] = s_{i-1,j}; empty before the first term.
    let mut prev: Vec<Lit> = Vec::new();
    for (i, &(w, x)) in terms.iter().enumerate() {
        out.poll()?;
        let w = w as usize;
        if !prev.is_empty() {
            out.clause(&[!prev[k - w], !x]);
        }
        if i + 1 == terms.len() {
            break;
        }
        let cur: Vec<Lit> = (0..k).map(|_| vars.fresh().positive()).collect();
        for j in 0..k {
            if let Some(&p) = prev.get(j) {
                out.clause(&[!p, cur[j]]);
            }
            if j < w {
                out.clause(&[!x, cur[j]]);
            }
            if j + w < k
                && let Some(&p) = prev.get(j)
            {
                out.clause(&[!p, !x, cur[j + w]]);
            }
        }
        prev = cur;
    }
    Ok(())
}
