//! A finished solve or count as a command line says it ([`Said`]): the report for stdout
//! (its JSON object, keys sorted, or its text), a note for stderr, and how it ended.

use super::{board_name, BestSoFar, NoSet, SizeTable};
use crate::{Counted, Domination, SolveStop, Solved};
use serde::Serialize;

/// How a solve or count ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// An answer, as the OEIS has it where it knows it (no set under a bound is a count of 0).
    Answer,
    /// A value that differs from the OEIS, or a solve that found no set under its bound.
    Mismatch,
    /// Stopped on request.
    Interrupted,
}

/// What a finished solve or count has to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The report for stdout: one JSON line, or its text (ending in a newline). `None` when
    /// nothing was found to print (a stopped run then says [`Said::note`] alone).
    pub report: Option<String>,
    /// One line for stderr, if any.
    pub note: Option<String>,
    /// How it ended.
    pub ending: Ending,
}

/// `report` as a JSON line through a `serde_json::Value` (keys sorted, as the domination
/// reports have always been printed), or `text`.
///
/// # Errors
/// When `report` does not serialise.
pub fn json_or(
    json: bool,
    report: &impl Serialize,
    text: impl FnOnce() -> String,
) -> Result<String, serde_json::Error> {
    Ok(match json {
        true => format!("{}\n", serde_json::to_value(report)?),
        false => text(),
    })
}

impl Solved {
    /// What this solve of the n x n board under `d` says: the set drawn (`ascii`, or as
    /// JSON), a minimum the OEIS disagrees with, no set under the bound, or what a stop knew
    /// (the best set so far is printed, as not proved minimum).
    ///
    /// # Errors
    /// When a report does not serialise.
    pub fn said(
        &self,
        n: usize,
        d: Domination,
        ascii: bool,
        json: bool,
    ) -> serde_json::Result<Said> {
        let said = |report, note, ending| Said {
            report: Some(report),
            note,
            ending,
        };
        Ok(match self {
            Solved::Minimum(m) => {
                let report = json_or(json, m, || m.text(ascii))?;
                match m.oeis.is_mismatch() {
                    true => {
                        let note = format!("{}: {}", board_name(m.n, m.variant), m.oeis.phrase());
                        said(report, Some(note), Ending::Mismatch)
                    }
                    false => said(report, None, Ending::Answer),
                }
            }
            Solved::Bounded(set) => said(
                json_or(json, set, || set.text(ascii))?,
                None,
                Ending::Answer,
            ),
            Solved::NoSet { bound, method } => Said {
                report: None,
                note: Some(NoSet::new(n, d, *bound, Some(*method)).to_string()),
                ending: Ending::Mismatch,
            },
            Solved::Stopped(stop) => {
                let note = Some(stop.message(n, d));
                let best = match stop {
                    SolveStop::CheckingMinimum(s) => BestSoFar::new(d, s.clone()),
                    _ => None,
                };
                let report = match best {
                    Some(best) => Some(json_or(json, &best, || best.text(ascii))?),
                    None => None,
                };
                Said {
                    report,
                    note,
                    ending: Ending::Interrupted,
                }
            }
        })
    }
}

impl Counted {
    /// What this count of the n x n board under `d` says: the count (as JSON with `json`),
    /// compared with the OEIS; no set at all under a bound is a count of 0, with a note; a
    /// stop says what it knew.
    ///
    /// # Errors
    /// When the report does not serialise.
    pub fn said(&self, n: usize, d: Domination, json: bool) -> serde_json::Result<Said> {
        Ok(match self {
            Counted::Done(c) => {
                let report = Some(json_or(json, c, || format!("{c}\n"))?);
                let (note, ending) = match c.is_mismatch() {
                    true => (None, Ending::Mismatch),
                    false => (c.no_set().map(|none| none.to_string()), Ending::Answer),
                };
                Said {
                    report,
                    note,
                    ending,
                }
            }
            Counted::Stopped(stop) => Said {
                report: None,
                note: Some(stop.message(n, d)),
                ending: Ending::Interrupted,
            },
        })
    }
}

impl SizeTable {
    /// The table as its text, or with `json` one JSON line per row (keys sorted).
    ///
    /// # Errors
    /// When a row does not serialise.
    pub fn said(&self, json: bool) -> serde_json::Result<String> {
        match json {
            true => self
                .sizes
                .iter()
                .map(|s| json_or(true, s, String::new))
                .collect(),
            false => Ok(self.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{count, solve, CountBy, CountOptions, Finder, SolveOptions, Variant};

    const D: Domination = Domination::new(Variant::Classic, false);

    #[test]
    fn a_minimum_set_says_its_board_or_its_sorted_json() {
        let solved = solve(5, D, &SolveOptions::new(Finder::Search)).unwrap();
        let text = solved.said(5, D, true, false).unwrap();
        assert_eq!((text.note, text.ending), (None, Ending::Answer));
        assert!(text.report.unwrap().contains('Q'));
        let json = solved.said(5, D, true, true).unwrap().report.unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["k"], 3); // A075458(5)
        assert!(json.ends_with('\n'));
    }

    #[test]
    fn no_set_under_a_bound_is_a_mismatch_for_a_solve_and_a_zero_count() {
        let mut options = SolveOptions::new(Finder::Search);
        options.bound = Some(2);
        let said = solve(5, D, &options)
            .unwrap()
            .said(5, D, false, false)
            .unwrap();
        assert_eq!((said.report, said.ending), (None, Ending::Mismatch));
        assert!(said.note.is_some());
        let mut options = CountOptions::new(CountBy::of(Finder::Search, None, None, None));
        options.bound = Some(2);
        let said = count(5, D, &options).unwrap().said(5, D, false).unwrap();
        assert_eq!(said.ending, Ending::Answer);
        assert!(said.report.unwrap().contains('0') && said.note.is_some());
    }

    #[test]
    fn a_size_table_says_one_json_line_per_row() {
        let table = SizeTable::new(4, D, 2).unwrap();
        let json = table.said(true).unwrap();
        assert_eq!(json.lines().count(), table.sizes.len());
        assert_eq!(table.said(false).unwrap(), table.to_string());
    }
}
