//! A report printed the way the caller asks ([`Format`]): one line of text, one JSON object,
//! or the Model Counting Competition's answer lines after the text as `c o` comments. Every
//! report of a count implements [`Printed`]; a caller picks the format and prints the string.

use crate::competition::{commented, lines, unknown_lines, weighted_lines, Track};
use count_certify::Finished;
use num_bigint::BigUint;
use serde::Serialize;
use sharpcount::BigRational;

/// How a report is printed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// One line (or a few) for a person.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// The text as `c o` lines, then the competition's answer ([`crate::competition`]).
    Mcc,
}

/// The answer a report carries, as the competition's lines say it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Answer {
    /// A number of models.
    Models(BigUint),
    /// A weighted count, and whether the file has a model.
    Weight(BigRational, bool),
    /// No answer: the count was stopped.
    Unknown,
}

impl Answer {
    /// The competition's lines for this answer on `track`.
    pub fn lines(&self, track: Track) -> String {
        match self {
            Answer::Models(n) => lines(track, n),
            Answer::Weight(w, sat) => weighted_lines(track, w, *sat),
            Answer::Unknown => unknown_lines(track),
        }
    }
}

/// A count's report: JSON through serde, text and the competition's answer through these
/// methods.
pub trait Printed: Serialize {
    /// The report as text.
    fn text(&self) -> String;

    /// The answer it carries and the competition track of the file.
    fn answer(&self) -> (Answer, Track);

    /// The report in `format`, without a final newline.
    ///
    /// # Errors
    /// A JSON serialisation that fails (a serializer of a field refusing its value).
    fn render(&self, format: Format) -> Result<String, serde_json::Error> {
        Ok(match format {
            Format::Text => self.text(),
            Format::Json => serde_json::to_string(self)?,
            Format::Mcc => {
                let (answer, track) = self.answer();
                commented(&self.text(), &answer.lines(track))
            }
        })
    }
}

/// A report with the bundle a certified count wrote: JSON gains `certified` and `bundle`
/// ([`count_certify::Report`]), text a line naming the bundle.
pub struct Certified<'a, R: Printed> {
    /// The count's report.
    pub report: &'a R,
    /// How the certification ended.
    pub finished: &'a Finished,
}

impl<R: Printed> Serialize for Certified<'_, R> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        count_certify::Report::new(self.report, self.finished).serialize(s)
    }
}

impl<R: Printed> Printed for Certified<'_, R> {
    fn text(&self) -> String {
        let line = self.report.text();
        match self.finished.bundle() {
            Some(c) => format!("{line}\n{}", c.line()),
            None => line,
        }
    }

    fn answer(&self) -> (Answer, Track) {
        self.report.answer()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Two {
        count: u32,
    }

    impl Printed for Two {
        fn text(&self) -> String {
            format!("f: {} models\nsecond line", self.count)
        }
        fn answer(&self) -> (Answer, Track) {
            (Answer::Models(BigUint::from(self.count)), Track::Pmc)
        }
    }

    #[test]
    fn each_format_prints_the_same_report_its_own_way() {
        let r = Two { count: 2 };
        assert_eq!(r.render(Format::Json).unwrap(), r#"{"count":2}"#);
        assert_eq!(r.render(Format::Text).unwrap(), "f: 2 models\nsecond line");
        assert_eq!(
            r.render(Format::Mcc).unwrap(),
            "c o f: 2 models\nc o second line\ns SATISFIABLE\nc s type pmc\n\
             c s log10-estimate 0.3010299957\nc s exact arb int 2"
        );
        let finished = Finished::Uncertified;
        let c = Certified {
            report: &r,
            finished: &finished,
        };
        assert_eq!(
            c.render(Format::Json).unwrap(),
            r#"{"count":2,"certified":false,"bundle":null}"#
        );
    }
}
