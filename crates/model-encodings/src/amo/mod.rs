//! At-most-one encodings, one per file, selectable by name. Each writes clauses into a
//! [`ClauseSink`] and takes auxiliary variables from a [`VarAlloc`]; exactly-one is an
//! at-most-one plus one clause.

mod bimander;
mod bitwise;
mod commander;
mod ladder;
mod pairwise;
mod product;
mod sequential;

pub use bimander::encode_bimander;
pub use bitwise::encode_bitwise;
pub use commander::encode_commander;
pub use ladder::encode_ladder;
pub use pairwise::encode_pairwise;
pub use product::encode_product;
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
    /// Gent & Nightingale's ladder (2004): n-1 auxiliaries, 4n-5 clauses, auxiliaries
    /// determined by the inputs.
    Ladder,
    /// Frisch et al.'s bitwise (binary) encoding: ceil(log2 n) auxiliaries, n*ceil(log2 n)
    /// clauses.
    Bitwise,
    /// Klieber & Kwon's commander encoding (2007), groups of 3: about n/2 auxiliaries and
    /// 3.7n clauses.
    Commander,
    /// Chen's product encoding (2010): about 2 sqrt(n) auxiliaries and 2n + 4 sqrt(n) clauses.
    Product,
    /// Nguyen & Mai's bimander encoding (2015), groups of 2: ceil(log2(n/2)) auxiliaries.
    Bimander,
}

impl AmoEncoding {
    /// Every encoding, in a stable order.
    pub const ALL: [AmoEncoding; 7] = [
        AmoEncoding::Pairwise,
        AmoEncoding::Sequential,
        AmoEncoding::Ladder,
        AmoEncoding::Bitwise,
        AmoEncoding::Commander,
        AmoEncoding::Product,
        AmoEncoding::Bimander,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            AmoEncoding::Pairwise => "pairwise",
            AmoEncoding::Sequential => "sequential",
            AmoEncoding::Ladder => "ladder",
            AmoEncoding::Bitwise => "bitwise",
            AmoEncoding::Commander => "commander",
            AmoEncoding::Product => "product",
            AmoEncoding::Bimander => "bimander",
        }
    }

    /// Writes "at most one of `lits`" into `sink`.
    pub fn encode(self, lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) {
        match self {
            AmoEncoding::Pairwise => encode_pairwise(lits, sink),
            AmoEncoding::Sequential => encode_sequential(lits, vars, sink),
            AmoEncoding::Ladder => encode_ladder(lits, vars, sink),
            AmoEncoding::Bitwise => encode_bitwise(lits, vars, sink),
            AmoEncoding::Commander => encode_commander(lits, vars, sink),
            AmoEncoding::Product => encode_product(lits, vars, sink),
            AmoEncoding::Bimander => encode_bimander(lits, vars, sink),
        }
    }

    /// The size of the at-most-one over `n` literals without writing it:
    /// (clauses, literal occurrences, auxiliary variables).
    pub fn size(self, n: usize) -> (u64, u64, usize) {
        match self {
            AmoEncoding::Pairwise => pairwise::size(n),
            AmoEncoding::Sequential => sequential::size(n),
            AmoEncoding::Ladder => ladder::size(n),
            AmoEncoding::Bitwise => bitwise::size(n),
            AmoEncoding::Commander => commander::size(n),
            AmoEncoding::Product => product::size(n),
            AmoEncoding::Bimander => bimander::size(n),
        }
    }

    /// The size of the exactly-one over `n` literals without writing it (the at-most-one and
    /// one clause of `n` literals): (clauses, literal occurrences, auxiliary variables).
    pub fn exactly_one_size(self, n: usize) -> (u64, u64, usize) {
        let (clauses, literals, aux) = self.size(n);
        (clauses + 1, literals + n as u64, aux)
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
    type Err = crate::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::named::from_name(
            &AmoEncoding::ALL,
            AmoEncoding::name,
            "at-most-one encoding",
            s,
        )
    }
}

#[cfg(test)]
mod tests;
