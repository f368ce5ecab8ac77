//! Checkpoints: finished cubes appended as JSON lines to a file, so an interrupted count
//! resumes without recounting them. The first line names the command; a checkpoint written
//! by a different command is refused. A torn last line (the process died mid-write) is cut
//! off on resume.

use crate::DriverError;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Everything that decides which cubes a count has and what each one counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunKey {
    /// Board size.
    pub n: usize,
    /// Formulation (and domain).
    pub formulation: String,
    /// Backend.
    pub backend: String,
    /// Encoding.
    pub encoding: String,
    /// Rows fixed per cube.
    pub cube_depth: usize,
    /// Symmetry reduction.
    pub symmetry: String,
    /// Number of cubes.
    pub cubes: usize,
}

impl fmt::Display for RunKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n = {}, formulation {}, backend {}, encoding {}, cube depth {}, symmetry {}",
            self.n, self.formulation, self.backend, self.encoding, self.cube_depth, self.symmetry
        )
    }
}

/// What one finished cube counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeResult {
    /// Index of the cube in the run's cube list.
    pub index: usize,
    /// The cube: columns of the first rows.
    pub prefix: Vec<usize>,
    /// Solutions the backend returned, each validated.
    pub found: u64,
    /// All solutions they stand for, after symmetry.
    pub total: u64,
    /// Fundamental solutions (D4).
    pub fundamental: u64,
}

#[derive(Serialize, Deserialize)]
struct Header {
    nqueens_checkpoint: u32,
    key: RunKey,
}

/// An open checkpoint file, appended to as cubes finish.
pub struct Checkpoint {
    file: File,
    path: PathBuf,
    last_sync: Instant,
}

/// How often appended lines are also synced to disk; every line is flushed to the OS at once,
/// so a killed process loses nothing, and a power cut at most this much.
const SYNC_EVERY: Duration = Duration::from_millis(500);

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for the run `key` and returns the cubes it
    /// already holds.
    ///
    /// # Errors
    /// [`DriverError::Config`] for a checkpoint of another command or a damaged file, and
    /// [`DriverError::Io`] when it cannot be read or written.
    pub fn open(
        path: &Path,
        key: &RunKey,
    ) -> Result<(Checkpoint, HashMap<usize, CubeResult>), DriverError> {
        let io =
            |e: std::io::Error| DriverError::Io(format!("checkpoint '{}': {e}", path.display()));
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        let mut done = HashMap::new();
        let mut good_len = 0u64;
        {
            let mut reader = BufReader::new(&file);
            let mut line = String::new();
            let mut line_no = 0;
            loop {
                line.clear();
                let read = reader.read_line(&mut line).map_err(io)?;
                if read == 0 || !line.ends_with('\n') {
                    break; // end, or a torn last line
                }
                line_no += 1;
                let bad = |what: String| {
                    DriverError::Config(format!(
                        "checkpoint '{}' line {line_no}: {what}",
                        path.display()
                    ))
                };
                if line_no == 1 {
                    let header: Header = serde_json::from_str(&line)
                        .map_err(|e| bad(format!("not an nqueens checkpoint ({e})")))?;
                    if header.key != *key {
                        return Err(DriverError::Config(format!(
                            "checkpoint '{}' belongs to a different count ({}); this one is {}",
                            path.display(),
                            header.key,
                            key
                        )));
                    }
                } else {
                    let cube: CubeResult =
                        serde_json::from_str(&line).map_err(|e| bad(e.to_string()))?;
                    if cube.index >= key.cubes {
                        return Err(bad(format!("cube {} does not exist", cube.index)));
                    }
                    if done.insert(cube.index, cube).is_some() {
                        return Err(bad("a cube recorded twice".into()));
                    }
                }
                good_len += read as u64;
            }
        }
        file.set_len(good_len).map_err(io)?;
        file.seek(SeekFrom::End(0)).map_err(io)?;
        let mut cp = Checkpoint {
            file,
            path: path.to_path_buf(),
            last_sync: Instant::now(),
        };
        if good_len == 0 {
            let header = Header {
                nqueens_checkpoint: 1,
                key: key.clone(),
            };
            cp.append(&serde_json::to_string(&header).expect("serializable"))?;
            cp.sync()?;
        }
        Ok((cp, done))
    }

    fn append(&mut self, line: &str) -> Result<(), DriverError> {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.file
            .write_all(&bytes)
            .map_err(|e| DriverError::Io(format!("checkpoint '{}': {e}", self.path.display())))
    }

    /// Appends one finished cube.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn record(&mut self, cube: &CubeResult) -> Result<(), DriverError> {
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
    pub fn sync(&mut self) -> Result<(), DriverError> {
        self.last_sync = Instant::now();
        self.file
            .sync_data()
            .map_err(|e| DriverError::Io(format!("checkpoint '{}': {e}", self.path.display())))
    }
}
