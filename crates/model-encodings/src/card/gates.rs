//! Boolean gates with constant propagation, the building blocks of the unary counters. Each
//! gate output is equivalent to its function of the inputs (both directions encoded).

use crate::{ClauseSink, Lit, VarAlloc};

/// A wire: a constant or a literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bit {
    /// Always true.
    True,
    /// Always false.
    False,
    /// A literal.
    Lit(Lit),
}

impl Bit {
    fn not(self) -> Bit {
        match self {
            Bit::True => Bit::False,
            Bit::False => Bit::True,
            Bit::Lit(l) => Bit::Lit(!l),
        }
    }
}

/// `a ∨ b`.
pub fn or(a: Bit, b: Bit, vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Bit {
    match (a, b) {
        (Bit::True, _) | (_, Bit::True) => Bit::True,
        (Bit::False, x) | (x, Bit::False) => x,
        (Bit::Lit(a), Bit::Lit(b)) => {
            let s = vars.fresh().positive();
            sink.add_clause(&[!a, s]);
            sink.add_clause(&[!b, s]);
            sink.add_clause(&[!s, a, b]);
            Bit::Lit(s)
        }
    }
}

/// `a ∧ b`.
pub fn and(a: Bit, b: Bit, vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Bit {
    or(a.not(), b.not(), vars, sink).not()
}

/// `a ∨ (b ∧ x)` as one gate (the sequential counter's cell).
pub fn or_and(a: Bit, b: Bit, x: Lit, vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Bit {
    match (a, b) {
        (_, Bit::False) => a,
        (_, Bit::True) => or(a, Bit::Lit(x), vars, sink),
        (Bit::False, b) => and(b, Bit::Lit(x), vars, sink),
        (Bit::True, _) => Bit::True,
        (Bit::Lit(a), Bit::Lit(b)) => {
            let s = vars.fresh().positive();
            sink.add_clause(&[!a, s]);
            sink.add_clause(&[!b, !x, s]);
            sink.add_clause(&[!s, a, b]);
            sink.add_clause(&[!s, a, x]);
            Bit::Lit(s)
        }
    }
}
