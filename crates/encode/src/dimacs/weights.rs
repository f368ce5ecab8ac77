//! Weighted model counting files. A weighted count answers a different question from the
//! unweighted one, so reading such a file as if it were unweighted would give a wrong
//! answer without a word: unless the reader is asked for weights
//! ([`ReadOptions::weights`](super::ReadOptions::weights)), every way a file can ask for
//! weights is an error.
//!
//! Read when asked: the Model Counting Competition format (2021 onward), a task line `c t
//! wmc` or `c t pwmc` and weight lines `c p weight LIT W 0`, one per literal, `W` a
//! decimal number read exactly (see [`crate::decimal`]); a literal without a weight weighs
//! 1. Always refused: any other task but `mc` and `pmc`, the competition's 2020 forms (a `p
//! wcnf` or `p wpcnf` header and `w` weight lines), and miniC2D's `c weights ...` line.

use super::error::{excerpt, ParseError};
use super::lex::{end_column, literal, tokens};
use crate::decimal;
use crate::Lit;
use num_rational::BigRational;
use std::collections::HashMap;

/// Accepts the task of a `c t <task>` line when it is an unweighted count, or a weighted
/// one when `weighted` (weights are read). Returns whether the task is weighted.
pub(super) fn check_task(line_no: usize, task: &str, weighted: bool) -> Result<bool, ParseError> {
    match task {
        "mc" | "pmc" => Ok(false),
        "wmc" | "pwmc" if weighted => Ok(true),
        "wmc" | "pwmc" | "wpmc" => Err(ParseError::Weighted {
            line: line_no,
            what: format!("the task line 'c t {task}'"),
        }),
        _ => Err(ParseError::Weighted {
            line: line_no,
            what: format!(
                "the task line 'c t {}' (a task other than 'mc' or 'pmc')",
                excerpt(task)
            ),
        }),
    }
}

/// The literal weights read so far, with the line of each.
#[derive(Debug, Default)]
pub(super) struct WeightLines {
    /// Whether the file asked for weights (a weighted task or a weight line).
    present: bool,
    weights: Vec<(Lit, BigRational)>,
    line_of: HashMap<i64, usize>,
}

impl WeightLines {
    /// Notes a weighted task line.
    pub(super) fn mark_present(&mut self) {
        self.present = true;
    }

    /// Reads `c p weight LIT W 0` (the `0` may be left out) on line `line_no`, for a
    /// formula of `num_vars` variables (`None` before the header).
    pub(super) fn read_line(
        &mut self,
        line_no: usize,
        line: &str,
        num_vars: Option<usize>,
    ) -> Result<(), ParseError> {
        self.present = true;
        let mut t = tokens(line).skip(3);
        let bad = |column: usize, expected: &str, found: &str| ParseError::BadWeight {
            line: line_no,
            column,
            expected: expected.into(),
            found: excerpt(found),
        };
        let Some(num_vars) = num_vars else {
            return Err(ParseError::MissingHeader { line: line_no });
        };
        let (column, tok) = t
            .next()
            .ok_or_else(|| bad(end_column(line), "a literal", "end of line"))?;
        let lit = literal(tok)
            .filter(|&l| l != 0)
            .ok_or_else(|| bad(column, "a nonzero literal", tok))?;
        if lit.unsigned_abs() > num_vars as u64 {
            return Err(ParseError::LiteralOutOfRange {
                line: line_no,
                column,
                lit,
                num_vars,
            });
        }
        let (wcol, wtok) = t
            .next()
            .ok_or_else(|| bad(end_column(line), "a weight", "end of line"))?;
        let weight = decimal::parse(wtok).map_err(|e| {
            let expected = match e {
                decimal::DecimalError::Malformed => {
                    "a decimal weight such as 0.25, 3, 1e-5 or -2.5E3".to_string()
                }
                decimal::DecimalError::ExponentTooLarge => {
                    format!("an exponent within ±{}", decimal::MAX_EXPONENT)
                }
            };
            bad(wcol, &expected, wtok)
        })?;
        match t.next() {
            None | Some((_, "0")) => {}
            Some((c, tok)) => return Err(bad(c, "'0' ending the line", tok)),
        }
        if let Some((c, tok)) = t.next() {
            return Err(bad(c, "end of line", tok));
        }
        if let Some(&first) = self.line_of.get(&lit) {
            return Err(ParseError::DuplicateWeight {
                line: line_no,
                lit,
                first,
            });
        }
        self.line_of.insert(lit, line_no);
        self.weights.push((
            Lit::from_dimacs(lit).expect("nonzero literal in range"),
            weight,
        ));
        Ok(())
    }

    /// The weights in file order, `None` when the file asked for none; warnings for
    /// variables with one literal weighted only.
    pub(super) fn finish(self, warnings: &mut Vec<String>) -> Option<Vec<(Lit, BigRational)>> {
        for (&lit, &line) in &self.line_of {
            if !self.line_of.contains_key(&-lit) {
                warnings.push(format!(
                    "line {line}: literal {lit} has a weight but {} has none, so it weighs 1 (some counters, Ganak among them, take 1 - w instead)",
                    -lit
                ));
            }
        }
        warnings.sort();
        self.present.then_some(self.weights)
    }
}

/// The error for a `c p weight ...` line.
pub(super) fn weight_comment(line_no: usize) -> ParseError {
    ParseError::Weighted {
        line: line_no,
        what: "the line 'c p weight ...'".into(),
    }
}

/// The error for miniC2D's `c weights w1 w1' w2 w2' ...` line (a weight per literal).
pub(super) fn minic2d_weights(line_no: usize) -> ParseError {
    ParseError::Weighted {
        line: line_no,
        what: "the line 'c weights ...' (miniC2D's literal weights)".into(),
    }
}

/// The error for an MC 2020 `w <literal> <weight> 0` line.
pub(super) fn weight_line(line_no: usize) -> ParseError {
    ParseError::Weighted {
        line: line_no,
        what: "the line 'w ...'".into(),
    }
}

/// The error for a `p wcnf` or `p wpcnf` header (`kind` is `wcnf` or `wpcnf`).
pub(super) fn weighted_header(line_no: usize, kind: &str) -> ParseError {
    ParseError::Weighted {
        line: line_no,
        what: format!("the problem line 'p {kind} ...'"),
    }
}
