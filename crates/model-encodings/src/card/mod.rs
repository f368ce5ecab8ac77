//! Cardinality encodings: "at most / at least / exactly k of these literals".
//!
//! Every encoding here builds a *unary counter*: outputs `o_1..o_m` with `o_j` equivalent to
//! "at least j inputs are true", for j up to m = min(n, k+1). Both directions of every
//! equivalence are encoded, so one counter serves all three comparisons:
//! at most k is `¬o_{k+1}`, at least k is `o_k`, exactly k is both. Constants (padding,
//! empty prefixes) are propagated while building, so no clause mentions a constant.

mod gates;
mod sequential;
mod sorting;
mod totalizer;

pub use gates::Bit;

use crate::{ClauseSink, Cmp, Lit, VarAlloc};
use std::fmt;
use std::str::FromStr;

/// The cardinality encodings this crate offers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardEncoding {
    /// Sinz's sequential counter (CP 2005), both directions: at most n*m auxiliaries and
    /// 4*n*m clauses.
    #[default]
    Sequential,
    /// Bailleux & Boufkhad's totalizer (CP 2003), outputs capped at k+1: at most
    /// n*ceil(log2 n) auxiliaries.
    Totalizer,
    /// A Batcher odd-even merge sorting network (as used for cardinality by Eén & Sörensson
    /// 2006 and Asín et al. 2011): 2 auxiliaries and 6 clauses per comparator, and
    /// (t²-t+4)·2^(t-2)-1 comparators for 2^t inputs.
    Sorter,
}

impl CardEncoding {
    /// Every encoding, in a stable order.
    pub const ALL: [CardEncoding; 3] = [
        CardEncoding::Sequential,
        CardEncoding::Totalizer,
        CardEncoding::Sorter,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            CardEncoding::Sequential => "seqcounter",
            CardEncoding::Totalizer => "totalizer",
            CardEncoding::Sorter => "sorter",
        }
    }

    /// Builds a unary counter over `lits` with `m` outputs (`o_j` ⇔ at least j are true).
    /// Fewer than `m` outputs come back when there are fewer inputs.
    pub fn unary(
        self,
        lits: &[Lit],
        m: usize,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Vec<Bit> {
        let m = m.min(lits.len());
        let mut out = match self {
            CardEncoding::Sequential => sequential::unary(lits, m, vars, sink),
            CardEncoding::Totalizer => totalizer::unary(lits, m, vars, sink),
            CardEncoding::Sorter => sorting::unary(lits, vars, sink),
        };
        out.truncate(m);
        out
    }

    /// Writes "the number of true `lits` `cmp` `k`".
    pub fn encode(
        self,
        lits: &[Lit],
        cmp: Cmp,
        k: usize,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) {
        let out = self.unary(lits, k + 1, vars, sink);
        let at_least = |j: usize, sink: &mut dyn ClauseSink| {
            // o_j must hold; j = 0 always holds; beyond the inputs it never can.
            if j == 0 {
                return;
            }
            match out.get(j - 1) {
                Some(Bit::Lit(l)) => sink.add_clause(&[*l]),
                Some(Bit::True) => {}
                Some(Bit::False) | None => sink.add_clause(&[]),
            }
        };
        let at_most = |j: usize, sink: &mut dyn ClauseSink| {
            // o_{j+1} must fail.
            match out.get(j) {
                Some(Bit::Lit(l)) => sink.add_clause(&[!*l]),
                Some(Bit::True) => sink.add_clause(&[]),
                Some(Bit::False) | None => {}
            }
        };
        match cmp {
            Cmp::AtMost => at_most(k, sink),
            Cmp::AtLeast => at_least(k, sink),
            Cmp::Exactly => {
                at_least(k, sink);
                at_most(k, sink);
            }
        }
    }
}

impl fmt::Display for CardEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CardEncoding {
    type Err = crate::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::named::from_name(
            &CardEncoding::ALL,
            CardEncoding::name,
            "cardinality encoding",
            s,
        )
    }
}

#[cfg(test)]
mod tests;
