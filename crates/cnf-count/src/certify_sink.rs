//! A certified count of a file: a [`ModelSink`] that makes the certifier
//! ([`count_certify::StagedCertifier`]) once the count tells its cubes, and hands it every
//! model from then on. After the count, [`CertifySink::into_certifier`] gives the
//! certifier, to check its cap and write the bundle.

use crate::{ModelSink, SinkError};
use count_certify::make::Formula;
use count_certify::StagedCertifier;
use std::path::Path;
use std::sync::{Mutex, OnceLock};
use zero_one_model::{Lit, Model, StopFlag};

/// The bundle's directory, the formula F it certifies, and the certifier once the count
/// began. Its refusal to begin ([`crate::CnfCountError::Sink`]) holds a
/// [`count_certify::CertifyError`] when the directory cannot take a bundle.
#[derive(Debug)]
pub struct CertifySink<'d> {
    dir: &'d Path,
    stop: Option<StopFlag>,
    formula: Mutex<Option<Formula>>,
    certifier: OnceLock<StagedCertifier>,
}

impl<'d> CertifySink<'d> {
    /// A sink for a bundle in `dir`; past the bundle's cap the certifier raises `stop`,
    /// which should be the count's stop flag so that the count ends there.
    pub fn new(dir: &'d Path, stop: Option<StopFlag>) -> CertifySink<'d> {
        CertifySink {
            dir,
            stop,
            formula: Mutex::new(None),
            certifier: OnceLock::new(),
        }
    }

    /// F, the file as read ([`count_certify::formula_of`]): set it before the count.
    pub fn set_formula(&self, formula: Formula) {
        *self.formula.lock().unwrap_or_else(|e| e.into_inner()) = Some(formula);
    }

    /// The certifier, if the count began.
    pub fn into_certifier(self) -> Option<StagedCertifier> {
        self.certifier.into_inner()
    }
}

impl ModelSink for CertifySink<'_> {
    fn cap(&self, num_vars: usize) -> u64 {
        count_certify::make::model_cap(num_vars)
    }

    fn begin(&self, model: &Model, cubes: Vec<Vec<Lit>>) -> Result<(), SinkError> {
        let formula = self
            .formula
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        let formula = formula.ok_or("no formula to certify")?;
        let certifier = count_certify::Certifier::new(formula, model, cubes, self.stop.clone());
        let staged = StagedCertifier::new(self.dir, certifier)?;
        let _ = self.certifier.set(staged);
        Ok(())
    }

    fn record(&self, cube: usize, assignment: &[bool]) {
        if let Some(c) = self.certifier.get() {
            c.hook()(cube, assignment);
        }
    }
}
