//! The projection set: the variables a projected model count is taken over. It is the union,
//! in order of first mention and with repeats dropped, of every `c p show ... 0` line (Model
//! Counting Competition, 2021 onward), every `c ind ... 0` line (the older "independent
//! support" convention) and every `vp ... 0` line (MC 2020 `p pcnf` files).
//!
//! Projection lines may come before the `p` line; their variables are then range-checked when
//! the header arrives, each still reported at its own line and column.

use super::error::{excerpt, ParseError};
use super::header::MAX_VARS;
use super::lex::{end_column, tokens};
use crate::Var;
use std::collections::HashMap;

/// Which kind of line lists the variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// `c p show v1 v2 ... 0`; a missing 0 is tolerated, as the line is a comment.
    Show,
    /// `c ind v1 v2 ... 0`; a missing 0 is tolerated, as the line is a comment.
    Ind,
    /// `vp v1 v2 ... 0`; the 0 must end the line.
    Vp,
}

impl Source {
    /// Tokens before the first variable.
    fn skip(self) -> usize {
        match self {
            Source::Show => 3,
            Source::Ind => 2,
            Source::Vp => 1,
        }
    }
}

/// The projection set as it is read.
#[derive(Debug, Default)]
pub(super) struct Projection {
    /// `true` once any projection line (or a `p pcnf` header) was seen.
    present: bool,
    /// The variables, in order of first mention.
    vars: Vec<Var>,
    /// Every variable in `vars`, with whether a `vp` line listed it.
    listed: HashMap<Var, bool>,
    /// Distinct variables listed on `vp` lines.
    vp_count: u64,
    /// Variables listed before the header.
    pending: Vec<(Var, At)>,
}

impl Projection {
    /// Marks the file as projected even if it lists no variable (a `p pcnf` header).
    pub fn mark_present(&mut self) {
        self.present = true;
    }

    /// Distinct variables listed on `vp` lines so far.
    pub fn vp_count(&self) -> u64 {
        self.vp_count
    }

    /// Reads the variables of projection line `line`, numbered `line_no`. `num_vars` is the
    /// header's count when the header has been read.
    pub fn read_line(
        &mut self,
        line_no: usize,
        line: &str,
        source: Source,
        num_vars: Option<usize>,
    ) -> Result<(), ParseError> {
        self.present = true;
        let at = |column| At {
            line: line_no,
            column,
        };
        let mut t = tokens(line).skip(source.skip());
        let mut terminated = false;
        for (column, tok) in t.by_ref() {
            if self.read_var(at(column), tok, source, num_vars)?.is_none() {
                terminated = true;
                break;
            }
        }
        if !terminated {
            if source != Source::Vp {
                return Ok(());
            }
            return Err(at(end_column(line)).bad("a variable number or 0", "end of line"));
        }
        // After the 0, nothing: variables there would be dropped without a word, and the
        // count taken over the wrong set.
        match t.next() {
            Some((column, tok)) => Err(at(column).bad("end of line", tok)),
            None => Ok(()),
        }
    }

    /// Reads one token of a projection line: `None` for the terminating 0, else the variable.
    fn read_var(
        &mut self,
        at: At,
        tok: &str,
        source: Source,
        num_vars: Option<usize>,
    ) -> Result<Option<Var>, ParseError> {
        let n: u64 = tok
            .parse()
            .map_err(|_| at.bad("a variable number or 0", tok))?;
        if n == 0 {
            return Ok(None);
        }
        if let Some(num_vars) = num_vars.filter(|&m| n > m as u64) {
            return Err(at.out_of_range(n, num_vars));
        }
        if n > MAX_VARS as u64 {
            return Err(at.bad("a variable number of at most 2147483648", tok));
        }
        let var = Var::from_dimacs(n).expect("1 <= n <= 2^31 fits a Var");
        if num_vars.is_none() {
            self.pending.push((var, at));
        }
        let from_vp = source == Source::Vp;
        let listed_on_vp = self.listed.entry(var).or_insert_with(|| {
            self.vars.push(var);
            false
        });
        if from_vp && !*listed_on_vp {
            *listed_on_vp = true;
            self.vp_count += 1;
        }
        Ok(Some(var))
    }

    /// Range-checks the variables listed before the header, now that it declares `num_vars`.
    pub fn check_pending(&mut self, num_vars: usize) -> Result<(), ParseError> {
        for (var, at) in self.pending.drain(..) {
            if var.index() >= num_vars {
                return Err(at.out_of_range(var.to_dimacs(), num_vars));
            }
        }
        Ok(())
    }

    /// The projection set, or `None` when the file never mentioned one.
    pub fn finish(self) -> Option<Vec<Var>> {
        self.present.then_some(self.vars)
    }
}

/// Where a projection token is.
#[derive(Clone, Copy, Debug)]
struct At {
    line: usize,
    column: usize,
}

impl At {
    fn bad(self, expected: &'static str, found: &str) -> ParseError {
        ParseError::BadProjection {
            line: self.line,
            column: self.column,
            expected,
            found: excerpt(found),
        }
    }

    fn out_of_range(self, n: u64, num_vars: usize) -> ParseError {
        ParseError::LiteralOutOfRange {
            line: self.line,
            column: self.column,
            lit: i64::try_from(n).unwrap_or(i64::MAX),
            num_vars,
        }
    }
}
