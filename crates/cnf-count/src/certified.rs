//! A count by the model counter with its CPOG certificate: the whole (unprojected) file
//! counted and the bundle written by [`count_certify::cpog::write_cpog_bundle`], reported in
//! the shape of the plain count's report, so that a reader of `count cnf --json` finds the
//! same fields with or without a certificate; a stop gives the plain count's stopped report.

use crate::competition::Track;
use crate::report::weighted::forms;
use crate::report::{Answer, Approx, Printed};
use crate::{CnfCount, Counted, FileFacts, Reason, Weighted};
use count_certify::cpog::{write_cpog_bundle, CertifyCountError, CpogBundleError, CpogCount};
use count_certify::ProducedBy;
use count_engine::exact_json::exact_or_null;
use num_bigint::BigUint;
use serde::Serialize;
use std::path::Path;
use zero_one_model::dimacs::Cnf;
use zero_one_model::plural;

/// How a certified count by the model counter ended.
#[derive(Debug)]
#[non_exhaustive]
pub enum CpogCounted {
    /// The bundle is written.
    Written(CpogCount),
    /// The stop flag was raised: nothing written, and the plain count's stopped result
    /// ([`CnfCount::Counted`] or [`CnfCount::Weighted`], with the counter's figures).
    Stopped(CnfCount),
    /// The stop flag was raised while the certificate was written, after the count: nothing
    /// written, and the stopped result as for [`CpogCounted::Stopped`].
    StoppedWriting(CnfCount),
    /// The file has no model: a CPOG certificate cannot state a count of 0, so nothing was
    /// written. The answer is known all the same.
    Unsatisfiable,
}

/// Counts `cnf` (unprojected) with the model counter as `options` say and writes its CPOG
/// bundle into `dir`, produced by `by`; `reason` is why the counter counts it (for the
/// stopped report), `cache_mb` the cache's bound in MiB.
///
/// # Errors
/// As [`write_cpog_bundle`], but a stop and an unsatisfiable file are results.
pub fn count_cpog(
    cnf: &Cnf,
    dir: &Path,
    options: &sharpcount::Options<'_>,
    by: ProducedBy,
    (reason, cache_mb): (Reason, usize),
) -> Result<CpogCounted, CpogBundleError> {
    use count_certify::cpog::CpogError;
    match write_cpog_bundle(dir, cnf, options, by) {
        Ok(counted) => Ok(CpogCounted::Written(counted)),
        Err(CpogBundleError::Certify(CertifyCountError::Count(
            sharpcount::Error::Interrupted { stats },
        ))) => Ok(CpogCounted::Stopped(stopped(cnf, *stats, reason, cache_mb))),
        Err(CpogBundleError::Certify(CertifyCountError::StoppedWriting { stats })) => Ok(
            CpogCounted::StoppedWriting(stopped(cnf, *stats, reason, cache_mb)),
        ),
        Err(CpogBundleError::Certify(CertifyCountError::Cpog(CpogError::Unsatisfiable))) => {
            Ok(CpogCounted::Unsatisfiable)
        }
        Err(e) => Err(e),
    }
}

/// The plain count's result of a count stopped after `stats`.
fn stopped(cnf: &Cnf, stats: sharpcount::Stats, reason: Reason, cache_mb: usize) -> CnfCount {
    match &cnf.weights {
        Some(weights) => CnfCount::Weighted(Box::new(Weighted {
            value: None,
            satisfiable: None,
            stats,
            reason,
            cache_mb,
            weights: weights.len(),
        })),
        None => CnfCount::Counted(Box::new(Counted {
            count: None,
            stats,
            reason,
            threads: 1,
            cache_mb,
            compiled: None,
        })),
    }
}

/// The answer for a file without a model, weighted or not, as the competition's lines and
/// the plain count say it.
pub fn unsatisfiable_answer(cnf: &Cnf) -> (Answer, Track) {
    let weighted = cnf.weights.is_some();
    let answer = match weighted {
        true => Answer::Weight(sharpcount::BigRational::from_integer(0.into()), false),
        false => Answer::Models(BigUint::ZERO),
    };
    (answer, Track::of(false, weighted))
}

/// The weighted count of a weighted file, as the plain weighted report has it.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct WeightFields {
    /// Always `true`.
    pub weighted: bool,
    /// The exact weight.
    pub weight: String,
    /// The weight rounded to 17 significant digits.
    pub weight_approx: Approx,
}

