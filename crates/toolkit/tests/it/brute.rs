//! Brute force: every assignment tried, for formulas small enough to try them all, and small
//! random formulas to try.

use nqueens_kit::count::{BigRational, BigUint};
use nqueens_kit::formats::Cnf;
use std::collections::HashSet;

/// The distinct projections of the models of `cnf` onto its projection (every variable
/// without one).
pub fn projected_count(cnf: &Cnf) -> BigUint {
    assert!(
        cnf.num_vars <= 20,
        "too many variables to try every assignment"
    );
    let shown: Vec<usize> = match &cnf.shown {
        Some(s) => s.iter().map(|v| v.index()).collect(),
        None => (0..cnf.num_vars).collect(),
    };
    let mut seen = HashSet::new();
    for bits in 0u32..1 << cnf.num_vars {
        let value: Vec<bool> = (0..cnf.num_vars).map(|i| bits >> i & 1 == 1).collect();
        if cnf.clauses.iter().all(|c| c.iter().any(|l| l.eval(&value))) {
            seen.insert(shown.iter().map(|&i| value[i]).collect::<Vec<_>>());
        }
    }
    BigUint::from(seen.len())
}

/// The sum over the models of `cnf` of the product of their literals' weights (a literal
/// without one weighs 1), over every variable (the files here have no projection).
pub fn weighted_count(cnf: &Cnf) -> BigRational {
    let weights = cnf.weights.clone().unwrap_or_default();
    let one = BigRational::from_integer(1.into());
    let mut total = BigRational::from_integer(0.into());
    for bits in 0u32..1 << cnf.num_vars {
        let value: Vec<bool> = (0..cnf.num_vars).map(|i| bits >> i & 1 == 1).collect();
        if cnf.clauses.iter().all(|c| c.iter().any(|l| l.eval(&value))) {
            let weight = weights
                .iter()
                .filter(|(l, _)| l.eval(&value))
                .fold(one.clone(), |w, (_, x)| w * x);
            total += weight;
        }
    }
    total
}

/// splitmix64: the same formulas on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random 3-CNF over `vars` variables with `clauses` clauses, as DIMACS text, with a
/// random projection of about half the variables when `projected`.
pub fn random_cnf(rng: &mut Rng, vars: u64, clauses: u64, projected: bool) -> String {
    let mut text = format!("p cnf {vars} {clauses}\n");
    if projected {
        let shown: Vec<String> = (1..=vars)
            .filter(|_| rng.below(2) == 0)
            .map(|v| v.to_string())
            .collect();
        text += &format!("c p show {} 0\n", shown.join(" "));
    }
    for _ in 0..clauses {
        for _ in 0..3 {
            let v = rng.below(vars) as i64 + 1;
            text += &format!("{} ", if rng.below(2) == 0 { v } else { -v });
        }
        text += "0\n";
    }
    text
}
