//! Rules as a user states them: a variant, given queens and blocked squares from a list, and
//! perhaps a board file adding to them; merged once, then checked against each board size.

use crate::{BoardFile, Rules, RulesError, Spelling, Square, Variant};
use std::fmt;
use thiserror::Error;

/// Which list of squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SquareList {
    /// Squares that must hold a queen.
    Given,
    /// Squares no queen may use.
    Blocked,
}

impl fmt::Display for SquareList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SquareList::Given => "given",
            SquareList::Blocked => "blocked",
        })
    }
}

/// Why stated rules do not make a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesBuildError {
    /// The board file's `c variant` line names another variant than the one stated.
    #[error("the board file is for the {file} variant, but {stated} was stated")]
    VariantConflict {
        /// The file's variant.
        file: Variant,
        /// The variant stated.
        stated: Variant,
    },
    /// A square both in a list and in the board file.
    #[error("square {square} is {list} both in the list and in the board file")]
    SquareTwice {
        /// The square.
        square: Square,
        /// The list it is in twice.
        list: SquareList,
    },
    /// A drawn board file of another size than the board.
    #[error("the board file draws a {drawn}x{drawn} board, but the board size is {n}")]
    DrawnSize {
        /// The size the drawing shows.
        drawn: usize,
        /// The board size.
        n: usize,
    },
    /// The squares do not fit the board ([`Rules::check`]).
    #[error(transparent)]
    Rules(#[from] RulesError),
}

impl RulesBuildError {
    /// What does not fit, in `names`' terms, `file` the board file's path as the caller
    /// shows it.
    ///
    /// ```
    /// use nqueens_queens::{RulesBuildError, Spelling, Variant};
    /// let e = RulesBuildError::VariantConflict { file: Variant::Toroidal, stated: Variant::Classic };
    /// let names = Spelling { board_file: "--given-file", variant: "--variant", ..Spelling::default() };
    /// assert_eq!(
    ///     e.said(&names, "b.txt"),
    ///     "--given-file 'b.txt' is for --variant toroidal, but --variant classic was given"
    /// );
    /// ```
    pub fn said(&self, names: &Spelling<'_>, file: &str) -> String {
        let board_file = names.board_file;
        match self {
            RulesBuildError::VariantConflict { file: f, stated } => {
                let v = names.variant;
                format!("{board_file} '{file}' is for {v} {f}, but {v} {stated} was given")
            }
            RulesBuildError::SquareTwice { square, list } => {
                let list = match list {
                    SquareList::Given => names.given,
                    SquareList::Blocked => names.blocked,
                };
                format!("square {square} is in {list} and in {board_file} '{file}': give it once")
            }
            RulesBuildError::DrawnSize { drawn, n } => {
                format!("{board_file} draws a {drawn}x{drawn} board, but the board size is {n}")
            }
            RulesBuildError::Rules(e) => e.to_string(),
        }
    }
}

/// Rules under construction: a variant (the classic board unless stated), given queens and
/// blocked squares, and the size a drawn board file shows. [`RulesBuilder::build`] checks them
/// against a board size, as many times as there are sizes.
///
/// ```
/// use nqueens_queens::{parse_board_file, RulesBuilder, Square, Variant};
///
/// let file = parse_board_file("c variant toroidal\n. Q . .\n. . . .\n. . . .\n# . . .\n")?;
/// let builder = RulesBuilder::new()
///     .given(vec![Square::new(2, 0)])
///     .board_file(file)?;
/// let rules = builder.build(4)?;
/// assert_eq!(rules.variant, Variant::Toroidal);
/// assert_eq!(rules.given, vec![Square::new(0, 1), Square::new(2, 0)]);
/// assert!(builder.build(5).is_err()); // the drawing is 4 x 4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesBuilder {
    variant: Option<Variant>,
    given: Vec<Square>,
    blocked: Vec<Square>,
    drawn_n: Option<usize>,
}

impl RulesBuilder {
    /// No variant stated, nothing given or blocked.
    pub fn new() -> RulesBuilder {
        RulesBuilder::default()
    }

    /// States the variant.
    pub fn variant(mut self, variant: Variant) -> RulesBuilder {
        self.variant = Some(variant);
        self
    }

    /// Adds given queens.
    pub fn given(mut self, squares: Vec<Square>) -> RulesBuilder {
        self.given.extend(squares);
        self
    }

