//! The eight symmetries of the square (the dihedral group D4), written once: each [`Element`]
//! maps a square of the n x n board to a square, and from that map come the images of a set of
//! squares (queen domination's orbits, [`set_images`], [`orbit`]) and of a placement (N-Queens'
//! canonical forms and orbit sizes, for fundamental solutions, OEIS A002562: [`images`],
//! [`canonical`], [`orbit_size`]). Every variant's attacks are preserved by them: a rotation or
//! reflection maps rows, columns and diagonals, wrapped or not, onto rows, columns and
//! diagonals, and a knight's move onto a knight's move.

use crate::Square;

/// One of the eight symmetries of the square, by what it does to the square (r, c) of an
/// n x n board, with l = n - 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Element {
    /// (r, c) stays.
    Identity,
    /// A quarter turn: (r, c) to (c, l - r).
    QuarterTurn,
    /// A half turn: (r, c) to (l - r, l - c).
    HalfTurn,
    /// Three quarter turns: (r, c) to (l - c, r).
    ThreeQuarterTurn,
    /// The left-right mirror: (r, c) to (r, l - c).
    MirrorColumns,
    /// The up-down mirror: (r, c) to (l - r, c).
    MirrorRows,
    /// The reflection in the main diagonal: (r, c) to (c, r).
    Transpose,
    /// The reflection in the anti-diagonal: (r, c) to (l - c, l - r).
    AntiTranspose,
}

impl Element {
    /// The eight elements, the identity first, then the other rotations, then the reflections.
    pub const ALL: [Element; 8] = [
        Element::Identity,
        Element::QuarterTurn,
        Element::HalfTurn,
        Element::ThreeQuarterTurn,
        Element::MirrorColumns,
        Element::MirrorRows,
        Element::Transpose,
        Element::AntiTranspose,
    ];

    /// The image of `square` on the n x n board (`square` on the board).
    ///
    /// ```
    /// use nqueens_board::d4::Element;
    /// use nqueens_board::Square;
    /// assert_eq!(Element::QuarterTurn.apply(8, Square::new(0, 1)), Square::new(1, 7));
    /// assert_eq!(Element::Transpose.apply(8, Square::new(0, 1)), Square::new(1, 0));
    /// ```
    pub fn apply(self, n: usize, square: Square) -> Square {
        let l = n.saturating_sub(1);
        let Square { row: r, col: c } = square;
        match self {
            Element::Identity => Square::new(r, c),
            Element::QuarterTurn => Square::new(c, l - r),
            Element::HalfTurn => Square::new(l - r, l - c),
            Element::ThreeQuarterTurn => Square::new(l - c, r),
            Element::MirrorColumns => Square::new(r, l - c),
            Element::MirrorRows => Square::new(l - r, c),
            Element::Transpose => Square::new(c, r),
            Element::AntiTranspose => Square::new(l - c, l - r),
        }
    }
}

/// The 8 images of a set of squares of the n x n board (each sorted), in the order of
/// [`Element::ALL`]: the first is the set itself.
pub fn set_images(n: usize, squares: &[Square]) -> [Vec<Square>; 8] {
    Element::ALL.map(|g| {
        let mut image: Vec<Square> = squares.iter().map(|&s| g.apply(n, s)).collect();
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
    let all = set_images(n, squares);
    let word = |set: &[Square]| {
        let mut w = vec![false; n * n];
        for s in set {
            w[s.row * n + s.col] = true;
        }
        w
    };
    let own = word(&all[0]);
    let canonical = all.iter().all(|img| own <= word(img));
    Orbit {
        canonical,
        size: distinct(all.to_vec()),
    }
}

/// The 8 images of a placement (`q[r]` = column of row r's queen, one queen in each row and
/// column, as in every solution) under D4, in the order of [`Element::ALL`]: the first is the
/// placement itself.
pub fn images(q: &[usize]) -> [Vec<usize>; 8] {
    let n = q.len();
    Element::ALL.map(|g| {
        let mut image = vec![0; n];
        for (row, &col) in q.iter().enumerate() {
            let s = g.apply(n, Square::new(row, col));
            image[s.row] = s.col;
        }
        image
    })
}

/// The lexicographically smallest image: one representative per orbit.
pub fn canonical(q: &[usize]) -> Vec<usize> {
    let [first, rest @ ..] = images(q);
    rest.into_iter().fold(first, Ord::min)
}

/// How many distinct placements the orbit of `q` holds (1, 2, 4 or 8).
pub fn orbit_size(q: &[usize]) -> u64 {
    distinct(images(q).to_vec())
}

/// How many distinct members `all` has.
fn distinct<T: Ord>(mut all: Vec<T>) -> u64 {
    all.sort();
    all.dedup();
    all.len() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elements_form_the_group_a_quarter_turn_and_the_mirror_generate() {
        let n = 5;
        let squares: Vec<Square> = (0..n * n).map(|i| Square::new(i / n, i % n)).collect();
        let turn = |s| Element::QuarterTurn.apply(n, s);
        let mirror = |s| Element::MirrorColumns.apply(n, s);
        let by_generators: [&dyn Fn(Square) -> Square; 8] = [
            &|s| s,
            &turn,
            &|s| turn(turn(s)),
            &|s| turn(turn(turn(s))),
            &mirror,
            &|s| mirror(turn(turn(s))),
            &|s| mirror(turn(s)),
            &|s| mirror(turn(turn(turn(s)))),
        ];
        for (g, by_generators) in Element::ALL.into_iter().zip(by_generators) {
            for &s in &squares {
                assert_eq!(g.apply(n, s), by_generators(s), "{g:?} on {s}");
            }
        }
    }

    #[test]
    fn images_of_a_solution_are_placements_and_its_orbit_has_two() {
        let q = [1, 3, 0, 2];
        for img in images(&q) {
            let mut cols = img.clone();
            cols.sort();
            assert_eq!(cols, [0, 1, 2, 3], "{img:?}");
        }
        assert_eq!(images(&q)[0], q);
        assert_eq!(orbit_size(&q), 2);
        assert_eq!(canonical(&q), [1, 3, 0, 2]);
        assert_eq!(canonical(&[2, 0, 3, 1]), [1, 3, 0, 2]);
    }

    #[test]
    fn a_set_and_its_placement_have_the_same_images() {
        let q = [2, 4, 1, 3, 0];
        let squares: Vec<Square> = q
            .iter()
            .enumerate()
            .map(|(r, &c)| Square::new(r, c))
            .collect();
        for (set, placement) in set_images(5, &squares).iter().zip(images(&q)) {
            let as_set: Vec<Square> = placement
                .iter()
                .enumerate()
                .map(|(r, &c)| Square::new(r, c))
                .collect();
            assert_eq!(set, &as_set);
        }
    }

    /// The representative is the smallest 0-1 word, false before true: of the four corners,
    /// the one read last.
    #[test]
    fn a_corner_has_four_images_and_the_last_one_read_is_canonical() {
        let orbit_of = |row, col| orbit(4, &[Square::new(row, col)]);
        assert_eq!(
            orbit_of(3, 3),
            Orbit {
                canonical: true,
                size: 4
            }
        );
        for (row, col) in [(0, 0), (0, 3), (3, 0)] {
            assert_eq!(
                orbit_of(row, col),
                Orbit {
                    canonical: false,
                    size: 4
                }
            );
        }
        let centre = [(1, 1), (1, 2), (2, 1), (2, 2)].map(|(r, c)| Square::new(r, c));
        assert_eq!(
            orbit(4, &centre),
            Orbit {
                canonical: true,
                size: 1
            }
        );
    }
}
