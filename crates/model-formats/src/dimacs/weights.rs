//! Weighted model counting files. A weighted count answers a different question from the
//! unweighted one, so reading such a file as if it were unweighted would give a wrong
//! answer without a word: unless the reader is asked for weights
//! ([`ReadOptions::weights`](super::ReadOptions::weights)), every way a file can ask for
//! weights is an error.
//!
//! Read when asked: the Model Counting Competition format (2021 onward), a task line `c t
//! wmc` or `c t pwmc` and weight lines `c p weight LIT W 0`, one per literal, `W` a
//! decimal number read exactly (see [`crate::decimal`]), the closing `0` required; a
//! literal without a weight weighs 1. The task line decides: `c t mc` or `c t pmc` with a
//! weight line is refused, two different task lines are refused, a file without a task line
//! is weighted when it has weight lines (with a warning, as MC 2020/2021 files have none),
//! `c t pwmc` without a projection line is counted over every variable (with a
//! warning), and in a weighted file a `c p` line other than `c p show` and `c p weight` (a
//! misspelt weight line, say) is refused; in an unweighted one it is a comment, with a
//! warning. Tasks are read case-insensitively. Always refused: tasks other than `mc`,
//! `pmc`, `wmc` and `pwmc`, the competition's 2020 forms (a `p wcnf` or `p wpcnf` header
//! and `w` weight lines), and miniC2D's `c weights ...` line.

use super::error::{excerpt, ParseError};
use super::lex::{end_column, literal, tokens};
use crate::decimal;
use crate::Lit;
use num_rational::BigRational;
use std::collections::HashMap;

/// The task a `c t` line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Task {
    Mc,
    Pmc,
    Wmc,
    Pwmc,
}

impl Task {
    fn name(self) -> &'static str {
        match self {
            Task::Mc => "mc",
            Task::Pmc => "pmc",
            Task::Wmc => "wmc",
            Task::Pwmc => "pwmc",
        }
    }

    fn weighted(self) -> bool {
        matches!(self, Task::Wmc | Task::Pwmc)
    }
}

/// The task of a `c t <task>` line on line `line_no`, case-insensitively; a weighted one
/// only when `weighted` (weights are read).
pub(super) fn check_task(line_no: usize, task: &str, weighted: bool) -> Result<Task, ParseError> {
    let t = match task.to_ascii_lowercase().as_str() {
        "mc" => Task::Mc,
        "pmc" => Task::Pmc,
        "wmc" => Task::Wmc,
        "pwmc" => Task::Pwmc,
        _ => {
            return Err(ParseError::UnknownTask {
                line: line_no,
                found: excerpt(task),
            })
        }
    };
    if t.weighted() && !weighted {
        return Err(ParseError::Weighted {
            line: line_no,
            what: format!("the task line 'c t {task}'"),
        });
    }
    Ok(t)
}

/// What a weight line must look like.
const WEIGHT_FORM: &str = "'c p weight LIT WEIGHT 0'";

/// The literal weights read so far, with the line of each, and what decides whether the
/// file is weighted.
#[derive(Debug, Default)]
pub(super) struct WeightLines {
    /// The task line: its line and task.
    task: Option<(usize, Task)>,
    weights: Vec<(Lit, BigRational)>,
    line_of: HashMap<i64, usize>,
    /// The first `c p` line that is neither `c p show` nor `c p weight`: its line and
    /// keyword, and how many such lines there are.
    unknown: Option<(usize, String)>,
    unknown_count: usize,
}

impl WeightLines {
    /// Notes the task line `task` on line `line_no`.
    ///
    /// # Errors
    /// A task other than an earlier task line's, or an unweighted task after a weight line.
    pub(super) fn set_task(&mut self, line_no: usize, task: Task) -> Result<(), ParseError> {
        if let Some((first, old)) = self.task {
            if old != task {
                return Err(ParseError::ConflictingTask {
                    line: line_no,
                    task: task.name().into(),
                    first,
                    first_task: old.name().into(),
                });
            }
            return Ok(());
        }
        self.task = Some((line_no, task));
        match self.line_of.values().min() {
            Some(&weight_line) if !task.weighted() => {
                Err(unweighted_task(weight_line, line_no, task))
            }
            _ => Ok(()),
        }
    }

    /// Notes a `c p KEYWORD ...` line whose keyword is neither `show` nor `weight`.
    pub(super) fn unknown_p_line(&mut self, line_no: usize, keyword: &str) {
        self.unknown_count += 1;
        if self.unknown.is_none() {
            self.unknown = Some((line_no, excerpt(keyword)));
        }
    }

