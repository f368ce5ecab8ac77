//! What an optimiser returns, and the check every optimiser's answer goes through: the
//! assignment against every constraint of the model, and the objective value recomputed from
//! the assignment. Optimisers live with the solvers (`varisat-enum`, `ilp-enum`) behind the
//! [`Optimizer`](crate::Optimizer) trait; this module only states the answer, so the encoder
//! imports no solver.

use crate::{Model, Sense, Violation};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// How a SAT-based optimiser moves its bound on the objective.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Search {
    /// SAT-UNSAT linear search (as in MiniSat+, Eén & Sörensson, "Translating
    /// pseudo-Boolean constraints into SAT", JSAT 2006): from a first solution of value v, ask
    /// for one better than v, until none is left; every answer but the last is a better
    /// solution.
    Linear,
    /// Binary search between the least value the objective can take and the best value
    /// found, each probe a bound under an assumption; every solution found tightens the
    /// upper end. The default: faster than linear search on three of the four generated
    /// instance families of `bench/results/optimise.md` (knapsacks, set covers), slower on
    /// the multi-dimensional knapsack.
    #[default]
    Binary,
}

impl Search {
    /// Every search, in a stable order.
    pub const ALL: [Search; 2] = [Search::Linear, Search::Binary];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Search::Linear => "linear",
            Search::Binary => "binary",
        }
    }
}

impl fmt::Display for Search {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Written by its [`Search::name`].
impl serde::Serialize for Search {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl FromStr for Search {
    type Err = crate::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::named::from_name(&Search::ALL, Search::name, "optimisation search", s)
    }
}

/// The best solution an optimiser found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The objective's value at `assignment`, in the model's sense (a maximum for
    /// [`Sense::Maximize`]).
    pub value: i128,
    /// Values of the model's variables.
    pub assignment: Vec<bool>,
    /// Whether no better solution exists (the last bound was refuted). `false` when the
    /// search was stopped first.
    pub proved: bool,
    /// The best bound proved on the optimum: a lower bound when minimising, an upper bound
    /// when maximising; equal to `value` when `proved`.
    pub bound: i128,
    /// Solver calls made.
    pub solves: u64,
}

/// How an optimisation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimized {
    /// The constraints have no solution (proved).
    Infeasible,
    /// A best solution, proved optimal or the best found before a stop.
    Found(Optimum),
    /// Stopped before any solution was found.
    Stopped,
}

impl Optimized {
    /// What a stop left, in words, when one ended the optimisation early: a best solution
    /// not proved optimal, or none; `None` when it finished (an optimum, or infeasible).
    ///
    /// ```
    /// use model_backend::Optimized;
    /// assert_eq!(Optimized::Infeasible.interruption(), None);
    /// assert_eq!(
    ///     Optimized::Stopped.interruption(),
    ///     Some("interrupted before any solution was found")
    /// );
    /// ```
    pub fn interruption(&self) -> Option<&'static str> {
        match self {
            Optimized::Found(best) if !best.proved => {
                Some("interrupted: the best solution found is printed, not proved optimal")
            }
            Optimized::Stopped => Some("interrupted before any solution was found"),
            _ => None,
        }
    }
}

/// Why an optimiser's answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OptimumError {
    /// The model has no objective to optimise.
    #[error("the model has no objective")]
    NoObjective,
    /// The assignment breaks the model.
    #[error("the solution breaks the model: {0}")]
    Violation(Violation),
    /// The value reported is not the objective at the assignment.
    #[error("the solution's objective is {actual}, not the {reported} reported")]
    WrongValue {
        /// The value the optimiser reported.
        reported: i128,
        /// The value recomputed from the assignment.
        actual: i128,
    },
    /// The proved bound is on the wrong side of the value.
    #[error("the bound {bound} is on the wrong side of the value {value}")]
    WrongBound {
        /// The value.
        value: i128,
        /// The bound.
        bound: i128,
    },
}

impl Optimum {
    /// Checks the assignment against every constraint of `model`, recomputes the objective
    /// value, and checks that the bound is on the right side of it (and equal when proved).
    ///
    /// # Errors
    /// The first thing that does not hold.
    pub fn check(&self, model: &Model) -> Result<(), OptimumError> {
        let objective = model.objective().ok_or(OptimumError::NoObjective)?;
        model
            .check(&self.assignment)
            .map_err(OptimumError::Violation)?;
        let actual = objective.value(&self.assignment);
        if actual != self.value {
            return Err(OptimumError::WrongValue {
                reported: self.value,
                actual,
            });
        }
        let bound_ok = match objective.sense {
            Sense::Minimize => self.bound <= self.value,
            Sense::Maximize => self.bound >= self.value,
        };
        if !bound_ok || (self.proved && self.bound != self.value) {
            return Err(OptimumError::WrongBound {
                value: self.value,
                bound: self.bound,
            });
        }
        Ok(())
    }
}
