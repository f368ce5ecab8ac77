//! How every reader quotes what it refuses: a file can hold a token of hundreds of megabytes,
//! an error message should be one short line.

/// Longest excerpt of an offending token quoted in an error, in characters.
pub const EXCERPT_CHARS: usize = 40;

/// `token` as quoted in an error: at most [`EXCERPT_CHARS`] characters, control characters
/// escaped (a message stays on one line), and `…` where it was cut.
///
/// ```
/// use toolkit_base::excerpt;
/// assert_eq!(excerpt("12x"), "12x");
/// assert_eq!(excerpt("a\tb"), "a\\tb");
/// assert_eq!(excerpt(&"9".repeat(1000)), format!("{}…", "9".repeat(40)));
/// ```
pub fn excerpt(token: &str) -> String {
    let mut quoted = String::new();
    let mut chars = token.chars();
    for c in chars.by_ref().take(EXCERPT_CHARS) {
        if c.is_control() {
            quoted.extend(c.escape_default());
        } else {
            quoted.push(c);
        }
    }
    if chars.next().is_some() {
        quoted.push('…');
    }
    quoted
}

/// [`excerpt`] of bytes that may not be UTF-8 (invalid sequences replaced): only the first
/// few hundred bytes are looked at, so a huge token costs nothing.
pub fn excerpt_bytes(token: &[u8]) -> String {
    let head = &token[..token.len().min(4 * EXCERPT_CHARS + 4)];
    let text = String::from_utf8_lossy(head);
    if head.len() < token.len() {
        format!("{}…", excerpt(&text).trim_end_matches('…'))
    } else {
        excerpt(&text)
    }
}
