//! Generalized totalizer (Joshi, Martins & Manquinho, CP 2015) for `sum w_i l_i <= k`: a
//! balanced binary tree over the terms whose every node has one output per distinct sum its
//! leaves can reach, up to k. An output `o_v` is implied by any choice of its children's
//! outputs summing to v (`l_a ∧ r_b → o_{a+b}`); a pair summing past k is refused on the spot
//! (`¬l_a ∨ ¬r_b`), so no node ever needs an overflow output and the root needs no outputs at
//! all. At least k is at most `total - k` over the negated literals; exactly k is both.

use super::{normal::PbConstraint, Out, PbError};
use crate::{Lit, VarAlloc};

/// A node's outputs: (sum, literal true when the node's leaves sum to at least that), by
/// increasing sum.
type Outputs = Vec<(i128, Lit)>;

/// Writes the totalizer(s) of `pb`.
pub(super) fn encode(pb: &PbConstraint, vars: &mut VarAlloc, out: &mut Out) -> Result<(), PbError> {
    for (terms, k) in pb.at_most_parts() {
        at_most(&terms, k, vars, out)?;
    }
    Ok(())
}

fn at_most(
    terms: &[(i128, Lit)],
    k: i128,
    vars: &mut VarAlloc,
    out: &mut Out,
) -> Result<(), PbError> {
    if terms.len() < 2 {
        // Normal form keeps every weight at most k, so one term alone cannot break it.
        return Ok(());
    }
    let (left, right) = terms.split_at(terms.len() / 2);
    let a = tree(left, k, vars, out)?;
    let b = tree(right, k, vars, out)?;
    merge(&a, &b, k, None, out)?;
    Ok(())
}

/// The outputs of the subtree over `terms`.
fn tree(
    terms: &[(i128, Lit)],
    k: i128,
    vars: &mut VarAlloc,
    out: &mut Out,
) -> Result<Outputs, PbError> {
    match terms {
        [] => Ok(Vec::new()),
        [(w, l)] => Ok(vec![(*w, *l)]),
        _ => {
            let (left, right) = terms.split_at(terms.len() / 2);
            let a = tree(left, k, vars, out)?;
            let b = tree(right, k, vars, out)?;
            merge(&a, &b, k, Some(vars), out)
        }
    }
}

/// Joins two nodes' outputs. With `vars`, makes the parent's outputs (sums up to k); without
/// (the root), only refuses the pairs summing past k.
fn merge(
    a: &Outputs,
    b: &Outputs,
    k: i128,
    vars: Option<&mut VarAlloc>,
    out: &mut Out,
) -> Result<Outputs, PbError> {
    let (na, nb) = (a.len() as u64, b.len() as u64);
    out.room(na.saturating_mul(nb).saturating_add(na + nb))?;
    let outputs = match vars {
        None => Vec::new(),
        Some(vars) => {
            let mut sums: Vec<i128> = a.iter().chain(b).map(|&(v, _)| v).collect();
            for &(x, _) in a {
                sums.extend(b.iter().map(|&(y, _)| x + y).filter(|&s| s <= k));
            }
            sums.sort_unstable();
            sums.dedup();
            sums.into_iter()
                .map(|s| (s, vars.fresh().positive()))
                .collect()
        }
    };
    let output = |s: i128| {
        outputs
            .binary_search_by_key(&s, |&(v, _)| v)
            .ok()
            .map(|i| outputs[i].1)
    };
    if !outputs.is_empty() {
        for &(v, l) in a.iter().chain(b) {
            if let Some(o) = output(v) {
                out.clause(&[!l, o]);
            }
        }
    }
    for &(x, la) in a {
        out.poll()?;
        for &(y, lb) in b {
            match output(x + y) {
                Some(o) if x + y <= k => out.clause(&[!la, !lb, o]),
                _ if x + y > k => out.clause(&[!la, !lb]),
                // At the root a sum within k needs no output.
                _ => {}
            }
        }
    }
    Ok(outputs)
}
