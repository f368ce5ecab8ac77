//! A backend over good_lp with its pure-Rust microlp solver (no C or C++ anywhere in the
//! build). The model is lowered to an ILP once ([`zero_one_model::ilp::lower_to_ilp`]); each
//! enumeration (one per cube) fixes the cube's literals and propagates bounds through the rows
//! in exact arithmetic (presolve by fixing), hands only the free variables and the rows still
//! open to microlp, and enumerates by no-good cuts over the free part of the projection,
//! added to the solved problem with microlp's own `Solution::add_constraint` instead of
//! rebuilding it. microlp has returned non-solutions in the past, so every answer is rounded
//! only when near an integer and re-checked exactly against every row, every bound and every
//! cut before it counts; anything else is a backend error.

mod optimize;
mod problem;
mod rows;
mod solutions;

pub use optimize::{optimize, LpOptimizer, MAX_OBJECTIVE_SUM};
pub use rows::{check_exact, check_rows, PastDoublePrecision, RowTooLarge};
pub use solutions::IlpSolutions;

use std::sync::Arc;
use zero_one_model::ilp::{lower_to_ilp, IlpModel};
use zero_one_model::{
    Backend, BackendEncoding, BackendError, BackendName, Capabilities, Lit, Model, Prepared,
    SolutionCost, Solutions,
};

/// How far from an integer a solver value may be and still be read as that integer.
pub const INTEGRALITY_TOLERANCE: f64 = 1e-6;

/// The name used in reports and errors.
pub const NAME: BackendName = BackendName::Microlp;

/// The good_lp + microlp backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct LpBackend;

/// A model lowered to an ILP, shared by every cube.
pub struct PreparedIlp<'m> {
    model: &'m Model,
    ilp: Arc<IlpModel>,
}

impl<'m> PreparedIlp<'m> {
    /// Lowers `model`.
    pub fn new(model: &'m Model) -> PreparedIlp<'m> {
        PreparedIlp::lowered(model, lower_to_ilp(model))
    }

    /// `model` with its lowering `ilp`, made by the caller.
    fn lowered(model: &'m Model, ilp: IlpModel) -> PreparedIlp<'m> {
        PreparedIlp {
            model,
            ilp: Arc::new(ilp),
        }
    }

    /// The ILP the model lowered to.
    pub fn ilp(&self) -> &IlpModel {
        &self.ilp
    }
}

impl<'m> Prepared<'m> for PreparedIlp<'m> {
    fn solutions(&self, fixed: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError> {
        Ok(Box::new(IlpSolutions::new(
            self.model,
            Arc::clone(&self.ilp),
            fixed,
        )?))
    }
}

impl Backend for LpBackend {
    fn name(&self) -> BackendName {
        NAME
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
            .deep_cubes(true)
            .native_linear(true)
            .solution_cost(SolutionCost::LpSolve)
    }

    fn encoding(&self) -> BackendEncoding {
        BackendEncoding::Linear
    }

    /// # Errors
    /// Kind [`zero_one_model::BackendErrorKind::Unsupported`] when a linear constraint does
    /// not fit a 64-bit row ([`RowTooLarge`] as source) or a number passes 2^53
    /// ([`PastDoublePrecision`]).
    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        let ilp = rows::lower_for_backend(model)?;
        Ok(Box::new(PreparedIlp::lowered(model, ilp)))
    }
}

#[cfg(test)]
mod tests;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
#[cfg(test)]
mod optimize_tests;
