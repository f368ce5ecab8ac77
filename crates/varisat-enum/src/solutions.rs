//! One enumeration: a fresh varisat solver over the clauses a cube leaves open, and blocking
//! clauses over the projection.

use crate::cnf::{for_each_open_clause, propagate, Propagated};
use crate::{stop, NAME};
use std::sync::Arc;
use varisat::{ExtendFormula, Solver};
use zero_one_model::{
    BackendError, BackendErrorKind, BackendStat, Clauses, Lit, Model, Solutions, StopFlag, Var,
};

/// Dense solver numbering of the variables a cube leaves open: the solver never sees (and
/// never decides on) the ones the cube fixed.
struct Renumber {
    local: Vec<u32>,
    global: Vec<usize>,
}

const UNMAPPED: u32 = u32::MAX;

impl Renumber {
    fn new(num_vars: usize) -> Renumber {
        Renumber {
            local: vec![UNMAPPED; num_vars],
            global: Vec::new(),
        }
    }

    fn lit(&mut self, l: Lit) -> varisat::Lit {
        let v = l.var().index();
        if self.local[v] == UNMAPPED {
            self.local[v] = self.global.len() as u32;
            self.global.push(v);
        }
        varisat::Lit::from_index(self.local[v] as usize, l.is_positive())
    }
}

/// Solutions of one model under fixed literals, enumerated by projected blocking clauses.
pub struct VarisatSolutions<'m> {
    model: &'m Model,
    solver: Solver<'static>,
    vars: Renumber,
    /// Values forced at the top level by the fixed literals.
    forced: Vec<Option<bool>>,
    short_blocking: bool,
    projection: Vec<Var>,
    done: bool,
    /// Set when a solve failed: varisat cannot be asked again after that, so every later
    /// call fails the same way.
    failed: Option<BackendErrorKind>,
    stop: Option<StopFlag>,
    /// Whether the solver writes the proof that lets `stop` end a solve.
    watched: bool,
    solve_calls: u64,
    refuted_by_propagation: bool,
    open_clauses: u64,
}

impl<'m> VarisatSolutions<'m> {
    pub(crate) fn new(
        model: &'m Model,
        cnf: &Arc<Clauses>,
        fixed: &[Lit],
        projection: Vec<Var>,
        short_blocking: bool,
        stop: Option<StopFlag>,
    ) -> VarisatSolutions<'m> {
        let mut solver = Solver::new();
        if let Some(flag) = &stop {
            stop::watch(&mut solver, flag.clone());
        }
        let mut vars = Renumber::new(cnf.num_vars());
        let mut open_clauses = 0;
        let (forced, done) = match propagate(cnf, fixed) {
            Propagated::Conflict => (vec![None; cnf.num_vars()], true),
            Propagated::Values(values) => {
                let mut buf = Vec::new();
                for_each_open_clause(cnf, &values, |clause| {
                    buf.clear();
                    buf.extend(clause.iter().map(|&l| vars.lit(l)));
                    solver.add_clause(&buf);
                    open_clauses += 1;
                });
                (values, false)
            }
        };
        VarisatSolutions {
            model,
            solver,
            vars,
            forced,
            short_blocking,
            projection,
            done,
            failed: None,
            watched: stop.is_some(),
            stop,
            solve_calls: 0,
            refuted_by_propagation: done,
            open_clauses,
        }
    }

    /// One solve; a failure is remembered, since varisat cannot be asked again after one.
    fn solve(&mut self) -> Result<bool, BackendError> {
        let mut result = self.solver.solve();
        if self.watched && result.is_ok() {
            // The proof that makes a solve stoppable cannot take the blocking clauses added
            // after it (see the `stop` module): later solves of this cube run unwatched.
            self.watched = false;
            if let Err(e) = self.solver.close_proof() {
                result = Err(e);
            }
        }
        result.map_err(|e| {
            let (kind, message) = if stop::is_stop(&e, self.stop.as_ref()) {
                (
                    BackendErrorKind::Interrupted,
                    "stopped on request before the enumeration ended",
                )
            } else {
                (BackendErrorKind::SolverFailed, "the solve failed")
            };
            self.failed = Some(kind);
            let error = Self::error(kind, message);
            if kind == BackendErrorKind::Interrupted {
                error
            } else {
                error.with_source(e)
            }
        })
    }

    fn error(kind: BackendErrorKind, message: &str) -> BackendError {
        BackendError::with_kind(kind, NAME, message)
    }

    /// The next solution, with the values of every variable including auxiliaries.
    ///
    /// # Errors
    /// Kind [`BackendErrorKind::Interrupted`] when the backend's stop flag was set during
    /// the solve, [`BackendErrorKind::SolverFailed`] when varisat fails otherwise (its error
    /// is the source), [`BackendErrorKind::BadAnswer`] when its answer breaks the model's
    /// declared shown weight. After an error every call fails again.
    pub fn next_full(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        if let Some(kind) = self.failed {
            return Err(Self::error(kind, "the solver failed earlier"));
        }
        if self.done {
            return Ok(None);
        }
        self.solve_calls += 1;
        let sat = self.solve()?;
        if !sat {
            self.done = true;
            return Ok(None);
        }
        let lits = self
            .solver
            .model()
            .ok_or_else(|| Self::error(BackendErrorKind::BadAnswer, "SAT without a model"))?;
        let mut values: Vec<bool> = self.forced.iter().map(|v| v.unwrap_or(false)).collect();
        // Open variables the solver has not seen yet (free ones) read as false until a
        // blocking clause brings them in.
        for l in lits {
            if let Some(&v) = self.vars.global.get(l.index()) {
                values[v] = l.is_positive();
            }
        }
        let block = if self.short_blocking {
            self.model.blocking_clause(&values).map_err(|v| {
                Self::error(BackendErrorKind::BadAnswer, "a solution cannot be blocked")
                    .with_source(v)
            })?
        } else {
            self.projection
                .iter()
                .map(|v| v.lit(!values[v.index()]))
                .collect()
        };
        // Literals fixed false by the cube drop out; none can be fixed true, since the
        // clause is false under this solution.
        let mut open = Vec::with_capacity(block.len());
        for l in block {
            match self.forced[l.var().index()] {
                None => open.push(self.vars.lit(l)),
                Some(v) if v == l.is_positive() => {
                    return Err(Self::error(
                        BackendErrorKind::Other,
                        "blocking clause satisfied by a fixed literal",
                    ))
                }
                Some(_) => {}
            }
        }
        if open.is_empty() {
            // The projection is fully fixed: this was the only solution.
            self.done = true;
        } else {
            self.solver.add_clause(&open);
        }
        Ok(Some(values))
    }
}

impl Solutions for VarisatSolutions<'_> {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        let n = self.model.num_vars();
        Ok(self.next_full()?.map(|mut v| {
            v.truncate(n);
            v
        }))
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        vec![
            (BackendStat::SolverCalls, self.solve_calls),
            (
                BackendStat::CubesRefutedByPropagation,
                u64::from(self.refuted_by_propagation),
            ),
            (BackendStat::ClausesLoaded, self.open_clauses),
        ]
    }
}
