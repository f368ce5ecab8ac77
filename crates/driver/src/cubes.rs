//! Cubes: the valid placements of the first `depth` rows, generated level by level as the
//! TLA+ spec's `todo` set grows. Distinct prefixes have disjoint completions and every
//! solution extends exactly one of them, so the cubes partition the solution space.

/// Every placement of the first `depth` rows of an n x n board in which no two queens attack
/// each other, in lexicographic order. `depth` is capped at `n`.
pub fn prefixes(n: usize, depth: usize) -> Vec<Vec<usize>> {
    let depth = depth.min(n);
    let mut level: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for p in &level {
            for c in 0..n {
                let row = p.len();
                let safe = p
                    .iter()
                    .enumerate()
                    .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
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
    use nqueens_queens::is_solution;

    #[test]
    fn prefixes_are_safe_and_complete_at_full_depth() {
        assert_eq!(prefixes(5, 0), vec![Vec::<usize>::new()]);
        assert_eq!(prefixes(5, 1).len(), 5);
        // 8 x 7 pairs minus the 2 * 7 diagonal neighbours.
        assert_eq!(prefixes(8, 2).len(), 42);
        for p in prefixes(6, 3) {
            assert!(is_solution(&p) || p.len() < 6);
            assert!(nqueens_queens::first_attack(&p).is_none());
        }
        assert_eq!(
            Some(prefixes(8, 8).len() as u64),
            nqueens_queens::oeis::solutions(8)
        );
    }
}
