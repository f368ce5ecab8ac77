//! Reading what a user hands over (a file, or `-` for standard input) with a bound: a
//! solver's answer, a shard result or a board file is never read past the most it could
//! sensibly hold, so `/dev/zero` or `yes` is refused after a bounded read, not held in
//! memory. The file readers of this crate (DIMACS, OPB) bound their own lines and take the
//! reader [`open`] gives.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Why an input could not be read. `what` names it as the caller's messages do (`'x.cnf'`,
/// `standard input`, `--given-file 'b.txt'`).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// Opening or reading failed (a missing file, text that is not UTF-8 read whole).
    #[error("cannot read {what}: {source}")]
    Unreadable {
        /// The input.
        what: String,
        /// Why.
        source: std::io::Error,
    },
    /// The path names a directory.
    #[error("{what} is a directory")]
    Directory {
        /// The input.
        what: String,
    },
    /// More than the bound.
    #[error("{what} is longer than {}, more than it could hold: refused", size(*.limit))]
    TooLarge {
        /// The input (with its line, for a line).
        what: String,
        /// The bound in bytes.
        limit: u64,
    },
    /// A line that is not UTF-8.
    #[error("{what} line {line} is not UTF-8 text")]
    NotUtf8 {
        /// The input.
        what: String,
        /// The line, from 1.
        line: usize,
    },
}

/// A bound in the unit a reader takes it in.
fn size(limit: u64) -> String {
    if limit >= 1 << 20 {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    }
}

/// The input `what` at `path` (`-`: standard input) read whole as text, at most `limit`
/// bytes.
///
/// ```
/// use model_formats::input::{read_text, InputError};
/// let dir = std::env::temp_dir().join("model-formats-read-text-doc.txt");
/// std::fs::write(&dir, "12345")?;
/// assert_eq!(read_text(&dir, "'f'", 5)?, "12345");
/// assert!(matches!(read_text(&dir, "'f'", 4), Err(InputError::TooLarge { .. })));
/// # std::fs::remove_file(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// More than `limit` bytes, an unreadable file or text that is not UTF-8.
pub fn read_text(path: &Path, what: &str, limit: u64) -> Result<String, InputError> {
    let mut text = String::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_string(&mut text)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit + 1).read_to_string(&mut text))
    };
    read.map_err(|source| InputError::Unreadable {
        what: what.into(),
        source,
    })?;
    if text.len() as u64 > limit {
        return Err(InputError::TooLarge {
            what: what.into(),
            limit,
        });
    }
    Ok(text)
}

/// Calls `each` with the number (from 1) and text of every line of `reader` as it arrives,
/// stopping at the first error `each` returns: a bad first line is refused before the rest
/// of a stream is read.
///
/// # Errors
/// A line longer than `limit` bytes or not UTF-8, a read that fails (as [`InputError`]s
/// naming `what`), or the first error of `each`.
pub fn for_each_line<E: From<InputError>>(
    reader: impl Read,
    what: &str,
    limit: u64,
    mut each: impl FnMut(usize, &str) -> Result<(), E>,
) -> Result<(), E> {
    let mut reader = BufReader::new(reader);
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut reader)
            .take(limit + 1)
            .read_until(b'\n', &mut line)
            .map_err(|source| InputError::Unreadable {
                what: what.into(),
                source,
            })?;
        if read == 0 {
            break;
        }
        if line.len() as u64 > limit && line.last() != Some(&b'\n') {
            let what = format!("{what} line {number}");
            return Err(InputError::TooLarge { what, limit }.into());
        }
        let text = std::str::from_utf8(&line).map_err(|_| InputError::NotUtf8 {
            what: what.into(),
            line: number,
        })?;
        each(number, text.trim_end_matches(['\n', '\r']))?;
    }
    Ok(())
}

/// The file at `path` (`-`: standard input) as a buffered reader, for readers that bound
/// their own lines (DIMACS, OPB). `name` is the path as the user gave it.
///
/// # Errors
/// A file that cannot be opened, or a directory.
pub fn open(path: &Path, name: &str) -> Result<Box<dyn BufRead>, InputError> {
    if name == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin().lock())));
    }
    let what = format!("'{name}'");
    let file = std::fs::File::open(path).map_err(|source| InputError::Unreadable {
        what: what.clone(),
        source,
    })?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(InputError::Directory { what });
    }
    Ok(Box::new(BufReader::new(file)))
}

