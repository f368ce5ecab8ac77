//! The backend hard cubes are handed to, prepared when the first cube is handed over: most
//! enumerations never need it, and preparing it lowers the model once more.

use std::sync::{Arc, OnceLock};
use zero_one_model::{Backend, BackendError, Model, Prepared};

/// The fallback backend and the model, prepared on first use and then shared by every
/// enumeration and thread.
pub(crate) struct Fallback<'m> {
    backend: Arc<dyn Backend>,
    model: &'m Model,
    prepared: OnceLock<Arc<dyn Prepared<'m> + 'm>>,
}

impl<'m> Fallback<'m> {
    /// `backend` for `model`, not prepared yet.
    pub(crate) fn new(backend: Arc<dyn Backend>, model: &'m Model) -> Fallback<'m> {
        Fallback {
            backend,
            model,
            prepared: OnceLock::new(),
        }
    }

    /// The prepared fallback, prepared now if no enumeration has asked before. Two threads
    /// asking at once may both prepare it; one preparation is kept.
    ///
    /// # Errors
    /// As the backend's [`Backend::prepare`].
    pub(crate) fn get(&self) -> Result<Arc<dyn Prepared<'m> + 'm>, BackendError> {
        if let Some(prepared) = self.prepared.get() {
            return Ok(Arc::clone(prepared));
        }
        let prepared: Arc<dyn Prepared<'m> + 'm> = Arc::from(self.backend.prepare(self.model)?);
        Ok(Arc::clone(self.prepared.get_or_init(|| prepared)))
    }
}

#[cfg(test)]
mod tests {
    use crate::DpllBackend;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use zero_one_model::{
        Backend, BackendEncoding, BackendError, BackendName, CnfOptions, Constraint, Model,
        Prepared,
    };

    /// The DPLL enumerator, counting how often it is prepared.
    struct Counting(AtomicUsize, DpllBackend);

    impl Backend for Counting {
        fn name(&self) -> BackendName {
            BackendName::Other("counting")
        }
        fn encoding(&self) -> BackendEncoding {
            self.1.encoding()
        }
        fn prepare<'m>(
            &self,
            model: &'m Model,
        ) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
            self.0.fetch_add(1, Ordering::SeqCst);
            self.1.prepare(model)
        }
    }

    fn count(backend: &DpllBackend, model: &Model, runs: usize) -> usize {
        let prepared = backend.prepare(model).unwrap();
        (0..runs)
            .map(|_| {
                let mut s = prepared.solutions(&[]).unwrap();
                std::iter::from_fn(|| s.next_solution().unwrap()).count()
            })
            .sum()
    }

    #[test]
    fn the_fallback_is_prepared_once_and_only_when_a_cube_is_handed_over() {
        // x1 or x2 or x3: seven models, no conflict on the way.
        let mut m = Model::new();
        let v = m.new_vars(3);
        m.add(Constraint::Clause(v.iter().map(|x| x.positive()).collect()));
        let fallback = Arc::new(Counting(AtomicUsize::new(0), DpllBackend::default()));
        let within_budget = DpllBackend::new(CnfOptions::default(), Some(fallback.clone()));
        assert_eq!(count(&within_budget, &m, 3), 21);
        assert_eq!(
            fallback.0.load(Ordering::SeqCst),
            0,
            "prepared without need"
        );
        // Three pigeons in two holes: no model, and conflicts before the search knows it;
        // a budget of 0 hands the rest over at the first.
        let mut m = Model::new();
        let p: Vec<_> = (0..3).map(|_| m.new_vars(2)).collect();
        for pigeon in &p {
            m.add(Constraint::Clause(
                pigeon.iter().map(|x| x.positive()).collect(),
            ));
        }
        for hole in 0..2 {
            m.add(Constraint::AtMostOne(
                p.iter().map(|q| q[hole].positive()).collect(),
            ));
        }
        let over_budget = DpllBackend {
            budget: 0,
            ..DpllBackend::new(CnfOptions::default(), Some(fallback.clone()))
        };
        assert_eq!(count(&over_budget, &m, 3), 0);
        assert_eq!(fallback.0.load(Ordering::SeqCst), 1, "prepared once");
    }
}
