//! One board's rules: the variant, the queens that must stand (n-Queens Completion, CSPLib
//! 079) and the squares no queen may use (blocked n-Queens, CSPLib 080). Every formulation,
//! the oracle and the checker read the same `Rules`; the checker (`first_violation` of
//! `nqueens-queens`) judges a placement by the definitions alone.

use crate::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// A square, 0-based: `row:col` on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    /// Row, 0-based from the top.
    pub row: usize,
    /// Column, 0-based from the left.
    pub col: usize,
}

impl Square {
    /// The square on `row`, `col`.
    pub fn new(row: usize, col: usize) -> Square {
        Square { row, col }
    }

    fn pair(self) -> (usize, usize) {
        (self.row, self.col)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.row, self.col)
    }
}

/// Why rules do not fit a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A square outside the n x n board.
    #[error("{what} square {square} is outside the {n}x{n} board (rows and columns are 0 to {})", n.saturating_sub(1))]
    OffBoard {
        /// `given` or `blocked`.
        what: &'static str,
        /// The square.
        square: Square,
        /// Board size.
        n: usize,
    },
    /// Two given queens attack each other.
    #[error("the given queens on {0} and {1} attack each other ({2} rules)")]
    GivenAttack(Square, Square, crate::Variant),
    /// A given queen stands on a blocked square.
    #[error("the given queen on {0} stands on a blocked square")]
    GivenBlocked(Square),
}

/// A board's rules beyond its size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// How queens attack.
    pub variant: Variant,
    /// Squares that must hold a queen, sorted, no repeats.
    pub given: Vec<Square>,
    /// Squares no queen may use, sorted, no repeats.
    pub blocked: Vec<Square>,
}

