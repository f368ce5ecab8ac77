//! Lex-leader constraints (Crawford, Ginsberg, Luks, Roy, "Symmetry-breaking predicates for
//! search problems", KR 1996; the chained encoding of Aloul, Markov, Sakallah, "Efficient
//! symmetry breaking for Boolean satisfiability", IJCAI 2003): for a symmetry g, the clauses
//! saying that an assignment s is lexicographically at most its image g(s), comparing the
//! projection variables in ascending order with false before true. The smallest assignment of
//! every orbit satisfies the constraint of every symmetry, so adding them for every element of
//! a group keeps exactly one projected model per orbit, and for some elements (generators)
//! at least one.
//!
//! The image g(s) gives variable v the value s gives the literal g⁻¹(v). Positions where that
//! literal is v itself compare equal and are skipped. Chain variables e_i mean "equal up to
//! position i" and are defined exactly (e_i ↔ e_(i-1) ∧ (a_i ↔ b_i)), so they add no models.

use nqueens_encode::{Lit, Var};

/// For each variable of `order`, the literal whose value `perm`'s image gives it: g⁻¹ of its
/// positive literal (`perm` maps literal codes to literal codes).
pub(crate) fn preimages(perm: &[u32], order: &[u32]) -> Vec<Lit> {
    let mut inverse = vec![0u32; perm.len()];
    for (l, &img) in perm.iter().enumerate() {
        inverse[img as usize] = l as u32;
    }
    order
        .iter()
        .map(|&v| {
            let pre = inverse[Var::new(v).positive().code()];
            Var::new(pre / 2).lit(pre.is_multiple_of(2))
        })
        .collect()
}

/// The positions of `order` (variable indices, ascending) where `perm` compares anything:
/// `(a, b)` with a the variable's positive literal and b the literal whose value the image
/// gives it.
fn positions(perm: &[u32], order: &[u32]) -> Vec<(Lit, Lit)> {
    order
        .iter()
        .zip(preimages(perm, order))
        .map(|(&v, b)| (Var::new(v).positive(), b))
        .filter(|(a, b)| a != b)
        .collect()
}

/// The clauses of `s ≤ perm(s)` over the variables of `order`, with chain variables numbered
/// from `*next_var` on (advanced past those used). Stops after a position that can never
/// compare equal (b = ¬a).
pub fn lex_leader(perm: &[u32], order: &[u32], next_var: &mut u32) -> Vec<Vec<Lit>> {
    let mut clauses = Vec::new();
    let mut equal: Option<Lit> = None; // e_(i-1); None is "true" (nothing compared yet)
    let pos = positions(perm, order);
    for (i, &(a, b)) in pos.iter().enumerate() {
        let guard = |mut c: Vec<Lit>| {
            if let Some(e) = equal {
                c.insert(0, !e);
            }
            c
        };
        // Equal so far: a ≤ b.
        clauses.push(guard(vec![!a, b]));
        if b == !a || i + 1 == pos.len() {
            break; // a < b here, or nothing left to compare
        }
        let e = Var::new(*next_var).positive();
        *next_var += 1;
        // e ↔ e_(i-1) ∧ (a ↔ b).
        clauses.push(guard(vec![a, b, e]));
        clauses.push(guard(vec![!a, !b, e]));
        if let Some(prev) = equal {
            clauses.push(vec![!e, prev]);
        }
        clauses.push(vec![!e, a, !b]);
        clauses.push(vec![!e, !a, b]);
        equal = Some(e);
    }
    clauses
}

/// Whether `s` (values of every variable) is at most its image under `perm` on `order`: the
/// check of the constraint, written apart from the clauses.
pub fn is_lex_leq(perm: &[u32], order: &[u32], s: &[bool]) -> bool {
    for (a, b) in positions(perm, order) {
        let (x, y) = (a.eval(s), b.eval(s));
        if x != y {
            return !x;
        }
    }
    true
}
