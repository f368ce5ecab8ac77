//! Option values chosen by name (encodings, domains, symmetries): one lookup, one message.

/// The member of `all` that `name` calls `s`.
///
/// # Errors
/// An unknown name: the message names `what` was asked for and lists every name.
///
/// ```
/// use nqueens_encode::{named::from_name, AmoEncoding};
/// assert_eq!(from_name(&AmoEncoding::ALL, AmoEncoding::name, "AMO", "ladder"), Ok(AmoEncoding::Ladder));
/// assert!(from_name(&AmoEncoding::ALL, AmoEncoding::name, "AMO", "x").unwrap_err().contains("pairwise"));
/// ```
pub fn from_name<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &str,
    s: &str,
) -> Result<T, String> {
    all.iter().copied().find(|&x| name(x) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&x| name(x)).collect();
        format!(
            "unknown {what} '{s}' (expected one of: {})",
            names.join(", ")
        )
    })
}
