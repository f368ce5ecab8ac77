//! A backend over varisat 0.2. The model is lowered to CNF with the chosen encodings and
//! loaded once; solutions are enumerated by adding a blocking clause over the projection set
//! only. Auxiliary variables of an encoding never enter a blocking clause: they are not
//! determined by the model's variables (see the sequential counter), so blocking them would
//! return the same board more than once.

use nqueens_encode::{
    lower_to_cnf, Backend, BackendError, ClauseSink, CnfOptions, Lit, Model, Solutions, Var,
};
use varisat::{ExtendFormula, Solver};

/// The varisat backend with its lowering options.
#[derive(Clone, Debug, Default)]
pub struct VarisatBackend {
    /// Encodings used to lower the model.
    pub options: CnfOptions,
}

impl VarisatBackend {
    /// A backend lowering with `options`.
    pub fn new(options: CnfOptions) -> VarisatBackend {
        VarisatBackend { options }
    }

    /// Enumerates solutions blocking over `projection` instead of the model's shown set.
    /// Exists to demonstrate (in tests) what goes wrong when auxiliaries are blocked.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn solutions_with_projection<'m>(
        &self,
        model: &'m Model,
        fixed: &[Lit],
        projection: Vec<Var>,
    ) -> Result<VarisatSolutions<'m>, BackendError> {
        let mut loader = Loader {
            solver: Solver::new(),
            buf: Vec::new(),
        };
        let info = lower_to_cnf(model, &self.options, &mut loader)
            .map_err(|e| BackendError::new("varisat", e.to_string()))?;
        for &l in fixed {
            loader.add_clause(&[l]);
        }
        let mut solver = loader.solver;
        // Make sure every variable exists in the solver, even one no clause mentions.
        while solver_vars(&mut solver) < info.vars() {}
        Ok(VarisatSolutions {
            model,
            solver,
            projection,
            total_vars: info.vars(),
            done: false,
        })
    }
}

fn solver_vars(solver: &mut Solver) -> usize {
    solver.new_var().index()
}

fn to_varisat(l: Lit) -> varisat::Lit {
    varisat::Lit::from_index(l.var().index(), l.is_positive())
}

struct Loader<'a> {
    solver: Solver<'a>,
    buf: Vec<varisat::Lit>,
}

impl ClauseSink for Loader<'_> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| to_varisat(l)));
        self.solver.add_clause(&self.buf);
    }
}

/// Solutions of one model, enumerated by projected blocking clauses.
pub struct VarisatSolutions<'m> {
    model: &'m Model,
    solver: Solver<'static>,
    projection: Vec<Var>,
    total_vars: usize,
    done: bool,
}

impl VarisatSolutions<'_> {
    /// The next solution, with the values of every variable including auxiliaries.
    ///
    /// # Errors
    /// When varisat fails.
    pub fn next_full(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        if self.done {
            return Ok(None);
        }
        let sat = self
            .solver
            .solve()
            .map_err(|e| BackendError::new("varisat", e.to_string()))?;
        if !sat {
            self.done = true;
            return Ok(None);
        }
        let lits = self
            .solver
            .model()
            .ok_or_else(|| BackendError::new("varisat", "SAT without a model"))?;
        let mut values = vec![false; self.total_vars];
        for l in lits {
            if let Some(v) = values.get_mut(l.index()) {
                *v = l.is_positive();
            }
        }
        let block: Vec<varisat::Lit> = self
            .projection
            .iter()
            .map(|v| varisat::Lit::from_index(v.index(), !values[v.index()]))
            .collect();
        if block.is_empty() {
            // An empty projection has exactly one (empty) solution.
            self.done = true;
        } else {
            self.solver.add_clause(&block);
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
}

impl Backend for VarisatBackend {
    fn name(&self) -> String {
        "varisat".into()
    }

    fn encoding(&self) -> String {
        self.options.amo.name().into()
    }

    fn solutions<'m>(
        &self,
        model: &'m Model,
        fixed: &[Lit],
    ) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        Ok(Box::new(self.solutions_with_projection(
            model,
            fixed,
            model.shown(),
        )?))
    }
}

#[cfg(test)]
mod tests;
