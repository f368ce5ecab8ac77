//! The independent checker, written from the definitions and nothing else (the seeds' TLA+
//! `Attacks` and `IsSolution`, and each variant's rule as its OEIS entry states it). It is the
//! one validator of the production path: every board a count weighs, a solve prints or a
//! decode reads passes [`first_violation`] first, whichever backend, oracle or solver
//! produced it.
//!
//! It shares no code with any encoding, with the bitboard oracle, or with
//! [`Variant::attacks`](crate::Variant::attacks) (which the cube generator, the instance
//! generator and the oracle's masks of given squares read), so a wrong encoding or a wrong
//! search cannot also make the checker wrong. A test holds its attack relation equal to
//! `Variant::attacks` on every pair of squares of small boards.

use crate::{Rules, Square, Variant};
use thiserror::Error;

/// A placement that breaks the rules, found by [`first_violation`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Violation {
    /// The placement is not n columns in 0..n.
    #[error("the placement is not one column in 0..{n} for each of {n} rows")]
    Shape {
        /// Board size.
        n: usize,
    },
    /// Two queens attack each other.
    #[error("queens in rows {0} and {1} attack each other")]
    Attack(usize, usize),
    /// A given queen is missing.
    #[error("the given queen on {0} is missing")]
    MissingGiven(Square),
    /// A queen on a blocked square.
    #[error("a queen stands on the blocked square {0}")]
    OnBlocked(Square),
}

/// Whether the queens in rows `i` and `j` attack each other on the classic board (TLA+
/// `Attacks`); `queens[r]` is the column of the queen in row `r`.
///
/// # Panics
/// When `i` or `j` is out of range.
pub fn attacks(queens: &[usize], i: usize, j: usize) -> bool {
    attack(Variant::Classic, queens, i, j)
}

/// Whether the queens in rows `i` and `j` (distinct) of an n x n board, n = `queens.len()`,
/// attack each other under `variant`.
#[inline]
fn attack(variant: Variant, queens: &[usize], i: usize, j: usize) -> bool {
    let n = queens.len() as i64;
    let (qi, qj) = (queens[i] as i64, queens[j] as i64);
    let (i, j) = (i as i64, j as i64);
    let classic = qi == qj || qi - qj == i - j || qj - qi == i - j;
    match variant {
        Variant::Classic => classic,
        // The edges glued (A051906): the same column, or the same diagonal modulo n.
        Variant::Toroidal => {
            qi == qj || (qi - qj - (i - j)) % n == 0 || (qj - qi - (i - j)) % n == 0
        }
        // A queen that also moves as a knight (A051223): one row and two columns apart, or
        // two rows and one column.
        Variant::Superqueens => {
            let (dr, dc) = ((i - j).abs(), (qi - qj).abs());
            classic || (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
        }
    }
}

/// The first pair of rows whose queens attack each other under `variant`, if any.
fn first_attack_under(variant: Variant, queens: &[usize]) -> Option<(usize, usize)> {
    // Plain loops: every solution of a count passes here, and an iterator chain with the
    // test as a closure cost a call per pair (measured: twice the checker's time).
    for i in 0..queens.len() {
        for j in i + 1..queens.len() {
            if attack(variant, queens, i, j) {
                return Some((i, j));
            }
        }
    }
    None
}

/// The first pair of rows whose queens attack each other on the classic board, if any.
pub fn first_attack(queens: &[usize]) -> Option<(usize, usize)> {
    first_attack_under(Variant::Classic, queens)
}

/// Whether no two queens attack each other on the classic board (a partial or complete
/// solution, TLA+ `IsSolution`). Columns outside the board are rejected too.
pub fn is_solution(queens: &[usize]) -> bool {
    first_violation(&Rules::classic(), queens).is_none()
}

/// The first way a placement (`cols[r]` = column of row r's queen, n = `cols.len()`) breaks
/// `rules`, by the definitions alone; `None` for a solution.
pub fn first_violation(rules: &Rules, cols: &[usize]) -> Option<Violation> {
    let n = cols.len();
    if cols.iter().any(|&c| c >= n) {
        return Some(Violation::Shape { n });
    }
    if let Some((i, j)) = first_attack_under(rules.variant, cols) {
        return Some(Violation::Attack(i, j));
    }
    if let Some(&g) = rules.given.iter().find(|g| cols.get(g.row) != Some(&g.col)) {
        return Some(Violation::MissingGiven(g));
    }
    rules
        .blocked
        .iter()
        .find(|b| cols.get(b.row) == Some(&b.col))
        .map(|&b| Violation::OnBlocked(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_solution_and_known_attacks() {
        assert!(is_solution(&[1, 3, 0, 2]));
        assert!(!is_solution(&[0, 2, 1, 3])); // rows 0 and 3 share the main diagonal
        assert_eq!(first_attack(&[0, 2, 1, 3]), Some((0, 3)));
        assert!(attacks(&[0, 0], 0, 1)); // same column
        assert!(attacks(&[1, 0], 0, 1)); // anti-diagonal
        assert!(!is_solution(&[4, 1, 3, 0])); // column 4 is off a 4x4 board
    }

    #[test]
    fn violations_name_what_is_wrong() {
        let sq = Square::new;
        let r = Rules::new(Variant::Classic, vec![sq(0, 1)], vec![sq(1, 3)]);
        assert_eq!(
            first_violation(&r, &[1, 3, 0, 2]),
            Some(Violation::OnBlocked(sq(1, 3)))
        );
        assert_eq!(
            first_violation(&r, &[2, 0, 3, 1]),
            Some(Violation::MissingGiven(sq(0, 1)))
        );
        assert_eq!(
            first_violation(&r, &[0, 1, 2, 3]),
            Some(Violation::Attack(0, 1))
        );
        assert_eq!(
            first_violation(&r, &[1, 3, 0, 4]),
            Some(Violation::Shape { n: 4 })
        );
        assert_eq!(first_violation(&Rules::classic(), &[1, 3, 0, 2]), None);
        // The classic solution [1, 3, 0, 2] wraps: rows 0 and 3 (columns 1 and 2) share a
        // toroidal diagonal.
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        assert_eq!(
            first_violation(&torus, &[1, 3, 0, 2]),
            Some(Violation::Attack(0, 3))
        );
        assert_eq!(first_violation(&torus, &[0, 2, 4, 1, 3]), None);
        // Rows 0 and 1 of the classic solution [1, 3, 0, 2] are a knight's move apart.
        let super_ = Rules::new(Variant::Superqueens, vec![], vec![]);
        assert_eq!(
            first_violation(&super_, &[1, 3, 0, 2]),
            Some(Violation::Attack(0, 1))
        );
    }

    /// The checker's attacks, written apart, and the variants' own (which the cubes, the
    /// generator and the oracle's masks read) agree on every pair of squares in distinct rows.
    #[test]
    fn the_checker_and_the_variants_agree_on_every_attack() {
        for variant in Variant::ALL {
            for n in 1..=7 {
                for (i, j) in (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))) {
                    for (ci, cj) in (0..n).flat_map(|a| (0..n).map(move |b| (a, b))) {
                        let mut queens = vec![0; n];
                        queens[i] = ci;
                        queens[j] = cj;
                        assert_eq!(
                            attack(variant, &queens, i, j),
                            variant.attacks(n, (i, ci), (j, cj)),
                            "{variant} n = {n}: ({i}, {ci}) and ({j}, {cj})"
                        );
                    }
                }
            }
        }
    }
}