    /// Adds blocked squares.
    pub fn blocked(mut self, squares: Vec<Square>) -> RulesBuilder {
        self.blocked.extend(squares);
        self
    }

    /// Adds a board file's squares, its variant (when none was stated) and the size it draws.
    ///
    /// # Errors
    /// [`RulesBuildError::VariantConflict`] when the file names another variant than the one
    /// stated; [`RulesBuildError::SquareTwice`] when one of its squares is already in the same
    /// list (a square twice in one list is refused wherever it comes from).
    pub fn board_file(mut self, file: BoardFile) -> Result<RulesBuilder, RulesBuildError> {
        match (file.variant, self.variant) {
            (Some(f), Some(stated)) if f != stated => {
                return Err(RulesBuildError::VariantConflict { file: f, stated })
            }
            (Some(f), _) => self.variant = Some(f),
            _ => {}
        }
        for (list, mine, theirs) in [
            (SquareList::Given, &self.given, &file.given),
            (SquareList::Blocked, &self.blocked, &file.blocked),
        ] {
            if let Some(&square) = theirs.iter().find(|sq| mine.contains(sq)) {
                return Err(RulesBuildError::SquareTwice { square, list });
            }
        }
        self.given.extend(file.given);
        self.blocked.extend(file.blocked);
        self.drawn_n = file.drawn_n;
        Ok(self)
    }

    /// The rules for the n x n board, checked: squares on the board, given queens at peace,
    /// none on a blocked square, a drawn board file of the same size.
    ///
    /// # Errors
    /// [`RulesBuildError::DrawnSize`] or [`RulesBuildError::Rules`]: the first misfit.
    pub fn build(&self, n: usize) -> Result<Rules, RulesBuildError> {
        if let Some(drawn) = self.drawn_n.filter(|&d| d != n) {
            return Err(RulesBuildError::DrawnSize { drawn, n });
        }
        let rules = Rules::new(
            self.variant.unwrap_or_default(),
            self.given.clone(),
            self.blocked.clone(),
        );
        rules.check(n)?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_board_file;

    fn sq(row: usize, col: usize) -> Square {
        Square::new(row, col)
    }

    #[test]
    fn a_board_file_adds_its_squares_and_variant() {
        let file = parse_board_file("c variant superqueens\n0 2\n").unwrap();
        let b = RulesBuilder::new()
            .given(vec![sq(3, 0)])
            .blocked(vec![sq(1, 1)])
            .board_file(file)
            .unwrap();
        let rules = b.build(8).unwrap();
        assert_eq!(rules.variant, Variant::Superqueens);
        assert_eq!(rules.given, vec![sq(0, 2), sq(3, 0)]);
        assert_eq!(rules.blocked, vec![sq(1, 1)]);
        // A list is not a drawing: any size will do.
        assert!(b.build(9).is_ok());
        assert_eq!(RulesBuilder::new().build(5), Ok(Rules::classic()));
    }

    #[test]
    fn each_misfit_is_its_own_error() {
        let torus = parse_board_file("c variant toroidal\n0 0\n").unwrap();
        assert_eq!(
            RulesBuilder::new()
                .variant(Variant::Classic)
                .board_file(torus.clone()),
            Err(RulesBuildError::VariantConflict {
                file: Variant::Toroidal,
                stated: Variant::Classic
            })
        );
        let same = RulesBuilder::new().variant(Variant::Toroidal);
        assert!(same.board_file(torus.clone()).is_ok());
        let twice = RulesBuilder::new().given(vec![sq(0, 0)]).board_file(torus);
        assert_eq!(
            twice.unwrap_err().to_string(),
            "square 0:0 is given both in the list and in the board file"
        );
        let drawing = parse_board_file(". #\n. .\n").unwrap();
        let blocked = RulesBuilder::new()
            .blocked(vec![sq(0, 1)])
            .board_file(drawing.clone());
        assert_eq!(
            blocked,
            Err(RulesBuildError::SquareTwice {
                square: sq(0, 1),
                list: SquareList::Blocked
            })
        );
        let drawn = RulesBuilder::new().board_file(drawing).unwrap();
        assert_eq!(
            drawn.build(3).unwrap_err().to_string(),
            "the board file draws a 2x2 board, but the board size is 3"
        );
        let clash = RulesBuilder::new().given(vec![sq(0, 0), sq(1, 1)]);
        assert!(matches!(
            clash.build(4),
            Err(RulesBuildError::Rules(RulesError::GivenAttack(..)))
        ));
    }
}
