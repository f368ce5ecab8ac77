//! The seam between the model and its encodings: a [`CnfLowering`] is a choice of encodings
//! that lowers a model to CNF (the encodings layer's `CnfOptions`). The model keeps the
//! lowerings it was asked for ([`Model::lowered`]) and [`Clauses::lower`] makes one afresh,
//! both through this trait, so that the model's core knows no encoding.

use crate::{ClauseSink, Clauses, ClausesBuilder, Model, StopFlag};
use std::any::Any;

/// A choice of encodings that lowers a model to CNF. Two equal choices lower a model alike;
/// the default choice is the one a model of clauses alone is filed under (no encoding
/// changes how clauses lower).
pub trait CnfLowering: Clone + Default + PartialEq + Send + Sync + Any {
    /// Why a model does not lower.
    type Error;

    /// Writes `model`'s clauses into `sink`, given up once `stop` is raised (when there is
    /// one), and returns how many variables the clauses use: the model's and the
    /// encodings' auxiliaries.
    ///
    /// # Errors
    /// When the model cannot be lowered with these encodings, or `stop` was raised.
    fn lower_into(
        &self,
        model: &Model,
        stop: Option<&StopFlag>,
        sink: &mut dyn ClauseSink,
    ) -> Result<usize, Self::Error>;
}

impl Clauses {
    /// Lowers `model` with `options`: once, for every consumer. The projection is the
    /// model's ([`Model::shown`]: every variable of the model when nothing was shown), so
    /// that the auxiliary variables of the encodings never count.
    ///
    /// # Errors
    /// When the model cannot be lowered.
    pub fn lower<L: CnfLowering>(model: &Model, options: &L) -> Result<Clauses, L::Error> {
        lower(model, options, None)
    }

    /// [`Clauses::lower`], given up once `stop` is raised.
    ///
    /// # Errors
    /// When the model cannot be lowered, or `stop` was raised.
    pub fn lower_until<L: CnfLowering>(
        model: &Model,
        options: &L,
        stop: &StopFlag,
    ) -> Result<Clauses, L::Error> {
        lower(model, options, Some(stop))
    }
}

/// `model` lowered with `options` into a fresh formula, projected onto its shown variables.
pub(crate) fn lower<L: CnfLowering>(
    model: &Model,
    options: &L,
    stop: Option<&StopFlag>,
) -> Result<Clauses, L::Error> {
    let mut b = ClausesBuilder::default();
    let vars = options.lower_into(model, stop, &mut b)?;
    Ok(b.finish(vars).with_projection(model.shown()))
}
