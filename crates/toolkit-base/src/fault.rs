//! Whose an error is: the caller's (a file that does not parse, options that do not fit, a
//! path that cannot name an output) or the run's (a solver that failed, a disk that filled
//! up). A command line maps the first to one exit code and the second to another; a
//! library caller retries the second and fixes the first. Each error type of the toolkit
//! says it once, by [`Blame`], so that no caller keeps a table of variants.

/// Whose an error is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// In what the caller gave: an input, an option, a configuration that cannot run.
    Input,
    /// A failure while working: a backend, a solver, the system, a defect.
    Failure,
}

/// An error that says whose it is.
///
/// ```
/// use toolkit_base::{Blame, Fault};
///
/// let gone = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed");
/// assert_eq!(gone.fault(), Fault::Failure);
/// ```
pub trait Blame {
    /// Whose the error is.
    fn fault(&self) -> Fault;

    /// Whether the error is in what the caller gave ([`Fault::Input`]).
    fn is_input_error(&self) -> bool {
        self.fault() == Fault::Input
    }
}

/// Reading or writing failed: the system's, not the caller's (a reader that names a bad
/// path says so with its own error type).
impl Blame for std::io::Error {
    fn fault(&self) -> Fault {
        Fault::Failure
    }
}

/// The first error of type `T` in the chain of `e` (`e` included, then each
/// [`source`](std::error::Error::source)): a library's typed reason under the error that
/// wraps it, for a message in the caller's terms.
///
/// ```
/// use std::io::{Error, ErrorKind};
/// let wrapped = Error::other(Error::new(ErrorKind::NotFound, "gone"));
/// let inner: Option<&Error> = toolkit_base::cause(&wrapped);
/// assert_eq!(inner.map(Error::kind), Some(ErrorKind::Other));
/// ```
pub fn cause<'e, T: std::error::Error + 'static>(
    e: &'e (dyn std::error::Error + 'static),
) -> Option<&'e T> {
    std::iter::successors(Some(e), |c| c.source()).find_map(|c| c.downcast_ref::<T>())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Refused;

    impl Blame for Refused {
        fn fault(&self) -> Fault {
            Fault::Input
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("outer")]
    struct Outer(#[source] std::fmt::Error);

    #[test]
    fn cause_finds_the_wrapped_error() {
        let e = Outer(std::fmt::Error);
        assert!(cause::<std::fmt::Error>(&e).is_some());
        assert!(cause::<std::io::Error>(&e).is_none());
    }

    #[test]
    fn is_input_error_follows_fault() {
        assert!(Refused.is_input_error());
        let full = std::io::Error::other("no space left on device");
        assert!(!full.is_input_error());
    }
}
