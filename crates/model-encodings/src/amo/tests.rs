//! Semantic tests run for every at-most-one encoding: for every assignment of the inputs, the
//! encoding (auxiliaries left free) is satisfiable exactly when at most one input is true.

use super::*;
use crate::oracle::{bits, Oracle};
use crate::{Var, VecSink};

fn satisfiable_under(enc: AmoEncoding, n: usize, inputs: u32, exactly: bool) -> (bool, usize) {
    let lits: Vec<Lit> = (0..n as u32).map(|i| Var::new(i).positive()).collect();
    let mut alloc = VarAlloc::starting_at(n);
    let mut sink = VecSink::default();
    if exactly {
        enc.encode_exactly_one(&lits, &mut alloc, &mut sink);
    } else {
        enc.encode(&lits, &mut alloc, &mut sink);
    }
    let sat = Oracle::new(&sink.clauses).extends(&bits(inputs, n));
    (sat, sink.clauses.len())
}

#[test]
fn every_encoding_accepts_exactly_the_assignments_with_at_most_one_true() {
    for enc in AmoEncoding::ALL {
        for n in 0..=8 {
            for inputs in 0..(1u32 << n) {
                let ones = inputs.count_ones();
                let (amo, _) = satisfiable_under(enc, n, inputs, false);
                assert_eq!(amo, ones <= 1, "{enc} amo n={n} inputs={inputs:b}");
                let (eo, _) = satisfiable_under(enc, n, inputs, true);
                assert_eq!(eo, ones == 1, "{enc} exactly-one n={n} inputs={inputs:b}");
            }
        }
    }
}

#[test]
fn clause_and_variable_counts_match_the_documented_formulas() {
    for n in 0..=10usize {
        let lits: Vec<Lit> = (0..n as u32).map(|i| Var::new(i).positive()).collect();
        let mut alloc = VarAlloc::starting_at(n);
        let mut sink = VecSink::default();
        AmoEncoding::Pairwise.encode(&lits, &mut alloc, &mut sink);
        assert_eq!(sink.clauses.len(), n * n.saturating_sub(1) / 2);
        assert_eq!(alloc.num_vars(), n);

        let mut alloc = VarAlloc::starting_at(n);
        let mut sink = VecSink::default();
        AmoEncoding::Sequential.encode(&lits, &mut alloc, &mut sink);
        let (clauses, aux) = if n < 2 { (0, 0) } else { (3 * n - 4, n - 1) };
        assert_eq!(sink.clauses.len(), clauses, "sequential n={n}");
        assert_eq!(alloc.num_vars() - n, aux, "sequential n={n}");
    }
}

#[test]
fn size_predicts_what_encode_writes() {
    for enc in AmoEncoding::ALL {
        for n in (0..=40usize).chain([100, 1000]) {
            let lits: Vec<Lit> = (0..n as u32).map(|i| Var::new(i).positive()).collect();
            let mut alloc = VarAlloc::starting_at(n);
            let mut sink = crate::CountingSink::default();
            enc.encode(&lits, &mut alloc, &mut sink);
            assert_eq!(
                enc.size(n),
                (sink.clauses, sink.literals, alloc.num_vars() - n),
                "{enc} n={n}"
            );
        }
    }
}

#[test]
fn names_parse_back_and_unknown_names_are_rejected() {
    for enc in AmoEncoding::ALL {
        assert_eq!(enc.name().parse::<AmoEncoding>(), Ok(enc));
    }
    let err = "ladderx".parse::<AmoEncoding>().unwrap_err().to_string();
    assert!(err.contains("pairwise, sequential, ladder"), "{err}");
}
