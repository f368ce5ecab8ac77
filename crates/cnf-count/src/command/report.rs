//! The report of a [`CountFile`]'s count, in the format asked for, with the compiled
//! formula written and the bundle finished first, and the lines an interruption says.

use super::{CountFile, CountFileError, Outcome};
use crate::report::{Certified, NnfFacts, ReportContext};
use crate::{CertifySink, Counted, CounterReport, Enumerated, EnumerationReport, FileFacts};
use crate::{Reason, Weighted, WeightedReport};
use count_certify::{Finished, StagedCertifier};
use std::time::Instant;

/// What a stopped model counter leaves.
const NO_PARTIAL: &str = "the model counter has no partial count";

/// What every report says of the run.
pub(super) struct Report<'r> {
    pub(super) request: &'r CountFile<'r>,
    pub(super) name: &'r str,
    pub(super) file: &'r FileFacts,
    pub(super) start: Instant,
}

impl Report<'_> {
    /// The report's context: the file, why `method` counted it (in the caller's terms),
    /// and the time since the run started.
    fn context(&self, reason: &Reason, method: &str) -> ReportContext<'_> {
        let reason = self.request.names.reason(reason, method);
        ReportContext::new(self.name, reason, self.start.elapsed().as_secs_f64())
    }

    /// Writes the compiled formula (when asked for) and reports the count; when
    /// interrupted, no count and no formula written.
    pub(super) fn counted(&self, counted: Counted) -> Result<Outcome, CountFileError> {
        let nnf = match (self.request.nnf, &counted.compiled) {
            (Some(path), Some(c)) => {
                atomic_output::write_file(path, false, |w| {
                    let mut w = std::io::BufWriter::new(w);
                    c.write_d4(&mut w)?;
                    std::io::Write::flush(&mut w)
                })?;
                Some(Some(NnfFacts::new(path.display().to_string(), c)))
            }
            (Some(_), None) => Some(None),
            (None, _) => None,
        };
        let context = self.context(&counted.reason, "counter");
        let report = CounterReport::new(&counted, self.file, context, nnf);
        let stdout = Some(self.request.render(&report)?);
        let nothing = match self.request.nnf {
            Some(path) => format!("no compiled formula written to '{}'", path.display()),
            None => NO_PARTIAL.into(),
        };
        let interrupted = report.count.is_none();
        let stderr = interrupted.then(|| report.run.interrupted_line(&nothing));
        Ok(Outcome::new(
            stdout,
            stderr.into_iter().collect(),
            interrupted,
        ))
    }

    /// Reports a stopped count, as its kind says.
    pub(super) fn stopped(&self, stopped: crate::CnfCount) -> Result<Outcome, CountFileError> {
        match stopped {
            crate::CnfCount::Weighted(w) => self.weighted(*w),
            crate::CnfCount::Counted(c) => self.counted(*c),
            crate::CnfCount::Enumerated(_) => Ok(Outcome::new(None, vec![], true)),
        }
    }

    /// Reports the weighted count, or that it was interrupted.
    pub(super) fn weighted(&self, counted: Weighted) -> Result<Outcome, CountFileError> {
        let context = self.context(&counted.reason, "counter");
        let report = WeightedReport::new(&counted, self.file, context);
        let stdout = Some(self.request.render(&report)?);
        let interrupted = report.run.interrupted;
        let stderr = interrupted.then(|| report.run.interrupted_line(NO_PARTIAL));
        Ok(Outcome::new(
            stdout,
            stderr.into_iter().collect(),
            interrupted,
        ))
    }

    /// Reports the count (or the shard's file), certified by `sink`'s bundle when asked for.
    pub(super) fn enumerated(
        &self,
        counted: Enumerated,
        sink: Option<CertifySink<'_>>,
    ) -> Result<Outcome, CountFileError> {
        let request = self.request;
        let certifier = sink.and_then(CertifySink::into_certifier);
        if let Some(c) = &certifier {
            let bundle = request.bundle();
            c.check_cap()
                .map_err(|e| CountFileError::Refused(e.said(&bundle)))?;
        }
        if let (Some(shard), false) = (request.shard, counted.outcome.interrupted) {
            let shard_file = counted.outcome.into_shard_file(shard);
            let stdout = Some(serde_json::to_string(&shard_file)?);
            return Ok(Outcome::new(stdout, vec![], false));
        }
        let context = self.context(&counted.reason, "enumerate");
        let elapsed_s = context.elapsed_s;
        let report = EnumerationReport::new(&counted, self.file, context)
            .with_unsat_answers(request.unsat_answers.clone());
        let by = || {
            (request.produced_by.clone()).with_count(
                report.backend.to_string(),
                report.cubes,
                report.threads,
                elapsed_s,
            )
        };
        let certifier = certifier.filter(|_| !report.interrupted);
        let finished = StagedCertifier::finish_optional(certifier, report.threads, by)?;
        let finished_report = Certified {
            report: &report,
            finished: &finished,
        };
        let stdout = Some(request.render(&finished_report)?);
        if let Finished::Interrupted = finished {
            let line = "interrupted while certifying: no bundle was written".to_string();
            return Ok(Outcome::new(stdout, vec![line], true));
        }
        if !report.interrupted {
            return Ok(Outcome::new(stdout, vec![], false));
        }
        let line = format!(
            "interrupted after {} of {}: partial count {}{}",
            report.cubes_done,
            zero_one_model::plural(report.cubes, "cube"),
            report.count,
            request.resume
        );
        Ok(Outcome::new(stdout, vec![line], true))
    }
}
