//! At-most-one encodings, one per file, selectable by name. Each writes clauses into a
//! [`ClauseSink`] and takes auxiliary variables from a [`VarAlloc`]; exactly-one is an
//! at-most-one plus one clause.

mod pairwise;
mod sequential;

pub use pairwise::encode_pairwise;
pub use sequential::encode_sequential;

use crate::{ClauseSink, Lit, VarAlloc};
use std::fmt;
use std::str::FromStr;

/// The at-most-one encodings this crate offers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum AmoEncoding {
    /// One binary clause per pair: no auxiliaries, n(n-1)/2 clauses.
    #[default]
    Pairwise,
    /// Sinz's sequential counter (2005): n-1 auxiliaries, 3n-4 clauses.
    Sequential,
}

impl AmoEncoding {
    /// Every encoding, in a stable order.
    pub const ALL: [AmoEncoding; 2] = [AmoEncoding::Pairwise, AmoEncoding::Sequential];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            AmoEncoding::Pairwise => "pairwise",
            AmoEncoding::Sequential => "sequential",
        }
    }

    /// Writes "at most one of `lits`" into `sink`.
    pub fn encode(self, lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
        match self {
            AmoEncoding::Pairwise => encode_pairwise(lits, sink),
            AmoEncoding::Sequential => encode_sequential(lits, vars, sink),
        }
    }

    /// The size of the at-most-one over `n` literals without writing it:
    /// (clauses, literal occurrences, auxiliary variables).
    pub fn size(self, n: usize) -> (u64, u64, usize) {
        let n64 = n as u64;
        match self {
            AmoEncoding::Pairwise => {
                let c = n64 * n64.saturating_sub(1) / 2;
                (c, 2 * c, 0)
            }
            AmoEncoding::Sequential if n < 2 => (0, 0, 0),
            AmoEncoding::Sequential => (3 * n64 - 4, 2 * (3 * n64 - 4), n - 1),
        }
    }

    /// Writes "exactly one of `lits`": the at-most-one, then the at-least-one clause.
    pub fn encode_exactly_one(self, lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
        self.encode(lits, vars, sink);
        sink.add_clause(lits);
    }
}

impl fmt::Display for AmoEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AmoEncoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        AmoEncoding::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = AmoEncoding::ALL.iter().map(|e| e.name()).collect();
                format!(
                    "unknown at-most-one encoding '{s}' (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests;
