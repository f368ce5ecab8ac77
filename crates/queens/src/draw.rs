//! Boards drawn as text: queens on any squares (a domination set, a placement), and a
//! solution under its header, plain or as a board file that `parse_board_file` reads back.

use crate::{write_board_file, Board, Rules, Square};

/// The n x n board with `queens` on it, one line per row, squares separated by a space:
/// `♛` and `·`, or with `ascii` `Q` and `.`. Squares off the board are not drawn.
///
/// ```
/// use nqueens_queens::{draw_queens, Square};
///
/// let drawn = draw_queens(3, &[Square::new(1, 1)], true);
/// assert_eq!(drawn, ". . .\n. Q .\n. . .\n");
/// ```
pub fn draw_queens(n: usize, queens: &[Square], ascii: bool) -> String {
    let (queen, empty) = if ascii { ('Q', '.') } else { ('♛', '·') };
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); n];
    for q in queens.iter().filter(|q| q.row < n && q.col < n) {
        rows[q.row].push(q.col);
    }
    let mut s = String::new();
    let mut line = vec![false; n];
    for cols in &rows {
        line.fill(false);
        for &c in cols {
            line[c] = true;
        }
        for (col, &on) in line.iter().enumerate() {
            if col > 0 {
                s.push(' ');
            }
            s.push(if on { queen } else { empty });
        }
        s.push('\n');
    }
    s
}

/// A solution under a header line: drawn with Unicode queens, or with `ascii` as a board
/// file (`c` header, a `c variant` line off the classic board, `Q` queens, `#` blocked
/// squares) that [`crate::parse_board_file`] reads back.
pub fn draw_solution(rules: &Rules, board: &Board, header: &str, ascii: bool) -> String {
    if !ascii {
        return format!("{header}\n{}", board.render(false));
    }
    write_board_file(
        board.n(),
        rules.variant,
        &board.squares(),
        &rules.blocked,
        &[header.to_string()],
    )
}

/// A solution as it is shown: its JSON (`columns`, `n`, `rules`, and `solution`, its number
/// in a listing, if it has one; through a `serde_json::Value` its keys are sorted) or its
/// drawing under a header ([`ShownSolution::drawn`]).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ShownSolution<'a> {
    /// The solution.
    pub columns: &'a Board,
    /// The board size.
    pub n: usize,
    /// The board's rules.
    pub rules: &'a Rules,
    /// Its number in a listing (1 for the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<u64>,
}

impl ShownSolution<'_> {
    /// Drawn under the header `Q(n) solution K, columns [...]` ([`draw_solution`]).
    ///
    /// ```
    /// use nqueens_queens::{Board, Rules, ShownSolution};
    /// let (board, rules) = (Board::new(vec![0]), Rules::classic());
    /// let shown = ShownSolution { columns: &board, n: 1, rules: &rules, solution: Some(1) };
    /// assert!(shown.drawn(true).contains("solution 1, columns [0]"));
    /// ```
    pub fn drawn(&self, ascii: bool) -> String {
        let number = self.solution.map_or(String::new(), |k| format!(" {k}"));
        let header = format!(
            "{} solution{number}, columns {:?}",
            self.rules.board_name(self.n),
            self.columns.columns()
        );
        draw_solution(self.rules, self.columns, &header, ascii)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_board_file, Variant};

    #[test]
    fn queens_are_drawn_where_they_stand_and_nowhere_else() {
        let q = [Square::new(0, 2), Square::new(2, 0), Square::new(0, 0)];
        assert_eq!(draw_queens(3, &q, true), "Q . Q\n. . .\nQ . .\n");
        assert_eq!(draw_queens(2, &[], false), "· ·\n· ·\n");
        assert_eq!(draw_queens(1, &[Square::new(0, 5)], true), ".\n");
        assert_eq!(draw_queens(0, &q, true), "");
    }

    #[test]
    fn an_ascii_solution_reads_back_as_its_board_file() {
        let rules = Rules::new(Variant::Toroidal, vec![], vec![Square::new(0, 0)]);
        let board = Board::new(vec![1, 3, 0, 2]);
        let drawn = draw_solution(&rules, &board, "Q(4) solution", true);
        let file = parse_board_file(&drawn).unwrap();
        assert_eq!(file.variant, Some(Variant::Toroidal));
        assert_eq!(file.blocked, rules.blocked);
        assert_eq!(file.given, board.squares());
        assert!(drawn.contains("c Q(4) solution\n"), "{drawn}");
        let shown = ShownSolution {
            columns: &board,
            n: 4,
            rules: &rules,
            solution: None,
        };
        let json = serde_json::to_value(&shown).unwrap();
        assert_eq!(json["columns"], serde_json::json!([1, 3, 0, 2]));
        assert_eq!(json.get("solution"), None);
        let header = format!("{} solution, columns [1, 3, 0, 2]", rules.board_name(4));
        assert!(
            shown.drawn(false).starts_with(&header),
            "{}",
            shown.drawn(false)
        );
        let plain = draw_solution(&rules, &board, "header", false);
        assert_eq!(plain, format!("header\n{}", board.render(false)));
    }
}
