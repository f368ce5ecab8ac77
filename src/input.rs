//! Reading what a user hands over (a file, or `-` for standard input) with a bound: a
//! solver's answer, a shard result or a board file is never read past the most it could
//! sensibly hold, so `/dev/zero` or `yes` is refused after a bounded read, not held in memory.

use crate::exit::CliError;
use anyhow::Context;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use zero_one_model::dimacs::{read_dimacs_with, Cnf, ReadOptions};

/// `what` (`--given-file 'x'`, `'answer.txt'`, ...) read whole, as text: `-` is standard
/// input. More than `limit` bytes, an unreadable file or text that is not UTF-8 is a usage
/// error (exit 2) naming `what`.
pub fn read_text(path: &Path, what: &str, limit: u64) -> Result<String, CliError> {
    let mut text = String::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_string(&mut text)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit + 1).read_to_string(&mut text))
    };
    read.map_err(|e| usage!("cannot read {what}: {e}"))?;
    if text.len() as u64 > limit {
        return Err(too_large(what, limit));
    }
    Ok(text)
}

/// Calls `each` with the number (from 1) and text of every line of `reader` as it arrives,
/// stopping at the first error `each` returns: a bad first line is refused before the rest
/// of a stream is read. A line longer than `limit` bytes is a usage error naming `what`.
pub fn for_each_line(
    reader: impl Read,
    what: &str,
    limit: u64,
    mut each: impl FnMut(usize, &str) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut reader = BufReader::new(reader);
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut reader)
            .take(limit + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| usage!("cannot read {what}: {e}"))?;
        if read == 0 {
            break;
        }
        if line.len() as u64 > limit && line.last() != Some(&b'\n') {
            return Err(too_large(&format!("{what} line {number}"), limit));
        }
        let text = std::str::from_utf8(&line)
            .map_err(|_| usage!("{what} line {number} is not UTF-8 text"))?;
        each(number, text.trim_end_matches(['\n', '\r']))?;
    }
    Ok(())
}

/// The file at `path` (`-`: standard input) as a buffered reader, for readers that bound
/// their own lines (DIMACS, OPB). `name` is the path as the user gave it.
///
/// # Errors
/// A file that cannot be opened, or a directory (exit 2).
pub fn open(path: &Path, name: &str) -> Result<Box<dyn BufRead>, CliError> {
    if name == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin().lock())));
    }
    let file = std::fs::File::open(path).map_err(|e| usage!("cannot read '{name}': {e}"))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(usage!("'{name}' is a directory"));
    }
    Ok(Box::new(BufReader::new(file)))
}

fn too_large(what: &str, limit: u64) -> CliError {
    let size = if limit >= 1 << 20 {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    usage!("{what} is longer than {size}, more than it could hold: refused")
}

/// Reads the DIMACS file at `path` (`-`: stdin) as `options` say (weights read into
/// [`Cnf::weights`] when asked), printing its warnings; `name` is how messages call it.
///
/// # Errors
/// Exit code 2 for a file that cannot be read or does not parse.
pub fn read_cnf(path: &Path, name: &str, options: &ReadOptions) -> Result<Cnf, CliError> {
    let cnf = read_dimacs_with(open(path, name)?, options)
        .with_context(|| format!("'{name}'"))
        .map_err(CliError::usage)?;
    for w in &cnf.warnings {
        eprintln!("nqueens: warning: '{name}': {w}");
    }
    Ok(cnf)
}