/// Why a file named on a command line could not be read in its format
/// ([`read_dimacs_file`], [`read_opb_file`]): it cannot be opened, or it does not parse (the
/// message names the file, the source says where and why).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError<E: std::error::Error + 'static> {
    /// The file cannot be opened (or is a directory).
    #[error(transparent)]
    Open(#[from] InputError),
    /// The file does not parse.
    #[error("'{name}'")]
    Parse {
        /// The file as given.
        name: String,
        /// The reader's error.
        #[source]
        source: E,
    },
}

/// Every way of failing is in the file given.
impl<E: std::error::Error + 'static> model_core::Blame for FileError<E> {
    fn fault(&self) -> model_core::Fault {
        model_core::Fault::Input
    }
}

/// The DIMACS file at `path` (`-` for standard input, when `name` is `-` too), read as
/// `options` say; `name` is how messages call it. Its warnings are in [`Cnf::warnings`].
///
/// [`Cnf::warnings`]: crate::dimacs::Cnf
///
/// # Errors
/// [`FileError`]: the file cannot be opened, or does not parse.
pub fn read_dimacs_file(
    path: &Path,
    name: &str,
    options: &crate::dimacs::ReadOptions,
) -> Result<crate::dimacs::Cnf, FileError<crate::dimacs::ParseError>> {
    crate::dimacs::read_dimacs_with(open(path, name)?, options).map_err(|source| FileError::Parse {
        name: name.into(),
        source,
    })
}

/// The OPB file at `path` (`-` for standard input, when `name` is `-` too); `name` is how
/// messages call it.
///
/// # Errors
/// [`FileError`]: the file cannot be opened, or does not parse.
pub fn read_opb_file(
    path: &Path,
    name: &str,
) -> Result<crate::opb::OpbInstance, FileError<crate::opb::OpbError>> {
    crate::opb::read_opb(open(path, name)?).map_err(|source| FileError::Parse {
        name: name.into(),
        source,
    })
}

/// An input that cannot be read, or holds more than it could, is the caller's.
impl model_core::Blame for InputError {
    fn fault(&self) -> model_core::Fault {
        model_core::Fault::Input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_does_not_parse_is_named_with_the_readers_reason() {
        use std::error::Error;
        let dir = std::env::temp_dir().join(format!("input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.opb");
        std::fs::write(&path, "* #variable= 1 #constraint= 1\n+1 x1 >= \n").unwrap();
        let e = read_opb_file(&path, "bad.opb").unwrap_err();
        assert_eq!(e.to_string(), "'bad.opb'");
        assert!(
            e.source().is_some_and(|s| s.to_string().contains("line 2")),
            "{e:?}"
        );
        let ok = std::fs::write(&path, "p cnf 1 1\n1 0\n");
        ok.unwrap();
        let cnf = read_dimacs_file(&path, "ok.cnf", &Default::default()).unwrap();
        assert_eq!(cnf.num_vars, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unreadable_input_is_the_callers() {
        use model_core::Blame;
        let missing = open(Path::new("/nonexistent/x.cnf"), "/nonexistent/x.cnf");
        assert!(missing.err().is_some_and(|e| e.is_input_error()));
    }

    #[test]
    fn lines_past_the_bound_or_not_utf8_are_refused_with_their_number() {
        let each = |_: usize, _: &str| Ok::<(), InputError>(());
        let long = for_each_line(&b"ab\nabcdef\n"[..], "'f'", 4, each).unwrap_err();
        assert_eq!(
            long.to_string(),
            "'f' line 2 is longer than 4 bytes, more than it could hold: refused"
        );
        let bad = for_each_line(&b"ok\n\xff\n"[..], "'f'", 4, each).unwrap_err();
        assert_eq!(bad.to_string(), "'f' line 2 is not UTF-8 text");
        let mut seen = Vec::new();
        for_each_line(&b"a\r\nb"[..], "'f'", 4, |i, l| {
            seen.push((i, l.to_owned()));
            Ok::<(), InputError>(())
        })
        .unwrap();
        assert_eq!(seen, [(1, "a".to_owned()), (2, "b".to_owned())]);
    }

    #[test]
    fn a_directory_is_refused_by_name() {
        let dir = std::env::temp_dir();
        let e = open(&dir, "d").err().expect("refused");
        assert_eq!(e.to_string(), "'d' is a directory");
        let big = InputError::TooLarge {
            what: "x".into(),
            limit: 32 << 20,
        };
        assert!(big.to_string().contains("longer than 32 MiB"));
    }
}
