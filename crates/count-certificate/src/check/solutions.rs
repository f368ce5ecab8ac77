//! A strict reader of the solutions file: one full assignment per line, as DIMACS literals
//! ending in `0`, every variable `1..=V` exactly once, in any order. No comments, no blank
//! lines. Read as a stream: one model in memory at a time.

use super::error::{ErrorKind, FileError};
use super::text::{self, Lines};
use std::io::BufRead;

/// One model: the value of every variable `1..=V`, and the line it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    line: u64,
    /// Bit `v - 1` is variable v's value.
    bits: Vec<u64>,
}

impl Assignment {
    /// The 1-based line of the solutions file.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Variable `var`'s value (`var` in `1..=V`).
    ///
    /// # Panics
    /// When `var` is 0 or beyond the assignment's variables.
    pub fn value(&self, var: u32) -> bool {
        let i = var as usize - 1;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// The values packed 64 to a word: bit `(v - 1) % 64` of word `(v - 1) / 64` is variable
    /// v's value.
    pub(crate) fn words(&self) -> &[u64] {
        &self.bits
    }

    /// Whether DIMACS literal `lit` is true.
    pub fn is_true(&self, lit: i32) -> bool {
        self.value(lit.unsigned_abs()) == (lit > 0)
    }

    /// Whether some literal of `clause` is true.
    pub fn satisfies(&self, clause: &[i32]) -> bool {
        clause.iter().any(|&lit| self.is_true(lit))
    }

    /// The values of `vars`, packed 64 to a word in their order: a key for comparing models
    /// on a projection.
    pub fn project(&self, vars: impl Iterator<Item = u32>) -> Vec<u64> {
        let mut key = Vec::new();
        for (i, var) in vars.enumerate() {
            if i % 64 == 0 {
                key.push(0);
            }
            if self.value(var) {
                key[i / 64] |= 1 << (i % 64);
            }
        }
        key
    }
}

/// The models of a solutions file over `variables` variables, in order.
pub struct Solutions<R> {
    lines: Lines<R>,
    variables: u32,
    literals: Vec<i32>,
    done: bool,
}

/// Reads the models of a solutions file over `variables` variables (the formula's header).
///
/// The iterator yields `Err` once, for the first line that is not one model (a blank line,
/// a missing `0`, tokens after it, a literal out of range, a variable assigned twice or not
/// at all) or on a read error, and then ends.
///
/// ```
/// use count_certificate::check::read_solutions;
/// let models: Vec<_> = read_solutions(&b"1 -2 0\n-1 2 0\n"[..], 2).collect();
/// assert!(models[1].as_ref().unwrap().value(2));
/// let err = read_solutions(&b"1 0\n"[..], 2).next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "line 1: variable 2 is not assigned");
/// ```
pub fn read_solutions<R: BufRead>(reader: R, variables: u32) -> Solutions<R> {
    Solutions {
        lines: Lines::new(reader),
        variables,
        literals: Vec::new(),
        done: false,
    }
}

impl<R: BufRead> Solutions<R> {
    fn read_one(&mut self) -> Result<Option<Assignment>, FileError> {
        let Some((at, line)) = self.lines.next_line()? else {
            return Ok(None);
        };
        let fail = |kind| FileError::at(at, kind);
        if text::is_blank(line) {
            return Err(fail(ErrorKind::EmptyLine));
        }
        self.literals.clear();
        text::terminated(text::tokens(line), self.variables, &mut self.literals).map_err(fail)?;
        // At most one word per 64 literals read: memory follows the file, not the header.
        let words = (self.variables as usize).div_ceil(64);
        let mut seen = vec![0u64; words.min(self.literals.len().div_ceil(64) + 1)];
        let mut bits = vec![0u64; seen.len()];
        for &lit in &self.literals {
            let i = lit.unsigned_abs() as usize - 1;
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            if word >= seen.len() {
                // More variables than literals on the line: some variable is missing, which
                // the count below reports; grow to report the right one.
                seen.resize(word + 1, 0);
                bits.resize(word + 1, 0);
            }
            if seen[word] & bit != 0 {
                return Err(fail(ErrorKind::AssignedTwice(lit.unsigned_abs())));
            }
            seen[word] |= bit;
            if lit > 0 {
                bits[word] |= bit;
            }
        }
        if self.literals.len() != self.variables as usize {
            let missing = (1..=self.variables)
                .find(|&v| {
                    let i = v as usize - 1;
                    seen.get(i / 64).is_none_or(|w| w >> (i % 64) & 1 == 0)
                })
                .unwrap_or(self.variables);
            return Err(fail(ErrorKind::Unassigned(missing)));
        }
        Ok(Some(Assignment { line: at, bits }))
    }
}

impl<R: BufRead> Iterator for Solutions<R> {
    type Item = Result<Assignment, FileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.read_one().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}
