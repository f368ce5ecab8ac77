//! Checkpoints: finished cubes appended as JSON lines to a file, so an interrupted count
//! resumes without recounting them. The first line names the count and the format version; a
//! checkpoint written for a different count or by another format is refused. A torn last line
//! (the process died mid-write) is cut off on resume. The file is locked while a run uses it,
//! so two runs never interleave their lines.
//!
//! Nothing read back is trusted: every cube line carries a check value over the count's key
//! and its own counts, so a line of another checkpoint or an edited count is refused; its
//! counts must be ones a cube of this count can hold ([`crate::Problem::max_weight`],
//! [`crate::Problem::cube_capacity`]); their sums must fit 64 bits. A damaged file is refused
//! naming the line, never summed.

use crate::limits::implausible;
use crate::stable_hash::{fnv1a, FNV_OFFSET};
use crate::{Count, CubeResult, EngineError, RunKey, Tally};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Serialize, Deserialize)]
struct Header {
    nqueens_checkpoint: u32,
    key: RunKey,
}

/// The first field of the header alone, so that a file of another format is named as such
/// rather than as a header with missing fields.
#[derive(Deserialize)]
struct Version {
    nqueens_checkpoint: u32,
}

/// One finished cube, as written: its counts and a check value binding them to the count.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CubeLine {
    index: usize,
    found: u64,
    total: Count,
    orbits: Count,
    check: String,
}

/// The format version written in the first line: 3 added the check value of cube lines and
/// the bounds of the key.
const VERSION: u32 = 3;

/// An open checkpoint file, appended to as cubes finish.
pub struct Checkpoint {
    file: File,
    path: PathBuf,
    /// The hash of the count's key that every line's check value starts from.
    run: u64,
    last_sync: Instant,
}

/// How often appended lines are also synced to disk; every line is flushed to the OS at once,
/// so a killed process loses nothing, and a power cut at most this much.
const SYNC_EVERY: Duration = Duration::from_millis(500);

/// The longest header read back: the key lists the cubes of every part, a few bytes each.
const MAX_HEADER: u64 = 64 << 20;

/// The longest cube line read back: one is about a hundred bytes.
const MAX_CUBE_LINE: u64 = 4 << 10;

/// The hash of a count's key.
pub(crate) fn run_hash(key: &RunKey) -> u64 {
    let json = serde_json::to_vec(key).expect("a key serializes");
    fnv1a(FNV_OFFSET, &json)
}

/// The check value of a cube line of the count whose key hashes to `run`.
pub(crate) fn check_value(run: u64, c: &CubeResult) -> String {
    let mut h = run;
    for x in [c.index as u64, c.found] {
        h = fnv1a(h, &x.to_le_bytes());
    }
    for x in [&c.total, &c.orbits] {
        h = fnv1a(h, &x.check_bytes());
    }
    format!("{h:016x}")
}

/// The longest reason quoted from a JSON error, in characters: it may quote a field name of
/// any length from the file.
const MAX_REASON_CHARS: usize = 120;

/// A JSON error on one line of bounded length (control characters escaped, cut with `…`),
/// without serde's "at line 1 column N": the file's line is named by the caller.
fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let text = text
        .rfind(" at line ")
        .map_or(&text[..], |cut| &text[..cut]);
    let mut reason = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_REASON_CHARS {
            reason.push('…');
            break;
        }
        if c.is_control() {
            reason.extend(c.escape_default());
        } else {
            reason.push(c);
        }
    }
    format!("{reason} at column {}", e.column())
}

impl Checkpoint {
    fn io(path: &Path, what: &str) -> impl Fn(std::io::Error) -> EngineError + use<> {
        let what = format!("checkpoint '{}': {what}", path.display());
        move |source| EngineError::Io {
            what: what.clone(),
            source,
        }
    }

