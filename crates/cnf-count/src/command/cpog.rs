//! A [`CountFile`] certified by the model counter ([`crate::count_cpog`]): the count with
//! its CPOG bundle, which `cpog-check` and `nqueens verify` check.

use super::report::Report;
use super::{CountFile, CountFileError, Outcome};
use crate::report::Format;
use crate::{CpogCountReport, CpogCounted, FileFacts, Reason};
use std::path::Path;
use std::time::Instant;

impl CountFile<'_> {
    /// Counts the file with the model counter and writes its CPOG bundle into `dir`;
    /// `reason` is why the counter counts it.
    pub(super) fn cpog(
        &self,
        dir: &Path,
        reason: Reason,
        warn: &dyn Fn(&str),
    ) -> Result<Outcome, CountFileError> {
        let start = Instant::now();
        let names = &self.names;
        let refused = [
            (self.nnf.is_some(), names.compile),
            (self.threads.is_some(), names.threads),
            (self.cube_depth.is_some(), names.cube_depth),
            (self.force, names.force),
            (self.backend_given, names.backend),
        ];
        if let Some((_, flag)) = refused.iter().find(|(g, _)| *g) {
            return Err(CountFileError::Refused(format!(
                "{} with the model counter writes a CPOG certificate of its one-thread search, and {flag} does not apply to it: drop {flag}",
                names.models
            )));
        }
        let name = self.path.display().to_string();
        let cnf = self.read(&name, warn)?;
        let cache_mb = self.cache_mb.unwrap_or(sharpcount::DEFAULT_CACHE_MB);
        let mut options = sharpcount::Options::default().with_cache_mb(cache_mb);
        if let Some(stop) = &self.stop {
            options = options.with_stop(stop.clone());
        }
        let by = self.produced_by.clone();
        let facts = FileFacts::of(&cnf);
        let report = Report {
            request: self,
            name: &name,
            file: &facts,
            start,
        };
        let counted = crate::count_cpog(&cnf, dir, &options, by, (reason, cache_mb));
        let file = format!("'{name}'");
        match counted.map_err(|e| CountFileError::of_bundle(e, &file))? {
            CpogCounted::Written(counted) => {
                let elapsed_s = start.elapsed().as_secs_f64();
                let report = CpogCountReport::new(&name, dir, &counted, elapsed_s);
                Ok(Outcome::new(Some(self.render(&report)?), vec![], false))
            }
            CpogCounted::Stopped(stopped) => {
                let mut outcome = report.stopped(stopped)?;
                outcome.stderr.push("no bundle was written".into());
                Ok(outcome)
            }
            CpogCounted::StoppedWriting(stopped) => {
                let mut outcome = report.stopped(stopped)?;
                outcome.stderr = vec![format!(
                    "interrupted after {:.1} s while writing the certificate (the count was done): no bundle was written",
                    start.elapsed().as_secs_f64()
                )];
                Ok(outcome)
            }
            CpogCounted::Unsatisfiable => Err(CountFileError::Unsatisfiable {
                mcc: (self.format == Format::Mcc)
                    .then(|| crate::unsatisfiable_mcc(&cnf, &name, &facts)),
                file,
                source: count_certify::cpog::CpogError::Unsatisfiable,
            }),
        }
    }
}
