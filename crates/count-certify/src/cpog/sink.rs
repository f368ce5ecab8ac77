//! The CPOG file as it is written: clause numbers handed out in increasing order, one line
//! per step, and the counts of what was written.

use std::io::{ErrorKind, Write};
use zero_one_model::StopFlag;

/// Writes CPOG steps to `out`, numbering clauses after the `input` clauses.
pub(crate) struct Sink<W: Write> {
    out: W,
    next: u64,
    line: Vec<u8>,
    /// Raised when the writer is to stop: every line written looks at it.
    stop: Option<StopFlag>,
    /// Steps written, by kind.
    pub stats: super::CpogStats,
}

/// What a [`Sink`] returns, inside an I/O error, once its stop flag is raised ([`is_stop`]).
#[derive(Debug, thiserror::Error)]
#[error("stopped by its stop flag")]
struct Stopped;

/// Whether `e` is the [`Sink`]'s stop.
pub(crate) fn is_stop(e: &std::io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Stopped>())
}

impl<W: Write> Sink<W> {
    pub fn new(out: W, input: u64, stop: Option<StopFlag>) -> Sink<W> {
        Sink {
            out,
            next: input + 1,
            line: Vec::with_capacity(256),
            stop,
            stats: super::CpogStats::default(),
        }
    }

    fn push_num(&mut self, n: impl itoa::Integer) {
        let mut buf = itoa::Buffer::new();
        self.line.extend_from_slice(buf.format(n).as_bytes());
        self.line.push(b' ');
    }

    fn flush_line(&mut self) -> std::io::Result<()> {
        if self.stop.as_ref().is_some_and(StopFlag::is_raised) {
            return Err(std::io::Error::new(ErrorKind::Interrupted, Stopped));
        }
        if self.line.last() == Some(&b' ') {
            self.line.pop();
        }
        self.line.push(b'\n');
        self.stats.bytes += self.line.len() as u64;
        self.out.write_all(&self.line)?;
        self.line.clear();
        Ok(())
    }

    /// `CID p NID children 0` (product) or `CID s NID c1 c2 hints 0` (sum); returns the
    /// first defining clause.
    pub fn operation(
        &mut self,
        sum: bool,
        id: i32,
        children: &[i32],
        hints: &[u64],
    ) -> std::io::Result<u64> {
        let cid = self.next;
        self.next += children.len() as u64 + 1;
        self.push_num(cid);
        self.line.extend_from_slice(if sum { b"s " } else { b"p " });
        self.push_num(id);
        for &c in children {
            self.push_num(c);
        }
        if sum {
            for &h in hints {
                self.push_num(h);
            }
        }
        self.push_num(0);
        self.flush_line()?;
        self.stats.operations += 1;
        self.stats.defining_clauses += children.len() as u64 + 1;
        Ok(cid)
    }

    /// `CID a lits 0 hints 0`: a RUP step; returns its clause number.
    pub fn add(&mut self, lits: &[i32], hints: &[u64]) -> std::io::Result<u64> {
        let cid = self.next;
        self.next += 1;
        self.push_num(cid);
        self.line.extend_from_slice(b"a ");
        for &l in lits {
            self.push_num(l);
        }
        self.push_num(0);
        for &h in hints {
            self.push_num(h);
        }
        self.push_num(0);
        self.flush_line()?;
        self.stats.added += 1;
        self.stats.hints += hints.len() as u64;
        Ok(cid)
    }

    /// `dc CID hints 0`: deletes clause `cid`, implied by the clauses left.
    pub fn delete(&mut self, cid: u64, hints: &[u64]) -> std::io::Result<()> {
        self.line.extend_from_slice(b"dc ");
        self.push_num(cid);
        for &h in hints {
            self.push_num(h);
        }
        self.push_num(0);
        self.flush_line()?;
        self.stats.deleted += 1;
        self.stats.hints += hints.len() as u64;
        Ok(())
    }

    /// `r ROOT`.
    pub fn root(&mut self, root: i32) -> std::io::Result<()> {
        self.line.extend_from_slice(b"r ");
        self.push_num(root);
        self.flush_line()
    }

    /// A comment line.
    pub fn comment(&mut self, text: &str) -> std::io::Result<()> {
        self.line.extend_from_slice(b"c ");
        self.line.extend_from_slice(text.as_bytes());
        self.flush_line()
    }

    pub fn finish(mut self) -> std::io::Result<super::CpogStats> {
        self.out.flush()?;
        Ok(self.stats)
    }
}