    /// Opens (or creates) the checkpoint at `path` for the run `key` and returns the cubes it
    /// already holds.
    ///
    /// # Errors
    /// [`EngineError::Checkpoint`] for a checkpoint of another count or format, a damaged file
    /// (naming the first bad line) or one in use by another run, and [`EngineError::Io`] when
    /// it cannot be read or written.
    pub fn open(
        path: &Path,
        key: &RunKey,
    ) -> Result<(Checkpoint, HashMap<usize, CubeResult>), EngineError> {
        let file = Self::open_locked(path)?;
        let run = run_hash(key);
        let (done, good_len) = Self::read(&file, path, key, run)?;
        file.set_len(good_len)
            .map_err(Self::io(path, "cannot cut a torn line"))?;
        let mut cp = Checkpoint {
            file,
            path: path.to_path_buf(),
            run,
            last_sync: Instant::now(),
        };
        cp.file
            .seek(SeekFrom::End(0))
            .map_err(Self::io(path, "cannot seek"))?;
        if good_len == 0 {
            let header = Header {
                nqueens_checkpoint: VERSION,
                key: key.clone(),
            };
            cp.append(&serde_json::to_string(&header).expect("serializable"))?;
            cp.sync()?;
        }
        Ok((cp, done))
    }

    /// Opens the file at `path` (creating it), which must be a regular file no other run has
    /// locked, and locks it.
    fn open_locked(path: &Path) -> Result<File, EngineError> {
        if let Some(fd) = atomic_output::names_descriptor(path) {
            // Reopened, `/dev/stdout >> log` would be `log`, read as a checkpoint and cut.
            return Err(EngineError::Checkpoint {
                path: path.to_path_buf(),
                reason: format!(
                    "names descriptor {fd}, not a file: a checkpoint is read back and appended to"
                ),
            });
        }
        if path.is_dir() {
            return Err(EngineError::Checkpoint {
                path: path.to_path_buf(),
                reason: "is a directory, not a file".into(),
            });
        }
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(Self::io(path, "cannot open"))?;
        if !file
            .metadata()
            .map_err(Self::io(path, "cannot stat"))?
            .is_file()
        {
            return Err(EngineError::Checkpoint {
                path: path.to_path_buf(),
                reason: "is not a regular file".into(),
            });
        }
        match file.try_lock() {
            Ok(()) => Ok(file),
            Err(TryLockError::WouldBlock) => Err(EngineError::Checkpoint {
                path: path.to_path_buf(),
                reason: "is in use by another run".into(),
            }),
            Err(TryLockError::Error(e)) => Err(Self::io(path, "cannot lock")(e)),
        }
    }

    /// Reads the finished cubes and the length of the whole lines.
    fn read(
        file: &File,
        path: &Path,
        key: &RunKey,
        run: u64,
    ) -> Result<(HashMap<usize, CubeResult>, u64), EngineError> {
        let mut done = HashMap::new();
        let mut sums = Tally::default();
        let mut good_len = 0u64;
        let mut reader = BufReader::new(file);
        let mut line = Vec::new();
        let mut line_no = 0;
        loop {
            line.clear();
            let max = if line_no == 0 {
                MAX_HEADER
            } else {
                MAX_CUBE_LINE
            };
            let read = std::io::Read::take(&mut reader, max + 1)
                .read_until(b'\n', &mut line)
                .map_err(Self::io(path, "cannot read"))?;
            if read == 0 {
                break;
            }
            line_no += 1;
            let bad = |what: String| EngineError::Checkpoint {
                path: path.to_path_buf(),
                reason: format!("line {line_no}: {what}"),
            };
            if line.last() != Some(&b'\n') {
                if read as u64 > max {
                    return Err(bad(format!("longer than {max} bytes")));
                }
                break; // a torn last line
            }
            if line_no == 1 {
                Self::header(&line, key, &bad)?;
            } else {
                let cube = Self::cube(&line, key, run, &bad)?;
                sums.add_cube(&cube)
                    .map_err(|_| bad("the counts up to this line overflow 64 bits".into()))?;
                if done.insert(cube.index, cube).is_some() {
                    return Err(bad("a cube recorded twice".into()));
                }
            }
            good_len += read as u64;
        }
        Ok((done, good_len))
    }

