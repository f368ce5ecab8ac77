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

#[cfg(test)]
mod tests {
    use super::*;

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
