//! DIMACS CNF reader. Accepts comments anywhere, tabs and carriage returns as whitespace, a
//! UTF-8 byte-order mark, clauses split across lines, a SATLIB-style `%` end marker, the
//! projection lines of the Model Counting Competition (`c p show`, `c ind`, and `vp` under an
//! MC 2020 `p pcnf` header) and, unless reading strictly, a header that declares more clauses
//! than the file holds. Rejects everything else, weighted model counting files included, with
//! the line and column where it went wrong.

use super::error::{excerpt, ParseError};
use super::header::{parse_header, Header};
use super::lex::{literal, tokens};
use super::projection::{Projection, Source};
use super::weights::{self, WeightLines};
use crate::{Cnf, Lit};
use std::io::BufRead;

/// Clauses reserved up front at most, whatever the header declares: the header is a claim,
/// not a promise, and must not make the reader allocate gigabytes before reading a clause.
pub(super) const MAX_RESERVED_CLAUSES: u64 = 1 << 16;

/// The longest line read, in bytes. A line is a clause or a comment, far shorter in any file
/// a tool writes; without a cap, input with no newline (`/dev/zero`, say) would be buffered
/// whole, growing memory without bound.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How forgiving [`read_dimacs_with`] is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Refuse a header that declares more clauses than the file holds
    /// ([`ParseError::TooFewClauses`]). When `false` (the default) such a file is read with a
    /// warning, counting the clauses found, as MiniSat and Ganak do.
    pub strict: bool,
    /// Read the weights of a weighted model counting file into [`Cnf::weights`]. When
    /// `false` (the default) such a file is refused ([`ParseError::Weighted`]), so that a
    /// reader that cannot weigh never counts it as unweighted.
    pub weights: bool,
    /// Keep only the first of clauses with the same set of literals (in any order, a
    /// literal written twice counted once), counting the others in [`Cnf::repeated`]: the
    /// formula is the same, and a file of ten million copies of one clause takes the memory
    /// of one. The header's clause count still counts every clause written.
    pub drop_repeated: bool,
}

/// Reads a DIMACS CNF formula with the default (not strict) [`ReadOptions`].
///
/// ```
/// use model_formats::dimacs::read_dimacs;
/// let cnf = read_dimacs("p cnf 2 1\nc p show 2 0\n1 -2 0\n".as_bytes()).unwrap();
/// assert_eq!(cnf.clauses.len(), 1);
/// assert_eq!(cnf.shown.unwrap()[0].to_dimacs(), 2);
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line (and column, where one token is at fault).
pub fn read_dimacs(input: impl BufRead) -> Result<Cnf, ParseError> {
    read_dimacs_with(input, &ReadOptions::default())
}

/// Reads a DIMACS CNF formula as `options` say.
///
/// ```
/// use model_formats::dimacs::{read_dimacs_with, ParseError, ReadOptions};
/// let text = "p cnf 2 3\n1 -2 0\n";
/// let lenient = read_dimacs_with(text.as_bytes(), &ReadOptions::default()).unwrap();
/// assert_eq!(lenient.clauses.len(), 1);
/// assert_eq!(lenient.warnings.len(), 1);
/// let strict = read_dimacs_with(text.as_bytes(), &ReadOptions { strict: true, ..ReadOptions::default() });
/// assert!(matches!(strict, Err(ParseError::TooFewClauses { .. })));
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line (and column, where one token is at fault): reading
/// failed, the input is empty, the header is missing, repeated or malformed, a token is not a
/// literal, a literal or projected variable exceeds the header's count, the clause count
/// differs from the header's (fewer only when `options.strict`), the last clause lacks its 0,
/// a projection line is malformed, the `vp` lines disagree with a `p pcnf` header, the file
/// asks for a weighted model count (unless `options.weights`), or a weight line is
/// malformed, out of range or repeats a literal.
pub fn read_dimacs_with(mut input: impl BufRead, options: &ReadOptions) -> Result<Cnf, ParseError> {
    let mut reader = Reader::new(options);
    let mut raw = Vec::new();
    loop {
        raw.clear();
        let n = std::io::Read::take(&mut input, MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut raw)
            .map_err(|e| ParseError::Io(e.to_string()))?;
        if n == 0 {
            break;
        }
        reader.line_no += 1;
        if n > MAX_LINE_BYTES {
            return Err(ParseError::LineTooLong {
                line: reader.line_no,
                limit: MAX_LINE_BYTES,
            });
        }
        let bytes = match reader.line_no {
            1 => raw.strip_prefix(BOM).unwrap_or(&raw),
            _ => &raw,
        };
        if reader.line(&String::from_utf8_lossy(bytes))? == Flow::Stop {
            break;
        }
    }
    reader.finish()
}

/// Whether to go on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    /// A `%` end marker: the rest of the input is not part of the formula.
    Stop,
}

/// The reader's state between lines.
struct Reader<'o> {
    options: &'o ReadOptions,
    /// The current line, 1-based (0 before the first).
    line_no: usize,
    header: Option<Header>,
    clauses: Vec<Vec<Lit>>,
    /// The clause being read, which may span lines.
    current: Vec<Lit>,
    /// Where `current` started.
    clause_start: usize,
    projection: Projection,
    weights: WeightLines,
    /// The clauses kept so far by their hash, with [`ReadOptions::drop_repeated`].
    repeats: Option<super::repeats::Repeats>,
    /// Clauses written so far, kept or not.
    written: u64,
}

