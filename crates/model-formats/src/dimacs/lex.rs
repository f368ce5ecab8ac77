//! Splitting a line into tokens, and reading a clause token as DIMACS writes it.

/// Splits a line into (1-based column, token) pairs on ASCII whitespace.
pub(super) fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = line.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        Some((start + 1, &line[start..i]))
    })
}

/// The column just past the last non-whitespace character: where "end of line" is reported.
pub(super) fn end_column(line: &str) -> usize {
    line.trim_end().len() + 1
}

/// The signed integer a clause token denotes, or `None` when it is not one. A signed zero
/// (`-0`, `+0`) is refused: it is most likely a mangled literal, and reading it as the clause
/// terminator would silently end the clause early.
pub(super) fn literal(token: &str) -> Option<i64> {
    let n: i64 = token.parse().ok()?;
    if n == 0 && token.starts_with(['-', '+']) {
        return None;
    }
    Some(n)
}
