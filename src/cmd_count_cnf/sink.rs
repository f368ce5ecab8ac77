//! `--certify` as the library's model sink ([`cnf_count::CertifySink`]), its refusal said
//! with an exit code.

use crate::certify::{certify_error, Certifier};
use crate::exit::CliError;
use cnf_count::SinkError;
use count_certify::CertifyError;
use std::path::Path;

/// The library's sink for a bundle in `dir`, stopping the count past the bundle's cap.
pub fn new(dir: &Path) -> cnf_count::CertifySink<'_> {
    // The staged directory is removed when the process is stopped by a signal.
    crate::stop::guard_temps();
    cnf_count::CertifySink::new(dir, Some(crate::stop::flag()))
}

/// Why the sink refused to begin: exit 2 for a directory that cannot take a bundle.
pub fn refusal(e: SinkError) -> CliError {
    match e.downcast::<CertifyError>() {
        Ok(e) => certify_error(*e),
        Err(e) => failure!(e),
    }
}

/// The certifier, if the count began.
pub fn into_certifier(sink: cnf_count::CertifySink<'_>) -> Option<Certifier> {
    sink.into_certifier().map(Certifier::from)
}
