//! Option values chosen by name (encodings, domains, symmetries): one lookup, one message.

/// A name that is none of the values it could be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{found}' (expected one of: {})", .expected.join(", "))]
pub struct UnknownName {
    /// What was asked for (`AMO`, `variant`, ...).
    pub what: &'static str,
    /// The name given, cut to 40 characters.
    pub found: String,
    /// Every name it could have been.
    pub expected: Vec<&'static str>,
}

/// The member of `all` that `name` calls `s`.
///
/// # Errors
/// [`UnknownName`] naming what was asked for and every name it could be.
///
/// ```
/// use toolkit_base::named::from_name;
/// let names = |x: u8| ["zero", "one"][usize::from(x)];
/// assert_eq!(from_name(&[0, 1], names, "bit", "one"), Ok(1));
/// let err = from_name(&[0, 1], names, "bit", "two").unwrap_err();
/// assert_eq!(err.expected, ["zero", "one"]);
/// assert_eq!(err.to_string(), "unknown bit 'two' (expected one of: zero, one)");
/// ```
pub fn from_name<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &'static str,
    s: &str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&x| name(x) == s)
        .ok_or_else(|| UnknownName {
            what,
            found: crate::excerpt(s),
            expected: all.iter().map(|&x| name(x)).collect(),
        })
}
