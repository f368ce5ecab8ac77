//! A certified count whose bundle appears in its directory only when complete: written
//! into a staged directory beside it ([`atomic_output::StagedDir`]) and renamed into place,
//! so that a failed or interrupted certification leaves no partial bundle behind.

use crate::certifier::{Certifier, OverCap};
use crate::finished::Finished;
use crate::make::{MakeError, ProducedBy};
use atomic_output::{OutputError, StagedDir};
use std::path::{Path, PathBuf};

/// Why a bundle could not be written into its directory.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CertifyError {
    /// The directory cannot take a bundle (it is not new or empty: see
    /// [`OutputError::is_usage`]), or the staged directory cannot be made or moved into
    /// place.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The bundle cannot be made: the count is wrong (a model missed or repeated), a file
    /// cannot be written, the solver failed.
    #[error("cannot certify into '{}'", dir.display())]
    Make {
        /// The bundle's directory.
        dir: PathBuf,
        /// Why.
        #[source]
        source: MakeError,
    },
}

/// A directory that cannot take a bundle is the caller's; failing to make one is not.
impl zero_one_model::Blame for CertifyError {
    fn fault(&self) -> zero_one_model::Fault {
        match self {
            CertifyError::Output(e) => e.fault(),
            CertifyError::Make { .. } => zero_one_model::Fault::Failure,
        }
    }
}

/// A [`Certifier`] with the directory its bundle goes to, staged from the start.
#[derive(Debug)]
pub struct StagedCertifier {
    staged: StagedDir,
    inner: Certifier,
}

impl StagedCertifier {
    /// Stages the bundle of `inner` for `dir` (which must be new or an empty directory).
    ///
    /// # Errors
    /// [`CertifyError::Output`]: `dir` exists and is not an empty directory, or the staged
    /// directory cannot be made beside it.
    pub fn new(dir: &Path, inner: Certifier) -> Result<StagedCertifier, CertifyError> {
        Ok(StagedCertifier {
            staged: StagedDir::new(dir)?,
            inner,
        })
    }

    /// The certifier collecting the solutions.
    pub fn certifier(&self) -> &Certifier {
        &self.inner
    }

    /// What the engine calls with every validated solution ([`Certifier::hook`]).
    pub fn hook(&self) -> impl Fn(usize, &[bool]) + Sync + '_ {
        self.inner.hook()
    }

    /// Call after the count, before looking at whether it was interrupted.
    ///
    /// # Errors
    /// [`OverCap`] when the count passed the cap (it was stopped there).
    pub fn check_cap(&self) -> Result<(), OverCap> {
        self.inner.check_cap()
    }

    /// Writes the bundle with `threads` threads and moves it into place:
    /// [`Finished::Written`] names the bundle's own directory; with
    /// [`Finished::Interrupted`] nothing is left.
    ///
    /// # Errors
    /// [`CertifyError::Make`] when the bundle cannot be made, [`CertifyError::Output`] when
    /// it cannot be moved into place; nothing is left in either case.
    pub fn finish(self, threads: usize, produced_by: ProducedBy) -> Result<Finished, CertifyError> {
        self.finish_with(threads, || produced_by)
    }

    /// [`StagedCertifier::finish`] for a count that may have none: without a certifier,
    /// [`Finished::Uncertified`]; `produced_by` is asked only when there is one.
    ///
    /// # Errors
    /// As [`StagedCertifier::finish`].
    pub fn finish_optional(
        certifier: Option<StagedCertifier>,
        threads: usize,
        produced_by: impl FnOnce() -> ProducedBy,
    ) -> Result<Finished, CertifyError> {
        match certifier {
            Some(c) => c.finish_with(threads, produced_by),
            None => Ok(Finished::Uncertified),
        }
    }

    fn finish_with(
        self,
        threads: usize,
        produced_by: impl FnOnce() -> ProducedBy,
    ) -> Result<Finished, CertifyError> {
        let produced_by = produced_by();
        let finished = self
            .inner
            .finish(self.staged.path(), threads, produced_by)
            .map_err(|source| CertifyError::Make {
                dir: self.staged.target().to_path_buf(),
                source,
            })?;
        match finished {
            Finished::Written(bundle) => {
                let dir = self.staged.target().to_path_buf();
                self.staged.commit()?;
                Ok(Finished::Written(bundle.moved_to(&dir)))
            }
            other => Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::make::Formula;
    use zero_one_model::{Constraint, Model};

    /// A certifier of "exactly one of a, b" (two models, as one cube).
    fn exactly_one() -> Certifier {
        let mut model = Model::new();
        let (a, b) = (model.new_var("a"), model.new_var("b"));
        model.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
        let formula = Formula::lower(&model, &Default::default()).expect("lowers");
        Certifier::new(formula, &model, vec![Vec::new()], None)
    }

    /// That certifier staged for `bundle` in a new temporary directory.
    fn staged() -> (StagedCertifier, tempfile::TempDir, PathBuf) {
        let root = tempfile::tempdir().expect("a temporary directory");
        let dir = root.path().join("bundle");
        let staged = StagedCertifier::new(&dir, exactly_one()).expect("stages");
        (staged, root, dir)
    }

    #[test]
    fn the_bundle_appears_in_its_directory_only_once_complete() {
        let (staged, _root, dir) = staged();
        staged.hook()(0, &[true, false]);
        staged.hook()(0, &[false, true]);
        assert!(
            !dir.exists(),
            "nothing in place before the bundle is complete"
        );
        staged.check_cap().expect("under the cap");
        let by = ProducedBy::new("test", "0");
        let Finished::Written(bundle) = staged.finish(1, by).expect("writes") else {
            panic!("not written")
        };
        assert_eq!(bundle.dir(), dir.as_path());
        assert_eq!(crate::check::verify(&dir).expect("verifies").count, 2);
    }

    #[test]
    fn a_wrong_count_leaves_no_bundle_and_names_the_directory() {
        let (staged, root, dir) = staged();
        // One of the two models is missed.
        staged.hook()(0, &[true, false]);
        let e = staged.finish(1, ProducedBy::new("test", "0")).unwrap_err();
        assert!(matches!(e, CertifyError::Make { .. }));
        assert_eq!(
            e.to_string(),
            format!("cannot certify into '{}'", dir.display())
        );
        assert!(!dir.exists());
        assert_eq!(std::fs::read_dir(root.path()).expect("reads").count(), 0);
    }

    #[test]
    fn no_certifier_finishes_uncertified_without_asking_who_produced_it() {
        let finished = StagedCertifier::finish_optional(None, 1, || unreachable!("not asked"));
        assert!(matches!(finished, Ok(Finished::Uncertified)));
    }

    #[test]
    fn a_directory_with_files_is_refused_before_counting() {
        let root = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(root.path().join("file"), "x").expect("writes");
        let e = StagedCertifier::new(root.path(), exactly_one()).unwrap_err();
        assert!(matches!(e, CertifyError::Output(ref o) if o.is_usage()));
        assert!(
            zero_one_model::Blame::is_input_error(&e),
            "a full directory is the caller's"
        );
    }
}
