//! Helpers for the weighted tests: a brute-force weighted counter and random weights.
//! Includers name `BigRational` and `Weights` at their crate root, include
//! `tests/it/common/mod.rs` as `common` beside this module, and pass an `Rng` from there.

#![allow(dead_code)]

use super::common::{satisfies, shown};
use crate::{BigRational, Weights};
use zero_one_model::{Clauses, Var};

/// The sum over the distinct projections of the models of `f` (all variables when
/// unprojected) of the product of the weights of their projected literals, by
/// enumeration.
pub fn brute_force_weighted(f: &Clauses, w: &Weights) -> BigRational {
    let n = f.num_vars();
    assert!(n <= 20, "brute force over {n} variables");
    let proj = shown(f);
    let mut seen = std::collections::HashSet::new();
    let mut total = BigRational::from_integer(0.into());
    for a in 0u64..1 << n {
        if !satisfies(f, a) {
            continue;
        }
        let key: u64 = proj
            .iter()
            .enumerate()
            .map(|(i, &v)| (a >> (v - 1) & 1) << i)
            .sum();
        if seen.insert(key) {
            let mut weight = BigRational::from_integer(1.into());
            for &v in &proj {
                weight *= w.get(Var::new(v - 1).lit(a >> (v - 1) & 1 == 1));
            }
            total += weight;
        }
    }
    total
}

/// The weights tests draw from: zero, one, fractions, integers and a negative.
pub fn weight_choices() -> Vec<BigRational> {
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    vec![
        r(0, 1),
        r(1, 1),
        r(1, 2),
        r(3, 10),
        r(7, 10),
        r(2, 1),
        r(-1, 3),
        r(5, 4),
    ]
}

/// Random weights on some literals of the DIMACS variables `vars`; `pick(k)` draws below
/// `k`.
pub fn random_weights(vars: &[u32], mut pick: impl FnMut(u64) -> u64) -> Weights {
    let choices = weight_choices();
    let mut w = Weights::new();
    for &v in vars {
        let v = Var::new(v - 1);
        for lit in [v.positive(), v.negative()] {
            if pick(3) != 0 {
                w.set(lit, choices[pick(choices.len() as u64) as usize].clone());
            }
        }
    }
    w
}
