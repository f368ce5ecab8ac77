use super::*;

fn lits(c: &[i64]) -> Vec<Lit> {
    c.iter().map(|&l| Lit::from_dimacs(l).unwrap()).collect()
}

fn order(vars: usize, clauses: &[&[i64]]) -> String {
    let clauses: Vec<Vec<Lit>> = clauses.iter().map(|c| lits(c)).collect();
    let s = find(vars, &clauses, &vec![true; vars], DEFAULT_BUDGET);
    assert!(s.complete);
    for g in &s.generators {
        assert!(Symmetries::maps_onto_itself(g, &clauses));
    }
    s.order.to_string()
}

#[test]
fn small_formulas_have_the_groups_worked_out_by_hand() {
    // No clause: every permutation of 3 variables with every flip, 2^3 * 3! = 48.
    assert_eq!(order(3, &[]), "48");
    // x1 ∨ x2 ∨ x3: the 3! permutations of the variables.
    assert_eq!(order(3, &[&[1, 2, 3]]), "6");
    // A chain x1 ∨ x2, x2 ∨ x3: its reversal.
    assert_eq!(order(3, &[&[1, 2], &[2, 3]]), "2");
    // x1 xor x2, (x1 ∨ x2)(¬x1 ∨ ¬x2): the swap, flipping both, and both (flipping one
    // alone, or x1 -> x2 -> ¬x1, breaks a clause): 4.
    assert_eq!(order(2, &[&[1, 2], &[-1, -2]]), "4");
    // A unit clause x1 with x2 unconstrained: x2 may flip: 2.
    assert_eq!(order(2, &[&[1]]), "2");
}

#[test]
fn the_search_visits_at_most_its_budget_and_says_when_it_stopped() {
    // Three symmetric pairs under one clause: the group S3 (order 6), found in a few nodes.
    let clauses: Vec<Vec<Lit>> = [&[1, 2][..], &[3, 4], &[5, 6], &[-1, -3, -5]]
        .iter()
        .map(|c| lits(c))
        .collect();
    let whole = find(6, &clauses, &[true; 6], DEFAULT_BUDGET);
    assert!(whole.complete && whole.nodes >= 3, "{}", whole.nodes);
    assert_eq!(whole.order.to_string(), "6");
    for budget in 0..whole.nodes {
        let s = find(6, &clauses, &[true; 6], budget);
        assert!(
            s.nodes <= budget,
            "{} nodes on a budget of {budget}",
            s.nodes
        );
        assert!(!s.complete, "complete on a budget of {budget}");
    }
    let exact = find(6, &clauses, &[true; 6], whole.nodes);
    assert!(exact.complete && exact.nodes == whole.nodes);
    assert_eq!(exact.order, whole.order);
}

#[test]
fn the_projection_is_kept_apart() {
    let clauses = vec![lits(&[1, 2])];
    let s = find(2, &clauses, &[true, false], DEFAULT_BUDGET);
    assert_eq!(s.order.to_string(), "1", "x1 is shown, x2 hidden: no swap");
}

/// Every signed permutation of `n` variables, as literal images by code.
fn signed_permutations(n: usize) -> Vec<Vec<u32>> {
    fn perms(rest: Vec<usize>) -> Vec<Vec<usize>> {
        if rest.is_empty() {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for i in 0..rest.len() {
            let mut r = rest.clone();
            let x = r.remove(i);
            for mut p in perms(r) {
                p.insert(0, x);
                out.push(p);
            }
        }
        out
    }
    let mut out = Vec::new();
    for p in perms((0..n).collect()) {
        for flips in 0u32..1 << n {
            let mut img = vec![0u32; 2 * n];
            for (v, &w) in p.iter().enumerate() {
                let f = flips >> v & 1;
                img[2 * v] = (2 * w) as u32 ^ f;
                img[2 * v + 1] = (2 * w + 1) as u32 ^ f;
            }
            out.push(img);
        }
    }
    out
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The group order equals the number of signed permutations, found by trying them all,
    /// that map the clauses and the projection onto themselves.
    #[test]
    fn the_order_is_that_of_the_brute_force_group(
        n in 1usize..=5,
        raw in prop::collection::vec(prop::collection::vec((0usize..5, any::<bool>()), 1..=3), 0..9),
        hidden in prop::collection::vec(any::<bool>(), 5),
    ) {
        let clauses: Vec<Vec<Lit>> = raw
            .iter()
            .map(|c| c.iter().map(|&(v, p)| zero_one_model::Var::new((v % n) as u32).lit(p)).collect())
            .collect();
        let shown: Vec<bool> = (0..n).map(|v| !hidden[v]).collect();
        let s = find(n, &clauses, &shown, DEFAULT_BUDGET);
        prop_assert!(s.complete);
        for g in &s.generators {
            prop_assert!(Symmetries::maps_onto_itself(g, &clauses));
        }
        let brute = signed_permutations(n)
            .into_iter()
            .filter(|p| (0..n).all(|v| shown[v] == shown[p[2 * v] as usize / 2]))
            .filter(|p| Symmetries::maps_onto_itself(p, &clauses))
            .count();
        prop_assert_eq!(s.order.to_string(), brute.to_string());
    }
}
