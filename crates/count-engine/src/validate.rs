//! Never trust a backend: every assignment is checked against every constraint of the model
//! and every literal of its cube, and must differ from the cube's earlier solutions on the
//! projection before the problem weighs it. Repeats are caught from 128-bit fingerprints of
//! the projected values, kept for the first [`MAX_FINGERPRINTS`] solutions of each cube (16
//! bytes each, so at most 16 MiB per thread): memory is bounded whatever the count. Beyond
//! that a solution is still checked against the fingerprints kept (a repeat of one of them
//! is caught) and counted in [`CubeValidator::unremembered`]; with the default cube split no
//! cube of the benchmarks comes near the bound.

use crate::check::{CheckIndex, Checker};
use crate::{Cube, EngineError, Problem, Weight};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use zero_one_model::{BackendName, Model, Var};

/// Solutions per cube whose fingerprints are kept for the repeat check.
pub const MAX_FINGERPRINTS: usize = 1 << 20;

/// Checks the solutions of one cube.
pub struct CubeValidator<'a> {
    problem: &'a dyn Problem,
    model: &'a Model,
    projection: &'a [Var],
    cube: &'a Cube,
    backend: &'a BackendName,
    checker: Checker<'a>,
    seen: HashSet<u128>,
    words: Vec<u64>,
    unremembered: u64,
}

impl<'a> CubeValidator<'a> {
    /// A validator for the solutions of `cube` returned by `backend`.
    pub fn new(
        problem: &'a dyn Problem,
        (projection, index): (&'a [Var], &'a CheckIndex),
        cube: &'a Cube,
        backend: &'a BackendName,
    ) -> Self {
        CubeValidator {
            problem,
            model: problem.model(cube.part),
            projection,
            cube,
            backend,
            checker: Checker::new(index),
            seen: HashSet::new(),
            words: Vec::new(),
            unremembered: 0,
        }
    }

    fn invalid(&self, reason: String) -> EngineError {
        EngineError::InvalidSolution {
            backend: self.backend.clone(),
            reason,
        }
    }

    fn fingerprint(&mut self, assignment: &[bool]) -> u128 {
        self.words.clear();
        self.words.resize(self.projection.len().div_ceil(64), 0);
        for (i, v) in self.projection.iter().enumerate() {
            if assignment[v.index()] {
                self.words[i / 64] |= 1 << (i % 64);
            }
        }
        let mut a = std::hash::DefaultHasher::new();
        self.words.hash(&mut a);
        let mut b = std::hash::DefaultHasher::new();
        0x9e37_79b9_7f4a_7c15u64.hash(&mut b);
        self.words.hash(&mut b);
        (u128::from(a.finish()) << 64) | u128::from(b.finish())
    }

    /// Solutions of this cube past [`MAX_FINGERPRINTS`], whose own fingerprints were not kept.
    pub fn unremembered(&self) -> u64 {
        self.unremembered
    }

    /// Checks one assignment of the part's model variables and returns its weight.
    ///
    /// # Errors
    /// [`EngineError::InvalidSolution`] naming the first check that failed.
    pub fn check(&mut self, assignment: &[bool]) -> Result<Weight, EngineError> {
        if assignment.len() != self.model.num_vars() {
            return Err(self.invalid(format!(
                "{} values for a model of {} variables",
                assignment.len(),
                self.model.num_vars()
            )));
        }
        if let Some(i) = self.checker.check(assignment) {
            let kind = self.model.constraints()[i].kind();
            return Err(self.invalid(format!("{kind} constraint #{i} does not hold")));
        }
        if !self.model.ints().is_empty() {
            self.model
                .check(assignment)
                .map_err(|v| self.invalid(v.to_string()))?;
        }
        if let Some(l) = self.cube.lits.iter().find(|l| !l.eval(assignment)) {
            return Err(self.invalid(format!(
                "the solution breaks literal {} of its cube",
                l.to_dimacs()
            )));
        }
        let print = self.fingerprint(assignment);
        let repeat = if self.seen.len() < MAX_FINGERPRINTS {
            !self.seen.insert(print)
        } else {
            self.unremembered += 1;
            self.seen.contains(&print)
        };
        if repeat {
            return Err(self
                .invalid("the same solution (on the projection) was returned twice".to_string()));
        }
        self.problem
            .weigh(self.cube, assignment)
            .map_err(|reason| self.invalid(reason.to_string()))
    }
}
