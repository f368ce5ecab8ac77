//! Batcher's odd-even merge sorting network as a unary counter: inputs padded with false to
//! a power of two, each comparator `(max, min) = (a ∨ b, a ∧ b)` with both directions
//! encoded; the sorted outputs, largest first, are the counter. Constants propagate, so
//! padding costs nothing. For 2^t real inputs: (t²-t+4)·2^(t-2)-1 comparators, each 2
//! auxiliaries and 6 clauses.

use super::gates::{and, or, Bit};
use crate::{ClauseSink, Lit, VarAlloc};

/// Outputs `o_1..o_n` over `lits` (all of them; the caller truncates).
pub fn unary(lits: &[Lit], vars: &mut VarAlloc, sink: &mut dyn ClauseSink) -> Vec<Bit> {
    let size = lits.len().next_power_of_two();
    let mut wires: Vec<Bit> = lits.iter().map(|&l| Bit::Lit(l)).collect();
    wires.resize(size, Bit::False);
    let mut net = Net { wires, vars, sink };
    net.sort(0, size);
    net.wires.truncate(lits.len());
    net.wires
}

struct Net<'a> {
    wires: Vec<Bit>,
    vars: &'a mut VarAlloc,
    sink: &'a mut dyn ClauseSink,
}

impl Net<'_> {
    fn compare(&mut self, i: usize, j: usize) {
        let (a, b) = (self.wires[i], self.wires[j]);
        self.wires[i] = or(a, b, self.vars, self.sink);
        self.wires[j] = and(a, b, self.vars, self.sink);
    }

    fn sort(&mut self, lo: usize, n: usize) {
        if n > 1 {
            let half = n / 2;
            self.sort(lo, half);
            self.sort(lo + half, half);
            self.merge(lo, n, 1);
        }
    }

    fn merge(&mut self, lo: usize, n: usize, r: usize) {
        let step = r * 2;
        if step < n {
            self.merge(lo, n, step);
            self.merge(lo + r, n, step);
            let mut i = lo + r;
            while i + r < lo + n {
                self.compare(i, i + r);
                i += step;
            }
        } else {
            self.compare(lo, lo + r);
        }
    }
}
