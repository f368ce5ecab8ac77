//! A strict reader of DIMACS CNF with `c p show` projection lines, written from the format's
//! definition (DIMACS challenge, 1993; `c p show` from the model counting competition), not
//! shared with the code that writes the files it checks.
//!
//! Accepted: comment lines (first non-blank byte `c`), one header `p cnf V C` before the first
//! clause (V below 2^31), clauses as literals in `-V..=V` terminated by `0` (a clause may span
//! lines, a line may hold several), exactly C of them, and `c p show v1 v2 ... 0` lines whose
//! variables (in `1..=V`) form the projection. Nothing is allocated from the header beyond a
//! small cap: memory grows with the file, not with what it claims.

use super::error::{ErrorKind, FileError};
use super::text::{self, Lines};
use std::io::BufRead;

/// Room reserved up front for the clauses a header announces; more grows with the file.
const RESERVE_CAP: u64 = 1 << 16;

/// A CNF as read: its variable count, its clauses in order (with the lines they start on)
/// and its projection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    variables: u32,
    literals: Vec<i32>,
    /// `starts[i]..starts[i + 1]` are clause i's literals.
    starts: Vec<usize>,
    lines: Vec<u64>,
    projection: Option<Vec<u32>>,
}

impl Cnf {
    /// The header's variable count V.
    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// The number of clauses.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there is no clause.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Clause `i`'s literals, as written.
    ///
    /// # Panics
    /// When `i >= self.len()`.
    pub fn clause(&self, i: usize) -> &[i32] {
        &self.literals[self.starts[i]..self.starts[i + 1]]
    }

    /// The 1-based line where clause `i` starts.
    ///
    /// # Panics
    /// When `i >= self.len()`.
    pub fn clause_line(&self, i: usize) -> u64 {
        self.lines[i]
    }

    /// The clauses, in order.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> + '_ {
        (0..self.len()).map(|i| self.clause(i))
    }

    /// The variables of the `c p show` lines, ascending and without repeats, or `None` when
    /// there is no such line (the projection is then every variable, `1..=V`).
    pub fn shown(&self) -> Option<&[u32]> {
        self.projection.as_deref()
    }

    /// The size of the projection.
    pub fn projection_size(&self) -> usize {
        self.projection
            .as_ref()
            .map_or(self.variables as usize, Vec::len)
    }
}

/// Reads a DIMACS CNF.
///
/// # Errors
/// On the first line that breaks the format (see the module documentation), with its
/// 1-based number; on a clause count different from the header's; on a read error.
///
/// ```
/// use count_certificate::check::read_cnf;
/// let cnf = read_cnf(&b"c p show 2 0\np cnf 2 2\n1 -2 0\n2 0\n"[..]).unwrap();
/// assert_eq!(cnf.clause(0), &[1, -2]);
/// assert_eq!(cnf.shown(), Some(&[2][..]));
/// let err = read_cnf(&b"p cnf 2 1\n1 3 0\n"[..]).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: literal 3 is out of range: the header declares 2 variables");
/// ```
pub fn read_cnf(reader: impl BufRead) -> Result<Cnf, FileError> {
    let mut lines = Lines::new(reader);
    let mut state = Reader {
        cnf: Cnf {
            variables: 0,
            literals: Vec::new(),
            starts: vec![0],
            lines: Vec::new(),
            projection: None,
        },
        header: None,
        open_clause: None,
        early_shown: Vec::new(),
    };
    while let Some((at, line)) = lines.next_line()? {
        if text::is_comment(line) {
            state.comment(line, at)?;
        } else if text::tokens(line).next() == Some(b"p") {
            state.header(line, at)?;
        } else {
            state.clause_tokens(line, at)?;
        }
    }
    state.finish(lines.line())
}

/// What [`read_cnf`] knows after some lines.
struct Reader {
    cnf: Cnf,
    /// The header's variables and clauses, once read.
    header: Option<(u32, u64)>,
    /// The line where the clause being read started, once it has a literal.
    open_clause: Option<u64>,
    /// Variables shown before the header, with their lines, to range-check at the header.
    early_shown: Vec<(i32, u64)>,
}

impl Reader {
    fn comment(&mut self, line: &[u8], at: u64) -> Result<(), FileError> {
        // Other tools read these as a projection too: a bundle states its projection only
        // on `c p show` lines, so that no reader can take another one from the same file.
        let mut t = text::tokens(line);
        if t.next() == Some(b"c") && t.next() == Some(b"ind") {
            return Err(FileError::at(at, ErrorKind::OtherProjection));
        }
        let bound = self.header.map_or(i32::MAX as u32, |h| h.0);
        let mut shown = Vec::new();
        if !read_show_line(line, bound, &mut shown).map_err(|k| FileError::at(at, k))? {
            return Ok(());
        }
        if self.header.is_none() {
            self.early_shown.extend(shown.iter().map(|&v| (v, at)));
        }
        let projection = self.cnf.projection.get_or_insert_with(Vec::new);
        projection.extend(shown.iter().map(|&v| v as u32));
        Ok(())
    }

