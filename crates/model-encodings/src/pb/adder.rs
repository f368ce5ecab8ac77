//! Adder network (Warners, IPL 1998), built as Eén & Sörensson (JSAT 2006, section 5.3) do:
//! bucket j holds the literals whose weight has bit j set; while a bucket holds three or more,
//! a full adder takes three (its sum goes back, its carry to bucket j+1), and a half adder
//! takes the last two. Each bucket ends with at most one literal: the bits of the weighted
//! sum.
//!
//! Adders are encoded only in the direction the comparison needs (the polarity-based
//! reduction of Plaisted & Greenbaum; rustsat's `BinaryAdder` does the same). For at most,
//! each output is implied by its inputs (a full adder: sum >= parity, carry >= majority; 4 + 3
//! clauses; a half adder 2 + 1), so by induction the number the bits spell is at least the
//! weighted sum, and refusing "bits > k" refuses every input assignment over k; setting each
//! output to its function of the inputs satisfies every clause, so nothing within k is lost.
//! At least is the mirror image (outputs imply their functions; 4 + 3 and 2 + 2 clauses;
//! the bits spell at most the sum). Exactly needs both directions (8 + 6 and 4 + 3), which
//! make the bits functions of the inputs.
//!
//! The comparator with the constant k: `s <= k` fails exactly when, at some bit i where k
//! has 0, s has 1 and every higher bit of s equals k's; one clause per such i refuses that.
//! `s >= k` likewise at the bits where k has 1; `s = k` is one unit per bit.

use super::{normal::PbConstraint, Out, PbError};
use crate::{Cmp, Lit, VarAlloc};
use std::collections::VecDeque;

/// Writes the adder network and comparator of `pb`.
pub(super) fn encode(pb: &PbConstraint, vars: &mut VarAlloc, out: &mut Out) -> Result<(), PbError> {
    let mut buckets: Vec<VecDeque<Lit>> = Vec::new();
    let mut entries: u64 = 0;
    for &(w, l) in pb.terms() {
        for j in 0..128 {
            if w >> j & 1 == 1 {
                if buckets.len() <= j {
                    buckets.resize(j + 1, VecDeque::new());
                }
                buckets[j].push_back(l);
                entries += 1;
            }
        }
    }
    // A full adder removes one bucket entry, a half adder (at most one per bucket, and there
    // are fewer than 256 buckets) none; each writes at most 14 clauses. The comparator
    // writes at most one clause per bit.
    out.room(
        entries
            .saturating_add(256)
            .saturating_mul(14)
            .saturating_add(256),
    )?;
    let dirs = Directions {
        up: pb.cmp() != Cmp::AtLeast,
        down: pb.cmp() != Cmp::AtMost,
    };
    let mut bits: Vec<Option<Lit>> = Vec::new();
    let mut j = 0;
    while j < buckets.len() {
        while buckets[j].len() >= 2 {
            out.poll()?;
            let q = &mut buckets[j];
            let (sum, carry) = match (q.pop_front(), q.pop_front(), q.pop_front()) {
                (Some(a), Some(b), Some(c)) => full_adder(a, b, c, dirs, vars, out),
                (Some(a), Some(b), None) => half_adder(a, b, dirs, vars, out),
                _ => break,
            };
            buckets[j].push_back(sum);
            if buckets.len() <= j + 1 {
                buckets.push(VecDeque::new());
            }
            buckets[j + 1].push_back(carry);
        }
        bits.push(buckets[j].pop_front());
        j += 1;
    }
    compare(&bits, pb.cmp(), pb.k(), out);
    Ok(())
}

/// Which halves of each adder's definition are written: `up` makes every output at least its
/// function of the inputs (the inputs imply it), `down` at most.
#[derive(Copy, Clone)]
struct Directions {
    up: bool,
    down: bool,
}

/// Sum and carry of `a + b`.
fn half_adder(a: Lit, b: Lit, dirs: Directions, vars: &mut VarAlloc, out: &mut Out) -> (Lit, Lit) {
    let s = vars.fresh().positive();
    let c = vars.fresh().positive();
    if dirs.down {
        out.clause(&[!a, !b, !s]);
        out.clause(&[a, b, !s]);
        out.clause(&[a, !c]);
        out.clause(&[b, !c]);
    }
    if dirs.up {
        out.clause(&[!a, b, s]);
        out.clause(&[a, !b, s]);
        out.clause(&[!a, !b, c]);
    }
    (s, c)
}

/// Sum and carry of `a + b + c`.
fn full_adder(
    a: Lit,
    b: Lit,
    c: Lit,
    dirs: Directions,
    vars: &mut VarAlloc,
    out: &mut Out,
) -> (Lit, Lit) {
    let s = vars.fresh().positive();
    let carry = vars.fresh().positive();
    let pick = |l: Lit, positive: bool| if positive { l } else { !l };
    for mask in 0..8u32 {
        // The clause refuses the inputs (a, b, c) = the complement of the mask's bits, with
        // the wrong parity for s: s appears positively exactly when that parity is odd (then
        // the clause says the inputs imply s: direction up).
        let (ma, mb, mc) = (mask & 1 == 1, mask & 2 == 2, mask & 4 == 4);
        let s_positive = mask.count_ones() % 2 == 0;
        if (s_positive && dirs.up) || (!s_positive && dirs.down) {
            out.clause(&[pick(a, ma), pick(b, mb), pick(c, mc), pick(s, s_positive)]);
        }
    }
    for (x, y) in [(a, b), (a, c), (b, c)] {
        if dirs.up {
            out.clause(&[!x, !y, carry]);
        }
        if dirs.down {
            out.clause(&[x, y, !carry]);
        }
    }
    (s, carry)
}

