//! Known values from the OEIS for queen domination, at index n - 1.
//!
//! - A075458: domination number γ of the n x n queen graph (n = 1..=25).
//! - A002564: number of minimum dominating sets (n = 1..=19).
//! - A075324: independent domination number i (n = 1..=14 here, read off the diagonal of
//!   A299029, the independent domination numbers of the rectangular boards, Bozóki, Gál,
//!   Marosi and Weakley, "Domination of the rectangular queen's graph", 2019).
//! - A002568: number of minimum independent dominating sets (n = 1..=30).
//! - A279402: domination number of the n x n toroidal queen graph (n = 1..=22).
//! - A279404: independent domination number of the toroidal queen graph (n = 1..=18).

use super::Domination;
use nqueens_board::Variant;

/// A075458(n): the domination number of the queen graph.
pub const A075458: [usize; 25] = [
    1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 12, 13, 13,
];

/// A002564(n): the number of minimum dominating sets of the queen graph.
pub const A002564: [u64; 19] = [
    1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8, 288, 4632, 205_832, 2968, 124, 16, 84,
];

/// A075324(n): the independent domination number of the queen graph.
pub const A075324: [usize; 14] = [1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7, 7, 8];

/// A002568(n): the number of minimum independent dominating sets of the queen graph.
pub const A002568: [u64; 30] = [
    1, 4, 1, 16, 16, 120, 8, 728, 92, 8, 2, 840, 24, 436, 10_188, 128, 12, 224, 8424, 312, 72, 192,
    8784, 368, 56, 224, 14_500, 280, 10_880, 240,
];

/// A279402(n): the domination number of the toroidal queen graph.
pub const A279402: [usize; 22] = [
    1, 1, 1, 2, 3, 3, 4, 4, 5, 5, 5, 6, 7, 7, 5, 8, 9, 8, 10, 10, 7, 11,
];

/// A279404(n): the independent domination number of the toroidal queen graph.
pub const A279404: [usize; 18] = [1, 1, 1, 2, 5, 4, 5, 4, 5, 5, 5, 6, 7, 7, 5, 8, 9, 10];

impl Domination {
    /// The OEIS sequence of the (independent) domination number.
    pub fn number_sequence(self) -> &'static str {
        match (self.board, self.independent) {
            (Variant::Toroidal, false) => "A279402",
            (Variant::Toroidal, true) => "A279404",
            (_, false) => "A075458",
            (_, true) => "A075324",
        }
    }

    /// The OEIS sequence of the number of minimum sets, when there is one.
    pub fn count_sequence(self) -> Option<&'static str> {
        match (self.board, self.independent) {
            (Variant::Toroidal, _) => None,
            (_, false) => Some("A002564"),
            (_, true) => Some("A002568"),
        }
    }

    /// The known (independent) domination number of the n x n board.
    pub fn known_number(self, n: usize) -> Option<usize> {
        let table: &[usize] = match (self.board, self.independent) {
            (Variant::Toroidal, false) => &A279402,
            (Variant::Toroidal, true) => &A279404,
            (_, false) => &A075458,
            (_, true) => &A075324,
        };
        n.checked_sub(1).and_then(|i| table.get(i).copied())
    }

    /// The known number of minimum (independent) dominating sets of the n x n board.
    pub fn known_count(self, n: usize) -> Option<u64> {
        let table: &[u64] = match (self.board, self.independent) {
            (Variant::Toroidal, _) => &[],
            (_, false) => &A002564,
            (_, true) => &A002568,
        };
        n.checked_sub(1).and_then(|i| table.get(i).copied())
    }
}
