//! varisat as the second opinion on an unsatisfiability claim ([`SatCheck`]): a fresh solver
//! over exactly the clauses the first solver was given, stoppable like every solve here.

use crate::{stop, NAME};
use varisat::{ExtendFormula, Solver};
use zero_one_model::{BackendError, BackendErrorKind, BackendName, Lit, SatCheck, StopFlag};

/// Checks satisfiability with varisat, for a backend that must not trust its program's
/// "UNSATISFIABLE" (the external backend).
///
/// ```
/// use zero_one_model::{SatCheck, Var};
/// use varisat_enum::VarisatCheck;
///
/// let (a, b) = (Var::new(0), Var::new(1));
/// let clauses = vec![vec![a.positive(), b.positive()], vec![a.negative()]];
/// let model = VarisatCheck::default().find_model(2, &clauses)?.expect("satisfiable");
/// assert_eq!(model, [false, true]);
/// let refuted = vec![vec![a.positive()], vec![a.negative()]];
/// assert_eq!(VarisatCheck::default().find_model(1, &refuted)?, None);
/// # Ok::<(), zero_one_model::BackendError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct VarisatCheck {
    /// When set (Ctrl-C), a check in progress ends with kind
    /// [`BackendErrorKind::Interrupted`].
    pub stop: Option<StopFlag>,
}

impl SatCheck for VarisatCheck {
    fn name(&self) -> BackendName {
        NAME
    }

    fn find_model(
        &self,
        num_vars: usize,
        clauses: &[Vec<Lit>],
    ) -> Result<Option<Vec<bool>>, BackendError> {
        let mut solver = Solver::new();
        if let Some(flag) = &self.stop {
            stop::watch(&mut solver, flag.clone());
        }
        let mut buf = Vec::new();
        for clause in clauses {
            if let Some(l) = clause.iter().find(|l| l.var().index() >= num_vars) {
                return Err(BackendError::with_kind(
                    BackendErrorKind::InvalidInput,
                    NAME,
                    format!(
                        "literal {} is outside the {num_vars} variables",
                        l.to_dimacs()
                    ),
                ));
            }
            buf.clear();
            buf.extend(
                clause
                    .iter()
                    .map(|l| varisat::Lit::from_index(l.var().index(), l.is_positive())),
            );
            solver.add_clause(&buf);
        }
        let sat = solver.solve().map_err(|e| {
            if stop::is_stop(&e, self.stop.as_ref()) {
                BackendError::with_kind(
                    BackendErrorKind::Interrupted,
                    NAME,
                    "stopped on request before the check ended",
                )
            } else {
                BackendError::with_kind(BackendErrorKind::SolverFailed, NAME, "the check failed")
                    .with_source(e)
            }
        })?;
        if !sat {
            return Ok(None);
        }
        let mut values = vec![false; num_vars];
        for l in solver.model().unwrap_or_default() {
            if let Some(v) = values.get_mut(l.index()) {
                *v = l.is_positive();
            }
        }
        Ok(Some(values))
    }
}
