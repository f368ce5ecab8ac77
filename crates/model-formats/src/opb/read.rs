//! The OPB reader: the header, then statements, each ending at `;` (possibly across lines),
//! with comment lines (`*` first) anywhere between lines.

use super::error::OpbError;
use super::lex::{tokens, Kind, Token};
use super::{OpbInstance, MAX_LINE_BYTES, MAX_VARS};
use crate::{excerpt, Cmp, Constraint, Lit, Model, Objective, Sense, Var};
use std::io::BufRead;
use std::sync::Arc;

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads an OPB instance: the model over variables `x1..xN` (model variable i is `x{i+1}`),
/// its constraints as [`Constraint::Linear`] in file order, and the objective if there is one.
///
/// ```
/// use model_formats::opb::read_opb;
/// use model_core::Sense;
/// let text = "* #variable= 3 #constraint= 2\nmin: +2 x1 -1 ~x3 ;\n+3 x1 -2 x2 >= 1 ;\n+1 x2 +1 x3 = 1 ;\n";
/// let opb = read_opb(text.as_bytes()).unwrap();
/// assert_eq!(opb.model.num_vars(), 3);
/// assert_eq!(opb.model.constraints().len(), 2);
/// assert_eq!(opb.model.objective().unwrap().sense, Sense::Minimize);
/// assert!(opb.model.check(&[true, false, true]).is_ok());
/// ```
///
/// # Errors
/// An [`OpbError`] naming the line (and column, where one token is at fault): reading
/// failed, a line is longer than [`MAX_LINE_BYTES`], the header is missing or malformed or
/// declares more than [`MAX_VARS`] variables, a token is out of place, a number does not fit
/// in `i64` (but a right-hand side of 2^63, which a writer negating a row with -2^63 writes,
/// is taken: the row is read negated, see `negated_past_i64`), a variable is `x0` or beyond the declared count, a term is a product of
/// literals, the objective is not first, a statement lacks its `;`, or the number of
/// constraints differs from the header's.
pub fn read_opb(mut input: impl BufRead) -> Result<OpbInstance, OpbError> {
    let mut raw = Vec::new();
    let mut line_no = 0;
    let mut reader: Option<Reader> = None;
    loop {
        raw.clear();
        let n = std::io::Read::take(&mut input, MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut raw)
            .map_err(|source| OpbError::Io {
                line: line_no,
                source,
            })?;
        if n == 0 {
            break;
        }
        line_no += 1;
        if n > MAX_LINE_BYTES {
            return Err(OpbError::LineTooLong {
                line: line_no,
                limit: MAX_LINE_BYTES,
            });
        }
        let bytes = match line_no {
            1 => raw.strip_prefix(BOM).unwrap_or(&raw),
            _ => &raw,
        };
        let text = String::from_utf8_lossy(bytes);
        match reader.as_mut() {
            None => reader = Some(Reader::new(header(&text)?)),
            Some(r) => r.line(line_no, &text)?,
        }
    }
    reader.ok_or(OpbError::EmptyInput)?.finish(line_no)
}

/// The declared variable and constraint counts.
struct Header {
    vars: usize,
    constraints: usize,
}

/// Parses `* #variable= N #constraint= M` (anything after M is a comment).
fn header(line: &str) -> Result<Header, OpbError> {
    let line = line.trim_end();
    let missing = || OpbError::MissingHeader {
        found: excerpt(line),
    };
    let after_star = line.strip_prefix('*').ok_or_else(missing)?;
    let offset = line.len() - after_star.trim_start().len();
    let rest = after_star
        .trim_start()
        .strip_prefix("#variable=")
        .ok_or_else(missing)?;
    let (vars, rest, offset) = count(rest, offset + "#variable=".len(), "the variable count")?;
    let trimmed = rest.trim_start();
    let offset = offset + rest.len() - trimmed.len();
    let rest = trimmed
        .strip_prefix("#constraint=")
        .ok_or_else(|| OpbError::BadHeader {
            column: offset + 1,
            expected: "'#constraint='",
            found: excerpt(trimmed.split_whitespace().next().unwrap_or("")),
        })?;
    let (constraints, _, _) = count(rest, offset + "#constraint=".len(), "the constraint count")?;
    if vars > MAX_VARS as u64 {
        return Err(OpbError::TooManyVariables {
            declared: vars,
            limit: MAX_VARS,
        });
    }
    Ok(Header {
        vars: vars as usize,
        constraints: usize::try_from(constraints).unwrap_or(usize::MAX),
    })
}

