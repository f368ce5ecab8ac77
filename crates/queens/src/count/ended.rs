//! One board size's count with its progress shown ([`count_showing`]) and how it ended, as
//! its caller prints it ([`RunOutcome::ended`]): an
//! interruption's partial report and message, a shard's result file, or a finished report
//! printed with the certificate made for it, if any ([`CountReport::printed`]).

use super::{count_with, CountConfig, CountReport, RunOptions, RunOutcome, Shard};
use crate::QueensError;
use count_certify::{Finished, Report};
use count_engine::progress_bar::ProgressBar;
use count_engine::ShardFile;

/// [`count_with`] with a progress bar on stderr, unless `quiet` (the bar replaces the
/// options' own `progress`), cleared once the count is done.
///
/// # Errors
/// As [`count_with`].
pub fn count_showing(
    n: usize,
    config: &CountConfig,
    options: RunOptions<'_>,
    quiet: bool,
) -> Result<RunOutcome, QueensError> {
    let bar = ProgressBar::new(!quiet);
    let progress = |p| bar.update(p);
    let options = RunOptions {
        progress: Some(&progress),
        ..options
    };
    let outcome = count_with(n, config, &options)?;
    bar.finish();
    Ok(outcome)
}

/// How a board count's results are printed.
#[derive(Copy, Clone, Debug, Default)]
pub struct Printing<'a> {
    /// JSON lines instead of text.
    pub json: bool,
    /// Only this shard is counted: what it prints is its result file, read by a merge.
    pub shard: Option<Shard>,
    /// What an interruption's message adds on resuming the count (see
    /// [`CountReport::interruption`]).
    pub resume: &'a str,
}

/// One board size's count as it ended, with what to print.
#[derive(Clone, Debug)]
pub enum Ended {
    /// Stopped before the end: the partial report for stdout (none for a shard, whose
    /// stdout is the file a merge reads) and the message for stderr.
    Interrupted {
        /// The partial report, as text or a JSON line.
        report: Option<String>,
        /// What was counted and how to resume.
        message: String,
    },
    /// A shard's result: one JSON line for a merge.
    Shard(String),
    /// Finished: the report, to print once its certificate, if any, is made
    /// ([`CountReport::printed`]).
    Counted(Box<CountReport>),
}

impl RunOutcome {
    /// How the count ended, with what to print as `printing` says.
    ///
    /// # Errors
    /// A report that cannot be written as JSON.
    pub fn ended(self, printing: &Printing<'_>) -> Result<Ended, serde_json::Error> {
        let report = self.report;
        if report.interrupted {
            let line = match printing.json {
                true => serde_json::to_string(&report)?,
                false => report.to_string(),
            };
            let message = report.interruption(printing.resume);
            let report = printing.shard.is_none().then_some(line);
            return Ok(Ended::Interrupted { report, message });
        }
        if let (Some(shard), Some(key)) = (printing.shard, self.key) {
            let file = ShardFile::new(key, shard, self.cubes, report.elapsed_s);
            return Ok(Ended::Shard(serde_json::to_string(&file)?));
        }
        Ok(Ended::Counted(Box::new(report)))
    }
}

impl CountReport {
    /// Whether the count differs from its known value.
    pub fn is_mismatch(&self) -> bool {
        self.verdict.matches == Some(false)
    }

    /// The report as printed once `certified` says what became of its certificate: with
    /// `json`, one line with `certified` and `bundle`; as text (and as text when certifying
    /// was interrupted), the report's line and the bundle's under it.
    ///
    /// # Errors
    /// A report that cannot be written as JSON.
    pub fn printed(&self, json: bool, certified: &Finished) -> Result<String, serde_json::Error> {
        if json && !matches!(certified, Finished::Interrupted) {
            return serde_json::to_string(&Report::new(self, certified));
        }
        Ok(match certified.bundle() {
            Some(c) => format!("{self}\n{}", c.line()),
            None => self.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FormulationKind, Oracle, Rules, Symmetry};
    use std::sync::Arc;

    #[test]
    fn a_quiet_count_shows_nothing_and_counts_as_count_with() {
        let shown = count_showing(6, &config(), RunOptions::default(), true).unwrap();
        assert_eq!(shown.report.verdict.count, 4);
        assert!(!shown.report.interrupted);
    }

    fn outcome(n: usize) -> RunOutcome {
        count_with(n, &config(), &RunOptions::default()).unwrap()
    }

    fn config() -> CountConfig {
        CountConfig {
            formulation: FormulationKind::Board,
            counter: Arc::new(Oracle),
            threads: 1,
            cube_depth: None,
            symmetry: Symmetry::None,
            rules: Rules::classic(),
        }
    }

    #[test]
    fn a_finished_count_is_printed_as_text_or_json_naming_no_bundle() {
        let Ended::Counted(report) = outcome(6).ended(&Printing::default()).unwrap() else {
            panic!("a finished count ended otherwise");
        };
        assert!(!report.is_mismatch());
        let text = report.printed(false, &Finished::Uncertified).unwrap();
        assert_eq!(text, report.to_string());
        let json = report.printed(true, &Finished::Uncertified).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["count"], 4);
        assert_eq!(value["certified"], false);
        // Certifying stopped: the text, which says no bundle.
        let stopped = report.printed(true, &Finished::Interrupted).unwrap();
        assert_eq!(stopped, text);
    }

    #[test]
    fn an_interrupted_count_prints_its_partial_report_except_as_a_shard() {
        let mut stopped = outcome(5);
        stopped.report.interrupted = true;
        let printing = Printing {
            json: true,
            shard: None,
            resume: "; rerun it",
        };
        let Ended::Interrupted { report, message } = stopped.ended(&printing).unwrap() else {
            panic!("an interrupted count ended otherwise");
        };
        assert!(report.unwrap().contains("\"interrupted\":true"));
        assert!(message.ends_with("partial count 10; rerun it"), "{message}");
        let mut stopped = outcome(5);
        stopped.report.interrupted = true;
        let printing = Printing {
            shard: Some("1/2".parse().unwrap()),
            ..printing
        };
        let ended = stopped.ended(&printing).unwrap();
        assert!(matches!(ended, Ended::Interrupted { report: None, .. }));
    }
}
