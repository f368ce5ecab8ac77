//! Checkpoints: finished cubes appended as JSON lines to a file, so an interrupted count
//! resumes without recounting them. The first line names the count; a checkpoint written for
//! a different count is refused. A torn last line (the process died mid-write) is cut off on
//! resume. The file is locked while a run uses it, so two runs never interleave their lines.

use crate::{CubeResult, EngineError, RunKey};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Serialize, Deserialize)]
struct Header {
    nqueens_checkpoint: u32,
    key: RunKey,
}

/// The format version written in the first line.
const VERSION: u32 = 2;

/// An open checkpoint file, appended to as cubes finish.
pub struct Checkpoint {
    file: File,
    path: PathBuf,
    last_sync: Instant,
}

/// How often appended lines are also synced to disk; every line is flushed to the OS at once,
/// so a killed process loses nothing, and a power cut at most this much.
const SYNC_EVERY: Duration = Duration::from_millis(500);

/// The longest line read back: a cube line is a few dozen bytes, a header a few hundred.
const MAX_LINE: u64 = 1 << 20;

impl Checkpoint {
    fn io(path: &Path, what: &str) -> impl Fn(std::io::Error) -> EngineError {
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
    /// [`EngineError::Config`] for a checkpoint of another count, a damaged file or one in use
    /// by another run, and [`EngineError::Io`] when it cannot be read or written.
    pub fn open(
        path: &Path,
        key: &RunKey,
    ) -> Result<(Checkpoint, HashMap<usize, CubeResult>), EngineError> {
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
            return Err(EngineError::Config(format!(
                "checkpoint '{}' is not a regular file",
                path.display()
            )));
        }
        if file.try_lock().is_err() {
            return Err(EngineError::Config(format!(
                "checkpoint '{}' is in use by another run",
                path.display()
            )));
        }
        let (done, good_len) = Self::read(&file, path, key)?;
        file.set_len(good_len)
            .map_err(Self::io(path, "cannot cut a torn line"))?;
        let mut cp = Checkpoint {
            file,
            path: path.to_path_buf(),
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

    /// Reads the finished cubes and the length of the whole lines.
    fn read(
        file: &File,
        path: &Path,
        key: &RunKey,
    ) -> Result<(HashMap<usize, CubeResult>, u64), EngineError> {
        let mut done = HashMap::new();
        let mut good_len = 0u64;
        let mut reader = BufReader::new(file);
        let mut line = Vec::new();
        let mut line_no = 0;
        loop {
            line.clear();
            let read = std::io::Read::take(&mut reader, MAX_LINE + 1)
                .read_until(b'\n', &mut line)
                .map_err(Self::io(path, "cannot read"))?;
            if read == 0 {
                break;
            }
            line_no += 1;
            let bad = |what: String| {
                EngineError::Config(format!(
                    "checkpoint '{}' line {line_no}: {what}",
                    path.display()
                ))
            };
            if line.last() != Some(&b'\n') {
                if read as u64 > MAX_LINE {
                    return Err(bad("line too long".into()));
                }
                break; // a torn last line
            }
            if line_no == 1 {
                let header: Header = serde_json::from_slice(&line)
                    .map_err(|e| bad(format!("not an nqueens checkpoint ({e})")))?;
                if header.nqueens_checkpoint != VERSION {
                    return Err(bad(format!(
                        "checkpoint format {} (this nqueens writes {VERSION})",
                        header.nqueens_checkpoint
                    )));
                }
                if header.key != *key {
                    return Err(EngineError::Config(format!(
                        "checkpoint '{}' belongs to a different count ({}); this one is {}",
                        path.display(),
                        header.key,
                        key
                    )));
                }
            } else {
                let cube: CubeResult =
                    serde_json::from_slice(&line).map_err(|e| bad(e.to_string()))?;
                if cube.index >= key.cubes {
                    return Err(bad(format!("cube {} does not exist", cube.index)));
                }
                if cube.orbits > cube.found {
                    return Err(bad(format!("cube {} has inconsistent counts", cube.index)));
                }
                if done.insert(cube.index, cube).is_some() {
                    return Err(bad("a cube recorded twice".into()));
                }
            }
            good_len += read as u64;
        }
        Ok((done, good_len))
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
        self.append(&serde_json::to_string(cube).expect("serializable"))?;
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