/// Writes `s cmp k` for the binary number `s` (least significant bit first; `None` is a
/// constant 0 bit). Normal form keeps 0 < k < total, so k has no bit beyond those of s.
fn compare(s: &[Option<Lit>], cmp: Cmp, k: i128, out: &mut Out) {
    let width = s.len().max(128 - k.leading_zeros() as usize);
    let k_bit = |i: usize| i < 128 && k >> i & 1 == 1;
    let s_bit = |i: usize| s.get(i).copied().flatten();
    if cmp == Cmp::Exactly {
        for i in 0..width {
            match (s_bit(i), k_bit(i)) {
                (Some(l), kb) => out.clause(&[if kb { l } else { !l }]),
                (None, true) => out.clause(&[]),
                (None, false) => {}
            }
        }
        return;
    }
    // At most: refuse "s_i = 1 where k_i = 0, higher bits equal"; at least: "s_i = 0 where
    // k_i = 1". The clause says "s_i = k_i, or a higher bit of s differs from k's"; `want`
    // is the value of s_j that makes its literal true.
    let at_least = cmp == Cmp::AtLeast;
    'bits: for i in 0..width {
        if k_bit(i) != at_least {
            continue;
        }
        let mut clause = Vec::new();
        let higher = (i + 1..width).map(|j| (j, !k_bit(j)));
        for (j, want) in std::iter::once((i, at_least)).chain(higher) {
            match s_bit(j) {
                Some(l) => clause.push(if want { l } else { !l }),
                // A constant 0 bit differs from k's exactly when k's bit is 1.
                None if !want => continue 'bits,
                None => {}
            }
        }
        out.clause(&clause);
    }
}

#[cfg(test)]
mod tests {
    use super::super::normal::{normalize, Normalized, PbConstraint};
    use super::super::tests::Rng;
    use super::super::PbEncoding;
    use crate::oracle::{bits, Oracle};
    use crate::{Cmp, Lit, Var, VarAlloc, VecSink};

    fn normal(terms: &[(i64, Lit)], cmp: Cmp, rhs: i64) -> PbConstraint {
        match normalize(terms, cmp, rhs) {
            Normalized::Reduced {
                units,
                rest: Some(pb),
            } if units.is_empty() => pb,
            other => panic!("not a plain constraint: {other:?}"),
        }
    }

    fn clauses(pb: &PbConstraint, inputs: usize) -> Vec<Vec<Lit>> {
        let mut vars = VarAlloc::starting_at(inputs);
        let mut sink = VecSink::default();
        PbEncoding::Adder.encode(pb, &mut vars, &mut sink).unwrap();
        sink.clauses
    }

    #[test]
    fn an_inequality_writes_one_direction_of_each_adder() {
        let x: Vec<(i64, Lit)> = (0..3).map(|i| (1, Var::new(i).positive())).collect();
        // One full adder: 4 sum + 3 carry clauses one way, 8 + 6 both ways; then the
        // comparator: one clause for <= 1 and >= 2, one unit per bit for = 1.
        assert_eq!(clauses(&normal(&x, Cmp::AtMost, 1), 3).len(), 7 + 1);
        assert_eq!(clauses(&normal(&x, Cmp::AtLeast, 2), 3).len(), 7 + 1);
        assert_eq!(clauses(&normal(&x, Cmp::Exactly, 1), 3).len(), 14 + 2);
        // One half adder: 2 + 1 up, 2 + 2 down.
        let y = [(1, Var::new(0).positive()), (1, Var::new(1).positive())];
        assert_eq!(clauses(&normal(&y, Cmp::AtMost, 1), 2).len(), 3 + 1);
        assert_eq!(clauses(&normal(&y, Cmp::AtLeast, 1), 2).len(), 4 + 1);
        assert_eq!(clauses(&normal(&y, Cmp::Exactly, 1), 2).len(), 7 + 2);
    }

    /// The suite of `pb/tests.rs` stops at 7 terms; one-directional adders chain deeper on
    /// more inputs and larger weights, so they are checked here on 10 inputs as well.
    #[test]
    fn one_directional_adders_accept_exactly_the_assignments_meeting_the_constraint() {
        let n = 10;
        let mut rng = Rng::new(22);
        for case in 0..60 {
            let max = [3, 20, 300, 5000][case % 4];
            let terms: Vec<(i64, Lit)> = (0..n)
                .map(|i| (rng.range(1, max), Var::new(i as u32).positive()))
                .collect();
            let total: i64 = terms.iter().map(|&(a, _)| a).sum();
            let rhs = rng.range(1, total - 1);
            let cmp = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][case % 3];
            let Normalized::Reduced { rest: Some(pb), .. } = normalize(&terms, cmp, rhs) else {
                continue;
            };
            let mut oracle = Oracle::new(&clauses(&pb, n));
            for code in 0..1u32 << n {
                let a = bits(code, n);
                assert_eq!(
                    oracle.extends(&a),
                    pb.holds(&a),
                    "case {case}: {pb:?} {a:?}"
                );
            }
        }
    }
}
