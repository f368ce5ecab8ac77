//! What the search precomputes for one board: the squares each queen covers, as bit sets,
//! and the D4 orbits of the squares, strongest first (the search's first level).

use super::bits::Bits;
use crate::Domination;
use nqueens_board::d4::Element;
use nqueens_board::{Square, Variant};

/// The n x n board of one domination problem, precomputed.
pub(crate) struct Board<const W: usize> {
    pub(crate) n: usize,
    pub(crate) domination: Domination,
    /// `cover[q]`: the squares a queen on q occupies or attacks (row-major index r·n + c).
    pub(crate) cover: Vec<Bits<W>>,
    /// Every square.
    pub(crate) all: Bits<W>,
    /// The rows, columns, diagonals and anti-diagonals (wrapped on the torus).
    pub(crate) lines: Vec<Bits<W>>,
    /// The four lines through each square: a queen covers their union.
    pub(crate) lines_of: Vec<[u16; 4]>,
}

/// One orbit of squares under the 8 symmetries of the square.
pub(crate) struct Class<const W: usize> {
    /// The smallest square of the orbit: the one the search places.
    pub(crate) rep: usize,
    /// The orbit.
    pub(crate) members: Bits<W>,
    /// How many squares it holds (1, 4 or 8).
    pub(crate) size: u32,
}

impl<const W: usize> Board<W> {
    /// The board; `n * n` must fit in `W` words.
    pub(crate) fn new(n: usize, domination: Domination) -> Board<W> {
        assert!(n * n <= 64 * W, "{n}x{n} does not fit {W} words");
        let square = |i: usize| Square::new(i / n, i % n);
        let cover = (0..n * n)
            .map(|q| {
                let mut b = Bits::EMPTY;
                for s in 0..n * n {
                    if domination.covers(n, square(q), square(s)) {
                        b.insert(s);
                    }
                }
                b
            })
            .collect();
        let lines_of: Vec<[u16; 4]> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let (diag, anti) = match domination.board {
                    Variant::Toroidal => ((c + n - r) % n, (r + c) % n),
                    _ => (c + n - 1 - r, r + c),
                };
                // Rows, then columns, then 2n diagonal slots, then 2n anti-diagonal ones.
                [r, n + c, 2 * n + diag, 4 * n + anti].map(|l| l as u16)
            })
            .collect();
        let mut lines = vec![Bits::EMPTY; 6 * n];
        for (i, of) in lines_of.iter().enumerate() {
            for &l in of {
                lines[l as usize].insert(i);
            }
        }
        Board {
            n,
            domination,
            cover,
            all: Bits::first(n * n),
            lines,
            lines_of,
        }
    }

    /// The square of index `i`.
    pub(crate) fn square(&self, i: usize) -> Square {
        Square::new(i / self.n, i % self.n)
    }

    /// The D4 orbits of the squares, those whose queen covers most first (the centre on
    /// the classic board), then by smallest square.
    pub(crate) fn classes(&self) -> Vec<Class<W>> {
        let n = self.n;
        let mut seen = Bits::<W>::EMPTY;
        let mut classes = Vec::new();
        for i in 0..n * n {
            if seen.contains(i) {
                continue;
            }
            let mut members = Bits::EMPTY;
            for g in Element::ALL {
                let image = g.apply(n, self.square(i));
                members.insert(image.row * n + image.col);
            }
            seen = seen.or(&members);
            classes.push(Class {
                rep: i,
                members,
                size: members.len(),
            });
        }
        classes.sort_by_key(|c| (std::cmp::Reverse(self.cover[c.rep].len()), c.rep));
        classes
    }
}
