//! Streaming DIMACS writer, in three flavours: plain DIMACS CNF with a `c p show` projection
//! line, the Model Counting Competition's projected format (`c t pmc` first), and incremental
//! CNF (`p inccnf`, clauses, then one `a ... 0` line per cube) for cube-and-conquer solvers.
//! The header needs the clause count up front, so callers either know it or lower twice (once
//! into a [`CountingSink`](model_core::CountingSink)); the clauses are never held in memory.

use crate::{lower_to_cnf, ClauseSink, CnfInfo, CnfOptions, Lit, LowerError, Model, Var};
use std::io::{self, Write};

/// Which DIMACS dialect a file is written in.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// `p cnf V C`, with `c p show ... 0` when a projection is given.
    #[default]
    Cnf,
    /// Model Counting Competition 2021+ projected counting: `c t pmc`, `p cnf V C`,
    /// `c p show ... 0`.
    Mcc,
    /// Incremental CNF: `p inccnf`, the clauses, then cubes as `a l1 ... lk 0` lines.
    Icnf,
}

/// What goes before the clauses.
#[derive(Clone, Debug, Default)]
pub struct DimacsHeader {
    /// The dialect.
    pub dialect: Dialect,
    /// Also write the projection as `c ind ... 0` lines (the sampling set ApproxMC and
    /// UniGen read), ten variables a line.
    pub ind_lines: bool,
    /// Comment lines, written as `c <line>` before the problem line.
    pub comments: Vec<String>,
    /// Number of variables in the `p cnf` line.
    pub num_vars: usize,
    /// Number of clauses in the `p cnf` line.
    pub num_clauses: u64,
    /// Projection set, written as `c p show ... 0` after the problem line when present.
    pub shown: Option<Vec<Var>>,
}

const BUF_SIZE: usize = 1 << 16;

/// Writes a DIMACS CNF file clause by clause.
///
/// Write errors are kept and returned by [`DimacsWriter::finish`], so the writer can be used
/// as a [`ClauseSink`]. `finish` also checks that exactly the announced number of clauses was
/// written.
pub struct DimacsWriter<W: Write> {
    out: W,
    /// Output staging area; bytes `..pos` are pending.
    buf: Vec<u8>,
    pos: usize,
    error: Option<io::Error>,
    announced: u64,
    written: u64,
}

impl<W: Write> DimacsWriter<W> {
    /// Writes the header and returns a writer ready for clauses.
    pub fn new(out: W, header: &DimacsHeader) -> DimacsWriter<W> {
        let mut w = DimacsWriter {
            out,
            buf: vec![0; BUF_SIZE],
            pos: 0,
            error: None,
            announced: header.num_clauses,
            written: 0,
        };
        if header.dialect == Dialect::Mcc {
            w.put_text("c t pmc\n");
        }
        for c in &header.comments {
            for line in c.lines() {
                w.put_text(&format!("c {line}\n"));
            }
        }
        if header.dialect == Dialect::Icnf {
            w.put_text("p inccnf\n");
        } else {
            w.put_text(&format!(
                "p cnf {} {}\n",
                header.num_vars, header.num_clauses
            ));
        }
        if let (true, Some(shown)) = (header.ind_lines, &header.shown) {
            for chunk in shown.chunks(10) {
                let vars: Vec<String> = chunk.iter().map(|v| v.to_dimacs().to_string()).collect();
                w.put_text(&format!("c ind {} 0\n", vars.join(" ")));
            }
        }
        if let Some(shown) = &header.shown {
            w.put_text("c p show");
            let mut line = String::new();
            for v in shown {
                line.clear();
                line.push(' ');
                line.push_str(itoa::Buffer::new().format(v.to_dimacs()));
                w.put_text(&line);
            }
            w.put_text(" 0\n");
        }
        w
    }

    /// Writes one cube line, `a l1 ... lk 0` (incremental CNF).
    pub fn add_cube(&mut self, lits: &[Lit]) {
        self.put_text("a ");
        let start = self.written;
        self.add_clause(lits);
        self.written = start;
    }

    fn put_text(&mut self, text: &str) {
        if self.pos + text.len() > self.buf.len() {
            self.flush_buf();
            if text.len() > self.buf.len() {
                self.buf.resize(text.len(), 0);
            }
        }
        self.buf[self.pos..self.pos + text.len()].copy_from_slice(text.as_bytes());
        self.pos += text.len();
    }

    fn flush_buf(&mut self) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(&self.buf[..self.pos])
        {
            self.error = Some(e);
        }
        self.pos = 0;
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

const PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Number of decimal digits of `n`.
#[inline]
fn digits(n: u64) -> usize {
    let mut d = 1;
    let mut p = 10u64;
    while d < 20 && n >= p {
        d += 1;
        p = p.wrapping_mul(10);
    }
    d
}

/// Writes `n` in decimal followed by a space at the start of `out`, which must have room
/// for 21 bytes; returns the bytes written. Digits go straight into place, back to front,
/// two at a time: this is where a large export spends its time.
#[inline]
fn put_number(out: &mut [u8], mut n: u64) -> usize {
    let len = digits(n);
    let mut i = len;
    while n >= 100 {
        let d = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        out[i] = PAIRS[d];
        out[i + 1] = PAIRS[d + 1];
    }
    if n >= 10 {
        let d = n as usize * 2;
        out[0] = PAIRS[d];
        out[1] = PAIRS[d + 1];
    } else {
        out[0] = b'0' + n as u8;
    }
    out[len] = b' ';
    len + 1
}

impl<W: Write> ClauseSink for DimacsWriter<W> {
    fn add_clause(&mut self, lits: &[Lit]) {
        // Room for every literal (sign, up to 20 digits, space) and the closing "0\n".
        let need = lits.len() * 22 + 2;
        if self.pos + need > self.buf.len() {
            self.flush_buf();
            if need > self.buf.len() {
                self.buf.resize(need, 0);
            }
        }
        let out = &mut self.buf[self.pos..];
        let mut at = 0;
        for l in lits {
            if !l.is_positive() {
                out[at] = b'-';
                at += 1;
            }
            at += put_number(&mut out[at..], l.var().to_dimacs());
        }
        out[at] = b'0';
        out[at + 1] = b'\n';
        self.pos += at + 2;
        self.written += 1;
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
    let header = DimacsHeader {
        comments,
        ..DimacsHeader::default()
    };
    write_model_with(model, options, header, &[], out)
}

/// Lowers `model` and writes it with `header` (its counts and projection are filled in
/// here), followed by `cubes` as `a ... 0` lines when the dialect is incremental CNF.
///
/// # Errors
/// A lowering error (before anything is written) or a write error.
pub fn write_model_with<W: Write>(
    model: &Model,
    options: &CnfOptions,
    mut header: DimacsHeader,
    cubes: &[Vec<Lit>],
    out: W,
) -> Result<CnfInfo, WriteModelError> {
    let info = crate::cnf_size(model, options)?;
    header.num_vars = info.vars();
    header.num_clauses = info.clauses;
    header.shown = Some(model.shown());
    let mut writer = DimacsWriter::new(out, &header);
    lower_to_cnf(model, options, &mut writer)?;
    if header.dialect == Dialect::Icnf {
        for cube in cubes {
            writer.add_cube(cube);
        }
    }
    writer.finish()?;
    Ok(info)
}

/// Why [`write_model`] failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteModelError {
    /// The model could not be lowered.
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// Writing failed (the I/O error is the source, so callers can spot a broken pipe).
    #[error("cannot write the CNF")]
    Io(#[from] io::Error),
}