/// The unsigned number at the start of `s` (after spaces), the text after it, and the
/// offset of that text in the line; `s` starts at byte `offset`.
fn count<'a>(
    s: &'a str,
    offset: usize,
    what: &'static str,
) -> Result<(u64, &'a str, usize), OpbError> {
    let trimmed = s.trim_start();
    let start = offset + s.len() - trimmed.len();
    let word = trimmed.split_whitespace().next().unwrap_or("");
    let bad = || OpbError::BadHeader {
        column: start + 1,
        expected: what,
        found: excerpt(word),
    };
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n = word.parse().map_err(|_| bad())?;
    Ok((n, &trimmed[word.len()..], start + word.len()))
}

/// What the next token of a statement may be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Expect {
    /// A coefficient, or the end of the sum (a relational operator, or `;` in the
    /// objective); `after_lit` when a literal came just before.
    Term { after_lit: bool },
    /// The literal after a coefficient.
    Lit(i64),
    /// The right-hand side.
    Rhs,
    /// The closing `;`.
    Semi,
}

/// The one right-hand side past `i64` the reader takes, 2^63: our own writer (and any that
/// negates a `<=` row to write it as `>=`) writes it for a row with -2^63.
const RHS_PAST_I64: i128 = 1 << 63;

/// The row `terms cmp 2^63` as a [`Constraint::Linear`]: negated, `-terms cmp' -2^63` with
/// `>=` and `<=` swapped, so its right-hand side fits. A coefficient -2^63, whose negation
/// does not fit, becomes two terms over the same literal (2^63 - 1 and 1), which add up.
fn negated_past_i64(terms: Vec<(i64, Lit)>, cmp: Cmp) -> Constraint {
    let mut negated = Vec::with_capacity(terms.len());
    for (a, lit) in terms {
        match a.checked_neg() {
            Some(n) => negated.push((n, lit)),
            None => negated.extend([(i64::MAX, lit), (1, lit)]),
        }
    }
    let cmp = match cmp {
        Cmp::AtLeast => Cmp::AtMost,
        Cmp::AtMost => Cmp::AtLeast,
        Cmp::Exactly => Cmp::Exactly,
    };
    Constraint::Linear {
        terms: negated,
        cmp,
        rhs: i64::MIN,
    }
}

/// A statement being read.
struct Statement {
    /// `Some` for the objective.
    objective: Option<Sense>,
    terms: Vec<(i64, Lit)>,
    cmp: Cmp,
    /// The right-hand side: an `i64`, or 2^63 ([`RHS_PAST_I64`]).
    rhs: i128,
    started: usize,
    expect: Expect,
}

struct Reader {
    header: Header,
    model: Model,
    objective: Option<Objective>,
    constraints: usize,
    statement: Option<Statement>,
}

impl Reader {
    fn new(header: Header) -> Reader {
        let mut model = Model::new();
        model.new_vars(header.vars);
        model.set_namer(Arc::new(|v: Var| format!("x{}", v.to_dimacs())));
        Reader {
            header,
            model,
            objective: None,
            constraints: 0,
            statement: None,
        }
    }

    fn line(&mut self, line: usize, text: &str) -> Result<(), OpbError> {
        if text.trim_start().starts_with('*') {
            return Ok(());
        }
        for token in tokens(text) {
            self.token(line, token)?;
        }
        Ok(())
    }

    fn token(&mut self, line: usize, t: Token) -> Result<(), OpbError> {
        let Some(mut s) = self.statement.take() else {
            return self.start(line, t);
        };
        if self.step(&mut s, line, t)? {
            self.end(line, s)
        } else {
            self.statement = Some(s);
            Ok(())
        }
    }

