//! Specific formulas whose counts are known, projections beyond the clauses' variables, and
//! the stop, time and memory limits.

use crate::common::{
    brute_force, formula, formula_of, pigeonhole, projected, queens, random_formula, random_kcnf,
    Rng,
};
use sharpcount::{count, Error, Options, Progress};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use zero_one_model::Clauses;
use zero_one_model::StopFlag;

fn count_of(f: &Clauses) -> u128 {
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
    let f = projected(queens(8), Some((1..=8).collect()));
    assert_eq!(count_of(&f), 8);
}

#[test]
fn pigeonhole_is_unsatisfiable() {
    for holes in 2..=6 {
        assert_eq!(count_of(&pigeonhole(holes)), 0, "{holes} holes");
    }
}

#[test]
fn projection_variables_beyond_the_clauses_count_as_free() {
    // The core takes a projection variable beyond the declared ones as a variable of the
    // formula (the counter once refused it as out of range): x3 and x9 are free, so the
    // two models of x1 ∨ ¬x2 projected onto x1 become 2 · 2 · 2.
    let f = formula(2, &[&[1, -2]], Some(&[1, 3, 9]));
    assert_eq!(f.num_vars(), 9);
    assert_eq!(count_of(&f), 8);
    // Unprojected, every declared variable counts: 3 models of x1, x2 times 2^7.
    let f = formula(9, &[&[1, -2]], None);
    assert_eq!(count_of(&f), 3 << 7);
}

#[test]
fn a_lowered_model_counts_its_own_variables_not_the_auxiliaries() {
    use zero_one_model::{AmoEncoding, CnfOptions, Constraint, Model};
    // Exactly one of 7, with the ladder's and the bitwise encoding's auxiliaries: 7
    // solutions, and 4 projected onto the first three variables (none of them, or one).
    let mut m = Model::new();
    let x = m.new_vars(7);
    m.add(Constraint::ExactlyOne(
        x.iter().map(|v| v.positive()).collect(),
    ));
    for amo in [AmoEncoding::Ladder, AmoEncoding::Bitwise] {
        let f = Clauses::lower(&m, &CnfOptions::with_amo(amo)).expect("lowers");
        assert!(f.num_vars() > 7, "{amo:?} adds auxiliaries");
        assert_eq!(count_of(&f), 7, "{amo:?}");
    }
    m.show(x[..3].iter().copied());
    let f = Clauses::lower(&m, &CnfOptions::with_amo(AmoEncoding::Ladder)).expect("lowers");
    assert_eq!(count_of(&f), 4);
}

/// A formula that takes the counter long enough (minutes) to be stopped in the middle:
/// random 3-CNF, 300 variables, 800 clauses.
fn hard_formula() -> Clauses {
    random_kcnf(&mut Rng(7), 300, 800, 3)
}

#[test]
fn stop_flag_raised_before_counting_interrupts() {
    let stop = StopFlag::new();
    stop.raise();
    let got = count(&queens(8), &Options::default().with_stop(stop));
    assert!(matches!(got, Err(Error::Interrupted { .. })), "{got:?}");
}

#[test]
fn stop_flag_raised_while_counting_interrupts() {
    let stop = StopFlag::new();
    let f = hard_formula();
    let got = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.raise();
        });
        count(&f, &Options::default().with_stop(stop.clone()))
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
    // 10 queens: 724 solutions (OEIS A000170), more than the listing before the search
    // takes on, so the search and its cache count them.
    let f = queens(10);
    let counted = count(&f, &Options::default().with_cache_mb(0)).expect("counted");
    assert_eq!(counted.count, 724u32.into());
    assert!(counted.stats.cache_evictions > 0, "{:?}", counted.stats);
    let mut rng = Rng(11);
    for _ in 0..20 {
        let f = projected(
            random_formula(&mut rng, 18, 40, 3),
            Some((1..=12).collect()),
        );
        let c = count(&f, &Options::default().with_cache_mb(0)).expect("counted");
        assert_eq!(c.count, brute_force(&f).into(), "{f:?}");
    }
}

#[test]
fn counts_are_exact_beyond_64_bits() {
    // 200 independent clauses x ∨ y: 3^200 models.
    let clauses: Vec<Vec<i32>> = (0..200).map(|i| vec![2 * i + 1, 2 * i + 2]).collect();
    let f = formula_of(400, clauses);
    let got = count(&f, &Options::default()).expect("counted").count;
    assert_eq!(got, num_bigint::BigUint::from(3u32).pow(200));
}
