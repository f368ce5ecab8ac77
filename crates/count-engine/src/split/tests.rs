use super::*;
use zero_one_model::{Constraint, Var};

/// Every assignment of `n` variables satisfying the model's clauses.
fn brute_force(model: &Model) -> Vec<Vec<bool>> {
    let n = model.num_vars();
    (0..1u32 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<_>>())
        .filter(|a| model.check(a).is_ok())
        .collect()
}

fn random_model(seed: u64, n: usize, clauses: usize) -> Model {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut m = Model::new();
    m.new_vars(n);
    for _ in 0..clauses {
        let len = 1 + (next() % 4) as usize;
        let c = (0..len)
            .map(|_| Var::new((next() % n as u64) as u32).lit(next() % 2 == 0))
            .collect();
        m.add(Constraint::Clause(c));
    }
    m
}

/// Every model lies in exactly one cube, at every depth, on random formulas.
#[test]
fn cubes_are_disjoint_and_cover_every_model() {
    for seed in 0..60 {
        let m = random_model(seed, 8, 6 + (seed % 10) as usize);
        let models = brute_force(&m);
        for depth in [
            Depth::Levels(0),
            Depth::Levels(1),
            Depth::Levels(3),
            Depth::Target(20),
        ] {
            let cubes = split(&m, depth);
            for a in &models {
                let holding = cubes.iter().filter(|c| c.iter().all(|l| l.eval(a))).count();
                assert_eq!(
                    holding, 1,
                    "seed {seed} {depth:?}: {a:?} in {holding} cubes"
                );
            }
        }
    }
}

/// An exactly-one row splits into one cube per square, as a board's row prefix does.
#[test]
fn an_exactly_one_constraint_splits_into_one_cube_per_literal() {
    let mut m = Model::new();
    let v = m.new_vars(4);
    m.add(Constraint::ExactlyOne(
        v.iter().map(|x| x.positive()).collect(),
    ));
    let cubes = split(&m, Depth::Levels(1));
    assert_eq!(cubes.len(), 4);
    assert_eq!(
        cubes[2],
        vec![v[0].negative(), v[1].negative(), v[2].positive()]
    );
    assert_eq!(
        split(&m, Depth::Levels(5)).len(),
        4,
        "nothing left to split"
    );
}

/// A formula propagation refutes has no cubes; cube literals are over shown variables only.
#[test]
fn refuted_formulas_have_no_cubes_and_cubes_stay_on_the_projection() {
    let mut m = Model::new();
    let v = m.new_vars(2);
    m.add(Constraint::Clause(vec![v[0].positive()]));
    m.add(Constraint::Clause(vec![v[0].negative()]));
    assert!(split(&m, Depth::Levels(2)).is_empty());
    let mut m = Model::new();
    let v = m.new_vars(4);
    m.show([v[2], v[3]]);
    m.add(Constraint::Clause(v.iter().map(|x| x.positive()).collect()));
    for c in split(&m, Depth::Levels(4)) {
        assert!(
            c.iter().all(|l| l.var() == v[2] || l.var() == v[3]),
            "{c:?}"
        );
    }
}

/// The regression of a tour: a knapsack too large for the default BDD (60 terms, 6-digit
/// weights) made the split fail, so `count opb` refused a file every backend could take;
/// the look-ahead now lowers it with the adder, and splits it.
#[test]
fn a_linear_row_too_large_for_the_bdd_is_split_through_the_adder() {
    use zero_one_model::{Cmp, Constraint, Model};
    let mut m = Model::new();
    let x = m.new_vars(60);
    let mut s = 5u64;
    let terms: Vec<(i64, Lit)> = x
        .iter()
        .map(|v| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (100_000 + (s >> 33) as i64 % 900_000, v.positive())
        })
        .collect();
    let rhs = terms.iter().map(|&(w, _)| w).sum::<i64>() / 2;
    m.add(Constraint::Linear {
        terms,
        cmp: Cmp::AtMost,
        rhs,
    });
    let cubes = split(&m, Depth::Target(16));
    assert!(cubes.len() >= 16, "{} cubes", cubes.len());
    // Every cube is over the model's variables, and the cubes are distinct.
    let distinct: std::collections::BTreeSet<_> = cubes.iter().collect();
    assert_eq!(distinct.len(), cubes.len());
}
