//! Whether a board has a solution at all, when that is known without counting: the
//! variant's OEIS table for an open board, the bitboard oracle (stopping at its first
//! solution) for a small board with given or blocked squares.

use crate::{for_each_rules_solution, oeis, Rules};
use std::fmt;

/// The largest board with given or blocked squares whose solvability [`has_solution`] settles:
/// proving that none exists means searching the whole tree, a few seconds at n = 16 and out
/// of reach soon after.
pub const MAX_ORACLE_SOLVABLE_N: usize = 14;

/// Who says whether a board has a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Authority {
    /// The variant's OEIS sequence, which lists `count` solutions.
    Oeis {
        /// The sequence (A000170, ...).
        sequence: &'static str,
        /// Its value for the board size.
        count: u64,
    },
    /// The bitboard oracle, which searched for a first solution.
    Oracle,
    /// Pólya's theorem (1918): the toroidal board has a solution exactly when gcd(n, 6) = 1.
    Polya,
}

/// Whether a board has a solution, and who says so.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solvable {
    /// Whether some solution exists.
    pub exists: bool,
    /// Who says so.
    pub by: Authority,
}

impl fmt::Display for Solvable {
    /// `OEIS A000170 lists 4`, `the bitboard oracle finds none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.by {
            Authority::Oeis { sequence, count } => write!(f, "OEIS {sequence} lists {count}"),
            Authority::Oracle => {
                let finds = if self.exists { "one" } else { "none" };
                write!(f, "the bitboard oracle finds {finds}")
            }
            Authority::Polya => f.write_str("Pólya: solutions exist exactly when gcd(n, 6) = 1"),
        }
    }
}

/// Whether the n x n board under `rules` has a solution, when that is known: from the
/// variant's OEIS table for an open board (past it, from Pólya's theorem on the torus, and
/// `None` for the others), from the bitboard oracle
/// for one with given or blocked squares up to [`MAX_ORACLE_SOLVABLE_N`] (`None` beyond, or
/// when the rules do not fit the board).
///
/// ```
/// use nqueens_queens::{has_solution, Rules, Square, Variant};
///
/// assert!(!has_solution(3, &Rules::classic()).unwrap().exists);
/// let corner = Rules::new(Variant::Classic, vec![Square::new(0, 0)], vec![]);
/// let s = has_solution(4, &corner).unwrap();
/// assert_eq!(s.to_string(), "the bitboard oracle finds none");
/// ```
pub fn has_solution(n: usize, rules: &Rules) -> Option<Solvable> {
    if rules.is_open() {
        let sequence = oeis::sequence(rules.variant);
        let listed = oeis::variant_solutions(rules.variant, n).map(|count| Solvable {
            exists: count > 0,
            by: Authority::Oeis { sequence, count },
        });
        // Past the table, the torus is still settled by Pólya's theorem.
        let polya = (rules.variant == crate::Variant::Toroidal).then_some(Solvable {
            exists: !n.is_multiple_of(2) && !n.is_multiple_of(3),
            by: Authority::Polya,
        });
        return listed.or(polya);
    }
    if n > MAX_ORACLE_SOLVABLE_N || rules.check(n).is_err() {
        return None;
    }
    let mut exists = false;
    for_each_rules_solution(n, rules, |_| {
        exists = true;
        false
    });
    Some(Solvable {
        exists,
        by: Authority::Oracle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Square, Variant};

    #[test]
    fn open_boards_are_settled_by_the_table_and_others_by_the_oracle() {
        let eight = has_solution(8, &Rules::classic()).unwrap();
        assert!(eight.exists);
        assert_eq!(eight.to_string(), "OEIS A000170 lists 92");
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        assert_eq!(
            has_solution(4, &torus).unwrap().to_string(),
            "OEIS A051906 lists 0"
        );
        let given = Rules::new(Variant::Classic, vec![Square::new(0, 1)], vec![]);
        let found = has_solution(4, &given).unwrap();
        assert_eq!((found.exists, found.by), (true, Authority::Oracle));
        assert_eq!(found.to_string(), "the bitboard oracle finds one");
    }

    #[test]
    fn the_torus_past_its_table_is_settled_by_polya() {
        let torus = Rules::new(Variant::Toroidal, vec![], vec![]);
        let past = crate::oeis::max_known(Variant::Toroidal) + 1;
        for n in past..past + 12 {
            let s = has_solution(n, &torus).unwrap();
            assert_eq!(s.by, Authority::Polya);
            assert_eq!(s.exists, n % 6 == 1 || n % 6 == 5, "n = {n}");
        }
    }

    #[test]
    fn boards_past_the_oracle_or_off_the_rules_are_unknown() {
        let given = Rules::new(Variant::Classic, vec![Square::new(0, 1)], vec![]);
        assert_eq!(has_solution(MAX_ORACLE_SOLVABLE_N + 1, &given), None);
        let off = Rules::new(Variant::Classic, vec![Square::new(9, 9)], vec![]);
        assert_eq!(has_solution(4, &off), None);
        assert_eq!(has_solution(10_000, &Rules::classic()), None);
    }
}

/// What a solver's answer of "no solution" for a board is worth, by what is known of the
/// board independently of the solver ([`has_solution`]): `solve` and `decode` exit by it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoSolution {
    /// The board has none, and who says so.
    Confirmed(Solvable),
    /// The board has solutions, and who says so: the answer is wrong.
    Contradicted(Solvable),
    /// Nothing independent knows: the solver's word is all there is.
    Unconfirmed,
}

impl NoSolution {
    /// Judges an answer of no solution for the n x n board under `rules`.
    ///
    /// ```
    /// use nqueens_queens::{NoSolution, Rules};
    /// assert!(matches!(NoSolution::judge(3, &Rules::classic()), NoSolution::Confirmed(_)));
    /// assert!(matches!(NoSolution::judge(8, &Rules::classic()), NoSolution::Contradicted(_)));
    /// ```
    pub fn judge(n: usize, rules: &Rules) -> NoSolution {
        match has_solution(n, rules) {
            Some(s) if s.exists => NoSolution::Contradicted(s),
            Some(s) => NoSolution::Confirmed(s),
            None => NoSolution::Unconfirmed,
        }
    }
}

#[cfg(test)]
mod no_solution_tests {
    use super::*;
    use crate::{Square, Variant};

    #[test]
    fn no_solution_is_confirmed_by_the_oracle_for_a_small_board_with_a_given_queen() {
        let corner = Rules::new(Variant::Classic, vec![Square::new(0, 0)], vec![]);
        let NoSolution::Confirmed(who) = NoSolution::judge(4, &corner) else {
            panic!("the 4x4 board with a queen in its corner has no solution");
        };
        assert_eq!(who.by, Authority::Oracle);
        assert!(matches!(
            NoSolution::judge(6, &Rules::classic()),
            NoSolution::Contradicted(Solvable { exists: true, .. })
        ));
    }
}
