//! Specific formulas whose counts are known, bad input, and the stop, time and memory
//! limits.

mod common;

use common::{brute_force, pigeonhole, queens, random_formula, random_kcnf, Rng};
use sharpcount::{count, Error, Formula, FormulaError, Options, Progress};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

fn formula(num_vars: u32, clauses: &[&[i32]], projection: Option<&[u32]>) -> Formula {
    Formula {
        num_vars,
        clauses: clauses.iter().map(|c| c.to_vec()).collect(),
        projection: projection.map(<[u32]>::to_vec),
    }
}

fn count_of(f: &Formula) -> u128 {
    let c = count(f, &Options::default()).expect("counted").count;
    u128::try_from(c).expect("fits")
}

#[test]
fn empty_formula_has_one_model_per_assignment() {
    assert_eq!(count_of(&formula(0, &[], None)), 1);
    assert_eq!(count_of(&formula(3, &[], None)), 8);
    assert_eq!(count_of(&formula(100, &[], None)), 1 << 100);
}

#[test]
fn empty_clause_makes_the_count_zero() {
    assert_eq!(count_of(&formula(2, &[&[1, 2], &[]], None)), 0);
    assert_eq!(count_of(&formula(0, &[&[]], None)), 0);
    assert_eq!(count_of(&formula(2, &[&[]], Some(&[]))), 0);
}

#[test]
fn unused_variables_double_the_count_only_when_projected() {
    // x1 ∨ x2 has 3 models over {1,2}; variables 3 and 4 are unused.
    assert_eq!(count_of(&formula(4, &[&[1, 2]], None)), 12);
    assert_eq!(count_of(&formula(4, &[&[1, 2]], Some(&[1, 3]))), 4);
    assert_eq!(count_of(&formula(4, &[&[1, 2]], Some(&[3, 4]))), 4);
    assert_eq!(count_of(&formula(4, &[&[1], &[-1]], Some(&[3, 4]))), 0);
}

#[test]
fn empty_projection_counts_satisfiability() {
    assert_eq!(count_of(&formula(3, &[&[1, 2], &[-1, 3]], Some(&[]))), 1);
    assert_eq!(count_of(&formula(1, &[&[1], &[-1]], Some(&[]))), 0);
    assert_eq!(count_of(&formula(0, &[], Some(&[]))), 1);
}

#[test]
fn duplicate_literals_and_tautologies_are_harmless() {
    assert_eq!(count_of(&formula(2, &[&[1, 1, 1]], None)), 2);
    assert_eq!(count_of(&formula(2, &[&[1, -1]], None)), 4);
    assert_eq!(count_of(&formula(3, &[&[1, -1, 2], &[2, 2, -3]], None)), 6);
    // Repeated projection variables count once.
    assert_eq!(count_of(&formula(2, &[&[1, 2]], Some(&[1, 1, 1]))), 2);
}

#[test]
fn queens_6_and_8_have_4_and_92_solutions() {
    assert_eq!(count_of(&queens(6)), 4);
    assert_eq!(count_of(&queens(8)), 92);
}

#[test]
fn queens_projected_onto_the_first_row_counts_its_usable_squares() {
    // Every square of the first row of an 8x8 board starts some solution.
    let mut f = queens(8);
    f.projection = Some((1..=8).collect());
    assert_eq!(count_of(&f), 8);
}

#[test]
fn pigeonhole_is_unsatisfiable() {
    for holes in 2..=6 {
        assert_eq!(count_of(&pigeonhole(holes)), 0, "{holes} holes");
    }
}

