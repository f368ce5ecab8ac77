//! The tokens of one OPB line: integers, literals `xN` and `~xN`, relational operators, `;`,
//! `min:` and `max:`. Anything else is a [`Kind::Word`], which the reader refuses naming what
//! it expected there. A token ends at whitespace, `;` or a relational operator.

use crate::Cmp;

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// An integer that fits in `i64`.
    Int(i64),
    /// An integer that does not.
    BigInt,
    /// A literal: the variable's number as written (1-based; may be 0 or huge), and whether
    /// it is negated with `~`.
    Lit { number: Option<u64>, negated: bool },
    /// `>=`, `<=` or `=`.
    Rel(Cmp),
    /// `;`
    Semi,
    /// `min:`
    Min,
    /// `max:`
    Max,
    /// Anything else.
    Word,
}

/// A token and where it is.
#[derive(Copy, Clone, Debug)]
pub(super) struct Token<'a> {
    pub(super) kind: Kind,
    /// 1-based byte column.
    pub(super) column: usize,
    pub(super) text: &'a str,
}

fn ends_token(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b';' | b'<' | b'>' | b'=')
}

/// The tokens of `line`, in order.
pub(super) fn tokens(line: &str) -> Vec<Token<'_>> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let rest = &line[i..];
        let (kind, len) = if rest.starts_with(">=") {
            (Kind::Rel(Cmp::AtLeast), 2)
        } else if rest.starts_with("<=") {
            (Kind::Rel(Cmp::AtMost), 2)
        } else if rest.starts_with('=') {
            (Kind::Rel(Cmp::Exactly), 1)
        } else if rest.starts_with(';') {
            (Kind::Semi, 1)
        } else if rest.starts_with("min:") {
            (Kind::Min, 4)
        } else if rest.starts_with("max:") {
            (Kind::Max, 4)
        } else {
            // A word up to the next delimiter (at least one byte, so '<' alone is a word).
            let len = bytes[i + 1..]
                .iter()
                .position(|&b| ends_token(b))
                .map_or(bytes.len() - i, |p| p + 1);
            (word_kind(&rest[..len]), len)
        };
        i += len;
        out.push(Token {
            kind,
            column: start + 1,
            text: &line[start..i],
        });
    }
    out
}

/// An integer, a literal, or a word.
fn word_kind(word: &str) -> Kind {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = word.strip_prefix(['+', '-']).unwrap_or(word);
    if digits(unsigned) {
        return match word.strip_prefix('+').unwrap_or(word).parse::<i64>() {
            Ok(v) => Kind::Int(v),
            Err(_) => Kind::BigInt,
        };
    }
    let (negated, var) = match word.strip_prefix('~') {
        Some(v) => (true, v),
        None => (false, word),
    };
    match var.strip_prefix('x') {
        Some(n) if digits(n) => Kind::Lit {
            number: n.parse().ok(),
            negated,
        },
        _ => Kind::Word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_at_operators_and_semicolons_without_spaces() {
        let kinds: Vec<(Kind, usize)> = tokens("+3 x1 -2 ~x20>=-1;")
            .iter()
            .map(|t| (t.kind, t.column))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Int(3), 1),
                (
                    Kind::Lit {
                        number: Some(1),
                        negated: false
                    },
                    4
                ),
                (Kind::Int(-2), 7),
                (
                    Kind::Lit {
                        number: Some(20),
                        negated: true
                    },
                    10
                ),
                (Kind::Rel(Cmp::AtLeast), 14),
                (Kind::Int(-1), 16),
                (Kind::Semi, 18),
            ]
        );
    }

    #[test]
    fn malformed_words_and_huge_numbers_are_told_apart() {
        let kinds: Vec<Kind> = tokens("3x1 x 99999999999999999999 -9223372036854775808 < y2 x01")
            .iter()
            .map(|t| t.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                Kind::Word,
                Kind::Word,
                Kind::BigInt,
                Kind::Int(i64::MIN),
                Kind::Word,
                Kind::Word,
                Kind::Lit {
                    number: Some(1),
                    negated: false
                },
            ]
        );
    }
}
