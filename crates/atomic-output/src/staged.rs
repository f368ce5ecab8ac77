//! A directory that appears whole or not at all (a certificate bundle, say): its files are
//! written into a temporary sibling, `.NAME.partial-PID.tmp`, renamed into place only when
//! complete. The sibling is removed on any failure, when dropped uncommitted, and by
//! [`crate::temps::remove_all_and_hold`] (a signal handler's call).

use crate::replace::create_unique;
use crate::temps::TempGuard;
use crate::OutputError;
use std::fs;
use std::path::{Path, PathBuf};

/// A directory being filled, not yet at its path.
#[derive(Debug)]
pub struct StagedDir {
    target: PathBuf,
    tmp: PathBuf,
    guard: Option<TempGuard>,
}

impl StagedDir {
    /// Stages a directory for `target`, which must not exist or be an empty directory.
    ///
    /// # Errors
    /// When `target` is something else (a file, a symlink, a directory with files in it:
    /// [`OutputError::is_usage`]), or the temporary directory cannot be made (a missing or
    /// read-only parent).
    pub fn new(target: &Path) -> Result<StagedDir, OutputError> {
        let name = target
            .file_name()
            .ok_or_else(|| OutputError::NoDirectoryName(target.to_path_buf()))?;
        match fs::symlink_metadata(target) {
            Ok(m) if m.is_dir() => {
                let mut entries = fs::read_dir(target).map_err(|source| OutputError::ReadDir {
                    path: target.to_path_buf(),
                    source,
                })?;
                if entries.next().is_some() {
                    return Err(OutputError::NotEmpty(target.to_path_buf()));
                }
            }
            // The directory is moved into place by a rename, which would replace the link
            // itself, not fill the directory it points to.
            Ok(m) if m.file_type().is_symlink() => {
                return Err(OutputError::SymbolicLink {
                    path: target.to_path_buf(),
                    to_directory: fs::metadata(target).is_ok_and(|m| m.is_dir()),
                });
            }
            Ok(_) => return Err(OutputError::NotADirectory(target.to_path_buf())),
            Err(_) => {}
        }
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let ((), guard, tmp) =
            create_unique(parent, &name.to_string_lossy(), |p| fs::create_dir(p)).map_err(
                |source| OutputError::Temporary {
                    what: "directory",
                    dir: parent.to_path_buf(),
                    source,
                },
            )?;
        Ok(StagedDir {
            target: target.to_path_buf(),
            tmp,
            guard: Some(guard),
        })
    }

    /// Where the files go for now.
    pub fn path(&self) -> &Path {
        &self.tmp
    }

    /// Where the directory goes when committed.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the directory into place.
    ///
    /// # Errors
    /// When the rename fails (the target was filled meanwhile, say); the temporary
    /// directory is then removed.
    pub fn commit(mut self) -> Result<(), OutputError> {
        let guard = self
            .guard
            .take()
            .expect("a staged directory is committed once");
        let renamed = guard.rename_to(&self.target);
        if renamed.is_err() {
            self.guard = Some(guard);
        }
        renamed.map_err(|source| OutputError::Commit {
            path: self.target.clone(),
            source,
        })
    }
}

impl Drop for StagedDir {
    fn drop(&mut self) {
        if self.guard.is_some() {
            let _ = fs::remove_dir_all(&self.tmp);
        }
    }
}
