//! A directory that appears whole or not at all (a `count --certify` bundle): its files are
//! written into a temporary sibling, `.NAME.nqueens-PID.tmp`, renamed into place only when
//! complete. The sibling is removed on any failure, when dropped uncommitted, and by the
//! signal handler on Ctrl-C, SIGTERM or SIGHUP (see [`crate::stop`]).

use super::atomic::create_unique;
use crate::exit::CliError;
use crate::stop::TempGuard;
use anyhow::{anyhow, Context};
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
    /// Exit code 2 when `target` is something else (a file, a symlink, a directory with
    /// files in it); 3 when the temporary directory cannot be made (a missing or read-only
    /// parent).
    pub fn new(target: &Path) -> Result<StagedDir, CliError> {
        let shown = target.display();
        let name = target
            .file_name()
            .ok_or_else(|| CliError::usage(anyhow!("'{shown}' cannot name a new directory")))?;
        match fs::symlink_metadata(target) {
            Ok(m) if m.is_dir() => {
                let mut entries = fs::read_dir(target)
                    .with_context(|| format!("cannot read '{shown}'"))
                    .map_err(CliError::failure)?;
                if entries.next().is_some() {
                    return Err(CliError::usage(anyhow!(
                        "'{shown}' exists and is not empty: give a new or empty directory"
                    )));
                }
            }
            // The bundle is moved into place by a rename, which would replace the link
            // itself, not fill the directory it points to.
            Ok(m) if m.file_type().is_symlink() => {
                let to = if fs::metadata(target).is_ok_and(|m| m.is_dir()) {
                    "a directory"
                } else {
                    "something that is not a directory"
                };
                return Err(CliError::usage(anyhow!(
                    "'{shown}' is a symbolic link (to {to}): give the directory itself, or a new path"
                )));
            }
            Ok(_) => {
                return Err(CliError::usage(anyhow!(
                    "'{shown}' exists and is not a directory: give a new or empty directory"
                )))
            }
            Err(_) => {}
        }
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let ((), guard, tmp) = create_unique(parent, &name.to_string_lossy(), "directory", |p| {
            fs::create_dir(p)
        })
        .map_err(CliError::failure)?;
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

    /// Renames the directory into place.
    ///
    /// # Errors
    /// Exit code 3 when the rename fails (the target was filled meanwhile, say); the
    /// temporary directory is then removed.
    pub fn commit(mut self) -> Result<(), CliError> {
        let guard = self
            .guard
            .take()
            .expect("a staged directory is committed once");
        let renamed = guard.rename_to(&self.target);
        if renamed.is_err() {
            self.guard = Some(guard);
        }
        renamed
            .with_context(|| format!("cannot move the bundle into '{}'", self.target.display()))
            .map_err(CliError::failure)
    }
}

impl Drop for StagedDir {
    fn drop(&mut self) {
        if self.guard.is_some() {
            let _ = fs::remove_dir_all(&self.tmp);
        }
    }
}