    /// Takes token `t` into statement `s`; `true` at its closing `;`.
    fn step(&self, s: &mut Statement, line: usize, t: Token) -> Result<bool, OpbError> {
        let unexpected = |expected| OpbError::Unexpected {
            line,
            column: t.column,
            expected,
            found: excerpt(t.text),
        };
        let at = |column| (line, column, excerpt(t.text));
        match (s.expect, t.kind) {
            (Expect::Rhs, Kind::BigInt)
                if t.text.strip_prefix('+').unwrap_or(t.text).parse::<i128>()
                    == Ok(RHS_PAST_I64) =>
            {
                s.rhs = RHS_PAST_I64;
                s.expect = Expect::Semi;
            }
            (_, Kind::BigInt) => {
                let (line, column, found) = at(t.column);
                return Err(OpbError::NumberOutOfRange {
                    line,
                    column,
                    found,
                });
            }
            (Expect::Term { .. }, Kind::Int(a)) => s.expect = Expect::Lit(a),
            (Expect::Term { after_lit: true }, Kind::Lit { .. }) => {
                let (line, column, found) = at(t.column);
                return Err(OpbError::Product {
                    line,
                    column,
                    found,
                });
            }
            (Expect::Term { .. }, Kind::Rel(cmp)) if s.objective.is_none() => {
                s.cmp = cmp;
                s.expect = Expect::Rhs;
            }
            (Expect::Term { .. }, Kind::Semi) if s.objective.is_some() => return Ok(true),
            (Expect::Term { .. }, _) if s.objective.is_some() => {
                return Err(unexpected("a coefficient or ';'"))
            }
            (Expect::Term { .. }, _) => {
                return Err(unexpected(
                    "a coefficient or a relational operator (>=, <=, =)",
                ))
            }
            (Expect::Lit(a), Kind::Lit { number, negated }) => {
                let var = self.var(line, &t, number)?;
                s.terms.push((a, var.lit(!negated)));
                s.expect = Expect::Term { after_lit: true };
            }
            (Expect::Lit(_), _) => {
                return Err(unexpected("a literal (x1, ~x1, ...) after the coefficient"))
            }
            (Expect::Rhs, Kind::Int(rhs)) => {
                s.rhs = i128::from(rhs);
                s.expect = Expect::Semi;
            }
            (Expect::Rhs, _) => return Err(unexpected("an integer right-hand side")),
            (Expect::Semi, Kind::Semi) => return Ok(true),
            (Expect::Semi, _) => return Err(unexpected("';' after the right-hand side")),
        }
        Ok(false)
    }

    /// The first token of a statement.
    fn start(&mut self, line: usize, t: Token) -> Result<(), OpbError> {
        let (objective, expect) = match t.kind {
            Kind::Min | Kind::Max => {
                if self.objective.is_some() || self.constraints > 0 {
                    return Err(OpbError::MisplacedObjective {
                        line,
                        column: t.column,
                    });
                }
                let sense = if t.kind == Kind::Min {
                    Sense::Minimize
                } else {
                    Sense::Maximize
                };
                (Some(sense), Expect::Term { after_lit: false })
            }
            Kind::Int(_) | Kind::BigInt | Kind::Rel(_) => (None, Expect::Term { after_lit: false }),
            _ => {
                return Err(OpbError::Unexpected {
                    line,
                    column: t.column,
                    expected: "a coefficient, a relational operator, 'min:' or 'max:'",
                    found: excerpt(t.text),
                })
            }
        };
        self.statement = Some(Statement {
            objective,
            terms: Vec::new(),
            cmp: Cmp::AtLeast,
            rhs: 0,
            started: line,
            expect,
        });
        match t.kind {
            Kind::Min | Kind::Max => Ok(()),
            _ => self.token(line, t),
        }
    }

    /// The model variable numbered `number` (1-based) in the file.
    fn var(&self, line: usize, t: &Token, number: Option<u64>) -> Result<Var, OpbError> {
        match number {
            Some(n) if n >= 1 && n <= self.header.vars as u64 => Ok(Var::new((n - 1) as u32)),
            _ => Err(OpbError::VarOutOfRange {
                line,
                column: t.column,
                found: excerpt(t.text),
                declared: self.header.vars,
            }),
        }
    }

    /// Statement `s` ended with `;` on `line`.
    fn end(&mut self, line: usize, s: Statement) -> Result<(), OpbError> {
        match s.objective {
            Some(sense) => {
                self.objective = Some(Objective {
                    sense,
                    terms: s.terms,
                })
            }
            None => {
                self.constraints += 1;
                if self.constraints > self.header.constraints {
                    return Err(OpbError::TooManyConstraints {
                        line,
                        declared: self.header.constraints,
                    });
                }
                let c = match i64::try_from(s.rhs) {
                    Ok(rhs) => Constraint::Linear {
                        terms: s.terms,
                        cmp: s.cmp,
                        rhs,
                    },
                    Err(_) => negated_past_i64(s.terms, s.cmp),
                };
                // Cannot fail: every variable was checked against the header's count.
                self.model.add(c);
            }
        }
        Ok(())
    }

    fn finish(self, line: usize) -> Result<OpbInstance, OpbError> {
        if let Some(s) = &self.statement {
            return Err(OpbError::Unterminated {
                line,
                started: s.started,
            });
        }
        if self.constraints != self.header.constraints {
            return Err(OpbError::TooFewConstraints {
                line,
                declared: self.header.constraints,
                found: self.constraints,
            });
        }
        let mut model = self.model;
        if let Some(objective) = self.objective {
            // Cannot fail: every variable was checked against the header's count.
            model
                .try_set_objective(objective)
                .expect("objective variables are in the model");
        }
        Ok(OpbInstance { model })
    }
}
