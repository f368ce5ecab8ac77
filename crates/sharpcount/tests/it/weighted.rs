//! Weighted counting through the public API: weights that do not fit the formula are
//! refused, weighted variables in no clause count the sum of their weights (even among
//! billions of variables), and random weighted formulas match brute force.

#[path = "common/weighted.rs"]
mod brute;

use crate::common;

use crate::common::{formula, lit, projected, random_kcnf, shown, Rng};
use brute::{brute_force_weighted, random_weights};
use sharpcount::{count_weighted, BigRational, Error, FormulaError, Options, Weights};
use zero_one_model::{Clauses, Var};

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn weights_that_do_not_fit_the_formula_are_refused() {
    let f = formula(2, &[&[1, 2]], Some(&[1]));
    let cases = [
        (
            3,
            r(1, 2),
            FormulaError::WeightOutOfRange {
                literal: lit(3),
                num_vars: 2,
            },
            "weighted literal 3 is out of range ±1..=2",
        ),
        (
            -2,
            r(1, 2),
            FormulaError::WeightOnUnprojected { var: Var::new(1) },
            "variable 2 has a weight other than 1 but is not in the projection",
        ),
    ];
    for (l, w, want, message) in cases {
        let weights: Weights = [(lit(l), w)].into_iter().collect();
        match count_weighted(&f, &weights, &Options::default()) {
            Err(Error::InvalidFormula(e)) => {
                assert_eq!(e.to_string(), message);
                assert_eq!(e, want);
            }
            other => panic!("{l}: {other:?}"),
        }
    }
    // A weight of 1 outside the projection changes nothing and is accepted.
    let weights: Weights = [(lit(2), r(1, 1))].into_iter().collect();
    let c = count_weighted(&f, &weights, &Options::default()).unwrap();
    assert_eq!(c.value, r(2, 1));
}

#[test]
fn free_weighted_variables_count_the_sum_of_their_weights() {
    // x1 forced true; x7 and x2_000_000_000 in no clause; every other variable unweighted
    // and free (a factor 2 each, 2^(n - 3) in all: far too many to write, so project).
    let f = Clauses::from_clauses(4_000_000_000, [&[lit(1)][..]])
        .with_projection([1, 7, 2_000_000_000, 9].map(|v| Var::new(v - 1)));
    let weights: Weights = [
        (lit(1), r(3, 10)),
        (lit(-1), r(5, 1)),
        (lit(7), r(1, 2)),
        (lit(-7), r(1, 4)),
        (lit(-2_000_000_000), r(-2, 1)),
    ]
    .into_iter()
    .collect();
    let c = count_weighted(&f, &weights, &Options::default()).unwrap();
    // 0.3 · (0.5 + 0.25) · (1 − 2) · 2 (x9 unweighted).
    assert_eq!(c.value, r(3, 10) * r(3, 4) * r(-1, 1) * r(2, 1));
}

#[test]
fn unsatisfiable_formulas_weigh_zero_and_empty_projections_weigh_one() {
    let weights: Weights = [(lit(1), r(7, 3))].into_iter().collect();
    let unsat = formula(1, &[&[1], &[-1]], None);
    let c = count_weighted(&unsat, &weights, &Options::default()).unwrap();
    assert_eq!(c.value, r(0, 1));
    let sat = formula(2, &[&[1, 2]], Some(&[]));
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
            f = projected(f, Some((1..=1 + rng.below(u64::from(n)) as u32).collect()));
        }
        let w = random_weights(&shown(&f), |k| rng.below(k));
        let got = count_weighted(&f, &w, &Options::default()).unwrap().value;
        assert_eq!(got, brute_force_weighted(&f, &w), "{f:?} with {w:?}");
    }
}

/// Weights whose common denominator is past 256 bits (distinct odd 64-bit denominators)
/// are counted as reduced rationals, not over a power of it; decimal weights over one; both
/// match brute force.
#[test]
fn weights_with_huge_or_decimal_denominators_match_brute_force() {
    let mut rng = Rng(0x5ca1_ed00_0000_0002);
    for i in 0..40 {
        let n = 6 + rng.below(7) as u32;
        let m = (u64::from(n) * (10 + rng.below(30)) / 10) as usize;
        let f = random_kcnf(&mut rng, n, m, 3);
        let mut w = Weights::new();
        for v in 0..n {
            for (j, l) in [Var::new(v).positive(), Var::new(v).negative()]
                .into_iter()
                .enumerate()
            {
                let w_l = if i % 2 == 0 {
                    // Distinct odd denominators near 2^64: their lcm passes 256 bits.
                    let d = u64::MAX - 2 * u64::from(2 * v + j as u32);
                    BigRational::new((1 + rng.below(1000) as i64).into(), d.into())
                } else {
                    // Decimals of up to four digits, some negative.
                    let k = rng.below(20_000) as i64 - 5_000;
                    BigRational::new(k.into(), 10_000.into())
                };
                w.set(l, w_l);
            }
        }
        let got = count_weighted(&f, &w, &Options::default()).unwrap().value;
        assert_eq!(got, brute_force_weighted(&f, &w), "{f:?} with {w:?}");
    }
}
