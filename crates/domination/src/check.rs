//! The independent checker: whether a set of queens dominates the board, judged square by
//! square from the attack rule alone (no encoding is consulted).

use super::Domination;
use nqueens_board::Square;
use thiserror::Error;

/// Why a set of queens is not an answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Fault {
    /// A queen off the board, or two queens on one square.
    #[error("queen {0} is off the {1}x{1} board or listed twice")]
    Placement(Square, usize),
    /// A square no queen occupies or attacks.
    #[error("square {0} is neither occupied nor attacked")]
    Undominated(Square),
    /// Two queens attack each other (independent domination).
    #[error("the queens on {0} and {1} attack each other")]
    Attack(Square, Square),
    /// More queens than the bound allows.
    #[error("{found} queens, more than the bound {bound}")]
    TooMany {
        /// Queens placed.
        found: usize,
        /// The bound.
        bound: usize,
    },
}

impl Domination {
    /// The first way `queens` fails to be a (independent) dominating set of the n x n board
    /// with at most `bound` queens; `None` for an answer.
    pub fn first_fault(self, n: usize, queens: &[Square], bound: Option<usize>) -> Option<Fault> {
        for (i, q) in queens.iter().enumerate() {
            if q.row >= n || q.col >= n || queens[..i].contains(q) {
                return Some(Fault::Placement(*q, n));
            }
        }
        if let Some(bound) = bound.filter(|&b| queens.len() > b) {
            return Some(Fault::TooMany {
                found: queens.len(),
                bound,
            });
        }
        for row in 0..n {
            for col in 0..n {
                let square = Square::new(row, col);
                if !queens.iter().any(|&q| self.covers(n, q, square)) {
                    return Some(Fault::Undominated(square));
                }
            }
        }
        if self.independent {
            for (i, &a) in queens.iter().enumerate() {
                for &b in &queens[i + 1..] {
                    if self.board.attacks(n, (a.row, a.col), (b.row, b.col)) {
                        return Some(Fault::Attack(a, b));
                    }
                }
            }
        }
        None
    }
}
