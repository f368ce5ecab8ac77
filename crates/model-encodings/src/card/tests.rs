//! Semantic tests run for every cardinality encoding: for every input size 0..=8, every k and
//! comparison, and every assignment of the inputs, the encoding (auxiliaries free) is
//! satisfiable exactly when the assignment meets the constraint.

use super::*;
use crate::oracle::{bits, Oracle};
use crate::{CountingSink, Var, VecSink};

#[test]
fn every_encoding_accepts_exactly_the_assignments_meeting_the_bound() {
    for enc in CardEncoding::ALL {
        for n in 0..=8usize {
            for k in 0..=n + 1 {
                for cmp in [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly] {
                    let lits: Vec<Lit> = (0..n as u32).map(|i| Var::new(i).positive()).collect();
                    let mut alloc = VarAlloc::starting_at(n);
                    let mut sink = VecSink::default();
                    enc.encode(&lits, cmp, k, &mut alloc, &mut sink);
                    let mut oracle = Oracle::new(&sink.clauses);
                    for inputs in 0..(1u32 << n) {
                        let ones = inputs.count_ones() as i64;
                        assert_eq!(
                            oracle.extends(&bits(inputs, n)),
                            cmp.holds(ones, k as i64),
                            "{enc} n={n} {cmp:?} k={k} inputs={inputs:b}"
                        );
                    }
                }
            }
        }
    }
}

fn measure(enc: CardEncoding, n: usize, m: usize) -> (u64, usize) {
    let lits: Vec<Lit> = (0..n as u32).map(|i| Var::new(i).positive()).collect();
    let mut alloc = VarAlloc::starting_at(n);
    let mut sink = CountingSink::default();
    enc.unary(&lits, m, &mut alloc, &mut sink);
    (sink.clauses, alloc.num_vars() - n)
}

#[test]
fn sizes_stay_within_the_documented_bounds() {
    for n in 1..=40usize {
        for m in [1, 2, 3, n / 2, n] {
            let m = m.clamp(1, n);
            let (clauses, aux) = measure(CardEncoding::Sequential, n, m);
            assert!(
                aux <= n * m && clauses <= 4 * (n * m) as u64,
                "seq n={n} m={m}"
            );
            let (_, aux) = measure(CardEncoding::Totalizer, n, m);
            let log = (usize::BITS - (n - 1).leading_zeros()) as usize;
            assert!(aux <= n * log.max(1), "totalizer n={n} m={m}: {aux}");
        }
    }
}

#[test]
fn sorter_uses_the_batcher_comparator_count() {
    for t in 1..=6u32 {
        let n = 1usize << t;
        let comparators = ((t * t - t + 4) as usize) * (1 << t) / 4 - 1;
        let (clauses, aux) = measure(CardEncoding::Sorter, n, n);
        assert_eq!(aux, 2 * comparators, "t={t}");
        assert_eq!(clauses, 6 * comparators as u64, "t={t}");
    }
}

#[test]
fn names_parse_back() {
    for enc in CardEncoding::ALL {
        assert_eq!(enc.name().parse::<CardEncoding>(), Ok(enc));
    }
    assert!("nope".parse::<CardEncoding>().is_err());
}