    /// Reads `c p weight LIT W 0` on line `line_no`, for a formula of `num_vars`
    /// variables (`None` before the header).
    pub(super) fn read_line(
        &mut self,
        line_no: usize,
        line: &str,
        num_vars: Option<usize>,
    ) -> Result<(), ParseError> {
        if let Some((task_line, task)) = self.task.filter(|(_, t)| !t.weighted()) {
            return Err(unweighted_task(line_no, task_line, task));
        }
        let mut t = tokens(line).skip(3);
        let bad = |column: usize, expected: &str, found: &str| ParseError::BadWeight {
            line: line_no,
            column,
            expected: expected.into(),
            found: excerpt(found),
        };
        let Some(num_vars) = num_vars else {
            return Err(ParseError::WeightBeforeHeader { line: line_no });
        };
        let (column, tok) = t
            .next()
            .ok_or_else(|| bad(end_column(line), WEIGHT_FORM, "end of line"))?;
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
            .ok_or_else(|| bad(end_column(line), WEIGHT_FORM, "end of line"))?;
        let weight = decimal::parse(wtok).map_err(|e| {
            let expected = match e {
                decimal::DecimalError::ExponentTooLarge => {
                    format!("an exponent within ±{}", decimal::MAX_EXPONENT)
                }
                // Malformed, and whatever else a decimal is refused for.
                _ => "a decimal weight such as 0.25, 3, 1e-5 or -2.5E3".to_string(),
            };
            bad(wcol, &expected, wtok)
        })?;
        match t.next() {
            Some((_, "0")) => {}
            None => return Err(bad(end_column(line), WEIGHT_FORM, "end of line")),
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

    /// The weights in file order, `None` when the file is unweighted (its task line is
    /// unweighted, or it has neither task line nor weight line); warnings for a file
    /// weighted by its weight lines alone, for a projected task without a projection, for
    /// `c p` lines read as comments and for variables with one literal weighted only.
    /// `projected`: whether the file has a projection line.
    ///
    /// # Errors
    /// A weighted file with a `c p` line other than `c p show` and `c p weight`.
    pub(super) fn finish(
        self,
        projected: bool,
        warnings: &mut Vec<String>,
    ) -> Result<Option<Vec<(Lit, BigRational)>>, ParseError> {
        let first_weight = self.line_of.values().min().copied();
        let weighted = match self.task {
            Some((_, task)) => task.weighted(),
            None => first_weight.is_some(),
        };
        if let Some((line, keyword)) = &self.unknown {
            if weighted {
                return Err(ParseError::UnknownWeightedLine {
                    line: *line,
                    keyword: keyword.clone(),
                });
            }
            let more = match self.unknown_count - 1 {
                0 => String::new(),
                1 => " (and 1 more such line)".to_string(),
                n => format!(" (and {n} more such lines)"),
            };
            warnings.push(format!(
                "line {line}: 'c p {keyword}' is neither 'c p show' nor 'c p weight': read as a comment{more}"
            ));
        }
        // By line number, as the file reads.
        let mut own: Vec<(usize, String)> = Vec::new();
        match (self.task, first_weight) {
            (None, Some(line)) => own.push((
                line,
                format!(
                    "line {line}: no 'c t' task line: counted as weighted, as its 'c p weight' lines ask"
                ),
            )),
            (Some((line, task)), _) if task == Task::Pwmc && !projected => own.push((
                line,
                format!(
                    "line {line}: the task line 'c t {}' asks for a projected count, but the file has no 'c p show' line: counted over all variables",
                    task.name()
                ),
            )),
            _ => {}
        }
        let mut lone: Vec<(usize, i64)> = self
            .line_of
            .iter()
            .filter(|(lit, _)| !self.line_of.contains_key(&-**lit))
            .map(|(&lit, &line)| (line, lit))
            .collect();
        lone.sort_unstable();
        if let Some(&(first, _)) = lone.first() {
            own.push((first, lone_weights(&lone)));
        }
        own.sort_by_key(|(line, _)| *line);
        warnings.extend(own.into_iter().map(|(_, w)| w));
        Ok(weighted.then_some(self.weights))
    }
}

/// Lone weights listed in one warning before the rest are only counted.
const LONE_LISTED: usize = 5;

/// The one warning for the literals (`(line, literal)`, by line, at least one) weighted
/// without their negation, which therefore weighs 1.
fn lone_weights(lone: &[(usize, i64)]) -> String {
    const WHY: &str = "(some counters, Ganak among them, take 1 - w instead)";
    if let [(line, lit)] = lone {
        return format!(
            "line {line}: literal {lit} has a weight but {} has none, so it weighs 1 {WHY}",
            -lit
        );
    }
    let listed: Vec<String> = lone
        .iter()
        .take(LONE_LISTED)
        .map(|(line, lit)| format!("{lit} (line {line})"))
        .collect();
    let more = match lone.len().saturating_sub(LONE_LISTED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    format!(
        "lines {}-{}: {} literals have a weight but their negations none, so those weigh 1 {WHY}: {}{more}",
        lone[0].0,
        lone[lone.len() - 1].0,
        lone.len(),
        listed.join(", ")
    )
}

/// The error for a weight line on line `weight_line` in a file whose task line (on
/// `task_line`) asks for an unweighted count.
fn unweighted_task(weight_line: usize, task_line: usize, task: Task) -> ParseError {
    ParseError::UnweightedTask {
        line: weight_line,
        task: task.name().into(),
        task_line,
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
