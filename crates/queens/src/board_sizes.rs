//! Board sizes as a user writes them: `8`, `1..=12` (inclusive) or `4..8` (exclusive end),
//! each from 1 to [`MAX_BOARD_N`].

use crate::shape::MAX_BOARD_N;
use std::fmt;
use std::num::IntErrorKind;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A non-empty inclusive range of board sizes, each from 1 to [`MAX_BOARD_N`]: parsed from
/// `8`, `1..=12` or `4..8` ([`FromStr`]), shown as `start..=end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSizes(RangeInclusive<usize>);

impl BoardSizes {
    /// The sizes, in increasing order.
    pub fn range(&self) -> RangeInclusive<usize> {
        self.0.clone()
    }

    /// The one size when there is only one.
    pub fn single(&self) -> Option<usize> {
        (self.0.start() == self.0.end()).then_some(*self.0.start())
    }
}

/// Why a board size or a range of sizes was refused ([`BoardSizes`], [`parse_board_size`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardSizesError {
    /// A size with a minus sign (cut to a few characters).
    #[error("board sizes are positive integers, found '{found}'")]
    Negative {
        /// The size as written.
        found: String,
    },
    /// A size past [`MAX_BOARD_N`].
    #[error("n = {found} is too large: at most {MAX_BOARD_N} (a board's n² squares are numbered in 31 bits)")]
    TooLarge {
        /// The size as written.
        found: String,
    },
    /// Not a number (the whole argument, cut to a few characters).
    #[error("expected a board size such as 8, 1..=12 or 4..8, found '{found}'")]
    NotASize {
        /// The argument as written.
        found: String,
    },
    /// The size 0.
    #[error("n must be at least 1")]
    Zero,
    /// An exclusive range `a..b` with `b <= a`.
    #[error("the range is empty")]
    EmptyExclusive,
    /// An inclusive range `a..=b` with `b < a`.
    #[error("the range is empty (its start is after its end)")]
    Backwards,
    /// A range where one size is expected ([`parse_board_size`]).
    #[error("this command takes a single board size, not a range")]
    Range,
}

/// Longest piece of an argument echoed in an error.
const ECHO_CHARS: usize = 24;

/// `s` cut to [`ECHO_CHARS`] characters, so a huge argument makes a short message.
fn cut(s: &str) -> String {
    match s.char_indices().nth(ECHO_CHARS) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// One size `s` of the argument `whole`.
fn parse_one(s: &str, whole: &str) -> Result<usize, BoardSizesError> {
    let s = s.trim();
    if s.starts_with('-') {
        return Err(BoardSizesError::Negative { found: cut(s) });
    }
    let n: usize = s
        .parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            IntErrorKind::PosOverflow => BoardSizesError::TooLarge { found: cut(s) },
            _ => BoardSizesError::NotASize { found: cut(whole) },
        })?;
    if n == 0 {
        return Err(BoardSizesError::Zero);
    }
    if n > MAX_BOARD_N {
        return Err(BoardSizesError::TooLarge {
            found: n.to_string(),
        });
    }
    Ok(n)
}

impl FromStr for BoardSizes {
    type Err = BoardSizesError;
    fn from_str(s: &str) -> Result<BoardSizes, BoardSizesError> {
        let range = if let Some((a, b)) = s.split_once("..=") {
            parse_one(a, s)?..=parse_one(b, s)?
        } else if let Some((a, b)) = s.split_once("..") {
            let (a, b) = (parse_one(a, s)?, parse_one(b, s)?);
            if b <= a {
                return Err(BoardSizesError::EmptyExclusive);
            }
            a..=b - 1
        } else {
            let n = parse_one(s, s)?;
            n..=n
        };
        if range.is_empty() {
            return Err(BoardSizesError::Backwards);
        }
        Ok(BoardSizes(range))
    }
}

impl fmt::Display for BoardSizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", self.0.start(), self.0.end())
    }
}

/// Parses a single board size (no ranges), from 1 to [`MAX_BOARD_N`].
///
/// # Errors
/// [`BoardSizesError::Range`] for a range, else as [`BoardSizes`] does.
pub fn parse_board_size(s: &str) -> Result<usize, BoardSizesError> {
    if s.contains("..") {
        return Err(BoardSizesError::Range);
    }
    parse_one(s, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sizes `s` says, which must parse.
    fn sizes(s: &str) -> BoardSizes {
        s.parse().unwrap()
    }

    /// The message of the error `s` makes, which must not parse.
    fn refused(s: &str) -> String {
        s.parse::<BoardSizes>().unwrap_err().to_string()
    }

    #[test]
    fn accepts_single_inclusive_and_exclusive_ranges() {
        assert_eq!(sizes("8").range(), 8..=8);
        assert_eq!(sizes("1..=12").range(), 1..=12);
        assert_eq!(sizes("4..8").range(), 4..=7);
        assert_eq!(sizes("8").single(), Some(8));
        assert_eq!(sizes("4..8").single(), None);
        assert_eq!(sizes("4..8").to_string(), "4..=7");
    }

    #[test]
    fn rejects_zero_negative_words_and_backwards_ranges() {
        assert_eq!(refused("0"), "n must be at least 1");
        assert!(refused("-3").contains("positive"));
        assert!(refused("abc").contains("expected a board size"));
        assert!(refused("5..=2").contains("empty"));
        assert!(refused("5..5").contains("empty"));
        assert!(parse_board_size("1..=3").is_err());
    }

    #[test]
    fn sizes_past_the_largest_board_are_refused_with_the_limit() {
        assert_eq!(parse_board_size("46340"), Ok(MAX_BOARD_N));
        let parse_n = |s: &str| parse_board_size(s).map_err(|e| e.to_string());
        let too_large =
            "n = 46341 is too large: at most 46340 (a board's n² squares are numbered in 31 bits)";
        assert_eq!(parse_n("46341").unwrap_err(), too_large);
        assert!(parse_n("4294967295").unwrap_err().contains("at most 46340"));
        let huge = "9".repeat(10_000);
        let message = parse_n(&huge).unwrap_err();
        assert!(message.contains("at most 46340"), "{message}");
        assert!(message.len() < 120, "{message}");
        assert!(parse_n(&"x".repeat(10_000)).unwrap_err().len() < 120);
        assert!(refused("1..=4294967295").contains("at most 46340"));
    }
}
