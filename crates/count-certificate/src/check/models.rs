//! The models of a bundle against its formula and its blocking clauses: every model
//! satisfies every clause of F, no two agree on the projection S, and clause `|F| + i` of
//! `blocked.cnf` is exactly the blocking clause of model i (its negation on S).
//!
//! Models are checked against F 64 at a time, one bit per model in a word per variable, so
//! that a clause is evaluated for all of them with a few word operations: with thousands of
//! models and thousands of clauses, this check would otherwise take as long as the proof's.
//! Failures are still reported model by model, in file order.

use super::dimacs::Cnf;
use super::error::{ErrorKind, FileError, VerifyError};
use super::solutions::{Assignment, Solutions};
use crate::bundle;
use std::collections::HashMap;
use std::io::BufRead;

/// Models checked against F at once: one per bit of a word.
const BATCH: usize = 64;

/// Reads the models and checks each against the formula, the others, and its blocking
/// clause; returns their number.
pub(crate) fn check_models<R: BufRead>(
    solutions: Solutions<R>,
    formula: &Cnf,
    blocked: &Cnf,
) -> Result<u64, VerifyError> {
    let mut models = Models {
        formula,
        blocked,
        projection: Vec::new(),
        shown: Vec::new(),
        stamp: Vec::new(),
        first_line: HashMap::new(),
        count: 0,
    };
    let mut batch = Vec::with_capacity(BATCH);
    let mut solutions = solutions.peekable();
    while solutions.peek().is_some() {
        batch.clear();
        // A read error ends the batch; the models before it are checked first.
        let mut read_error = None;
        for model in solutions.by_ref().take(BATCH) {
            match model {
                Ok(model) => batch.push(model),
                Err(e) => read_error = Some(e),
            }
        }
        let first_bad = first_not_a_model(&batch, formula);
        for (k, model) in batch.iter().enumerate() {
            if Some(k) == first_bad {
                let error = not_a_model(model, formula);
                return Err(VerifyError::in_file(bundle::SOLUTIONS, error));
            }
            models.check(model)?;
        }
        if let Some(e) = read_error {
            return Err(VerifyError::in_file(bundle::SOLUTIONS, e));
        }
    }
    let expected_len = formula.len() + models.count as usize;
    if blocked.len() > expected_len {
        let kind = ErrorKind::ExtraClause {
            formula: formula.len(),
            models: models.count,
        };
        let error = FileError::at(blocked.clause_line(expected_len), kind);
        return Err(VerifyError::in_file(bundle::BLOCKED, error));
    }
    Ok(models.count)
}

/// The index of the first model of `batch` (at most [`BATCH`]) that falsifies a clause.
fn first_not_a_model(batch: &[Assignment], formula: &Cnf) -> Option<usize> {
    if batch.is_empty() {
        return None;
    }
    // Bit k of values[v] is model k's value of variable v + 1.
    let mut values = vec![0u64; formula.variables() as usize];
    for (k, model) in batch.iter().enumerate() {
        for (w, &word) in model.words().iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                values[w * 64 + rest.trailing_zeros() as usize] |= 1 << k;
                rest &= rest - 1;
            }
        }
    }
    let all = u64::MAX >> (64 - batch.len());
    let mut broken = 0u64;
    for clause in formula.clauses() {
        let mut satisfied = 0u64;
        for &lit in clause {
            // All ones for a negative literal: its value is the variable's, flipped.
            let flip = i64::from(lit >> 31) as u64;
            satisfied |= values[lit.unsigned_abs() as usize - 1] ^ flip;
        }
        broken |= !satisfied & all;
    }
    (broken != 0).then(|| broken.trailing_zeros() as usize)
}

/// The error for a model that falsifies a clause: the first such clause.
fn not_a_model(model: &Assignment, formula: &Cnf) -> FileError {
    let i = (0..formula.len())
        .find(|&i| !model.satisfies(formula.clause(i)))
        .unwrap_or(0);
    let kind = ErrorKind::NotAModel {
        clause_line: formula.clause_line(i),
    };
    FileError::at(model.line(), kind)
}

/// The models checked so far.
struct Models<'a> {
    formula: &'a Cnf,
    blocked: &'a Cnf,
    /// S, listed once there is a model (`1..=V` would otherwise take memory the files may
    /// not justify).
    projection: Vec<u32>,
    /// Per variable `v`, at `v - 1`: whether it is in S (sized with `projection`).
    shown: Vec<bool>,
    /// Per variable `v`, at `v - 1`: the last model whose blocking clause held it.
    stamp: Vec<u64>,
    /// Each model's values on S, and its line.
    first_line: HashMap<Vec<u64>, u64>,
    count: u64,
}

impl Models<'_> {
    /// Checks a model that satisfies F against the models before it and its blocking clause.
    fn check(&mut self, model: &Assignment) -> Result<(), VerifyError> {
        let in_solutions = |e| VerifyError::in_file(bundle::SOLUTIONS, e);
        let in_blocked = |e| VerifyError::in_file(bundle::BLOCKED, e);
        let line = model.line();
        if self.count == 0 {
            self.projection = match self.formula.shown() {
                Some(shown) => shown.to_vec(),
                None => (1..=self.formula.variables()).collect(),
            };
            self.shown = vec![false; self.formula.variables() as usize];
            for &v in &self.projection {
                self.shown[v as usize - 1] = true;
            }
            self.stamp = vec![0; self.shown.len()];
        }
        let key = model.project(self.projection.iter().copied());
        if let Some(&first) = self.first_line.get(&key) {
            return Err(in_solutions(FileError::at(
                line,
                ErrorKind::Duplicate { first },
            )));
        }
        self.first_line.insert(key, line);
        let index = self.formula.len() + self.count as usize;
        if index >= self.blocked.len() {
            let kind = ErrorKind::MissingBlockingClause {
                solution_line: line,
            };
            return Err(in_blocked(FileError::whole(kind)));
        }
        self.count += 1;
        if !self.blocks(model, self.blocked.clause(index)) {
            let kind = ErrorKind::NotBlockingClause {
                solution_line: line,
            };
            return Err(in_blocked(FileError::at(
                self.blocked.clause_line(index),
                kind,
            )));
        }
        Ok(())
    }

    /// Whether `clause` holds exactly the literals of S that `model` makes false (the
    /// negation of the model on S), each at least once. `self.count` is the model's number.
    fn blocks(&mut self, model: &Assignment, clause: &[i32]) -> bool {
        let mut distinct = 0;
        for &lit in clause {
            let v = lit.unsigned_abs() as usize;
            if !self.shown[v - 1] || model.is_true(lit) {
                return false;
            }
            if self.stamp[v - 1] != self.count {
                self.stamp[v - 1] = self.count;
                distinct += 1;
            }
        }
        distinct == self.projection.len()
    }
}
