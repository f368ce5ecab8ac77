//! A time limit as a user writes it: a positive number of seconds, at most a year
//! ([`parse_timeout`]).

use std::time::Duration;

/// The longest time limit taken: a year, longer than any run worth waiting for.
pub const MAX_TIMEOUT_S: f64 = 365.0 * 24.0 * 3600.0;

/// Why a time limit does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TimeoutError {
    /// Not a number (the text, cut to 40 characters).
    #[error("expected a number of seconds, found '{0}'")]
    NotANumber(String),
    /// Not positive, or past [`MAX_TIMEOUT_S`] (the text, cut to 40 characters).
    #[error("the timeout must be a positive number of seconds up to {MAX_TIMEOUT_S} (a year), found '{0}'")]
    OutOfRange(String),
}

/// A time limit of `s` seconds (a decimal, `2.5`), for [`RunLimits::timeout`](crate::RunLimits::timeout).
///
/// ```
/// use std::time::Duration;
/// assert_eq!(solver_pipe::parse_timeout("2.5"), Ok(Duration::from_millis(2500)));
/// assert!(solver_pipe::parse_timeout("0").is_err());
/// assert!(solver_pipe::parse_timeout("NaN").is_err());
/// ```
///
/// # Errors
/// [`TimeoutError`]: not a number, not positive, or past a year.
pub fn parse_timeout(s: &str) -> Result<Duration, TimeoutError> {
    let shown: String = s.chars().take(40).collect();
    let secs: f64 = s
        .parse()
        .map_err(|_| TimeoutError::NotANumber(shown.clone()))?;
    if !(secs > 0.0 && secs <= MAX_TIMEOUT_S) {
        return Err(TimeoutError::OutOfRange(shown));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_out_of_range_or_unread_are_refused_with_the_text() {
        assert_eq!(parse_timeout("1"), Ok(Duration::from_secs(1)));
        assert_eq!(
            parse_timeout("-1"),
            Err(TimeoutError::OutOfRange("-1".into()))
        );
        assert!(matches!(
            parse_timeout("inf"),
            Err(TimeoutError::OutOfRange(_))
        ));
        assert!(parse_timeout("31536000").is_ok());
        assert!(parse_timeout("31536001").is_err());
        let long = "x".repeat(100);
        assert_eq!(
            parse_timeout(&long),
            Err(TimeoutError::NotANumber("x".repeat(40)))
        );
    }
}