impl Rules {
    /// Comment lines saying which board the file is for, when it is not the classic open one
    /// (shared by the CNF and ILP writers).
    pub fn comment_lines(&self) -> Vec<String> {
        let rules = self;
        let squares = |s: &[crate::Square]| {
            s.iter()
                .map(|q| q.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut lines = Vec::new();
        if rules.variant != crate::Variant::Classic {
            lines.push(format!("variant = {}", rules.variant));
        }
        if !rules.given.is_empty() {
            lines.push(format!(
                "given queens (row:col, 0-based) = {}",
                squares(&rules.given)
            ));
        }
        if !rules.blocked.is_empty() {
            lines.push(format!(
                "blocked squares (row:col, 0-based) = {}",
                squares(&rules.blocked)
            ));
        }
        lines
    }

    /// The classic board, nothing given or blocked.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// `variant` with the squares `given` and `blocked` (sorted and deduplicated here).
    pub fn new(variant: Variant, mut given: Vec<Square>, mut blocked: Vec<Square>) -> Rules {
        given.sort();
        given.dedup();
        blocked.sort();
        blocked.dedup();
        Rules {
            variant,
            given,
            blocked,
        }
    }

    /// Whether these are the classic rules with nothing given or blocked.
    pub fn is_classic(&self) -> bool {
        self.variant == Variant::Classic && self.is_open()
    }

    /// Whether nothing is given or blocked.
    pub fn is_open(&self) -> bool {
        self.given.is_empty() && self.blocked.is_empty()
    }

    /// Checks that the rules fit an n x n board: every square on it, given queens at peace,
    /// none on a blocked square.
    ///
    /// # Errors
    /// The first misfit found.
    pub fn check(&self, n: usize) -> Result<(), RulesError> {
        for (what, squares) in [("given", &self.given), ("blocked", &self.blocked)] {
            if let Some(&square) = squares.iter().find(|s| s.row >= n || s.col >= n) {
                return Err(RulesError::OffBoard { what, square, n });
            }
        }
        for (i, &a) in self.given.iter().enumerate() {
            if let Some(&b) = self.given[i + 1..]
                .iter()
                .find(|b| self.variant.attacks(n, a.pair(), b.pair()))
            {
                return Err(RulesError::GivenAttack(a, b, self.variant));
            }
            if self.blocked.contains(&a) {
                return Err(RulesError::GivenBlocked(a));
            }
        }
        Ok(())
    }

    /// Whether a queen may stand on (row, col) as far as the given and blocked squares say:
    /// not blocked, attacked by no given queen, and the given square of its row if it has one.
    pub fn allows(&self, n: usize, row: usize, col: usize) -> bool {
        let here = Square::new(row, col);
        !self.blocked.contains(&here)
            && self.given.iter().all(|&g| {
                g == here || (g.row != row && !self.variant.attacks(n, g.pair(), (row, col)))
            })
    }

    /// Whether `map` (a permutation of the board's squares) maps the given squares onto
    /// themselves and the blocked squares onto themselves.
    pub fn invariant_under(&self, map: impl Fn(Square) -> Square) -> bool {
        let same = |set: &[Square]| {
            let mut image: Vec<Square> = set.iter().map(|&s| map(s)).collect();
            image.sort();
            image == set
        };
        same(&self.given) && same(&self.blocked)
    }

    /// The n x n board's name in messages: `Q(8)`, `Q(13, toroidal)`, `Q(20, classic, 5
    /// given)`.
    pub fn board_name(&self, n: usize) -> String {
        if self.is_classic() {
            format!("Q({n})")
        } else {
            format!("Q({n}, {})", self.describe())
        }
    }

    /// A short description: `toroidal, 3 given, 2 blocked`.
    pub fn describe(&self) -> String {
        let mut s = self.variant.name().to_string();
        if !self.given.is_empty() {
            s.push_str(&format!(", {} given", self.given.len()));
        }
        if !self.blocked.is_empty() {
            s.push_str(&format!(", {} blocked", self.blocked.len()));
        }
        s
    }
}

/// Why a list of squares does not read ([`parse_squares`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SquaresError {
    /// Nothing was given.
    #[error("expected ROW:COL,ROW:COL,... and found nothing")]
    Empty,
    /// Two commas with nothing between them (the list, cut to 60 characters).
    #[error("an empty item in '{0}': expected ROW:COL between commas")]
    EmptyItem(String),
    /// An item without a `:` (cut to 40 characters).
    #[error("expected ROW:COL, found '{0}'")]
    NotAPair(String),
    /// An item whose row or column is not an unsigned number.
    #[error("expected ROW:COL with 0-based numbers, found '{0}'")]
    NotANumber(String),
    /// An item whose row or column does not fit a `usize`.
    #[error("'{item}': {number} is too large for a row or column")]
    TooLarge {
        /// The item (cut to 40 characters).
        item: String,
        /// The number.
        number: String,
    },
    /// A square listed twice.
    #[error("square {0} is listed twice")]
    Twice(Square),
}

/// Parses `r:c,r:c,...` (0-based rows and columns; spaces around items allowed).
///
/// # Errors
/// [`SquaresError`]: an empty list or item, an item that is not two unsigned integers joined
/// by `:`, a number too large, or a square listed twice.
pub fn parse_squares(s: &str) -> Result<Vec<Square>, SquaresError> {
    if s.trim().is_empty() {
        return Err(SquaresError::Empty);
    }
    let mut squares: Vec<Square> = Vec::new();
    for item in s.split(',').map(str::trim) {
        let shown: String = item.chars().take(40).collect();
        if item.is_empty() {
            return Err(SquaresError::EmptyItem(s.chars().take(60).collect()));
        }
        let (r, c) = item
            .split_once(':')
            .ok_or_else(|| SquaresError::NotAPair(shown.clone()))?;
        let num = |x: &str| {
            let x = x.trim();
            if !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()) {
                x.parse::<usize>().map_err(|_| SquaresError::TooLarge {
                    item: shown.clone(),
                    number: x.chars().take(40).collect(),
                })
            } else {
                Err(SquaresError::NotANumber(shown.clone()))
            }
        };
        let square = Square::new(num(r)?, num(c)?);
        if squares.contains(&square) {
            return Err(SquaresError::Twice(square));
        }
        squares.push(square);
    }
    Ok(squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_checked_against_the_board() {
        let sq = Square::new;
        let r = Rules::new(Variant::Classic, vec![sq(0, 1), sq(0, 1)], vec![sq(2, 2)]);
        assert_eq!(r.given, vec![sq(0, 1)]);
        assert_eq!(r.check(4), Ok(()));
        assert_eq!(
            r.check(2).unwrap_err().to_string(),
            "blocked square 2:2 is outside the 2x2 board (rows and columns are 0 to 1)"
        );
        let clash = Rules::new(Variant::Classic, vec![sq(0, 0), sq(3, 3)], vec![]);
        assert!(matches!(clash.check(8), Err(RulesError::GivenAttack(..))));
        let knight = Rules::new(Variant::Superqueens, vec![sq(0, 0), sq(1, 2)], vec![]);
        assert!(knight.check(8).is_err());
        assert!(
            Rules::new(Variant::Classic, vec![sq(0, 0), sq(1, 2)], vec![])
                .check(8)
                .is_ok()
        );
        let on = Rules::new(Variant::Classic, vec![sq(1, 1)], vec![sq(1, 1)]);
        assert_eq!(on.check(4), Err(RulesError::GivenBlocked(sq(1, 1))));
    }

    #[test]
    fn given_and_blocked_squares_allow_what_they_should() {
        let sq = Square::new;
        let r = Rules::new(Variant::Classic, vec![sq(0, 1)], vec![sq(1, 3)]);
        assert!(r.allows(4, 0, 1) && !r.allows(4, 0, 2) && !r.allows(4, 1, 2));
        assert!(!r.allows(4, 1, 3) && r.allows(4, 2, 0));
    }

    #[test]
    fn squares_parse_with_clear_errors() {
        assert_eq!(
            parse_squares("0:1, 2:3"),
            Ok(vec![Square::new(0, 1), Square::new(2, 3)])
        );
        let err = |s: &str| parse_squares(s).unwrap_err().to_string();
        assert!(err("0:1,").contains("an empty item"));
        assert!(err("").contains("found nothing"));
        assert_eq!(err("0:1,0:1"), "square 0:1 is listed twice");
        assert_eq!(
            err("99999999999999999999:1"),
            "'99999999999999999999:1': 99999999999999999999 is too large for a row or column"
        );
        assert_eq!(err("0-1"), "expected ROW:COL, found '0-1'");
        assert!(parse_squares("a:1").is_err() && parse_squares("-1:2").is_err());
    }
}
