//! `--certify` as the library's model sink: the certifier is made when the count tells its
//! cubes, and collects every model from then on.

use crate::certify::Certifier;
use crate::exit::CliError;
use anyhow::anyhow;
use cnf_count::{ModelSink, SinkError};
use count_certify::make::Formula;
use std::path::Path;
use std::sync::{Mutex, OnceLock};
use zero_one_model::{Lit, Model};

/// The bundle's directory, its formula F, and the certifier once the count began.
pub struct CertifySink<'a> {
    dir: &'a Path,
    formula: Mutex<Option<Formula>>,
    certifier: OnceLock<Certifier>,
    /// Why the certifier could not be made, said with its exit code.
    refused: Mutex<Option<CliError>>,
}

impl<'a> CertifySink<'a> {
    /// A sink for a bundle in `dir`.
    pub fn new(dir: &'a Path) -> CertifySink<'a> {
        CertifySink {
            dir,
            formula: Mutex::new(None),
            certifier: OnceLock::new(),
            refused: Mutex::new(None),
        }
    }

    /// F, the file as read ([`crate::certify::formula_of`]).
    pub fn set_formula(&self, formula: Formula) {
        *self.formula.lock().expect("no panics hold this lock") = Some(formula);
    }

    /// Why [`ModelSink::begin`] refused.
    pub fn refusal(&self) -> CliError {
        self.refused
            .lock()
            .expect("no panics hold this lock")
            .take()
            .unwrap_or_else(|| CliError::failure(anyhow!("the certifier refused the count")))
    }

    /// The certifier, if the count began.
    pub fn into_certifier(self) -> Option<Certifier> {
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
            .expect("no panics hold this lock")
            .take();
        let made = formula
            .ok_or_else(|| CliError::failure(anyhow!("no formula to certify")))
            .and_then(|f| Certifier::new(self.dir, f, model, cubes));
        match made {
            Ok(c) => {
                let _ = self.certifier.set(c);
                Ok(())
            }
            Err(e) => {
                *self.refused.lock().expect("no panics hold this lock") = Some(e);
                Err("the bundle cannot be made".into())
            }
        }
    }

    fn record(&self, cube: usize, assignment: &[bool]) {
        if let Some(c) = self.certifier.get() {
            c.hook()(cube, assignment);
        }
    }
}
