//! A backend over varisat 0.2. The model is lowered to CNF with the chosen encodings once
//! ([`VarisatBackend::prepare`]); each enumeration (one per cube) first propagates its fixed
//! literals through that CNF in our own code, loads only the clauses still open into a fresh
//! solver, and enumerates by blocking clauses over the projection set only. Auxiliary
//! variables of an encoding never enter a blocking clause: they are not determined by the
//! model's variables (see the sequential counter), so blocking them would return the same
//! projected solution more than once.
//!
//! A boxed stream of solutions is an [`Iterator`]:
//!
//! ```
//! use zero_one_model::{Backend, Constraint, Model};
//! use varisat_enum::VarisatBackend;
//!
//! let mut m = Model::new();
//! let vars = m.new_vars(3);
//! let lits: Vec<_> = vars.iter().map(|v| v.positive()).collect();
//! m.add(Constraint::ExactlyOne(lits));
//!
//! let backend = VarisatBackend::default();
//! let mut found = Vec::new();
//! for solution in backend.solutions(&m, &[])? {
//!     let solution = solution?;
//!     assert_eq!(m.check(&solution), Ok(())); // never trust a solver
//!     found.push(solution);
//! }
//! found.sort();
//! assert_eq!(
//!     found,
//!     [[false, false, true], [false, true, false], [true, false, false]]
//! );
//!
//! // A cube: the solutions in which the first variable is false.
//! let rest = backend.solutions(&m, &[vars[0].negative()])?.into_iter().count();
//! assert_eq!(rest, 2);
//! # Ok::<(), zero_one_model::BackendError>(())
//! ```

mod check;
mod cnf;
pub mod optimize;
mod solutions;
mod stop;

pub use check::VarisatCheck;
pub use solutions::VarisatSolutions;

use std::sync::Arc;
use zero_one_model::{
    check_fixed, Backend, BackendError, Clauses, CnfOptions, Lit, Model, Prepared, Var,
};
use zero_one_model::{BackendEncoding, BackendName, Capabilities, StopFlag};

/// The name used in reports and errors.
pub const NAME: BackendName = BackendName::Varisat;

/// The varisat backend with its lowering options.
#[derive(Clone, Debug, Default)]
pub struct VarisatBackend {
    /// Encodings used to lower the model.
    pub options: CnfOptions,
    /// When set (Ctrl-C), a solve in progress ends soon and the enumeration fails with an
    /// [`zero_one_model::BackendErrorKind::Interrupted`] error, instead of running to its end (varisat has
    /// no interrupt call: see the `stop` module for how it is done).
    pub stop: Option<StopFlag>,
}

/// A model lowered to CNF and indexed for propagation, ready for many enumerations.
pub struct PreparedCnf<'m> {
    model: &'m Model,
    cnf: Arc<Clauses>,
    projection: Vec<Var>,
    short_blocking: bool,
    stop: Option<StopFlag>,
}

impl VarisatBackend {
    /// A backend lowering with `options`.
    pub fn new(options: CnfOptions) -> VarisatBackend {
        VarisatBackend {
            options,
            stop: None,
        }
    }

    /// Lowers `model`, to block over `projection` instead of the model's shown set. Exists
    /// to demonstrate (in tests) what goes wrong when auxiliaries are blocked.
    ///
    /// # Errors
    /// Kind [`zero_one_model::BackendErrorKind::Unsupported`], with the [`zero_one_model::LowerError`] as
    /// source, when the model cannot be lowered with these options.
    pub fn prepare_with_projection<'m>(
        &self,
        model: &'m Model,
        projection: Vec<Var>,
    ) -> Result<PreparedCnf<'m>, BackendError> {
        // A stop raised on any thread reaches the lowering, which may run on a worker.
        let cnf = match &self.stop {
            Some(stop) => model.lowered_until(&self.options, stop),
            None => model.lowered(&self.options),
        }
        .map_err(|e| BackendError::not_lowered(NAME, e))?;
        let short_blocking = model.shown_weight().is_some() && projection == model.shown();
        Ok(PreparedCnf {
            model,
            cnf,
            projection,
            short_blocking,
            stop: self.stop.clone(),
        })
    }
}

impl<'m> PreparedCnf<'m> {
    /// Starts an enumeration in which every literal of `fixed` holds.
    ///
    /// # Errors
    /// Kind [`zero_one_model::BackendErrorKind::InvalidInput`] when a literal of `fixed` is on a variable
    /// outside the model.
    pub fn start(&self, fixed: &[Lit]) -> Result<VarisatSolutions<'m>, BackendError> {
        check_fixed(NAME, self.model, fixed)?;
        Ok(VarisatSolutions::new(
            self.model,
            &self.cnf,
            fixed,
            self.projection.clone(),
            self.short_blocking,
            self.stop.clone(),
        ))
    }
}

impl<'m> Prepared<'m> for PreparedCnf<'m> {
    fn solutions(
        &self,
        fixed: &[Lit],
    ) -> Result<Box<dyn zero_one_model::Solutions + 'm>, BackendError> {
        Ok(Box::new(self.start(fixed)?))
    }
}

impl Backend for VarisatBackend {
    fn name(&self) -> BackendName {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.stops(true)
    }

    fn encoding(&self) -> BackendEncoding {
        BackendEncoding::Cnf(self.options.amo)
    }

    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        Ok(Box::new(
            self.prepare_with_projection(model, model.shown())?,
        ))
    }
}

#[cfg(test)]
mod tests;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
