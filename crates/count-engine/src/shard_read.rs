//! Reading shard results as a merge takes them: each file holds one result, or several one
//! a line (as `cat s1.json s2.json` joins them); `-` is standard input, one result a line,
//! each refused as it arrives. Every read is bounded ([`MAX_SHARD_BYTES`]).

use crate::ShardFile;
use std::path::PathBuf;
use zero_one_model::input::{for_each_line, read_text, InputError};
use zero_one_model::{Blame, Fault};

/// The longest shard result read: a cube is about a hundred bytes, so this holds millions
/// of cubes, far more than any split makes.
pub const MAX_SHARD_BYTES: u64 = 256 << 20;

/// Why shard results could not be read ([`read_shard_files`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardReadError {
    /// `-` is given twice: standard input is read once.
    #[error("'-' (standard input) is given twice")]
    StdinTwice,
    /// A file cannot be read, or a line of it is too long.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A file, or a line of it, is not a shard result's JSON.
    #[error("'{name}' is not a shard result of 'nqueens count --shard'")]
    NotAShard {
        /// The file, or `FILE line N` (`stdin line N`).
        name: String,
        /// What the JSON reader refused.
        #[source]
        source: serde_json::Error,
    },
}

/// Every way of failing is in the files given.
impl Blame for ShardReadError {
    fn fault(&self) -> Fault {
        Fault::Input
    }
}

/// The shard results in `paths` (`-`: standard input), each with the name a merge's
/// messages give it: the file, or `FILE line N` for one of several in a file.
///
/// # Errors
/// [`ShardReadError`]: `-` given twice, a file that cannot be read or is too long, a result
/// that is not a shard result's JSON.
pub fn read_shard_files(paths: &[PathBuf]) -> Result<Vec<(String, ShardFile)>, ShardReadError> {
    let mut files = Vec::new();
    let mut stdin_read = false;
    for path in paths {
        if path.as_os_str() == "-" {
            if std::mem::replace(&mut stdin_read, true) {
                return Err(ShardReadError::StdinTwice);
            }
            let stdin = std::io::stdin().lock();
            for_each_line(stdin, "standard input", MAX_SHARD_BYTES, |i, line| {
                if !line.trim().is_empty() {
                    files.push(parse(format!("stdin line {i}"), line)?);
                }
                Ok::<(), ShardReadError>(())
            })?;
            continue;
        }
        let name = path.display().to_string();
        let text = read_text(path, &format!("'{name}'"), MAX_SHARD_BYTES)?;
        files.extend(parse_shards(&name, &text)?);
    }
    Ok(files)
}

/// The shard results in `text`, read from `name`: one, or several one a line (blank lines
/// skipped), each named `NAME line N` then.
///
/// # Errors
/// [`ShardReadError::NotAShard`] for the first that is not a shard result's JSON.
pub fn parse_shards(name: &str, text: &str) -> Result<Vec<(String, ShardFile)>, ShardReadError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    match lines.as_slice() {
        [_] | [] => Ok(vec![parse(name.to_string(), text)?]),
        many => many
            .iter()
            .map(|(i, line)| parse(format!("{name} line {}", i + 1), line))
            .collect(),
    }
}

/// One shard result named `name` from its JSON text.
fn parse(name: String, text: &str) -> Result<(String, ShardFile), ShardReadError> {
    match serde_json::from_str(text) {
        Ok(file) => Ok((name, file)),
        Err(source) => Err(ShardReadError::NotAShard { name, source }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_no_shard_is_named_by_its_number() {
        let e = parse_shards("s.json", "{}\n\n[1]\n").unwrap_err();
        assert!(matches!(&e, ShardReadError::NotAShard { name, .. } if name == "s.json line 1"));
        let e = parse_shards("s.json", "p cnf 1 1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'s.json' is not a shard result of 'nqueens count --shard'"
        );
        assert!(e.is_input_error());
    }

    #[test]
    fn a_missing_file_is_an_input_error() {
        let e = read_shard_files(&["/nonexistent/s.json".into()]).unwrap_err();
        assert!(matches!(e, ShardReadError::Input(_)));
    }
}