impl<'o> Reader<'o> {
    fn new(options: &'o ReadOptions) -> Self {
        Reader {
            options,
            line_no: 0,
            header: None,
            clauses: Vec::new(),
            current: Vec::new(),
            clause_start: 0,
            projection: Projection::default(),
            weights: WeightLines::default(),
            repeats: options.drop_repeated.then(Default::default),
            written: 0,
        }
    }

    /// Reads one line (without the byte-order mark).
    fn line(&mut self, line: &str) -> Result<Flow, ParseError> {
        let first = tokens(line).next().map_or("", |(_, tok)| tok);
        match first.as_bytes().first() {
            None => {}
            Some(b'c') => self.comment(line, first)?,
            Some(b'%') => return Ok(Flow::Stop),
            Some(b'p') => self.header(line)?,
            _ if first == "vp" => self.projection_line(line, Source::Vp)?,
            _ if first == "w" => return Err(weights::weight_line(self.line_no)),
            _ => self.clause_tokens(line)?,
        }
        Ok(Flow::Continue)
    }

    /// A comment: projection lines and weight requests have meaning, the rest none.
    fn comment(&mut self, line: &str, first: &str) -> Result<(), ParseError> {
        if first != "c" {
            return Ok(());
        }
        let mut t = tokens(line).skip(1).map(|(_, tok)| tok);
        match (t.next(), t.next()) {
            (Some("p"), Some("show")) => self.projection_line(line, Source::Show),
            (Some("ind"), _) => self.projection_line(line, Source::Ind),
            (Some("p"), Some("weight")) if self.options.weights => {
                let num_vars = self.header.as_ref().map(|h| h.num_vars);
                self.weights.read_line(self.line_no, line, num_vars)
            }
            (Some("p"), Some("weight")) => Err(weights::weight_comment(self.line_no)),
            (Some("p"), Some(keyword)) => {
                self.weights.unknown_p_line(self.line_no, keyword);
                Ok(())
            }
            (Some("weights"), _) => Err(weights::minic2d_weights(self.line_no)),
            (Some("t"), Some(task)) => {
                let task = weights::check_task(self.line_no, task, self.options.weights)?;
                self.weights.set_task(self.line_no, task)
            }
            _ => Ok(()),
        }
    }

    fn projection_line(&mut self, line: &str, source: Source) -> Result<(), ParseError> {
        let num_vars = self.header.as_ref().map(|h| h.num_vars);
        self.projection
            .read_line(self.line_no, line, source, num_vars)
    }

    fn header(&mut self, line: &str) -> Result<(), ParseError> {
        if let Some(h) = &self.header {
            return Err(ParseError::DuplicateHeader {
                line: self.line_no,
                first: h.line,
            });
        }
        let h = parse_header(self.line_no, line)?;
        self.projection.check_pending(h.num_vars)?;
        if h.pcnf {
            self.projection.mark_present();
        }
        self.clauses
            .reserve(h.num_clauses.min(MAX_RESERVED_CLAUSES) as usize);
        self.header = Some(h);
        Ok(())
    }

    /// A line of clause data: literals, each clause ended by 0.
    fn clause_tokens(&mut self, line: &str) -> Result<(), ParseError> {
        let line_no = self.line_no;
        for (column, tok) in tokens(line) {
            let Some(h) = &self.header else {
                return Err(ParseError::MissingHeader { line: line_no });
            };
            let lit = literal(tok).ok_or_else(|| ParseError::BadToken {
                line: line_no,
                column,
                found: excerpt(tok),
            })?;
            if self.written == h.num_clauses {
                return Err(ParseError::TooManyClauses {
                    line: line_no,
                    declared: h.num_clauses,
                });
            }
            if lit == 0 {
                self.end_clause();
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
            if self.current.is_empty() {
                self.clause_start = line_no;
            }
            // The header caps num_vars at MAX_VARS, so every in-range literal fits a Lit.
            self.current
                .push(Lit::from_dimacs(lit).expect("nonzero literal in range"));
        }
        Ok(())
    }

    /// Ends the clause being read: kept, or counted as a repeat.
    fn end_clause(&mut self) {
        self.written += 1;
        let clause = std::mem::take(&mut self.current);
        if let Some(r) = &mut self.repeats {
            if r.is_repeat(&clause, &self.clauses) {
                return;
            }
            r.keep(self.clauses.len());
        }
        self.clauses.push(clause);
    }

    /// Checks what can only be checked at the end of the input.
    fn finish(self) -> Result<Cnf, ParseError> {
        let Some(h) = self.header else {
            return Err(match self.line_no {
                0 => ParseError::EmptyInput,
                line => ParseError::MissingHeader { line },
            });
        };
        if !self.current.is_empty() {
            return Err(ParseError::UnterminatedClause {
                line: self.line_no,
                started: self.clause_start,
            });
        }
        let mut warnings = Vec::new();
        let found = self.written;
        if found < h.num_clauses {
            if self.options.strict {
                return Err(ParseError::TooFewClauses {
                    line: self.line_no,
                    declared: h.num_clauses,
                    found,
                });
            }
            warnings.push(format!(
                "line {}: the header declares {} clauses but the file holds {found}; counting the {found} found",
                h.line, h.num_clauses
            ));
        }
        if let Some(declared) = h.projected {
            let found = self.projection.vp_count();
            if found != declared {
                return Err(ParseError::ProjectionCountMismatch {
                    line: h.line,
                    declared,
                    found,
                });
            }
        }
        let shown = self.projection.finish();
        let weights = self.weights.finish(shown.is_some(), &mut warnings)?;
        Ok(Cnf {
            num_vars: h.num_vars,
            repeated: (self.written - self.clauses.len() as u64) as usize,
            clauses: self.clauses,
            shown,
            warnings,
            weights,
        })
    }
}
