//! Strict DIMACS CNF reader. Accepts comments anywhere, tabs and carriage returns as
//! whitespace, clauses split across lines, and a SATLIB-style `%` end marker. Rejects
//! everything else with the line and column where it went wrong.

use crate::{Lit, Var};
use std::io::BufRead;
use thiserror::Error;

/// A CNF formula read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    /// Variables declared in the `p cnf` line.
    pub num_vars: usize,
    /// The clauses, in file order.
    pub clauses: Vec<Vec<Lit>>,
    /// The projection set from `c p show ... 0` lines or, when there are none, from
    /// `c ind ... 0` lines.
    pub shown: Option<Vec<Var>>,
}

/// Why a DIMACS file was rejected. Lines and columns are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Reading the input failed.
    #[error("read error: {0}")]
    Io(String),
    /// Clause data or end of input before any `p cnf` line.
    #[error("line {line}: expected a 'p cnf <variables> <clauses>' line before any clause")]
    MissingHeader {
        /// Where clause data started, or the last line.
        line: usize,
    },
    /// A second problem line.
    #[error("line {line}: second 'p' line (the first was on line {first})")]
    DuplicateHeader {
        /// The second header.
        line: usize,
        /// The first header.
        first: usize,
    },
    /// A malformed problem line.
    #[error(
        "line {line}, column {column}: bad problem line: expected {expected}, found '{found}'"
    )]
    BadHeader {
        /// Line of the header.
        line: usize,
        /// Column of the offending token.
        column: usize,
        /// What should have been there.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// A token that is not an integer literal.
    #[error("line {line}, column {column}: expected a literal (a nonzero integer) or 0, found '{found}'")]
    BadToken {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The token.
        found: String,
    },
    /// A literal whose variable exceeds the header's count.
    #[error("line {line}, column {column}: literal {lit} is out of range: the header declares {num_vars} variables")]
    LiteralOutOfRange {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The literal.
        lit: i64,
        /// Variables declared.
        num_vars: usize,
    },
    /// More clauses than the header declares.
    #[error("line {line}: more clauses than the {declared} the header declares")]
    TooManyClauses {
        /// Line where the extra clause starts.
        line: usize,
        /// Clauses declared.
        declared: u64,
    },
    /// Fewer clauses than the header declares.
    #[error("line {line}: end of input after {found} clauses, but the header declares {declared}")]
    TooFewClauses {
        /// Last line.
        line: usize,
        /// Clauses declared.
        declared: u64,
        /// Clauses found.
        found: u64,
    },
    /// The last clause has no terminating 0.
    #[error("line {line}: end of input inside a clause that started on line {started}: missing terminating 0")]
    UnterminatedClause {
        /// Last line.
        line: usize,
        /// Where the clause started.
        started: usize,
    },
    /// A malformed projection line.
    #[error("line {line}, column {column}: bad projection line: expected a variable number or 0, found '{found}'")]
    BadProjection {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The token.
        found: String,
    },
}

impl ParseError {
    /// The 1-based line the error points at, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Io(_) => None,
            ParseError::MissingHeader { line }
            | ParseError::DuplicateHeader { line, .. }
            | ParseError::BadHeader { line, .. }
            | ParseError::BadToken { line, .. }
            | ParseError::LiteralOutOfRange { line, .. }
            | ParseError::TooManyClauses { line, .. }
            | ParseError::TooFewClauses { line, .. }
            | ParseError::UnterminatedClause { line, .. }
            | ParseError::BadProjection { line, .. } => Some(*line),
        }
    }
}

/// Splits a line into (1-based column, token) pairs on ASCII whitespace.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = line.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        Some((start + 1, &line[start..i]))
    })
}

struct Header {
    line: usize,
    num_vars: usize,
    num_clauses: u64,
}

fn parse_header(line_no: usize, line: &str) -> Result<Header, ParseError> {
    let mut t = tokens(line);
    let bad = |column, expected, found: &str| ParseError::BadHeader {
        line: line_no,
        column,
        expected,
        found: found.to_string(),
    };
    let end_col = line.trim_end().len() + 1;
    t.next(); // "p"
    match t.next() {
        Some((_, "cnf")) => {}
        Some((c, f)) => return Err(bad(c, "'cnf'", f)),
        None => return Err(bad(end_col, "'cnf'", "end of line")),
    }
    let (c, f) = t.next().unwrap_or((end_col, "end of line"));
    let num_vars: usize = f.parse().map_err(|_| bad(c, "a variable count", f))?;
    let (c, f) = t.next().unwrap_or((end_col, "end of line"));
    let num_clauses: u64 = f.parse().map_err(|_| bad(c, "a clause count", f))?;
    if let Some((c, f)) = t.next() {
        return Err(bad(c, "end of line", f));
    }
    Ok(Header {
        line: line_no,
        num_vars,
        num_clauses,
    })
}

