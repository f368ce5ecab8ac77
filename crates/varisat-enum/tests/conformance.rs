//! The backend conformance suite (zero_one_model::conformance) against varisat.

zero_one_model::backend_conformance!(varisat, varisat_enum::VarisatBackend::default());

/// The suite can fail: a backend that loses every other solution is caught.
mod the_suite_catches_a_lossy_backend {
    use zero_one_model::{Backend, BackendError, Lit, Model, Prepared, Solutions};

    struct Lossy(varisat_enum::VarisatBackend);
    struct LossyPrepared<'m>(Box<dyn Prepared<'m> + 'm>);
    struct LossySolutions<'m>(Box<dyn Solutions + 'm>);

    impl Solutions for LossySolutions<'_> {
        fn next_solution(&mut self) -> Result<Option<Vec<bool>>, BackendError> {
            let first = self.0.next_solution()?;
            match first {
                Some(_) => self.0.next_solution().map(|s| s.or(first)),
                None => Ok(None),
            }
        }
    }

    impl<'m> Prepared<'m> for LossyPrepared<'m> {
        fn solutions(&self, fixed: &[Lit]) -> Result<Box<dyn Solutions + 'm>, BackendError> {
            Ok(Box::new(LossySolutions(self.0.solutions(fixed)?)))
        }
    }

    impl Backend for Lossy {
        fn name(&self) -> zero_one_model::BackendName {
            zero_one_model::BackendName::Other("lossy")
        }
        fn encoding(&self) -> zero_one_model::BackendEncoding {
            self.0.encoding()
        }
        fn prepare<'m>(
            &self,
            model: &'m Model,
        ) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
            Ok(Box::new(LossyPrepared(self.0.prepare(model)?)))
        }
    }

    #[test]
    fn and_fails() {
        let lossy = Lossy(varisat_enum::VarisatBackend::default());
        let run =
            std::panic::catch_unwind(|| zero_one_model::conformance::random_models(&lossy, 50));
        assert!(run.is_err(), "a backend losing solutions passed the suite");
    }
}
