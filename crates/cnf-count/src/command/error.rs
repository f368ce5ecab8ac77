//! Why [`crate::CountFile::run`] gave no report: a refusal said in the caller's terms, or
//! the error of the step that failed, kept whole (its causes are its sources).

use crate::{CnfCountError, SinkError};
use count_certify::cpog::{CertifyCountError, CpogBundleError, CpogError};
use count_certify::{CertifyError, Uncertifiable};
use zero_one_model::dimacs::ParseError;
use zero_one_model::input::FileError;
use zero_one_model::{Blame, Fault};

/// Why a run of [`crate::CountFile`] ended without a report. [`Blame`] says whose it is:
/// options, a file or a path the caller can change ([`Fault::Input`]), or a failure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountFileError {
    /// Options that do not fit together, or do not fit the file, said in the caller's
    /// [`crate::Spelling`].
    #[error("{0}")]
    Refused(String),
    /// The count's error, said in the caller's terms ([`CnfCountError::said`]).
    #[error("{message}")]
    Said {
        /// What went wrong, in the caller's terms.
        message: String,
        /// The count's error (not a cause: the message says it all).
        error: CnfCountError,
    },
    /// The count's error about the file (named as the caller quotes it).
    #[error("{file}")]
    File {
        /// The file, quoted.
        file: String,
        /// The count's error.
        #[source]
        source: CnfCountError,
    },
    /// The count failed (a backend, the split, the model counter), as it says itself.
    #[error(transparent)]
    Count(CnfCountError),
    /// The file cannot be read or does not parse.
    #[error(transparent)]
    Read(#[from] FileError<ParseError>),
    /// An output path (the compiled formula's, the bundle's directory) cannot be written.
    #[error(transparent)]
    Output(#[from] atomic_output::OutputError),
    /// The bundle of listed models cannot be made, or its count is wrong.
    #[error(transparent)]
    Certify(#[from] CertifyError),
    /// The file cannot be certified by a listing (its clauses do not make a formula F).
    #[error(transparent)]
    Uncertifiable(Uncertifiable),
    /// The model sink refused the count for a reason of its own.
    #[error(transparent)]
    Sink(SinkError),
    /// The CPOG bundle could not be written for the file (quoted).
    #[error("{file}")]
    Bundle {
        /// The file, quoted.
        file: String,
        /// Why.
        #[source]
        source: CpogBundleError,
    },
    /// The file has no model, which a CPOG certificate cannot state: nothing was written.
    #[error("{file} has 0 models; nothing was written")]
    Unsatisfiable {
        /// The file, quoted.
        file: String,
        /// The competition's answer lines for stdout, when that format was asked for.
        mcc: Option<String>,
        /// Always [`CpogError::Unsatisfiable`].
        #[source]
        source: CpogError,
    },
    /// The report could not be rendered.
    #[error(transparent)]
    Render(#[from] serde_json::Error),
}

impl CountFileError {
    /// The count's error, as the caller says it: in `names`' terms where it speaks of
    /// options ([`CnfCountError::said`]), the certifier's own, or about the file `file`.
    pub(crate) fn of_count(e: CnfCountError, said: Option<String>, file: &str) -> Self {
        match (said, e) {
            (Some(message), error) => CountFileError::Said { message, error },
            (None, e @ (CnfCountError::Run(_) | CnfCountError::Split(_))) => Self::Count(e),
            (None, e @ CnfCountError::Counter(_)) => Self::Count(e),
            (None, CnfCountError::Sink(e)) => match e.downcast::<CertifyError>() {
                Ok(e) => CountFileError::Certify(*e),
                Err(e) => CountFileError::Sink(e),
            },
            (None, source) => CountFileError::File {
                file: file.into(),
                source,
            },
        }
    }

    /// The CPOG bundle's error for the file `file`.
    pub(crate) fn of_bundle(e: CpogBundleError, file: &str) -> Self {
        match e {
            CpogBundleError::Output(e) if e.is_usage() => CountFileError::Output(e),
            source => CountFileError::Bundle {
                file: file.into(),
                source,
            },
        }
    }

    /// What goes to stdout before the error: the competition's answer lines of an
    /// unsatisfiable file, when asked for.
    pub fn stdout(&self) -> Option<&str> {
        match self {
            CountFileError::Unsatisfiable { mcc, .. } => mcc.as_deref(),
            _ => None,
        }
    }
}

/// Refusals, files, paths and a projected file's certificate are the caller's; the count's
/// and the certifier's errors say whose they are; the rest are failures.
impl Blame for CountFileError {
    fn fault(&self) -> Fault {
        use CountFileError as E;
        match self {
            E::Refused(_) | E::Uncertifiable(_) | E::Unsatisfiable { .. } => Fault::Input,
            E::Said { error: e, .. } | E::File { source: e, .. } | E::Count(e) => e.fault(),
            E::Read(e) => e.fault(),
            E::Output(e) => e.fault(),
            E::Certify(e) => e.fault(),
            E::Bundle {
                source: CpogBundleError::Certify(CertifyCountError::Projected),
                ..
            } => Fault::Input,
            E::Bundle { .. } | E::Sink(_) | E::Render(_) => Fault::Failure,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_the_callers_and_a_failed_counter_is_not() {
        assert_eq!(CountFileError::Refused("no".into()).fault(), Fault::Input);
        let counter = CnfCountError::Counter(sharpcount::Error::Interrupted {
            stats: Box::default(),
        });
        let e = CountFileError::of_count(counter, None, "'f'");
        assert!(matches!(e, CountFileError::Count(_)));
        assert_eq!(e.fault(), Fault::Failure);
        let e = CountFileError::of_count(CnfCountError::WeightedThreads, None, "'f'");
        assert_eq!(e.to_string(), "'f'");
        assert_eq!(e.fault(), Fault::Input);
        let sink = CnfCountError::Sink("no formula to certify".into());
        let e = CountFileError::of_count(sink, None, "'f'");
        assert_eq!(e.to_string(), "no formula to certify");
        assert_eq!(e.fault(), Fault::Failure);
    }

    #[test]
    fn only_an_unsatisfiable_file_prints_before_its_error() {
        let e = CountFileError::Unsatisfiable {
            file: "'u.cnf'".into(),
            mcc: Some("s UNSATISFIABLE".into()),
            source: CpogError::Unsatisfiable,
        };
        assert_eq!(e.stdout(), Some("s UNSATISFIABLE"));
        assert_eq!(e.to_string(), "'u.cnf' has 0 models; nothing was written");
        assert_eq!(CountFileError::Refused("no".into()).stdout(), None);
    }
}
