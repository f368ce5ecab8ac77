//! Board sizes on the command line: `8`, `1..=12` (inclusive) or `4..8` (exclusive end).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A non-empty inclusive range of board sizes, every one at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub RangeInclusive<usize>);

fn parse_one(s: &str, whole: &str) -> Result<usize, String> {
    let s = s.trim();
    if s.starts_with('-') {
        return Err(format!("board sizes are positive integers, found '{s}'"));
    }
    let n: usize = s
        .parse()
        .map_err(|_| format!("expected a board size such as 8, 1..=12 or 4..8, found '{whole}'"))?;
    if n == 0 {
        return Err("n must be at least 1".to_string());
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
}
