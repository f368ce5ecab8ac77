//! A placement of one queen per row, and how it is shown.

use serde::Serialize;
use std::fmt;

/// One queen per row: `columns()[r]` is the 0-based column of the queen in row `r`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Board(Vec<usize>);

impl Board {
    /// A board from the column of each row's queen.
    pub fn new(columns: Vec<usize>) -> Board {
        Board(columns)
    }

    /// The column of each row's queen.
    pub fn columns(&self) -> &[usize] {
        &self.0
    }

    /// The board's size.
    pub fn n(&self) -> usize {
        self.0.len()
    }

    /// Whether the placement is a solution, by the independent checker.
    pub fn is_solution(&self) -> bool {
        crate::is_solution(&self.0)
    }

    /// The queens as squares, row by row.
    pub fn squares(&self) -> Vec<crate::Square> {
        self.0
            .iter()
            .enumerate()
            .map(|(row, &col)| crate::Square::new(row, col))
            .collect()
    }

    /// The board as text, one line per row: `♛` and `·` or, with `ascii`, `Q` and `.`
    /// ([`crate::draw_queens`]).
    pub fn render(&self, ascii: bool) -> String {
        crate::draw_queens(self.n(), &self.squares(), ascii)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_ascii_rows() {
        let b = Board::new(vec![1, 3, 0, 2]);
        assert_eq!(b.render(true), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
        assert!(b.to_string().starts_with("· ♛ · ·\n"));
    }
}
