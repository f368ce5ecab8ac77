//! The report of a count by the model counter ([`crate::Counted`]), and of the decision-DNNF
//! it compiled when one was written.

use super::render::{Answer, Printed};
use super::ReportContext;
use crate::competition::Track;
use crate::{Counted, FileFacts, Reason};
use count_engine::exact_json::exact_or_null;
use num_bigint::BigUint;
use serde::Serialize;
use sharpcount::{Compiled, Stats};
use zero_one_model::plural;

/// A count by the model counter. `count` is an exact integer, or null when the count was
/// stopped (the counter has no partial count). With a compiled formula asked for, it also
/// has `nnf`: what was written, or null when nothing was.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CounterReport<'a> {
    /// The file as the caller names it.
    pub file: &'a str,
    /// The number of models; `None` when stopped.
    #[serde(serialize_with = "exact_or_null")]
    pub count: Option<BigUint>,
    /// The file's size and projection.
    #[serde(flatten)]
    pub facts: FileFacts,
    /// How the counter ran.
    #[serde(flatten)]
    pub run: CounterRun,
    /// With a compiled formula asked for: the file written, or `None` when nothing was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nnf: Option<Option<NnfFacts>>,
    /// Whether the counter ran because it was asked for (the text then says no reason).
    #[serde(skip)]
    asked: bool,
}

/// How the model counter ran, as both its reports (of a count and of a weighted count)
/// say it.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CounterRun {
    /// Always `counter`.
    pub method: &'static str,
    /// Why the counter counted the file, in the caller's words.
    pub method_reason: String,
    /// Whether the count was stopped.
    pub interrupted: bool,
    /// Threads that counted.
    pub threads: usize,
    /// The cache's bound in MiB.
    pub cache_mb: usize,
    /// Seconds the count took.
    pub elapsed_s: f64,
    /// The counter's figures.
    pub counter: Stats,
}

impl CounterRun {
    /// What a stopped run says: after how long, that `nothing` came of it (no count, no
    /// file), and the work done.
    ///
    /// ```
    /// # use cnf_count::report::CounterRun;
    /// # fn say(run: &CounterRun) -> String {
    /// run.interrupted_line("the model counter has no partial count")
    /// # }
    /// ```
    pub fn interrupted_line(&self, nothing: &str) -> String {
        let (secs, decisions) = (self.elapsed_s, self.counter.decisions);
        format!("interrupted after {secs:.1} s: {nothing} ({decisions} decisions made)")
    }

    /// A run of the counter with `stats` on `threads` threads and a cache of `cache_mb`
    /// MiB; `interrupted` when it was stopped.
    pub(crate) fn new(
        context: ReportContext<'_>,
        interrupted: bool,
        threads: usize,
        cache_mb: usize,
        stats: &Stats,
    ) -> CounterRun {
        CounterRun {
            method: "counter",
            method_reason: context.method_reason,
            interrupted,
            threads,
            cache_mb,
            elapsed_s: context.elapsed_s,
            counter: stats.clone(),
        }
    }
}

/// The compiled formula written to a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct NnfFacts {
    /// Where it was written, as the caller names it.
    pub path: String,
    /// Its format: `d4` ([`Compiled::write_d4`]).
    pub format: &'static str,
    /// Nodes of the decision-DNNF.
    pub nodes: usize,
    /// Edges of the decision-DNNF.
    pub edges: usize,
}

impl NnfFacts {
    /// The facts of `compiled`, written in d4's format to `path`.
    pub fn new(path: String, compiled: &Compiled) -> NnfFacts {
        NnfFacts {
            path,
            format: "d4",
            nodes: compiled.nnf.nodes(),
            edges: compiled.nnf.edges(),
        }
    }
}

impl<'a> CounterReport<'a> {
    /// The report of `counted`, a count of the file `facts` describes. `nnf` is `None` when
    /// no compiled formula was asked for, else what was written (`Some(None)`: nothing).
    pub fn new(
        counted: &Counted,
        facts: &FileFacts,
        context: ReportContext<'a>,
        nnf: Option<Option<NnfFacts>>,
    ) -> CounterReport<'a> {
        CounterReport {
            file: context.file,
            count: counted.count.clone(),
            facts: facts.clone(),
            run: CounterRun::new(
                context,
                counted.count.is_none(),
                counted.threads,
                counted.cache_mb,
                &counted.stats,
            ),
            nnf,
            asked: counted.reason == Reason::Asked,
        }
    }
}

impl Printed for CounterReport<'_> {
    /// The report as one line: the count, the time and the counter's main figures (with a
    /// compiled formula, what was written).
    fn text(&self) -> String {
        let what = match &self.count {
            Some(n) => plural(n, "model"),
            None => "no count (interrupted)".into(),
        };
        let onto = self.facts.onto();
        let (run, c) = (&self.run, &self.run.counter);
        if let Some(nnf) = &self.nnf {
            let nnf = match nnf {
                Some(n) => format!(
                    ", written to {} (d4 format: {}, {})",
                    n.path,
                    plural(n.nodes, "node"),
                    plural(n.edges, "edge")
                ),
                None => String::new(),
            };
            return format!(
                "{}: {what} ({onto})   {:.3} s   model counter's search compiled to a decision-DNNF{nnf}; {}, {}",
                self.file,
                run.elapsed_s,
                plural(c.decisions, "decision"),
                plural(c.cache_hits, "cache hit"),
            );
        }
        let why = if self.asked {
            String::new()
        } else {
            format!(" ({})", run.method_reason)
        };
        format!(
            "{}: {what} ({onto})   {:.3} s   model counter{why}, {}, {}, cache peak {} MiB",
            self.file,
            run.elapsed_s,
            plural(c.decisions, "decision"),
            plural(c.cache_hits, "cache hit"),
            c.cache_peak_bytes >> 20
        )
    }

    fn answer(&self) -> (Answer, Track) {
        let answer = self.count.clone().map_or(Answer::Unknown, Answer::Models);
        (answer, Track::of(self.facts.projected, false))
    }
}
