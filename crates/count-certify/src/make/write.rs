//! The bundle's files, written as the cubes finish: F and the head of the blocked formula
//! first, then each cube's models, blocking clauses and proof section in cube order (cubes
//! finishing early wait in memory for their turn), then the manifest.

use super::formula::Formula;
use super::proof::Section;
use super::MakeError;
use crate::bundle::{Manifest, BLOCKED, FORMULA, MANIFEST, PROOF, SOLUTIONS, VERSION};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use zero_one_model::dimacs::{DimacsHeader, DimacsWriter};
use zero_one_model::{ClauseSink, Lit};

/// What one cube adds to the bundle.
pub struct CubeOutput {
    /// Its models, as lines of [`SOLUTIONS`].
    pub models: Vec<u8>,
    /// Their blocking clauses, in the same order.
    pub blocking: Vec<Vec<Lit>>,
    /// Its proof section.
    pub section: Section,
}

/// The files being written.
pub struct Files {
    next: usize,
    pending: BTreeMap<usize, CubeOutput>,
    solutions: BufWriter<File>,
    blocked: DimacsWriter<BufWriter<File>>,
    proof: BufWriter<File>,
    proof_lines: u64,
}

fn io_error(file: &'static str) -> impl Fn(io::Error) -> MakeError {
    move |source| MakeError::Io { file, source }
}

fn create(dir: &Path, file: &'static str) -> Result<BufWriter<File>, MakeError> {
    let f = File::create_new(dir.join(file)).map_err(io_error(file))?;
    Ok(BufWriter::with_capacity(1 << 20, f))
}

impl Files {
    /// Writes [`FORMULA`] and the head of [`BLOCKED`] (whose header counts `models` blocking
    /// clauses to come) into `dir`, and opens the other files.
    ///
    /// # Errors
    /// [`MakeError::Io`] naming the file that could not be written.
    pub fn create(dir: &Path, formula: &Formula, models: u64) -> Result<Files, MakeError> {
        let header = |clauses: u64, shown| DimacsHeader {
            num_vars: formula.num_vars,
            num_clauses: clauses,
            shown,
            comments: formula.comments.clone(),
            ..DimacsHeader::default()
        };
        let clauses = formula.clauses.len() as u64;
        let mut f = DimacsWriter::new(
            create(dir, FORMULA)?,
            &header(clauses, formula.projection.clone()),
        );
        let mut blocked = DimacsWriter::new(create(dir, BLOCKED)?, &header(clauses + models, None));
        for c in &formula.clauses {
            f.add_clause(c);
            blocked.add_clause(c);
        }
        f.finish().map_err(io_error(FORMULA))?;
        Ok(Files {
            next: 0,
            pending: BTreeMap::new(),
            solutions: create(dir, SOLUTIONS)?,
            blocked,
            proof: create(dir, PROOF)?,
            proof_lines: 0,
        })
    }

    /// Takes cube `index`'s output, and writes every output whose turn has come.
    ///
    /// # Errors
    /// [`MakeError::Io`] naming the file that could not be written.
    pub fn put(&mut self, index: usize, out: CubeOutput) -> Result<(), MakeError> {
        self.pending.insert(index, out);
        while let Some(out) = self.pending.remove(&self.next) {
            self.solutions
                .write_all(&out.models)
                .map_err(io_error(SOLUTIONS))?;
            for b in &out.blocking {
                self.blocked.add_clause(b);
            }
            self.section(&out.section)?;
            self.next += 1;
        }
        Ok(())
    }

    /// Appends a proof section.
    ///
    /// # Errors
    /// [`MakeError::Io`] when the proof cannot be written.
    pub fn section(&mut self, section: &Section) -> Result<(), MakeError> {
        self.proof
            .write_all(&section.text)
            .map_err(io_error(PROOF))?;
        self.proof_lines += section.lines;
        Ok(())
    }

    /// Flushes every file and returns the number of proof lines; `cubes` outputs must have
    /// been put.
    ///
    /// # Errors
    /// [`MakeError::Io`] naming the file that could not be written (or whose clause count
    /// came out wrong).
    pub fn finish(mut self, cubes: usize) -> Result<u64, MakeError> {
        if self.next != cubes || !self.pending.is_empty() {
            return Err(MakeError::Input(format!(
                "{} of {cubes} cubes were written",
                self.next
            )));
        }
        self.solutions.flush().map_err(io_error(SOLUTIONS))?;
        self.blocked.finish().map_err(io_error(BLOCKED))?;
        self.proof.flush().map_err(io_error(PROOF))?;
        Ok(self.proof_lines)
    }
}

/// Appends `model` as a line of [`SOLUTIONS`]: `1 -2 3 ... 0`.
pub fn model_line(out: &mut Vec<u8>, model: &[bool]) {
    let mut num = itoa::Buffer::new();
    for (v, &b) in model.iter().enumerate() {
        if !b {
            out.push(b'-');
        }
        out.extend_from_slice(num.format(v + 1).as_bytes());
        out.push(b' ');
    }
    out.extend_from_slice(b"0\n");
}

/// Writes [`MANIFEST`].
///
/// # Errors
/// [`MakeError::Io`] when it cannot be written.
pub fn manifest(
    dir: &Path,
    formula: &Formula,
    models: u64,
    produced_by: super::ProducedBy,
) -> Result<(), MakeError> {
    let files = [
        ("formula", FORMULA),
        ("solutions", SOLUTIONS),
        ("blocked", BLOCKED),
        ("proof", PROOF),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let manifest = Manifest {
        version: VERSION,
        count: models.to_string(),
        projection: formula
            .shown()
            .iter()
            .map(|v| v.to_dimacs() as u32)
            .collect(),
        files,
        produced_by,
    };
    let mut out = create(dir, MANIFEST)?;
    serde_json::to_writer_pretty(&mut out, &manifest)
        .map_err(io::Error::from)
        .map_err(io_error(MANIFEST))?;
    out.write_all(b"\n")
        .and_then(|()| out.flush())
        .map_err(io_error(MANIFEST))
}