/// The report of a certified count by the model counter. Its JSON has the plain report's
/// `count` (null for a weighted file, whose `weighted`, `weight` and `weight_approx` follow
/// as in the plain weighted report), then the certificate's figures.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CpogCountReport<'a> {
    /// The file counted, as the caller names it.
    pub file: &'a str,
    /// The number of models; `None` for a weighted file (as in its plain report).
    #[serde(serialize_with = "exact_or_null")]
    pub count: Option<BigUint>,
    /// A weighted file's weighted count.
    #[serde(flatten)]
    pub weight: Option<WeightFields>,
    /// Always `counter`: the model counter counted.
    pub method: &'static str,
    /// The bundle's directory.
    pub certificate: String,
    /// Always `cpog`.
    pub format: &'static str,
    /// Product and sum nodes of the certificate.
    pub operations: u64,
    /// Its proof steps, added and deleted clauses.
    pub steps: u64,
    /// Its size in bytes.
    pub certificate_bytes: u64,
    /// Seconds counting (compiling).
    pub count_s: f64,
    /// Seconds writing the certificate.
    pub certify_s: f64,
    /// Seconds in all, as the caller measured them.
    pub elapsed_s: f64,
    /// The number of models, for the text.
    #[serde(skip)]
    models: BigUint,
    /// The competition's answer.
    #[serde(skip)]
    answer: Answer,
}

impl<'a> CpogCountReport<'a> {
    /// The report of `counted`, the certified count of `file` (`facts`) into the bundle
    /// `dir`, which took `elapsed_s` in all.
    pub fn new(file: &'a str, dir: &Path, counted: &CpogCount, elapsed_s: f64) -> Self {
        let forms = counted.weighted.as_ref().map(forms);
        let answer = match &counted.weighted {
            Some(w) => Answer::Weight(w.clone(), true),
            None => Answer::Models(counted.count.clone()),
        };
        CpogCountReport {
            file,
            count: counted.weighted.is_none().then(|| counted.count.clone()),
            weight: forms.map(|(weight, _, weight_approx)| WeightFields {
                weighted: true,
                weight,
                weight_approx,
            }),
            method: "counter",
            certificate: dir.display().to_string(),
            format: count_certify::bundle::cpog::FORMAT,
            operations: counted.stats.operations,
            steps: counted.stats.added + counted.stats.deleted,
            certificate_bytes: counted.stats.bytes,
            count_s: counted.compile_secs,
            certify_s: counted.proof_secs,
            elapsed_s,
            models: counted.count.clone(),
            answer,
        }
    }
}

impl Printed for CpogCountReport<'_> {
    fn text(&self) -> String {
        let weighted = match &self.weight {
            Some(w) => format!(", weighted count {}", w.weight),
            None => String::new(),
        };
        format!(
            "{}: {}{weighted} (model counter), certified: CPOG bundle '{}' ({}, {}, {:.1} MB; count {:.2} s, certificate {:.2} s)",
            self.file,
            plural(&self.models, "model"),
            self.certificate,
            plural(self.operations, "operation"),
            plural(self.steps, "proof step"),
            self.certificate_bytes as f64 / 1e6,
            self.count_s,
            self.certify_s,
        )
    }

    fn answer(&self) -> (Answer, Track) {
        let weighted = self.weight.is_some();
        (self.answer.clone(), Track::of(false, weighted))
    }
}

/// What the competition's format says of [`CpogCounted::Unsatisfiable`]: the answer lines
/// after the `c o` line of [`unsatisfiable_line`].
pub fn unsatisfiable_mcc(cnf: &Cnf, file: &str, facts: &FileFacts) -> String {
    let (answer, track) = unsatisfiable_answer(cnf);
    crate::competition::commented(&unsatisfiable_line(file, facts), &answer.lines(track))
}

/// The `c o` line of [`CpogCounted::Unsatisfiable`] in the competition's format.
pub fn unsatisfiable_line(file: &str, facts: &FileFacts) -> String {
    format!(
        "{file}: 0 models ({}); no CPOG bundle written: a CPOG certificate cannot state a count of 0",
        facts.onto()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::dimacs::read_dimacs;

    #[test]
    fn an_unsatisfiable_file_says_0_models_in_the_competitions_lines() {
        let cnf = read_dimacs("p cnf 1 2\n1 0\n-1 0\n".as_bytes()).unwrap();
        let text = unsatisfiable_mcc(&cnf, "u.cnf", &FileFacts::of(&cnf));
        let mut lines = text.lines();
        let first = lines.next().unwrap();
        assert!(first.starts_with("c o u.cnf: 0 models ("), "{text}");
        assert!(first.ends_with("cannot state a count of 0"), "{text}");
        assert!(lines.any(|l| l == "s UNSATISFIABLE"), "{text}");
    }
}
