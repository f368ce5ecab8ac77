//! Weighted counting through the public API: weights that do not fit the formula are
//! refused, weighted variables in no clause count the sum of their weights (even among
//! billions of variables), and random weighted formulas match brute force.

mod common;
#[path = "common/weighted.rs"]
mod weighted;

use common::{random_kcnf, Rng};
use sharpcount::{count_weighted, BigRational, Error, Formula, FormulaError, Options, Weights};
use weighted::{brute_force_weighted, random_weights};

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn weights_that_do_not_fit_the_formula_are_refused() {
    let f = Formula {
        num_vars: 2,
        clauses: vec![vec![1, 2]],
        projection: Some(vec![1]),
    };
    let cases = [
        (
            3,
            r(1, 2),
            FormulaError::WeightOutOfRange {
                literal: 3,
                num_vars: 2,
            },
        ),
        (
            0,
            r(1, 2),
            FormulaError::WeightOutOfRange {
                literal: 0,
                num_vars: 2,
            },
        ),
        (-2, r(1, 2), FormulaError::WeightOnUnprojected { var: 2 }),
    ];
    for (lit, w, want) in cases {
        let weights: Weights = [(lit, w)].into_iter().collect();
        match count_weighted(&f, &weights, &Options::default()) {
            Err(Error::InvalidFormula(e)) => assert_eq!(e, want),
            other => panic!("{lit}: {other:?}"),
        }
    }
    // A weight of 1 outside the projection changes nothing and is accepted.
    let weights: Weights = [(2, r(1, 1))].into_iter().collect();
    let c = count_weighted(&f, &weights, &Options::default()).unwrap();
    assert_eq!(c.value, r(2, 1));
}

#[test]
fn free_weighted_variables_count_the_sum_of_their_weights() {
    // x1 forced true; x7 and x2_000_000_000 in no clause; every other variable unweighted
    // and free (a factor 2 each, 2^(n - 3) in all: far too many to write, so project).
    let f = Formula {
        num_vars: 4_000_000_000,
        clauses: vec![vec![1]],
        projection: Some(vec![1, 7, 2_000_000_000, 9]),
    };
    let weights: Weights = [
        (1, r(3, 10)),
        (-1, r(5, 1)),
        (7, r(1, 2)),
        (-7, r(1, 4)),
        (-2_000_000_000, r(-2, 1)),
    ]
    .into_iter()
    .collect();
    let c = count_weighted(&f, &weights, &Options::default()).unwrap();
    // 0.3 · (0.5 + 0.25) · (1 − 2) · 2 (x9 unweighted).
    assert_eq!(c.value, r(3, 10) * r(3, 4) * r(-1, 1) * r(2, 1));
}

#[test]
fn unsatisfiable_formulas_weigh_zero_and_empty_projections_weigh_one() {
    let weights: Weights = [(1, r(7, 3))].into_iter().collect();
    let unsat = Formula {
        num_vars: 1,
        clauses: vec![vec![1], vec![-1]],
        projection: None,
    };
    let c = count_weighted(&unsat, &weights, &Options::default()).unwrap();
    assert_eq!(c.value, r(0, 1));
    let sat = Formula {
        num_vars: 2,
        clauses: vec![vec![1, 2]],
        projection: Some(vec![]),
    };
    let c = count_weighted(&sat, &Weights::new(), &Options::default()).unwrap();
    assert_eq!(c.value, r(1, 1));
}

#[test]
fn random_weighted_formulas_match_brute_force() {
    let mut rng = Rng(0x77e1_647e_d000_0001);
    for i in 0..60 {
        let n = 6 + rng.below(9) as u32;
        let m = (u64::from(n) * (10 + rng.below(30)) / 10) as usize;
        let mut f = random_kcnf(&mut rng, n, m, 3);
        if i % 2 == 1 {
            f.projection = Some((1..=1 + rng.below(u64::from(n)) as u32).collect());
        }
        let shown: Vec<u32> = f.projection.clone().unwrap_or_else(|| (1..=n).collect());
        let w = random_weights(&shown, |k| rng.below(k));
        let got = count_weighted(&f, &w, &Options::default()).unwrap().value;
        assert_eq!(got, brute_force_weighted(&f, &w), "{f:?} with {w:?}");
    }
}
