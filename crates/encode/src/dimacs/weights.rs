//! Refusing weighted model counting files. A weighted count answers a different question
//! from the unweighted one, so reading such a file as if it were unweighted would give a
//! wrong answer without a word; every way a file can ask for weights is an error instead.
//!
//! Recognised: the task line `c t <task>` of the Model Counting Competition format (2021
//! onward) with any task but `mc` and `pmc` (`wmc`, `pwmc`, ...), a `c p weight` line, and the
//! competition's 2020 forms, a `p wcnf` or `p wpcnf` header and a `w` weight line, and
//! miniC2D's `c weights ...` line.

use super::error::{excerpt, ParseError};

/// Accepts the task of a `c t <task>` line when it is an unweighted count.
pub(super) fn check_task(line_no: usize, task: &str) -> Result<(), ParseError> {
    match task {
        "mc" | "pmc" => Ok(()),
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
