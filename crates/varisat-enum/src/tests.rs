//! The backend against the independent oracle, and the blocking pitfall pinned down.

use super::*;
use nqueens_queens::{oeis, BoardFormulation, Formulation};
use zero_one_model::{AmoEncoding, BackendErrorKind};

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
        let total = probe
            .start(&[])
            .unwrap()
            .next_full()
            .unwrap()
            .unwrap()
            .len();
        (0..total as u32).map(Var::new).collect()
    };
    let prepared = backend
        .prepare_with_projection(f.model(), every_var)
        .unwrap();
    let mut all = prepared.start(&[]).unwrap();
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
    // A knapsack row of 40 distinct large weights: the generalized totalizer would write
    // more clauses than a constraint may have.
    let mut m = Model::new();
    let vars = m.new_vars(40);
    let terms: Vec<(i64, zero_one_model::Lit)> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| ((1i64 << (i % 30)) + 7 * i as i64, v.positive()))
        .collect();
    let rhs = terms.iter().map(|(a, _)| a).sum::<i64>() / 2;
    m.add(zero_one_model::Constraint::Linear {
        terms,
        cmp: zero_one_model::Cmp::AtMost,
        rhs,
    });
    let backend = VarisatBackend::new(zero_one_model::CnfOptions {
        pb: zero_one_model::PbEncoding::Gte,
        ..Default::default()
    });
    let err = backend.solutions(&m, &[]).err().unwrap();
    assert_eq!(err.kind(), BackendErrorKind::Unsupported);
    assert_eq!(
        err.to_string(),
        "varisat backend: the model cannot be lowered to CNF"
    );
    let source = std::error::Error::source(&err).unwrap();
    assert!(
        source.to_string().starts_with("constraint #0 (linear)"),
        "{source}"
    );
}

#[test]
fn general_coefficients_lower_and_solve() {
    // 2a <= 1 forces a false: one solution.
    let mut m = Model::new();
    let a = m.new_var("a").positive();
    m.add(zero_one_model::Constraint::Linear {
        terms: vec![(2, a)],
        cmp: zero_one_model::Cmp::AtMost,
        rhs: 1,
    });
    let found: Vec<Vec<bool>> = VarisatBackend::default()
        .solutions(&m, &[])
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(found, [[false]]);
}

#[test]
fn a_fixed_literal_outside_the_model_is_an_invalid_input_error() {
    // Regression: it used to index past the end of the propagation arrays and panic. A
    // variable just past the model's is an auxiliary of the sequential encoding: still
    // outside the model.
    let f = BoardFormulation::new(4);
    let backend = VarisatBackend::new(CnfOptions::with_amo(AmoEncoding::Sequential));
    let prepared = backend.prepare(f.model()).unwrap();
    for index in [16, 17, 1_000_000] {
        let fixed = [Var::new(0).positive(), Var::new(index).negative()];
        let err = prepared.solutions(&fixed).err().unwrap();
        assert_eq!(err.kind(), BackendErrorKind::InvalidInput, "{err}");
        assert_eq!(
            std::error::Error::source(&err).unwrap().to_string(),
            format!("variable #{index} is outside the model, which has 16 variables")
        );
    }
}

#[test]
fn solutions_iterate_and_match_the_stream() {
    let f = BoardFormulation::new(6);
    let backend = VarisatBackend::default();
    let boards: Vec<Vec<bool>> = backend
        .solutions(f.model(), &[])
        .unwrap()
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(Some(boards.len() as u64), oeis::solutions(6));
    for board in &boards {
        assert_eq!(f.model().check(board), Ok(()));
    }
}

/// Pigeons into one hole fewer: unsatisfiable, and hard for resolution (CDCL needs
/// exponentially many conflicts), so a solve of 11 into 10 runs for minutes.
fn pigeonhole(holes: usize) -> Model {
    let mut m = Model::new();
    let pigeons: Vec<Vec<Var>> = (0..=holes).map(|_| m.new_vars(holes)).collect();
    for p in &pigeons {
        m.add(zero_one_model::Constraint::Clause(
            p.iter().map(|v| v.positive()).collect(),
        ));
    }
    for h in 0..holes {
        m.add(zero_one_model::Constraint::AtMostOne(
            pigeons.iter().map(|p| p[h].positive()).collect(),
        ));
    }
    m
}

#[test]
fn a_set_stop_flag_ends_a_hard_solve_with_an_interrupted_error() {
    let stop = zero_one_model::StopFlag::new();
    stop.raise();
    let m = pigeonhole(10);
    let backend = VarisatBackend {
        stop: Some(stop),
        ..VarisatBackend::default()
    };
    let mut solutions = backend.solutions(&m, &[]).unwrap();
    let err = solutions.next_solution().err().unwrap();
    assert_eq!(err.kind(), BackendErrorKind::Interrupted, "{err}");
    assert_eq!(
        err.to_string(),
        "varisat backend: stopped on request before the enumeration ended"
    );
    // varisat refuses (by a panic) to solve again after such an error: we do not ask it.
    let again = solutions.next_solution().err().unwrap();
    assert_eq!(again.kind(), BackendErrorKind::Interrupted);
}

#[test]
fn a_clear_stop_flag_changes_no_count() {
    // The stop watch is a proof writer that varisat's DRAT format cannot keep once blocking
    // clauses are added: it has to be closed after the first solve, for every encoding.
    let stop = zero_one_model::StopFlag::new();
    for amo in AmoEncoding::ALL {
        let f = BoardFormulation::new(7);
        let backend = VarisatBackend {
            stop: Some(stop.clone()),
            ..VarisatBackend::new(CnfOptions::with_amo(amo))
        };
        let mut found = 0;
        for solution in backend.solutions(f.model(), &[]).unwrap() {
            assert!(f.decode(&solution.unwrap()).unwrap().is_solution());
            found += 1;
        }
        assert_eq!(Some(found), oeis::solutions(7), "{amo}");
        let unsat = backend
            .solutions(&pigeonhole(3), &[])
            .unwrap()
            .into_iter()
            .count();
        assert_eq!(unsat, 0, "{amo}");
    }
}