fn parse_projection(
    line_no: usize,
    line: &str,
    skip: usize,
    num_vars: Option<usize>,
    shown: &mut Vec<Var>,
) -> Result<(), ParseError> {
    for (column, tok) in tokens(line).skip(skip) {
        let bad = || ParseError::BadProjection {
            line: line_no,
            column,
            found: tok.to_string(),
        };
        let n: u64 = tok.parse().map_err(|_| bad())?;
        if n == 0 {
            return Ok(());
        }
        if let Some(num_vars) = num_vars.filter(|&m| n > m as u64) {
            return Err(ParseError::LiteralOutOfRange {
                line: line_no,
                column,
                lit: n as i64,
                num_vars,
            });
        }
        shown.push(Var::from_dimacs(n).ok_or_else(bad)?);
    }
    Ok(())
}

/// Reads a DIMACS CNF formula.
///
/// # Errors
/// A [`ParseError`] naming the line (and column, where one token is at fault).
pub fn read_dimacs(mut input: impl BufRead) -> Result<Cnf, ParseError> {
    let mut header: Option<Header> = None;
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    let mut shown: Option<Vec<Var>> = None;
    let mut ind: Option<Vec<Var>> = None;
    let mut current: Vec<Lit> = Vec::new();
    let mut clause_start = 0;
    let mut line_no = 0;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        let n = input
            .read_until(b'\n', &mut raw)
            .map_err(|e| ParseError::Io(e.to_string()))?;
        if n == 0 {
            break;
        }
        line_no += 1;
        let line = String::from_utf8_lossy(&raw);
        let trimmed = line.trim_start();
        if trimmed.starts_with('c') {
            let mut t = tokens(trimmed).map(|(_, s)| s);
            t.next();
            let target = match (t.next(), t.next()) {
                (Some("p"), Some("show")) => Some((3, &mut shown)),
                (Some("ind"), _) => Some((2, &mut ind)),
                _ => None,
            };
            if let Some((skip, target)) = target {
                let set = target.get_or_insert_with(Vec::new);
                parse_projection(
                    line_no,
                    &line,
                    skip,
                    header.as_ref().map(|h| h.num_vars),
                    set,
                )?;
            }
            continue;
        }
        if trimmed.starts_with('%') {
            break;
        }
        if trimmed.starts_with('p') {
            if let Some(h) = &header {
                return Err(ParseError::DuplicateHeader {
                    line: line_no,
                    first: h.line,
                });
            }
            header = Some(parse_header(line_no, &line)?);
            clauses.reserve(
                header
                    .as_ref()
                    .map_or(0, |h| h.num_clauses.min(1 << 24) as usize),
            );
            continue;
        }
        for (column, tok) in tokens(&line) {
            let Some(h) = &header else {
                return Err(ParseError::MissingHeader { line: line_no });
            };
            let lit: i64 = tok.parse().map_err(|_| ParseError::BadToken {
                line: line_no,
                column,
                found: tok.to_string(),
            })?;
            if clauses.len() as u64 == h.num_clauses {
                return Err(ParseError::TooManyClauses {
                    line: line_no,
                    declared: h.num_clauses,
                });
            }
            if lit == 0 {
                clauses.push(std::mem::take(&mut current));
                continue;
            }
            if lit.unsigned_abs() > h.num_vars as u64 {
                return Err(ParseError::LiteralOutOfRange {
                    line: line_no,
                    column,
                    lit,
                    num_vars: h.num_vars,
                });
            }
            if current.is_empty() {
                clause_start = line_no;
            }
            current.push(Lit::from_dimacs(lit).expect("nonzero literal in range"));
        }
    }
    let Some(h) = header else {
        return Err(ParseError::MissingHeader { line: line_no });
    };
    if !current.is_empty() {
        return Err(ParseError::UnterminatedClause {
            line: line_no,
            started: clause_start,
        });
    }
    if clauses.len() as u64 != h.num_clauses {
        return Err(ParseError::TooFewClauses {
            line: line_no,
            declared: h.num_clauses,
            found: clauses.len() as u64,
        });
    }
    let shown = shown.or(ind);
    if let Some(s) = &shown {
        if let Some(v) = s.iter().find(|v| v.index() >= h.num_vars) {
            return Err(ParseError::LiteralOutOfRange {
                line: line_no,
                column: 1,
                lit: v.to_dimacs() as i64,
                num_vars: h.num_vars,
            });
        }
    }
    Ok(Cnf {
        num_vars: h.num_vars,
        clauses,
        shown,
    })
}
