//! An error said on one line with its causes, as a command line or an exception prints it.

/// `error: cause: cause ...` on one line: each [`source`](std::error::Error::source) after
/// its error, except a cause whose text the line already ends with (a reader's "cannot read
/// 'f': {io error}" that also gives the io error as its source says it once); line breaks
/// become spaces.
///
/// ```
/// let e = std::io::Error::other("the disk is full\nnothing was written");
/// assert_eq!(toolkit_base::one_line(&e), "the disk is full nothing was written");
/// ```
pub fn one_line(error: &(dyn std::error::Error + 'static)) -> String {
    let mut line = String::new();
    for cause in std::iter::successors(Some(error), |e| e.source()).map(|e| e.to_string()) {
        if line.is_empty() {
            line = cause;
        } else if !line.ends_with(&cause) {
            line = format!("{line}: {cause}");
        }
    }
    line.replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[derive(Debug, thiserror::Error)]
    #[error("cannot read 'f': {0}")]
    struct Read(#[source] std::fmt::Error);

    #[derive(Debug, thiserror::Error)]
    #[error("outer\nline")]
    struct Outer(#[source] Read);

    #[test]
    fn a_cause_the_line_ends_with_is_said_once() {
        let e = Outer(Read(std::fmt::Error));
        let fmt = std::fmt::Error.to_string();
        assert_eq!(one_line(&e), format!("outer line: cannot read 'f': {fmt}"));
    }
}
