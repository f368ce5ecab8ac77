//! The 8 symmetries of the square acting on sets of squares. Domination is preserved by
//! them on the classic board and on the torus (a rotation or reflection maps rows, columns
//! and diagonals, wrapped or not, onto rows, columns and diagonals).

use crate::Square;

/// The 8 images of a set of squares under D4 (each sorted): the four rotations and their
/// mirror images; the first is the set itself.
pub fn images(n: usize, squares: &[Square]) -> [Vec<Square>; 8] {
    let last = n.saturating_sub(1);
    let maps: [fn(usize, Square) -> Square; 8] = [
        |_, s| s,
        |l, s| Square::new(s.col, l - s.row),
        |l, s| Square::new(l - s.row, l - s.col),
        |l, s| Square::new(l - s.col, s.row),
        |l, s| Square::new(s.row, l - s.col),
        |l, s| Square::new(l - s.row, s.col),
        |_, s| Square::new(s.col, s.row),
        |l, s| Square::new(l - s.col, l - s.row),
    ];
    maps.map(|f| {
        let mut image: Vec<Square> = squares.iter().map(|&s| f(last, s)).collect();
        image.sort();
        image
    })
}

/// A set's place in its D4 orbit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// Whether the set is its orbit's representative: the smallest image when the board's
    /// squares, read row by row, spell a 0-1 word (false before true), the order the
    /// lex-leader constraints of a symmetry-broken count keep.
    pub canonical: bool,
    /// How many distinct sets the orbit holds (1, 2, 4 or 8).
    pub size: u64,
}

/// The orbit of `squares` on the n x n board.
pub fn orbit(n: usize, squares: &[Square]) -> Orbit {
    let all = images(n, squares);
    let word = |set: &[Square]| {
        let mut w = vec![false; n * n];
        for s in set {
            w[s.row * n + s.col] = true;
        }
        w
    };
    let own = word(&all[0]);
    let canonical = all.iter().all(|img| own <= word(img));
    let mut distinct = all.to_vec();
    distinct.sort();
    distinct.dedup();
    Orbit {
        canonical,
        size: distinct.len() as u64,
    }
}
