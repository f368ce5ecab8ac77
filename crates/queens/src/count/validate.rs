//! Never trust a solver: every assignment a backend returns is checked against every
//! constraint of the model, decoded, checked by the independent queens checker
//! ([`first_violation`](crate::first_violation)), checked to extend its cube, and checked not
//! to repeat an earlier solution.

use crate::QueensError;
use crate::{Board, Formulation};
use std::collections::HashSet;

/// Checks the solutions of one cube.
pub struct Validator<'a> {
    formulation: &'a dyn Formulation,
    backend: String,
    prefix: &'a [usize],
    seen: HashSet<Vec<u16>>,
}

impl<'a> Validator<'a> {
    /// A validator for solutions of `formulation` extending `prefix`, from `backend`.
    pub fn new(formulation: &'a dyn Formulation, backend: String, prefix: &'a [usize]) -> Self {
        Validator {
            formulation,
            backend,
            prefix,
            seen: HashSet::new(),
        }
    }

    fn invalid(&self, reason: String) -> QueensError {
        QueensError::InvalidSolution {
            backend: self.backend.clone(),
            n: self.formulation.n(),
            reason,
        }
    }

    /// Checks one assignment of the model variables and returns its board.
    ///
    /// # Errors
    /// [`QueensError::InvalidSolution`] naming the first check that failed.
    pub fn check(&mut self, assignment: &[bool]) -> Result<Board, QueensError> {
        self.formulation
            .model()
            .check(assignment)
            .map_err(|v| self.invalid(v.to_string()))?;
        let board = self
            .formulation
            .decode(assignment)
            .map_err(|e| self.invalid(e.to_string()))?;
        if board.n() != self.formulation.n() {
            return Err(self.invalid(format!("decoded a board of size {}", board.n())));
        }
        if let Some(v) = crate::first_violation(self.formulation.rules(), board.columns()) {
            return Err(self.invalid(v.to_string()));
        }
        if !board.columns().starts_with(self.prefix) {
            return Err(self.invalid(format!(
                "solution {:?} does not extend its cube {:?}",
                board.columns(),
                self.prefix
            )));
        }
        let key: Vec<u16> = board.columns().iter().map(|&c| c as u16).collect();
        if !self.seen.insert(key) {
            return Err(self.invalid(format!("solution {:?} returned twice", board.columns())));
        }
        Ok(board)
    }
}