    fn header(&mut self, line: &[u8], at: u64) -> Result<(), FileError> {
        let fail = |kind| FileError::at(at, kind);
        if self.header.is_some() {
            return Err(fail(ErrorKind::DuplicateHeader));
        }
        let (variables, clauses) = read_header(line).map_err(fail)?;
        check_early_shown(&self.early_shown, variables)?;
        self.header = Some((variables, clauses));
        self.cnf.variables = variables;
        let reserve = clauses.min(RESERVE_CAP) as usize;
        self.cnf.lines.reserve(reserve);
        self.cnf.starts.reserve(reserve);
        Ok(())
    }

    fn clause_tokens(&mut self, line: &[u8], at: u64) -> Result<(), FileError> {
        let fail = |kind| FileError::at(at, kind);
        for token in text::tokens(line) {
            let Some((variables, declared)) = self.header else {
                return Err(fail(ErrorKind::MissingHeader));
            };
            let start = *self.open_clause.get_or_insert(at);
            match text::literal(token, variables).map_err(fail)? {
                0 => {
                    let cnf = &mut self.cnf;
                    if cnf.lines.len() as u64 == declared {
                        let found = declared + 1;
                        let kind = ErrorKind::ClauseCount {
                            header: declared,
                            found,
                        };
                        return Err(FileError::at(start, kind));
                    }
                    cnf.lines.push(start);
                    cnf.starts.push(cnf.literals.len());
                    self.open_clause = None;
                }
                lit => self.cnf.literals.push(lit),
            }
        }
        Ok(())
    }

    /// Checks the end of the file: a header, no clause left open, the header's clause count.
    fn finish(mut self, last_line: u64) -> Result<Cnf, FileError> {
        let Some((_, declared)) = self.header else {
            return Err(FileError::at(last_line.max(1), ErrorKind::MissingHeader));
        };
        if let Some(start) = self.open_clause {
            return Err(FileError::at(start, ErrorKind::Unterminated));
        }
        let found = self.cnf.lines.len() as u64;
        if found != declared {
            let kind = ErrorKind::ClauseCount {
                header: declared,
                found,
            };
            return Err(FileError::at(last_line.max(1), kind));
        }
        if let Some(shown) = &mut self.cnf.projection {
            shown.sort_unstable();
            shown.dedup();
        }
        Ok(self.cnf)
    }
}

/// A `p cnf V C` line.
fn read_header(line: &[u8]) -> Result<(u32, u64), ErrorKind> {
    let bad = || ErrorKind::BadHeader(super::text::quote(line.trim_ascii()));
    let tokens: Vec<&[u8]> = text::tokens(line).collect();
    let [b"p", b"cnf", v, c] = tokens[..] else {
        return Err(bad());
    };
    let variables = text::integer(v).map_err(|_| bad())?;
    let clauses = text::integer(c).map_err(|_| bad())?;
    if !(0..=i64::from(i32::MAX)).contains(&variables) || clauses < 0 {
        return Err(bad());
    }
    Ok((variables as u32, clauses as u64))
}

/// Whether a comment line is a `c p show ... 0` line; if so its variables (positive, at most
/// `variables`: the header's, or 2^31 - 1 before it) are appended to `shown`.
fn read_show_line(line: &[u8], variables: u32, shown: &mut Vec<i32>) -> Result<bool, ErrorKind> {
    let mut tokens = text::tokens(line);
    if tokens.next() != Some(b"c") || tokens.next() != Some(b"p") || tokens.next() != Some(b"show")
    {
        return Ok(false);
    }
    let first = shown.len();
    text::terminated(tokens, variables, shown)?;
    match shown[first..].iter().find(|&&v| v < 0) {
        Some(&v) => Err(ErrorKind::LiteralOutOfRange {
            literal: v.into(),
            variables,
        }),
        None => Ok(true),
    }
}

/// Range-checks the variables shown before the header, now that it declares `variables`.
fn check_early_shown(early: &[(i32, u64)], variables: u32) -> Result<(), FileError> {
    match early.iter().find(|&&(v, _)| v as u32 > variables) {
        Some(&(v, line)) => Err(FileError::at(
            line,
            ErrorKind::LiteralOutOfRange {
                literal: v.into(),
                variables,
            },
        )),
        None => Ok(()),
    }
}