    /// Checks the first line: an nqueens checkpoint of this format, for this count. `bad`
    /// makes the error of this line.
    fn header(
        line: &[u8],
        key: &RunKey,
        bad: &dyn Fn(String) -> EngineError,
    ) -> Result<(), EngineError> {
        let not_ours =
            |e: serde_json::Error| bad(format!("not an nqueens checkpoint ({})", json_reason(&e)));
        let version: Version = serde_json::from_slice(line).map_err(not_ours)?;
        if version.nqueens_checkpoint != VERSION {
            return Err(bad(format!(
                "checkpoint format {} (this nqueens reads and writes {VERSION}); delete the file to count afresh",
                version.nqueens_checkpoint
            )));
        }
        let header: Header = serde_json::from_slice(line).map_err(not_ours)?;
        if header.key != *key {
            return Err(bad(format!(
                "it belongs to a different count ({}; this one is {key}); they differ in {}",
                header.key,
                header.key.differences(key).join("; ")
            )));
        }
        Ok(())
    }

    /// Reads a cube line and checks it against the count. `bad` makes the error of this line.
    fn cube(
        line: &[u8],
        key: &RunKey,
        run: u64,
        bad: &dyn Fn(String) -> EngineError,
    ) -> Result<CubeResult, EngineError> {
        let l: CubeLine = serde_json::from_slice(line)
            .map_err(|e| bad(format!("not a cube line ({})", json_reason(&e))))?;
        let cube = CubeResult {
            index: l.index,
            found: l.found,
            total: l.total,
            orbits: l.orbits,
        };
        if let Some(why) = implausible(key, &cube) {
            return Err(bad(why));
        }
        if l.check != check_value(run, &cube) {
            return Err(bad(format!(
                "cube {} does not belong to this count: its check value does not match (a line of another checkpoint, or edited)",
                cube.index
            )));
        }
        Ok(cube)
    }

    fn append(&mut self, line: &str) -> Result<(), EngineError> {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.file
            .write_all(&bytes)
            .map_err(Self::io(&self.path, "cannot write"))
    }

    /// Appends one finished cube.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn record(&mut self, cube: &CubeResult) -> Result<(), EngineError> {
        let line = CubeLine {
            index: cube.index,
            found: cube.found,
            total: cube.total.clone(),
            orbits: cube.orbits.clone(),
            check: check_value(self.run, cube),
        };
        self.append(&serde_json::to_string(&line).expect("serializable"))?;
        if self.last_sync.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    /// Forces everything written so far to disk.
    ///
    /// # Errors
    /// When syncing fails.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.last_sync = Instant::now();
        self.file
            .sync_data()
            .map_err(Self::io(&self.path, "cannot sync"))
    }
}

#[cfg(test)]
mod golden {
    use super::*;

    /// The header and first cube line of a checkpoint written before problem descriptions
    /// were typed (`nqueens count cnf fixtures/compat/parts.cnf --checkpoint`).
    const HEADER: &str = r#"{"nqueens_checkpoint":3,"key":{"problem":{"about":"fixtures/compat/parts.cnf","depth":"Target(512)","model":"e3b02e8eee6de597","problem":"model"},"backend":"dpll","encoding":"pairwise","cubes":9,"part_cubes":[2,7],"free_vars":1,"max_weight":1,"cube_capacity":4,"cubes_hash":"2b7959620c92a91a","components":true,"orbit_weights":false}}"#;
    const CHECK: &str = "9db72aae0adaf516";

    #[test]
    fn a_key_of_an_earlier_build_is_written_back_to_the_same_bytes_and_check_values() {
        let header: Header = serde_json::from_str(HEADER).unwrap();
        assert_eq!(serde_json::to_string(&header).unwrap(), HEADER);
        let cube = CubeResult {
            index: 0,
            found: 1,
            total: Count::from(1u64),
            orbits: Count::from(1u64),
        };
        assert_eq!(check_value(run_hash(&header.key), &cube), CHECK);
        let params: crate::ModelParams = header.key.problem.params().unwrap();
        assert_eq!(params.depth, crate::Depth::Target(512));
        assert!(!params.whole);
    }
}
