//! Board sizes on the command line: `8`, `1..=12` (inclusive) or `4..8` (exclusive end), each
//! from 1 to [`MAX_N`].

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The largest board ([`nqueens_queens::shape::MAX_BOARD_N`]). Every command has tighter
/// limits of its own; this one keeps a size from reaching any arithmetic or allocation at
/// all.
pub const MAX_N: usize = nqueens_queens::shape::MAX_BOARD_N;

/// A non-empty inclusive range of board sizes, every one at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub RangeInclusive<usize>);

/// Longest piece of an argument echoed in a message.
const ECHO_CHARS: usize = 24;

/// `s` cut to [`ECHO_CHARS`] characters, so a huge argument makes a short message.
fn cut(s: &str) -> String {
    match s.char_indices().nth(ECHO_CHARS) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

fn parse_one(s: &str, whole: &str) -> Result<usize, String> {
    let s = s.trim();
    let (s_cut, whole) = (cut(s), cut(whole));
    if s.starts_with('-') {
        return Err(format!(
            "board sizes are positive integers, found '{s_cut}'"
        ));
    }
    let n: usize = s
        .parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            std::num::IntErrorKind::PosOverflow => format!(
                "n = {s_cut} is too large: at most {MAX_N} (a board's n² squares are numbered in 31 bits)"
            ),
            _ => format!("expected a board size such as 8, 1..=12 or 4..8, found '{whole}'"),
        })?;
    if n == 0 {
        return Err("n must be at least 1".to_string());
    }
    if n > MAX_N {
        return Err(format!(
            "n = {n} is too large: at most {MAX_N} (a board's n² squares are numbered in 31 bits)"
        ));
    }
    Ok(n)
}

impl FromStr for Sizes {
    type Err = String;
    fn from_str(s: &str) -> Result<Sizes, String> {
        let range = if let Some((a, b)) = s.split_once("..=") {
            parse_one(a, s)?..=parse_one(b, s)?
        } else if let Some((a, b)) = s.split_once("..") {
            let (a, b) = (parse_one(a, s)?, parse_one(b, s)?);
            if b <= a {
                return Err("the range is empty".to_string());
            }
            a..=b - 1
        } else {
            let n = parse_one(s, s)?;
            n..=n
        };
        if range.is_empty() {
            return Err("the range is empty (its start is after its end)".to_string());
        }
        Ok(Sizes(range))
    }
}

impl fmt::Display for Sizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", self.0.start(), self.0.end())
    }
}

/// Parses a single board size (no ranges).
pub fn parse_n(s: &str) -> Result<usize, String> {
    if s.contains("..") {
        return Err("this command takes a single board size, not a range".to_string());
    }
    parse_one(s, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_single_inclusive_and_exclusive_ranges() {
        assert_eq!("8".parse(), Ok(Sizes(8..=8)));
        assert_eq!("1..=12".parse(), Ok(Sizes(1..=12)));
        assert_eq!("4..8".parse(), Ok(Sizes(4..=7)));
    }

    #[test]
    fn rejects_zero_negative_words_and_backwards_ranges() {
        assert_eq!("0".parse::<Sizes>().unwrap_err(), "n must be at least 1");
        assert!("-3".parse::<Sizes>().unwrap_err().contains("positive"));
        assert!("abc"
            .parse::<Sizes>()
            .unwrap_err()
            .contains("expected a board size"));
        assert!("5..=2".parse::<Sizes>().unwrap_err().contains("empty"));
        assert!("5..5".parse::<Sizes>().unwrap_err().contains("empty"));
        assert!(parse_n("1..=3").is_err());
    }

    #[test]
    fn sizes_past_the_largest_board_are_refused_with_the_limit() {
        assert_eq!(parse_n("46340"), Ok(MAX_N));
        let too_large =
            "n = 46341 is too large: at most 46340 (a board's n² squares are numbered in 31 bits)";
        assert_eq!(parse_n("46341").unwrap_err(), too_large);
        assert!(parse_n("4294967295").unwrap_err().contains("at most 46340"));
        let huge = "9".repeat(10_000);
        let message = parse_n(&huge).unwrap_err();
        assert!(message.contains("at most 46340"), "{message}");
        assert!(message.len() < 120, "{message}");
        assert!(parse_n(&"x".repeat(10_000)).unwrap_err().len() < 120);
        assert!("1..=4294967295"
            .parse::<Sizes>()
            .unwrap_err()
            .contains("at most 46340"));
    }
}
