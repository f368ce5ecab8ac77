//! Enumerating one cube by no-good cuts, every answer re-checked exactly.

use crate::problem::{solve, FreePart};
use crate::{INTEGRALITY_TOLERANCE, NAME};
use microlp::{ComparisonOp, LinearExpr, Variable};
use std::sync::Arc;
use zero_one_model::ilp::{propagate, Bounds, IlpModel, IlpVar, Row};
use zero_one_model::{
    check_fixed, BackendError, BackendErrorKind, BackendStat, Cmp, Lit, Model, Solutions,
};

enum State {
    /// Not solved yet.
    Start,
    /// Solved; the solution holds the problem with every cut so far.
    Solved(Box<microlp::Solution>),
    /// Nothing left.
    Done,
}

/// The solutions of one cube, by no-good cuts.
pub struct IlpSolutions<'m> {
    model: &'m Model,
    /// Shared by every cube of a count: lowered once.
    ilp: Arc<IlpModel>,
    bounds: Bounds,
    part: FreePart,
    state: State,
    /// microlp's handles of the free variables, in solver order.
    handles: Vec<Variable>,
    /// The cuts added so far, over ILP indices (checked against every later answer).
    cuts: Vec<Row>,
    solves: u64,
    fixed_by_presolve: u64,
    /// Solutions presolve found alone (every variable fixed), with no solver call.
    presolved: u64,
}

fn err(kind: BackendErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::with_kind(kind, NAME, message)
}

/// An answer that fails a check.
fn bad(message: impl Into<String>) -> BackendError {
    err(BackendErrorKind::BadAnswer, message)
}

impl<'m> IlpSolutions<'m> {
    /// Starts enumerating the solutions of `ilp` (lowered from `model`) with `fixed` holding.
    ///
    /// # Errors
    /// Kind [`BackendErrorKind::InvalidInput`] when a fixed literal names a variable outside
    /// the model (or `ilp` is not `model`'s lowering).
    pub fn new(model: &'m Model, ilp: Arc<IlpModel>, fixed: &[Lit]) -> Result<Self, BackendError> {
        check_fixed(NAME, model, fixed)?;
        let mut bounds: Bounds = ilp.vars.iter().map(IlpVar::bounds).collect();
        let mut state = State::Start;
        for lit in fixed {
            let i = lit.var().index();
            if i >= ilp.model_vars {
                return Err(err(
                    BackendErrorKind::InvalidInput,
                    format!(
                        "the ILP has no model variable #{i}: it was lowered from another model"
                    ),
                ));
            }
            let v = i64::from(lit.is_positive());
            if !(bounds[i].0..=bounds[i].1).contains(&v) {
                state = State::Done;
            }
            bounds[i] = (v, v);
        }
        if propagate(&ilp, &mut bounds).is_err() {
            state = State::Done;
        }
        let part = FreePart::of(&bounds);
        let fixed_by_presolve = (ilp.vars.len() - part.free.len()).saturating_sub(fixed.len());
        Ok(IlpSolutions {
            model,
            ilp,
            bounds,
            part,
            state,
            handles: Vec::new(),
            cuts: Vec::new(),
            solves: 0,
            presolved: 0,
            fixed_by_presolve: fixed_by_presolve as u64,
        })
    }

    /// The next solver answer (a solution of the problem with all cuts), or `None`.
    fn next_answer(&mut self) -> Result<Option<Vec<f64>>, BackendError> {
        let state = std::mem::replace(&mut self.state, State::Done);
        let solution = match state {
            State::Done => return Ok(None),
            State::Start if self.part.free.is_empty() => {
                // Presolve fixed everything: one candidate, no solver needed.
                self.presolved += 1;
                return Ok(Some(Vec::new()));
            }
            State::Start => {
                self.solves += 1;
                match solve(&self.ilp, &self.bounds, &self.part)? {
                    None => return Ok(None),
                    Some(s) => {
                        self.handles = s.iter().map(|(v, _)| v).collect();
                        s
                    }
                }
            }
            State::Solved(previous) => {
                let cut = self.cuts.last().expect("a cut follows every answer");
                let Some(Row { terms, cmp, rhs }) = self.part.restrict(cut, &self.bounds) else {
                    // The cut is over fixed variables only: nothing else can differ.
                    return Ok(None);
                };
                let mut expr = LinearExpr::empty();
                for (a, k) in terms {
                    expr.add(self.handles[k], a as f64);
                }
                let op = match cmp {
                    Cmp::AtMost => ComparisonOp::Le,
                    Cmp::AtLeast => ComparisonOp::Ge,
                    Cmp::Exactly => ComparisonOp::Eq,
                };
                self.solves += 1;
                match previous.add_constraint(expr, op, rhs as f64) {
                    Ok(outcome) => outcome.into_solution().map_err(|_| {
                        err(
                            BackendErrorKind::SolverFailed,
                            "the solve stopped before an answer",
                        )
                    })?,
                    Err(microlp::Error::Infeasible) => return Ok(None),
                    Err(e) => {
                        return Err(err(BackendErrorKind::SolverFailed, "adding a cut failed")
                            .with_source(e))
                    }
                }
            }
        };
        let raw = self
            .handles
            .iter()
            .map(|&v| solution.var_value_raw(v))
            .collect();
        self.state = State::Solved(Box::new(solution));
        Ok(Some(raw))
    }

    /// Full ILP values from the free variables' raw values, checked exactly.
    fn checked(&self, raw: &[f64]) -> Result<Vec<i64>, BackendError> {
        let mut full: Vec<f64> = self.bounds.iter().map(|b| b.0 as f64).collect();
        for (&i, &x) in self.part.free.iter().zip(raw) {
            full[i] = x;
        }
        let values = self
            .ilp
            .check_raw(&full, INTEGRALITY_TOLERANCE)
            .map_err(|v| bad("returned a non-solution").with_source(v))?;
        for (i, &(lo, hi)) in self.bounds.iter().enumerate() {
            if !(lo..=hi).contains(&values[i]) {
                return Err(bad(format!(
                    "returned {} = {}, outside the cube's fixed bounds",
                    self.ilp.vars[i].name, values[i]
                )));
            }
        }
        if self.cuts.iter().any(|cut| !cut.holds(&values)) {
            return Err(bad("returned a solution it had already returned"));
        }
        Ok(values)
    }
}

impl Solutions for IlpSolutions<'_> {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        let Some(raw) = self.next_answer()? else {
            return Ok(None);
        };
        let values = self.checked(&raw)?;
        if let Some(k) = self.ilp.projection_weight {
            let ones = self
                .ilp
                .projection
                .iter()
                .filter(|&&i| values[i] == 1)
                .count();
            if ones != k {
                return Err(bad(format!(
                    "solution has {ones} true shown variables, the model promises {k}"
                )));
            }
        }
        self.cuts.push(self.ilp.no_good(&values));
        if self.part.free.is_empty() {
            self.state = State::Done;
        }
        let assignment: Vec<bool> = values[..self.ilp.model_vars]
            .iter()
            .map(|&v| v == 1)
            .collect();
        self.model
            .check(&assignment)
            .map_err(|v| bad("returned a non-solution of the 0-1 model").with_source(v))?;
        Ok(Some(assignment))
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        vec![
            (BackendStat::Solves, self.solves),
            (BackendStat::Cuts, self.cuts.len() as u64),
            (BackendStat::FixedByPresolve, self.fixed_by_presolve),
            (BackendStat::SolutionsByPresolveAlone, self.presolved),
        ]
    }
}
