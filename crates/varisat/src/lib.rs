//! A backend over varisat 0.2. The model is lowered to CNF with the chosen encodings once
//! ([`VarisatBackend::prepare`]); each enumeration (one per cube) first propagates its fixed
//! literals through that CNF in our own code, loads only the clauses still open into a fresh
//! solver, and enumerates by blocking clauses over the projection set only. Auxiliary
//! variables of an encoding never enter a blocking clause: they are not determined by the
//! model's variables (see the sequential counter), so blocking them would return the same
//! board more than once.

mod cnf;
mod solutions;

pub use solutions::VarisatSolutions;

use cnf::IndexedCnf;
use nqueens_encode::{lower_to_cnf, Backend, BackendError, CnfOptions, Lit, Model, Prepared, Var};

/// The varisat backend with its lowering options.
#[derive(Clone, Debug, Default)]
pub struct VarisatBackend {
    /// Encodings used to lower the model.
    pub options: CnfOptions,
}

/// A model lowered to CNF and indexed for propagation, ready for many enumerations.
pub struct PreparedCnf<'m> {
    model: &'m Model,
    cnf: IndexedCnf,
    projection: Vec<Var>,
    short_blocking: bool,
}

impl VarisatBackend {
    /// A backend lowering with `options`.
    pub fn new(options: CnfOptions) -> VarisatBackend {
        VarisatBackend { options }
    }

    /// Lowers `model`, to block over `projection` instead of the model's shown set. Exists
    /// to demonstrate (in tests) what goes wrong when auxiliaries are blocked.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn prepare_with_projection<'m>(
        &self,
        model: &'m Model,
        projection: Vec<Var>,
    ) -> Result<PreparedCnf<'m>, BackendError> {
        let mut cnf = IndexedCnf::default();
        let info = lower_to_cnf(model, &self.options, &mut cnf)
            .map_err(|e| BackendError::new("varisat", e.to_string()))?;
        cnf.finish(info.vars());
        let short_blocking = model.shown_weight().is_some() && projection == model.shown();
        Ok(PreparedCnf {
            model,
            cnf,
            projection,
            short_blocking,
        })
    }
}

impl<'m> PreparedCnf<'m> {
    /// Starts an enumeration in which every literal of `fixed` holds.
    pub fn start(&self, fixed: &[Lit]) -> VarisatSolutions<'m> {
        VarisatSolutions::new(
            self.model,
            &self.cnf,
            fixed,
            self.projection.clone(),
            self.short_blocking,
        )
    }
}

impl<'m> Prepared<'m> for PreparedCnf<'m> {
    fn solutions(
        &self,
        fixed: &[Lit],
    ) -> Result<Box<dyn nqueens_encode::Solutions + 'm>, BackendError> {
        Ok(Box::new(self.start(fixed)))
    }
}

impl Backend for VarisatBackend {
    fn name(&self) -> String {
        "varisat".into()
    }

    fn encoding(&self) -> String {
        self.options.amo.name().into()
    }

    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        Ok(Box::new(
            self.prepare_with_projection(model, model.shown())?,
        ))
    }
}

#[cfg(test)]
mod tests;
