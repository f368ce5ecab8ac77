//! What can go wrong with an output path, said with the path.

use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// Why an output path was refused or could not be written. [`OutputError::is_usage`] tells
/// the caller's mistakes (a path that cannot name an output) from the system's failures.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The path is empty.
    #[error("the output path is empty")]
    EmptyPath,
    /// The path is a directory, where a file was wanted.
    #[error("'{}' is a directory, not an output file", .0.display())]
    IsDirectory(PathBuf),
    /// No file exists there and the path names a directory (ends in `/`, say).
    #[error("'{}' names a directory, not an output file", .0.display())]
    NamesDirectory(PathBuf),
    /// The path cannot name a new directory (it has no last component, say).
    #[error("'{}' cannot name a new directory", .0.display())]
    NoDirectoryName(PathBuf),
    /// Too many symbolic links (a loop).
    #[error("'{}': too many levels of symbolic links", .0.display())]
    SymlinkLoop(PathBuf),
    /// A staged directory's target exists and holds files.
    #[error("'{}' exists and is not empty: give a new or empty directory", .0.display())]
    NotEmpty(PathBuf),
    /// A staged directory's target exists and is not a directory.
    #[error("'{}' exists and is not a directory: give a new or empty directory", .0.display())]
    NotADirectory(PathBuf),
    /// A staged directory's target is a symbolic link: the rename would replace the link.
    #[error("'{}' is a symbolic link (to {}): give the directory itself, or a new path", .path.display(), if *.to_directory { "a directory" } else { "something that is not a directory" })]
    SymbolicLink {
        /// The link.
        path: PathBuf,
        /// Whether it points to a directory.
        to_directory: bool,
    },
    /// The path names one of our descriptors (`/dev/fd/N`, `/dev/stdout`...) that is not
    /// open.
    #[error("'{}' names descriptor {fd}, which is not open", .path.display())]
    ClosedDescriptor {
        /// The path as given.
        path: PathBuf,
        /// The descriptor.
        fd: std::os::fd::RawFd,
    },
    /// The output is the input file ([`crate::refuse_input`]): writing it would replace what
    /// was read, and a failed run would leave neither.
    #[error("'{}' is the input file '{}': name another file for the output", .output.display(), .input.display())]
    IsTheInput {
        /// The output path as given.
        output: PathBuf,
        /// The input path as given.
        input: PathBuf,
    },
    /// The file has no write permission: replacing it by a rename would get round it.
    #[error("'{}' is read-only; it is left as it is (make it writable or choose another path)", .0.display())]
    ReadOnly(PathBuf),
    /// The path could not be resolved to its real location.
    #[error("cannot resolve '{}': {error}", .path.display())]
    Resolve {
        /// The path.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// The system would not let us look at the path.
    #[error("cannot write '{}': {error}", .path.display())]
    Inspect {
        /// The path.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A directory's entries could not be read.
    #[error("cannot read '{}'", .path.display())]
    ReadDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// No temporary sibling could be made.
    #[error("cannot create a temporary {what} in '{}'", .dir.display())]
    Temporary {
        /// "file" or "directory".
        what: &'static str,
        /// Where.
        dir: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// A staged directory could not be moved into place (its temporary copy is removed).
    #[error("cannot move the directory into '{}'", .path.display())]
    Commit {
        /// The target.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// Writing the output failed: the caller's writer, or creating, writing, syncing or
    /// renaming the file (then nothing at the path has changed, except for a file with other
    /// hard links, copied in place: see [`WriteFailure::InPlaceCopy`]).
    #[error("cannot write '{}'", .path.display())]
    Write {
        /// The path as given.
        path: PathBuf,
        /// Why.
        #[source]
        source: WriteFailure,
    },
}

/// A path that cannot name the output ([`OutputError::is_usage`]) is the caller's; failing
/// to write it is not.
impl toolkit_base::Blame for OutputError {
    fn fault(&self) -> toolkit_base::Fault {
        match self.is_usage() {
            true => toolkit_base::Fault::Input,
            false => toolkit_base::Fault::Failure,
        }
    }
}

impl OutputError {
    /// Whether the path itself is the problem (a directory, a loop, a non-empty target...),
    /// as opposed to the system failing to read, create or write it.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            OutputError::EmptyPath
                | OutputError::IsDirectory(_)
                | OutputError::NamesDirectory(_)
                | OutputError::NoDirectoryName(_)
                | OutputError::SymlinkLoop(_)
                | OutputError::NotEmpty(_)
                | OutputError::NotADirectory(_)
                | OutputError::SymbolicLink { .. }
                | OutputError::IsTheInput { .. }
        )
    }
}

/// Why writing an output failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum WriteFailure {
    /// The caller's writer gave up (an encoder's error, say).
    #[error(transparent)]
    Writer(Box<dyn std::error::Error + Send + Sync>),
    /// Creating, writing, syncing or renaming the file failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// No temporary sibling could be made.
    #[error("cannot create a temporary file in '{}'", .dir.display())]
    Temporary {
        /// Where.
        dir: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// Copying into a file with other hard links failed part-way.
    #[error("writing in place (the file has other hard links); it may be incomplete")]
    InPlaceCopy(#[source] io::Error),
    /// The path has no file name.
    #[error("'{}' is not a file name", .0.display())]
    NotAFileName(PathBuf),
}
