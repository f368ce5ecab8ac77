//! One lowering per model and choice of encodings: the look-ahead that splits a count into
//! cubes, the engine that takes cubes apart, every backend and its fallback all ask the
//! model for its clauses ([`Model::lowered`](crate::Model::lowered)), and only the first
//! asks lower it. A change to the model (a variable, a constraint, the projection, an
//! integer) forgets the lowerings kept.

use crate::lowering::{lower, CnfLowering};
use crate::{Clauses, Model, StopFlag};
use std::any::Any;
use std::sync::{Arc, Mutex, MutexGuard};

/// The most lowerings kept for one model (the default encodings, the look-ahead's adder
/// fallback, a backend's own choice and one more).
const KEPT: usize = 4;

/// A choice of encodings, whichever [`CnfLowering`] made it: compared by downcasting.
type Key = Arc<dyn Any + Send + Sync>;

/// The lowerings of one model, by the encodings they used. Cloning a model shares them;
/// they take no part in its equality or its debug form.
#[derive(Default)]
pub(crate) struct Lowerings(Mutex<Vec<(Key, Arc<Clauses>)>>);

impl Lowerings {
    fn lock(&self) -> MutexGuard<'_, Vec<(Key, Arc<Clauses>)>> {
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
    pub(crate) fn get<L: CnfLowering>(
        &self,
        model: &Model,
        options: &L,
        stop: Option<&StopFlag>,
    ) -> Result<Arc<Clauses>, L::Error> {
        // A model of clauses alone lowers the same whatever the encodings.
        let key = if model.has_only_clauses() {
            L::default()
        } else {
            options.clone()
        };
        let mut kept = self.lock();
        let same = |k: &Key| k.downcast_ref::<L>() == Some(&key);
        if let Some((_, clauses)) = kept.iter().find(|(k, _)| same(k)) {
            return Ok(Arc::clone(clauses));
        }
        let clauses = Arc::new(lower(model, options, stop)?);
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((Arc::new(key), Arc::clone(&clauses)));
        Ok(clauses)
    }
}

impl Clone for Lowerings {
    fn clone(&self) -> Lowerings {
        Lowerings(Mutex::new(self.lock().clone()))
    }
}
