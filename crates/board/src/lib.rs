//! The n x n board's definitions, written once: a [`Square`], the [`Variant`]s (which squares a
//! queen attacks), the [`Rules`] of a board (a variant with given and blocked squares, read
//! from text by [`parse_squares`]), the eight symmetries of the square ([`d4`]) and the OEIS
//! tables every count is held to ([`oeis`]).
//!
//! It knows no encoding, no solver and no search. The N-Queens client's independent checker,
//! the bitboard oracle (`nqueens-oracle`) and queen domination read these definitions and
//! nothing of each other's, so that each can check the others.
//!
//! ```
//! use nqueens_board::{d4, oeis, Rules, Square, Variant};
//!
//! let rules = Rules::new(Variant::Toroidal, vec![Square::new(0, 1)], vec![]);
//! assert_eq!(rules.check(5), Ok(()));
//! assert!(Variant::Toroidal.attacks(5, (0, 1), (4, 0)));
//! assert_eq!(d4::orbit_size(&[1, 3, 0, 2]), 2);
//! assert_eq!(oeis::solutions(8), Some(92));
//! ```

pub mod d4;
pub mod oeis;
mod rules;
mod variant;

pub use rules::{parse_squares, Rules, RulesError, Square, SquaresError};
pub use variant::Variant;
