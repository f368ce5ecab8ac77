//! A backend that enumerates projected models by itself, in pure Rust: DPLL over the
//! projection ([`search`]), with watched-literal unit propagation and no clause learning.
//! Where a CDCL solver re-searches after every blocking clause, this visits each projected
//! model once at a leaf of one decision tree: the search's memory stays that of the formula
//! and the rate does not decay with the count. Without learning, a hard unsatisfiable part can take
//! exponential time where CDCL would not: so when a search meets more than a budget of
//! conflicts without a model, it hands what it has not explored yet (as disjoint cubes, see
//! [`search::Search::surrender`]) to a fallback backend, a CDCL solver.
//!
//! The search can also record its steps as a proof ([`search::Search::with_proof`]): the
//! crate `count-certify` re-enumerates each cube with it to write the DRAT proof of a
//! certified count, whichever backend found the models.
//!
//! ```
//! use zero_one_model::{Backend, Constraint, Model};
//! use dpll_enum::DpllBackend;
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

mod fallback;
mod formula;
pub mod search;

pub use formula::Formula;

use fallback::Fallback;
use search::{Search, Step};
use std::sync::Arc;
use zero_one_model::{
    Backend, BackendError, BackendErrorKind, CnfOptions, Lit, Model, Prepared, Solutions,
};
use zero_one_model::{BackendEncoding, BackendName, BackendStat, Capabilities, StopFlag};

/// The name used in reports and errors.
pub const NAME: BackendName = BackendName::Dpll;

/// Conflicts without a model after which a search hands the rest of its cube to the
/// fallback: well above what the counting benchmarks meet between models (bench/results/), well
/// below what a hard unsatisfiable part costs.
pub const DEFAULT_BUDGET: u64 = 100_000;

/// The DPLL enumerator, with the encodings it lowers a model's constraints with and the
/// backend it hands hard parts to.
#[derive(Clone)]
pub struct DpllBackend {
    /// Encodings used to lower the model.
    pub options: CnfOptions,
    /// Takes over what a search has not explored when it runs over its budget; without one,
    /// the search goes on regardless.
    pub fallback: Option<Arc<dyn Backend>>,
    /// Conflicts without a model before the fallback takes over.
    pub budget: u64,
    /// When set (Ctrl-C), an enumeration ends soon with an [`BackendErrorKind::Interrupted`]
    /// error instead of searching on. The fallback does not see this flag: give it its own
    /// (`varisat_enum::VarisatBackend::stop`), or a cube it took over runs to its end.
    pub stop: Option<StopFlag>,
}

/// The default encodings, with varisat ([`varisat_enum::VarisatBackend`]) as the fallback: a
/// part that costs the search [`DEFAULT_BUDGET`] conflicts without a model goes to CDCL
/// (without one, a hard unsatisfiable part can take the search 10^9 conflicts). For no
/// fallback, use [`DpllBackend::new`] with `None`.
impl Default for DpllBackend {
    fn default() -> Self {
        let fallback: Arc<dyn Backend> = Arc::new(varisat_enum::VarisatBackend::default());
        DpllBackend::new(CnfOptions::default(), Some(fallback))
    }
}

impl DpllBackend {
    /// The enumerator lowering with `options`, handing hard parts to `fallback`.
    pub fn new(options: CnfOptions, fallback: Option<Arc<dyn Backend>>) -> DpllBackend {
        DpllBackend {
            options,
            fallback,
            budget: DEFAULT_BUDGET,
            stop: None,
        }
    }
}

impl std::fmt::Debug for DpllBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DpllBackend")
            .field("options", &self.options)
            .field("fallback", &self.fallback.as_ref().map(|b| b.name()))
            .field("budget", &self.budget)
            .finish()
    }
}

/// A model lowered and laid out once, for many enumerations.
pub struct PreparedFormula<'m> {
    formula: Arc<Formula>,
    budget: u64,
    stop: Option<StopFlag>,
    fallback: Option<Arc<Fallback<'m>>>,
}

/// The solutions of one enumeration.
pub struct DpllSolutions<'m> {
    search: Search,
    fixed: Vec<Lit>,
    fallback: Option<Arc<Fallback<'m>>>,
    budget: u64,
    stop: Option<StopFlag>,
    /// Cubes handed to the fallback and not started yet.
    pending: Vec<Vec<Lit>>,
    /// The fallback's enumeration of the current cube.
    current: Option<Box<dyn Solutions + 'm>>,
    handed_over: u64,
}

impl Solutions for DpllSolutions<'_> {
    fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
        loop {
            if let Some(current) = &mut self.current {
                match current.next_solution()? {
                    Some(m) => return Ok(Some(m)),
                    None => self.current = None,
                }
            }
            if let Some(cube) = self.pending.pop() {
                let fallback = self
                    .fallback
                    .as_ref()
                    .expect("cubes are handed over only to a fallback")
                    .get()?;
                let mut fixed = self.fixed.clone();
                fixed.extend(cube);
                self.current = Some(fallback.solutions(&fixed)?);
                continue;
            }
            if self.search.is_done() {
                return Ok(None);
            }
            let budget = if self.fallback.is_some() {
                self.budget
            } else {
                u64::MAX
            };
            match self.search.next_model(budget, self.stop.as_ref()) {
                Step::Model(m) => return Ok(Some(m)),
                Step::Done => return Ok(None),
                Step::Stopped => {
                    return Err(BackendError::with_kind(
                        BackendErrorKind::Interrupted,
                        NAME,
                        "stopped on request before the enumeration ended",
                    ))
                }
                Step::OverBudget => {
                    self.pending = self.search.surrender();
                    self.handed_over += self.pending.len() as u64;
                }
            }
        }
    }

    fn stats(&self) -> Vec<(BackendStat, u64)> {
        vec![
            (BackendStat::Decisions, self.search.stats.decisions),
            (BackendStat::Conflicts, self.search.stats.conflicts),
            (BackendStat::CubesHandedToFallback, self.handed_over),
        ]
    }
}

impl<'m> Prepared<'m> for PreparedFormula<'m> {
    fn solutions(&self, fixed: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        if let Some(l) = fixed
            .iter()
            .find(|l| l.var().index() >= self.formula.model_vars)
        {
            return Err(BackendError::with_kind(
                BackendErrorKind::InvalidInput,
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
            fixed: fixed.to_vec(),
            fallback: self.fallback.clone(),
            budget: self.budget,
            stop: self.stop.clone(),
            pending: Vec::new(),
            current: None,
            handed_over: 0,
        }))
    }
}

impl Backend for DpllBackend {
    fn name(&self) -> BackendName {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.stops(true).slow_refutation(true)
    }

    fn encoding(&self) -> BackendEncoding {
        BackendEncoding::Cnf(self.options.amo)
    }

    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        // A stop raised on any thread reaches the lowering, which may run on a worker.
        let formula = match &self.stop {
            Some(stop) => Formula::new_until(model, &self.options, stop),
            None => Formula::new(model, &self.options),
        }
        .map_err(|e| BackendError::not_lowered(NAME, e))?;
        // Prepared when the first cube is handed over (most enumerations hand none).
        let fallback = self
            .fallback
            .as_ref()
            .map(|b| Arc::new(Fallback::new(Arc::clone(b), model)));
        Ok(Box::new(PreparedFormula {
            formula: Arc::new(formula),
            budget: self.budget,
            stop: self.stop.clone(),
            fallback,
        }))
    }
}

#[cfg(test)]
mod tests;
