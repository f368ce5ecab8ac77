//! Helpers for the weighted tests: a brute-force weighted counter and random weights.
//! Includers name `Formula`, `Weights` and `BigRational` at their root (as
//! `tests/common/mod.rs` does with `Formula`), and pass an `Rng` from there.

#![allow(dead_code)]

use crate::{BigRational, Formula, Weights};

/// The sum over the distinct projections of the models of `f` (all variables when
/// unprojected) of the product of the weights of their projected literals, by
/// enumeration.
pub fn brute_force_weighted(f: &Formula, w: &Weights) -> BigRational {
    let n = f.num_vars;
    assert!(n <= 20, "brute force over {n} variables");
    let proj: Vec<u32> = match &f.projection {
        None => (1..=n).collect(),
        Some(p) => {
            let mut p = p.clone();
            p.sort_unstable();
            p.dedup();
            p
        }
    };
    let mut seen = std::collections::HashSet::new();
    let mut total = BigRational::from_integer(0.into());
    for a in 0u64..1 << n {
        let sat = f.clauses.iter().all(|c| {
            c.iter().any(|&l| {
                let bit = a >> (l.unsigned_abs() - 1) & 1 == 1;
                bit == (l > 0)
            })
        });
        if !sat {
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
                let lit = if a >> (v - 1) & 1 == 1 {
                    v as i32
                } else {
                    -(v as i32)
                };
                weight *= w.get(lit);
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

/// Random weights on some literals of the variables `vars`; `pick(k)` draws below `k`.
pub fn random_weights(vars: &[u32], mut pick: impl FnMut(u64) -> u64) -> Weights {
    let choices = weight_choices();
    let mut w = Weights::new();
    for &v in vars {
        for lit in [v as i32, -(v as i32)] {
            if pick(3) != 0 {
                w.set(lit, choices[pick(choices.len() as u64) as usize].clone());
            }
        }
    }
    w
}
