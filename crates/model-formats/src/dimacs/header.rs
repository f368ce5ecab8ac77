//! The problem line: `p cnf <variables> <clauses>`, or the projected form of the Model
//! Counting Competition 2020, `p pcnf <variables> <clauses> [<projected>]`, whose projection
//! is given on `vp ... 0` lines. The weighted forms `p wcnf` and `p wpcnf` are refused.

use super::error::{excerpt, ParseError};
use super::lex::{end_column, tokens};
use super::weights;

/// The largest variable count a header may declare. [`crate::Lit`] packs a variable index and
/// a sign bit into a `u32`, so variable indices stop at 2^31 - 1, i.e. DIMACS number 2^31.
pub const MAX_VARS: usize = 1 << 31;

/// What a problem line declares.
#[derive(Debug)]
pub(super) struct Header {
    /// Line of the header.
    pub line: usize,
    /// Variables declared.
    pub num_vars: usize,
    /// Clauses declared.
    pub num_clauses: u64,
    /// `true` for `p pcnf`: the file is projected even when it lists no variable.
    pub pcnf: bool,
    /// The projected-variable count of a `p pcnf` header, when it gives one.
    pub projected: Option<u64>,
}

/// Reads the problem line `line`, numbered `line_no`.
pub(super) fn parse_header(line_no: usize, line: &str) -> Result<Header, ParseError> {
    let mut t = tokens(line);
    let end = (end_column(line), "end of line");
    let bad = |(column, found): (usize, &str), expected| ParseError::BadHeader {
        line: line_no,
        column,
        expected,
        found: excerpt(found),
    };
    let first = t.next().unwrap_or(end);
    if first.1 != "p" {
        return Err(bad(first, "'p'"));
    }
    let pcnf = match t.next().unwrap_or(end) {
        (_, "cnf") => false,
        (_, "pcnf") => true,
        (_, kind @ ("wcnf" | "wpcnf")) => return Err(weights::weighted_header(line_no, kind)),
        other => return Err(bad(other, "'cnf' or 'pcnf'")),
    };
    let tok = t.next().unwrap_or(end);
    let num_vars: usize = tok.1.parse().map_err(|_| bad(tok, "a variable count"))?;
    if num_vars > MAX_VARS {
        return Err(bad(tok, "a variable count of at most 2147483648"));
    }
    let tok = t.next().unwrap_or(end);
    let num_clauses: u64 = tok.1.parse().map_err(|_| bad(tok, "a clause count"))?;
    let mut projected = None;
    if pcnf && let Some(tok) = t.next() {
        let n: u64 = tok
            .1
            .parse()
            .map_err(|_| bad(tok, "a projected-variable count"))?;
        if n > num_vars as u64 {
            return Err(bad(
                tok,
                "a projected-variable count of at most the variable count",
            ));
        }
        projected = Some(n);
    }
    if let Some(tok) = t.next() {
        return Err(bad(tok, "end of line"));
    }
    Ok(Header {
        line: line_no,
        num_vars,
        num_clauses,
        pcnf,
        projected,
    })
}
