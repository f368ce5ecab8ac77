//! A backend that enumerates projected models by itself, in pure Rust: DPLL over the
//! projection ([`search`]), with watched-literal unit propagation and no clause learning.
//! Where a CDCL solver re-searches after every blocking clause, this visits each projected
//! model once at a leaf of one decision tree: memory stays that of the formula and the rate
//! does not decay with the count. Without learning, a hard unsatisfiable part can take
//! exponential time where CDCL would not: for such formulas use the varisat backend.
//!
//! ```
//! use nqueens_encode::{Backend, Constraint, Model};
//! use nqueens_dpll::DpllBackend;
//!
//! let mut m = Model::new();
//! let v = m.new_vars(3);
//! m.add(Constraint::ExactlyOne(v.iter().map(|x| x.positive()).collect()));
//! let mut solutions = DpllBackend::default().solutions(&m, &[]).unwrap();
//! let mut count = 0;
//! while let Some(a) = solutions.next_solution().unwrap() {
//!     assert!(m.check(&a).is_ok());
//!     count += 1;
//! }
//! assert_eq!(count, 3);
//! ```

mod formula;
pub mod search;

pub use formula::Formula;

use nqueens_encode::{Backend, BackendError, CnfOptions, Lit, Model, Prepared, Solutions};
use search::Search;
use std::sync::Arc;

/// The name used in reports and errors.
pub const NAME: &str = "dpll";

/// The DPLL enumerator, with the encodings it lowers a model's constraints with.
#[derive(Clone, Debug, Default)]
pub struct DpllBackend {
    /// Encodings used to lower the model.
    pub options: CnfOptions,
}

/// A model lowered and laid out once, for many enumerations.
pub struct PreparedFormula {
    formula: Arc<Formula>,
}

/// The solutions of one enumeration.
pub struct DpllSolutions {
    search: Search,
    models: u64,
}

impl Solutions for DpllSolutions {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        let m = self.search.next_model();
        self.models += u64::from(m.is_some());
        Ok(m)
    }

    fn stats(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("decisions", self.search.stats.decisions),
            ("conflicts", self.search.stats.conflicts),
        ]
    }
}

impl<'m> Prepared<'m> for PreparedFormula {
    fn solutions(&self, fixed: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        if let Some(l) = fixed
            .iter()
            .find(|l| l.var().index() >= self.formula.model_vars)
        {
            return Err(BackendError::new(
                NAME,
                format!(
                    "fixed literal {} is outside the model's {} variables",
                    l.to_dimacs(),
                    self.formula.model_vars
                ),
            ));
        }
        Ok(Box::new(DpllSolutions {
            search: Search::new(Arc::clone(&self.formula), fixed),
            models: 0,
        }))
    }
}

impl Backend for DpllBackend {
    fn name(&self) -> String {
        NAME.into()
    }

    fn encoding(&self) -> String {
        self.options.amo.name().into()
    }

    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        let formula = Formula::new(model, &self.options)
            .map_err(|e| BackendError::new(NAME, e.to_string()))?;
        Ok(Box::new(PreparedFormula {
            formula: Arc::new(formula),
        }))
    }
}

#[cfg(test)]
mod tests;
