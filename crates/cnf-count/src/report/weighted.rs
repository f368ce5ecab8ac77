//! The report of a weighted count ([`crate::Weighted`]): the exact weight (a decimal when
//! it has a finite one, else `p/q`) and the weight rounded to 17 significant digits.

use super::render::{Answer, Printed};
use super::{CounterRun, ReportContext};
use crate::competition::Track;
use crate::{FileFacts, Weighted};
use serde::Serialize;
use sharpcount::BigRational;
use zero_one_model::decimal;
use zero_one_model::plural;

/// Significant digits of the rounded weight.
const APPROX_DIGITS: u32 = 17;

/// A weighted count. `weight` is exact, `weight_approx` a number (or a string when beyond
/// the range of a double); `count` is null (the number of models is not computed).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct WeightedReport<'a> {
    /// The file as the caller names it.
    pub file: &'a str,
    /// Always `None`: a weighted count does not count models.
    pub count: Option<()>,
    /// Always `true`.
    pub weighted: bool,
    /// The exact weight; `None` when stopped.
    pub weight: Option<String>,
    /// The weight rounded to 17 significant digits; `None` when stopped.
    pub weight_approx: Option<Approx>,
    /// The file's size and projection.
    #[serde(flatten)]
    pub facts: FileFacts,
    /// Literal weights the file gives.
    pub weights: usize,
    /// How the counter ran (on one thread: the weighted count runs on one).
    #[serde(flatten)]
    pub run: CounterRun,
    /// The rounded weight in scientific notation, for the text.
    #[serde(skip)]
    scientific: Option<String>,
    /// The competition's answer.
    #[serde(skip)]
    answer: Answer,
}

/// A rounded weight: a JSON number when a double holds it, else its decimal string.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Approx {
    /// The weight as a double.
    Number(f64),
    /// The weight in scientific notation, beyond the range of a double.
    Text(String),
}

impl<'a> WeightedReport<'a> {
    /// The report of `counted`, a count of the file `facts` describes.
    pub fn new(
        counted: &Weighted,
        facts: &FileFacts,
        context: ReportContext<'a>,
    ) -> WeightedReport<'a> {
        let forms = counted.value.as_ref().map(forms);
        let (weight, scientific, weight_approx) = match forms {
            Some((exact, sci, approx)) => (Some(exact), Some(sci), Some(approx)),
            None => (None, None, None),
        };
        WeightedReport {
            file: context.file,
            count: None,
            weighted: true,
            weight,
            weight_approx,
            facts: facts.clone(),
            weights: counted.weights,
            run: CounterRun::new(
                context,
                counted.value.is_none(),
                1,
                counted.cache_mb,
                &counted.stats,
            ),
            scientific,
            answer: match (&counted.value, counted.satisfiable) {
                (Some(w), Some(sat)) => Answer::Weight(w.clone(), sat),
                _ => Answer::Unknown,
            },
        }
    }
}

/// The exact weight, its rounding in scientific notation, and that rounding as JSON.
pub(crate) fn forms(x: &BigRational) -> (String, String, Approx) {
    let sci = decimal::scientific(x, APPROX_DIGITS);
    let approx = match sci.parse::<f64>() {
        Ok(f) if f.is_finite() && (f != 0.0 || sci == "0") => Approx::Number(f),
        _ => Approx::Text(sci.clone()),
    };
    (decimal::exact(x), sci, approx)
}

impl Printed for WeightedReport<'_> {
    /// The report as one line: the exact and the rounded weight, the time and the
    /// counter's main figures.
    fn text(&self) -> String {
        let what = match (&self.weight, &self.scientific) {
            (Some(w), Some(s)) => format!("weighted count {w} (≈ {s})"),
            _ => "no weighted count (interrupted)".into(),
        };
        format!(
            "{}: {what} ({}, {})   {:.3} s   model counter ({}), {}, {}",
            self.file,
            self.facts.onto(),
            plural(self.weights, "literal weight"),
            self.run.elapsed_s,
            self.run.method_reason,
            plural(self.run.counter.decisions, "decision"),
            plural(self.run.counter.cache_hits, "cache hit"),
        )
    }

    fn answer(&self) -> (Answer, Track) {
        (self.answer.clone(), Track::of(self.facts.projected, true))
    }
}
