//! Cubes: the valid placements of the first `depth` rows, generated level by level as the
//! TLA+ spec's `todo` set grows. Distinct prefixes have disjoint completions and every
//! solution extends exactly one of them, so the cubes partition the solution space.

use crate::Rules;

/// Every placement of the first `depth` rows of an n x n board in which no two queens attack
/// each other, in lexicographic order. `depth` is capped at `n`.
pub fn prefixes(n: usize, depth: usize) -> Vec<Vec<usize>> {
    prefixes_for(n, depth, &Rules::classic())
}

/// [`prefixes`] under `rules`: queens at peace by the variant's attacks, on squares the given
/// and blocked squares allow. Pruning only: a dropped prefix has no solution.
pub fn prefixes_for(n: usize, depth: usize, rules: &Rules) -> Vec<Vec<usize>> {
    let depth = depth.min(n);
    let mut level: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for p in &level {
            for c in 0..n {
                let row = p.len();
                let safe = rules.allows(n, row, c)
                    && p.iter()
                        .enumerate()
                        .all(|(r, &q)| !rules.variant.attacks(n, (r, q), (row, c)));
                if safe {
                    let mut q = p.clone();
                    q.push(c);
                    next.push(q);
                }
            }
        }
        level = next;
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::is_solution;

    #[test]
    fn prefixes_are_safe_and_complete_at_full_depth() {
        assert_eq!(prefixes(5, 0), vec![Vec::<usize>::new()]);
        assert_eq!(prefixes(5, 1).len(), 5);
        // 8 x 7 pairs minus the 2 * 7 diagonal neighbours.
        assert_eq!(prefixes(8, 2).len(), 42);
        for p in prefixes(6, 3) {
            assert!(is_solution(&p) || p.len() < 6);
            assert!(crate::first_attack(&p).is_none());
        }
        assert_eq!(Some(prefixes(8, 8).len() as u64), crate::oeis::solutions(8));
    }

    #[test]
    fn prefixes_follow_the_rules() {
        use crate::{Square, Variant};
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        assert_eq!(
            Some(prefixes_for(7, 7, &torus).len() as u64),
            crate::oeis::variant_solutions(Variant::Toroidal, 7)
        );
        let given = Rules::new(
            Variant::Classic,
            vec![Square::new(1, 0)],
            vec![Square::new(0, 3)],
        );
        let p = prefixes_for(5, 2, &given);
        assert!(
            p.iter().all(|q| q[1] == 0 && q[0] != 3 && q[0] > 1),
            "{p:?}"
        );
        assert_eq!(p.len(), 2);
    }
}
