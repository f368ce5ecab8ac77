//! Streaming DIMACS writer. The header needs the clause count up front, so callers either
//! know it or lower twice (once into a [`CountingSink`](crate::CountingSink)); the clauses
//! themselves are never held in memory.

use crate::{lower_to_cnf, ClauseSink, CnfInfo, CnfOptions, Lit, LowerError, Model, Var};
use std::io::{self, Write};

/// What goes before the clauses.
#[derive(Clone, Debug, Default)]
pub struct DimacsHeader {
    /// Comment lines, written as `c <line>` before the problem line.
    pub comments: Vec<String>,
    /// Number of variables in the `p cnf` line.
    pub num_vars: usize,
    /// Number of clauses in the `p cnf` line.
    pub num_clauses: u64,
    /// Projection set, written as `c p show ... 0` after the problem line when present.
    pub shown: Option<Vec<Var>>,
}

const FLUSH_AT: usize = 1 << 16;

/// Writes a DIMACS CNF file clause by clause.
///
/// Write errors are kept and returned by [`DimacsWriter::finish`], so the writer can be used
/// as a [`ClauseSink`]. `finish` also checks that exactly the announced number of clauses was
/// written.
pub struct DimacsWriter<W: Write> {
    out: W,
    buf: Vec<u8>,
    error: Option<io::Error>,
    announced: u64,
    written: u64,
}

impl<W: Write> DimacsWriter<W> {
    /// Writes the header and returns a writer ready for clauses.
    pub fn new(out: W, header: &DimacsHeader) -> DimacsWriter<W> {
        let mut w = DimacsWriter {
            out,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
            error: None,
            announced: header.num_clauses,
            written: 0,
        };
        for c in &header.comments {
            for line in c.lines() {
                w.buf.extend_from_slice(b"c ");
                w.buf.extend_from_slice(line.as_bytes());
                w.buf.push(b'\n');
            }
        }
        w.buf.extend_from_slice(b"p cnf ");
        w.push_num(header.num_vars as u64);
        w.buf.push(b' ');
        w.push_num(header.num_clauses);
        w.buf.push(b'\n');
        if let Some(shown) = &header.shown {
            w.buf.extend_from_slice(b"c p show");
            for v in shown {
                w.buf.push(b' ');
                w.push_num(v.to_dimacs());
                w.maybe_flush();
            }
            w.buf.extend_from_slice(b" 0\n");
        }
        w
    }

    fn push_num(&mut self, n: u64) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    fn maybe_flush(&mut self) {
        if self.buf.len() >= FLUSH_AT {
            self.flush_buf();
        }
    }

    fn flush_buf(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(&self.buf) {
                self.error = Some(e);
            }
        }
        self.buf.clear();
    }

    /// Flushes everything and returns the underlying writer.
    ///
    /// # Errors
    /// The first write error, or `InvalidData` when the number of clauses written differs
    /// from the header's.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush_buf();
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.written != self.announced {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "header announced {} clauses but {} were written",
                    self.announced, self.written
                ),
            ));
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> ClauseSink for DimacsWriter<W> {
    fn add_clause(&mut self, lits: &[Lit]) {
        let mut b = itoa::Buffer::new();
        for l in lits {
            let v = l.var().to_dimacs();
            if !l.is_positive() {
                self.buf.push(b'-');
            }
            self.buf.extend_from_slice(b.format(v).as_bytes());
            self.buf.push(b' ');
        }
        self.buf.extend_from_slice(b"0\n");
        self.written += 1;
        self.maybe_flush();
    }
}

/// Lowers `model` and writes it as DIMACS, with `comments` and the model's projection set.
///
/// The header's counts come from [`cnf_size`](crate::cnf_size); clauses stream straight into
/// the file, so memory stays small whatever the formula's size.
///
/// # Errors
/// A lowering error (before anything is written) or a write error.
pub fn write_model<W: Write>(
    model: &Model,
    options: &CnfOptions,
    comments: Vec<String>,
    out: W,
) -> Result<CnfInfo, WriteModelError> {
    let info = crate::cnf_size(model, options)?;
    let header = DimacsHeader {
        comments,
        num_vars: info.vars(),
        num_clauses: info.clauses,
        shown: Some(model.shown()),
    };
    let mut writer = DimacsWriter::new(out, &header);
    lower_to_cnf(model, options, &mut writer)?;
    writer.finish()?;
    Ok(info)
}

/// Why [`write_model`] failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteModelError {
    /// The model could not be lowered.
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// Writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}
