//! The backend against the independent oracle, and the blocking pitfall pinned down.

use super::*;
use nqueens_encode::AmoEncoding;
use nqueens_queens::{oeis, BoardFormulation, Formulation};

fn count(enc: AmoEncoding, n: usize) -> u64 {
    let f = BoardFormulation::new(n);
    let backend = VarisatBackend::new(CnfOptions::with_amo(enc));
    let mut sols = backend.solutions(f.model(), &[]).unwrap();
    let mut count = 0;
    while let Some(a) = sols.next_solution().unwrap() {
        assert_eq!(f.model().check(&a), Ok(()));
        assert!(f.decode(&a).unwrap().is_solution());
        count += 1;
    }
    count
}

#[test]
fn projected_counts_match_oeis_for_both_encodings() {
    for enc in AmoEncoding::ALL {
        for n in 1..=7 {
            assert_eq!(Some(count(enc, n)), oeis::solutions(n), "{enc} n={n}");
        }
    }
}

#[test]
fn blocking_auxiliaries_of_the_sequential_counter_inflates_the_count() {
    // The pitfall: the sequential counter's auxiliaries are free on empty diagonals, so a
    // blocking clause over all variables lets the same board come back with other auxiliary
    // values. Projected blocking gives A000170(5) = 10; blocking everything gives more.
    let n = 5;
    let f = BoardFormulation::new(n);
    let backend = VarisatBackend::new(CnfOptions::with_amo(AmoEncoding::Sequential));
    let every_var: Vec<Var> = {
        let probe = backend.prepare_with_projection(f.model(), vec![]).unwrap();
        let total = probe.start(&[]).next_full().unwrap().unwrap().len();
        (0..total as u32).map(Var::new).collect()
    };
    let prepared = backend
        .prepare_with_projection(f.model(), every_var)
        .unwrap();
    let mut all = prepared.start(&[]);
    let mut boards = std::collections::HashSet::new();
    let mut found = 0;
    while let Some(a) = all.next_full().unwrap() {
        found += 1;
        boards.insert(f.decode(&a[..n * n]).unwrap());
        assert!(found < 100_000, "runaway enumeration");
    }
    assert_eq!(boards.len() as u64, oeis::solutions(n).unwrap());
    assert!(
        found > 10,
        "blocking all variables found only {found} models"
    );
    assert_eq!(count(AmoEncoding::Sequential, n), 10);
}

#[test]
fn fixed_literals_restrict_the_solutions() {
    let n = 6;
    let f = BoardFormulation::new(n);
    let backend = VarisatBackend::default();
    let mut total = 0;
    for c in 0..n {
        let mut sols = backend.solutions(f.model(), &f.place(0, c)).unwrap();
        while let Some(a) = sols.next_solution().unwrap() {
            assert_eq!(f.decode(&a).unwrap().columns()[0], c);
            total += 1;
        }
    }
    assert_eq!(Some(total), oeis::solutions(n));
}

#[test]
fn unsupported_constraints_are_backend_errors() {
    let mut m = Model::new();
    let a = m.new_var("a").positive();
    m.add(nqueens_encode::Constraint::Linear {
        terms: vec![(2, a)],
        cmp: nqueens_encode::Cmp::AtMost,
        rhs: 1,
    });
    let err = VarisatBackend::default().solutions(&m, &[]).err().unwrap();
    assert!(
        err.to_string()
            .starts_with("varisat backend: constraint #0 (linear)"),
        "{err}"
    );
}
