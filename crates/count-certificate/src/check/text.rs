//! The text layer shared by the readers: lines as bytes, numbered from 1, split into
//! whitespace-separated tokens, and strict decimal integers.

use super::error::{ErrorKind, FileError};
use std::io::BufRead;

/// The longest excerpt of a refused token quoted in an error, in characters.
const QUOTE_CHARS: usize = 40;

/// `token` as an error quotes it: at most [`QUOTE_CHARS`] characters (bytes that are not
/// UTF-8 replaced, control characters escaped, so a message stays one line), `…` where cut.
/// (The checker keeps its own, as it keeps its own reader: it shares no code with the
/// counters it checks.)
pub(crate) fn quote(token: &[u8]) -> String {
    let head = &token[..token.len().min(4 * QUOTE_CHARS + 4)];
    let text = String::from_utf8_lossy(head);
    let mut quoted = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(QUOTE_CHARS) {
        if c.is_control() {
            quoted.extend(c.escape_default());
        } else {
            quoted.push(c);
        }
    }
    if chars.next().is_some() || head.len() < token.len() {
        quoted.push('…');
    }
    quoted
}

/// The longest line read (a bundle's longest is a model or a blocking clause: a few bytes per
/// variable); a longer one is refused before it is held whole.
pub(crate) const MAX_LINE_BYTES: u64 = 64 << 20;

/// A reader's lines, one at a time into a reused buffer, without the line end (`\n` or
/// `\r\n`).
pub(crate) struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    line: u64,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::new(),
            line: 0,
        }
    }

    /// The next line and its number, or `None` at the end. Fails on a read error or on bytes
    /// that are not printable ASCII or whitespace (a binary file), outside comment lines,
    /// which may hold UTF-8.
    pub(crate) fn next_line(&mut self) -> Result<Option<(u64, &[u8])>, FileError> {
        self.buf.clear();
        let read = std::io::Read::take(&mut self.reader, MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| FileError::at(self.line + 1, ErrorKind::Io(e)))?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        if self.buf.len() as u64 > MAX_LINE_BYTES {
            return Err(FileError::at(
                self.line,
                ErrorKind::LineTooLong(MAX_LINE_BYTES),
            ));
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        }
        // A comment may be UTF-8 text; anything else is ASCII.
        let comment = is_comment(&self.buf);
        let text =
            |b: &u8| b.is_ascii_graphic() || *b == b' ' || *b == b'\t' || (comment && *b >= 0x80);
        if !self.buf.iter().all(text) {
            return Err(FileError::at(self.line, ErrorKind::NotText));
        }
        Ok(Some((self.line, &self.buf)))
    }

    /// The number of the line last returned (0 before the first).
    pub(crate) fn line(&self) -> u64 {
        self.line
    }
}

/// The whitespace-separated tokens of a line.
pub(crate) fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// Whether a line holds nothing but whitespace.
pub(crate) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| b.is_ascii_whitespace())
}

/// Whether a line is a comment: its first non-blank byte is `c`.
pub(crate) fn is_comment(line: &[u8]) -> bool {
    line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'c')
}

/// A token as a decimal integer: an optional `-` and 1 to 18 digits, nothing else, and not
/// `-0` (a terminator written as a negative literal is a typo, not a 0).
pub(crate) fn integer(token: &[u8]) -> Result<i64, ErrorKind> {
    let bad = || ErrorKind::NotAnInteger(quote(token));
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || digits.len() > 18 {
        return Err(bad());
    }
    // One pass: this reads every number of a bundle, millions of them.
    let mut value = 0i64;
    for &d in digits {
        let digit = d.wrapping_sub(b'0');
        if digit > 9 {
            return Err(bad());
        }
        value = value * 10 + i64::from(digit);
    }
    match (negative, value) {
        (true, 0) => Err(bad()),
        (true, v) => Ok(-v),
        (false, v) => Ok(v),
    }
}

/// A token as a literal over `variables` variables: a nonzero integer of absolute value at
/// most `variables`, or 0 (the terminator).
pub(crate) fn literal(token: &[u8], variables: u32) -> Result<i32, ErrorKind> {
    let value = integer(token)?;
    if value.unsigned_abs() > u64::from(variables) {
        return Err(ErrorKind::LiteralOutOfRange {
            literal: value,
            variables,
        });
    }
    // |value| <= variables < 2^31.
    Ok(value as i32)
}

/// The literals of a line holding exactly one item terminated by `0` (a model, a
/// projection, a proof step), appended to `out`.
pub(crate) fn terminated<'a>(
    tokens: impl Iterator<Item = &'a [u8]>,
    variables: u32,
    out: &mut Vec<i32>,
) -> Result<(), ErrorKind> {
    let mut ended = false;
    for token in tokens {
        if ended {
            return Err(ErrorKind::TrailingTokens);
        }
        match literal(token, variables)? {
            0 => ended = true,
            lit => out.push(lit),
        }
    }
    if ended {
        Ok(())
    } else {
        Err(ErrorKind::Unterminated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_strict_decimals() {
        assert_eq!(integer(b"-12").unwrap(), -12);
        assert_eq!(integer(b"0").unwrap(), 0);
        for bad in [
            &b"+1"[..],
            b"1.0",
            b"-",
            b"",
            b"0x1",
            b"1234567890123456789",
        ] {
            assert!(integer(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn a_line_with_control_bytes_is_not_text() {
        let mut lines = Lines::new(&b"1 2 0\n\x01\x02\n"[..]);
        assert_eq!(lines.next_line().unwrap(), Some((1, &b"1 2 0"[..])));
        let err = lines.next_line().unwrap_err();
        assert_eq!(err.to_string(), "line 2: binary data where text is expected (text DRAT only: binary DRAT is not supported)");
    }

    #[test]
    fn a_comment_may_hold_utf8_but_no_control_byte() {
        let mut lines = Lines::new("c x1 ∨ x2\n".as_bytes());
        assert!(lines.next_line().is_ok());
        let mut lines = Lines::new(&b"c x\x01\n1 \xe2\x88\xa8 0\n"[..]);
        assert!(lines.next_line().is_err());
        assert!(lines.next_line().is_err());
    }

    #[test]
    fn a_terminated_line_rejects_a_missing_zero_and_trailing_tokens() {
        let mut out = Vec::new();
        assert!(matches!(
            terminated(tokens(b"1 -2"), 3, &mut out),
            Err(ErrorKind::Unterminated)
        ));
        assert!(matches!(
            terminated(tokens(b"1 0 2"), 3, &mut out),
            Err(ErrorKind::TrailingTokens)
        ));
        assert!(matches!(
            terminated(tokens(b"1 4 0"), 3, &mut out),
            Err(ErrorKind::LiteralOutOfRange {
                literal: 4,
                variables: 3
            })
        ));
    }
}
