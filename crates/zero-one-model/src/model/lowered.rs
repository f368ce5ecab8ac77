//! One lowering per model and choice of encodings: the look-ahead that splits a count into
//! cubes, the engine that takes cubes apart, every backend and its fallback all ask the
//! model for its clauses ([`Model::lowered`](crate::Model::lowered)), and only the first
//! asks lower it. A change to the model (a variable, a constraint, the projection, an
//! integer) forgets the lowerings kept.

use crate::{Clauses, CnfOptions, LowerError, Model, StopFlag};
use std::sync::{Arc, Mutex, MutexGuard};

/// The most lowerings kept for one model (the default encodings, the look-ahead's adder
/// fallback, a backend's own choice and one more).
const KEPT: usize = 4;

/// The lowerings of one model, by the encodings they used. Cloning a model shares them;
/// they take no part in its equality or its debug form.
#[derive(Default)]
pub(crate) struct Lowerings(Mutex<Vec<(CnfOptions, Arc<Clauses>)>>);

impl Lowerings {
    fn lock(&self) -> MutexGuard<'_, Vec<(CnfOptions, Arc<Clauses>)>> {
        // A panic while lowering leaves the list as it was: nothing half-kept.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Forgets every lowering (the model changed).
    pub(crate) fn forget(&mut self) {
        self.0.get_mut().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// `model` lowered with `options`: kept from an earlier call, or lowered now and kept.
    /// Held locked while lowering, so that threads asking at once lower it once. Given up
    /// once `stop` is raised; nothing is kept then.
    pub(crate) fn get(
        &self,
        model: &Model,
        options: &CnfOptions,
        stop: Option<&StopFlag>,
    ) -> Result<Arc<Clauses>, LowerError> {
        // A model of clauses alone lowers the same whatever the encodings.
        let key = if model.has_only_clauses() {
            CnfOptions::default()
        } else {
            *options
        };
        let mut kept = self.lock();
        if let Some((_, clauses)) = kept.iter().find(|(o, _)| *o == key) {
            return Ok(Arc::clone(clauses));
        }
        let clauses = Arc::new(match stop {
            Some(stop) => Clauses::lower_until(model, options, stop)?,
            None => Clauses::lower(model, options)?,
        });
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((key, Arc::clone(&clauses)));
        Ok(clauses)
    }
}

impl Clone for Lowerings {
    fn clone(&self) -> Lowerings {
        Lowerings(Mutex::new(self.lock().clone()))
    }
}