#[test]
fn bad_formulas_are_rejected_with_their_position() {
    let cases: Vec<(Formula, FormulaError, &str)> = vec![
        (
            formula(2, &[&[1], &[2, 0]], None),
            FormulaError::ZeroLiteral { clause: 1 },
            "clause 1 (0-based) holds the literal 0",
        ),
        (
            formula(2, &[&[1, -3]], None),
            FormulaError::LiteralOutOfRange {
                clause: 0,
                literal: -3,
                num_vars: 2,
            },
            "clause 0 (0-based) holds literal -3, but the formula has 2 variables",
        ),
        (
            formula(2, &[&[i32::MIN]], None),
            FormulaError::LiteralOutOfRange {
                clause: 0,
                literal: i32::MIN,
                num_vars: 2,
            },
            "clause 0 (0-based) holds literal -2147483648, but the formula has 2 variables",
        ),
        (
            formula(2, &[&[1]], Some(&[3])),
            FormulaError::ProjectionOutOfRange {
                var: 3,
                num_vars: 2,
            },
            "projection variable 3 is out of range 1..=2",
        ),
        (
            formula(2, &[&[1]], Some(&[0])),
            FormulaError::ProjectionOutOfRange {
                var: 0,
                num_vars: 2,
            },
            "projection variable 0 is out of range 1..=2",
        ),
    ];
    for (f, want, message) in cases {
        match count(&f, &Options::default()) {
            Err(e @ Error::InvalidFormula(_)) => {
                assert_eq!(e.to_string(), "invalid formula");
                let source = std::error::Error::source(&e).expect("has a source");
                assert_eq!(source.to_string(), message);
                assert!(matches!(e, Error::InvalidFormula(ref got) if *got == want));
            }
            other => panic!("{f:?}: expected InvalidFormula, got {other:?}"),
        }
    }
}

/// A formula that takes the counter long enough (minutes) to be stopped in the middle:
/// random 3-CNF, 300 variables, 800 clauses.
fn hard_formula() -> Formula {
    random_kcnf(&mut Rng(7), 300, 800, 3)
}

#[test]
fn stop_flag_raised_before_counting_interrupts() {
    let stop = AtomicBool::new(true);
    let got = count(&queens(8), &Options::default().with_stop(&stop));
    assert!(matches!(got, Err(Error::Interrupted { .. })), "{got:?}");
}

#[test]
fn stop_flag_raised_while_counting_interrupts() {
    let stop = AtomicBool::new(false);
    let f = hard_formula();
    let got = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        count(&f, &Options::default().with_stop(&stop))
    });
    match got {
        Err(Error::Interrupted { stats }) => assert!(stats.decisions > 0, "{stats:?}"),
        other => panic!("expected Interrupted, got {other:?}"),
    }
}

#[test]
fn time_limit_stops_with_its_limit() {
    let limit = Duration::from_millis(200);
    let got = count(&hard_formula(), &Options::default().with_time_limit(limit));
    match got {
        Err(e @ Error::TimeLimit { .. }) => {
            assert_eq!(e.to_string(), "time limit of 0.2 s reached");
            assert!(matches!(e, Error::TimeLimit { limit: l, .. } if l == limit));
        }
        other => panic!("expected TimeLimit, got {other:?}"),
    }
}

#[test]
fn progress_is_reported_while_counting() {
    let calls = AtomicU64::new(0);
    let report = |p: &Progress| {
        assert!(p.elapsed > Duration::ZERO);
        calls.fetch_add(1, Ordering::Relaxed);
    };
    let options = Options::default()
        .with_progress(&report)
        .with_time_limit(Duration::from_millis(700));
    let _ = count(&hard_formula(), &options);
    assert!(calls.load(Ordering::Relaxed) >= 2);
}

#[test]
fn tiny_cache_evicts_and_still_counts_right() {
    let f = queens(8);
    let counted = count(&f, &Options::default().with_cache_mb(0)).expect("counted");
    assert_eq!(counted.count, 92u32.into());
    assert!(counted.stats.cache_evictions > 0, "{:?}", counted.stats);
    let mut rng = Rng(11);
    for _ in 0..20 {
        let mut f = random_formula(&mut rng, 18, 40, 3);
        f.projection = Some((1..=12).collect());
        let c = count(&f, &Options::default().with_cache_mb(0)).expect("counted");
        assert_eq!(c.count, brute_force(&f).into(), "{f:?}");
    }
}

#[test]
fn counts_are_exact_beyond_64_bits() {
    // 200 independent clauses x ∨ y: 3^200 models.
    let clauses: Vec<Vec<i32>> = (0..200).map(|i| vec![2 * i + 1, 2 * i + 2]).collect();
    let f = Formula {
        num_vars: 400,
        clauses,
        projection: None,
    };
    let got = count(&f, &Options::default()).expect("counted").count;
    assert_eq!(got, num_bigint::BigUint::from(3u32).pow(200));
}
