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

use zero_one_model::{Lit, Var};

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
        // Equal so far: a ≤ b. Where b is ¬a that says ¬a, written once (no repeated
        // literal), and nothing after it can compare equal.
        if b == !a {
            clauses.push(guard(vec![!a]));
            break;
        }
        clauses.push(guard(vec![!a, b]));
        if i + 1 == pos.len() {
            break; // nothing left to compare
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `s` is at most its image under `perm` on `order`, compared position by
    /// position: the meaning the clauses must have, written apart from them.
    fn is_lex_leq(perm: &[u32], order: &[u32], s: &[bool]) -> bool {
        for (a, b) in positions(perm, order) {
            let (x, y) = (a.eval(s), b.eval(s));
            if x != y {
                return !x;
            }
        }
        true
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// For every assignment of the variables, the clauses have a solution in the chain
        /// variables exactly when the assignment is at most its image, and then exactly one
        /// (the chain variables add no models).
        #[test]
        fn the_clauses_hold_exactly_for_assignments_at_most_their_image(
            n in 1usize..=4,
            seed in any::<u64>(),
        ) {
            // A signed permutation from the seed.
            let mut vars: Vec<usize> = (0..n).collect();
            let mut x = seed | 1;
            for i in (1..n).rev() {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                vars.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let mut perm = vec![0u32; 2 * n];
            for v in 0..n {
                let flip = (seed >> (40 + v)) & 1;
                perm[2 * v] = (2 * vars[v]) as u32 ^ flip as u32;
                perm[2 * v + 1] = (2 * vars[v] + 1) as u32 ^ flip as u32;
            }
            let order: Vec<u32> = (0..n as u32).collect();
            let mut next = n as u32;
            let clauses = lex_leader(&perm, &order, &mut next);
            let chain = next as usize - n;
            for c in &clauses {
                let mut vars: Vec<_> = c.iter().map(|l| l.var()).collect();
                vars.sort();
                vars.dedup();
                prop_assert_eq!(vars.len(), c.len(), "a clause repeats a variable: {:?}", c);
            }
            for bits in 0u32..1 << n {
                let extensions = (0u32..1 << chain)
                    .filter(|c| {
                        let s: Vec<bool> = (0..n)
                            .map(|i| bits >> i & 1 == 1)
                            .chain((0..chain).map(|i| c >> i & 1 == 1))
                            .collect();
                        clauses.iter().all(|cl| cl.iter().any(|l| l.eval(&s)))
                    })
                    .count();
                let s: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                let expected = usize::from(is_lex_leq(&perm, &order, &s));
                prop_assert_eq!(extensions, expected, "assignment {:b}", bits);
            }
        }
    }
}
