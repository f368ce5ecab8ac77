//! F, the CNF as counted, and S, its projection: what a bundle certifies the count of.

use super::MakeError;
use nqueens_encode::{lower_to_cnf, CnfOptions, Lit, Model, Var, VecSink};

/// A CNF formula with a projection, in DIMACS's variable order (variable `i` is DIMACS
/// `i + 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    /// Variables in the `p cnf` line.
    pub num_vars: usize,
    /// The clauses, in order.
    pub clauses: Vec<Vec<Lit>>,
    /// The projection S, ascending and without repeats; `None` when the formula has none
    /// (S is then every variable, and no `c p show` line is written).
    pub projection: Option<Vec<Var>>,
}

impl Formula {
    /// A formula from its parts; the projection is sorted and repeats are dropped.
    ///
    /// # Errors
    /// [`MakeError::Input`] when a clause or the projection mentions a variable at or past
    /// `num_vars`.
    pub fn new(
        num_vars: usize,
        clauses: Vec<Vec<Lit>>,
        projection: Option<Vec<Var>>,
    ) -> Result<Formula, MakeError> {
        let projection = projection.map(|mut s| {
            s.sort_unstable();
            s.dedup();
            s
        });
        let inside = |v: Var| v.index() < num_vars;
        if !(clauses.iter().flatten().all(|l| inside(l.var()))
            && projection.iter().flatten().all(|&v| inside(v)))
        {
            return Err(MakeError::Input(format!(
                "a clause or the projection mentions a variable past the formula's {num_vars}"
            )));
        }
        Ok(Formula {
            num_vars,
            clauses,
            projection,
        })
    }

    /// Whether the projection is empty (the count is then 1 or 0: satisfiability).
    pub fn has_empty_projection(&self) -> bool {
        self.projection.as_ref().is_some_and(Vec::is_empty)
    }

    /// `model` lowered to CNF with `options`, exactly as
    /// [`write_model`](nqueens_encode::dimacs::write_model) writes it: model variable `i` is
    /// variable `i` of the formula, auxiliary variables come after them, and the projection
    /// is the model's shown variables.
    ///
    /// # Errors
    /// [`MakeError::Lower`] when the model cannot be lowered with `options`.
    pub fn lower(model: &Model, options: &CnfOptions) -> Result<Formula, MakeError> {
        let mut sink = VecSink::default();
        let info = lower_to_cnf(model, options, &mut sink)?;
        Formula::new(info.vars(), sink.clauses, Some(model.shown()))
    }

    /// The projection S: the shown variables, or every variable.
    pub fn shown(&self) -> Vec<Var> {
        match &self.projection {
            Some(s) => s.clone(),
            None => (0..self.num_vars as u32).map(Var::new).collect(),
        }
    }

    /// The first clause that `assignment` (one value per variable) falsifies.
    pub fn first_false(&self, assignment: &[bool]) -> Option<usize> {
        self.clauses
            .iter()
            .position(|c| !c.iter().any(|l| l.eval(assignment)))
    }
}

/// The negation of `assignment` restricted to `shown`: the clause that blocks it.
pub fn blocking_clause(shown: &[Var], assignment: impl Fn(Var) -> bool) -> Vec<Lit> {
    shown.iter().map(|&v| v.lit(!assignment(v))).collect()
}
