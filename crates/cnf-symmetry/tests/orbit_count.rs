//! Counting by orbits is exact: equal to the plain count on queens boards and on random
//! formulas closed under a random symmetry; the number of orbits equals the number of
//! projected models of the model with every element's lex-leader constraint (for a model that
//! does not fall apart).

use cnf_symmetry::{break_symmetries, Breaking, OrbitProblem, DEFAULT_BUDGET};
use count_engine::{run, Depth, ModelProblem, Outcome, RunOptions};
use proptest::prelude::*;
use zero_one_model::{Backend, Constraint, Lit, Model, Var};

fn options(threads: usize) -> RunOptions<'static> {
    RunOptions {
        threads,
        ..RunOptions::default()
    }
}

fn plain(model: &Model, backend: &dyn Backend) -> Outcome {
    let p = ModelProblem::new(model, Depth::Target(16), "plain").unwrap();
    run(&p, backend, &options(1)).unwrap()
}

fn by_orbits(model: &Model, backend: &dyn Backend, threads: usize) -> Outcome {
    let p = OrbitProblem::new(model, Depth::Target(16), "orbits", DEFAULT_BUDGET).unwrap();
    run(&p, backend, &options(threads)).unwrap()
}

/// The n-queens board, pairwise: one queen per row and per column, at most one per
/// diagonal (both at-least-one families, so that transposing the board is a symmetry too).
fn queens(n: usize) -> Model {
    let mut m = Model::new();
    let x = m.new_vars(n * n);
    let at = |r: usize, c: usize| x[r * n + c];
    for r in 0..n {
        m.add(Constraint::Clause(
            (0..n).map(|c| at(r, c).positive()).collect(),
        ));
        m.add(Constraint::Clause(
            (0..n).map(|c| at(c, r).positive()).collect(),
        ));
    }
    let squares: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    for (i, &(r1, c1)) in squares.iter().enumerate() {
        for &(r2, c2) in &squares[i + 1..] {
            let attack = r1 == r2 || c1 == c2 || r1 + c2 == r2 + c1 || r1 + c1 == r2 + c2;
            if attack {
                m.add(Constraint::Clause(vec![
                    at(r1, c1).negative(),
                    at(r2, c2).negative(),
                ]));
            }
        }
    }
    m
}

#[test]
fn queens_boards_count_the_same_and_their_orbits_are_oeis_a002562() {
    // A000170 and A002562 for n = 1..8.
    let known = [
        (1, 1),
        (0, 0),
        (0, 0),
        (2, 1),
        (10, 2),
        (4, 1),
        (40, 6),
        (92, 12),
    ];
    let backend = dpll_enum::DpllBackend::default();
    for (n, &(all, fundamental)) in (1..=8).zip(&known) {
        let m = queens(n);
        let o = by_orbits(&m, &backend, 2);
        assert_eq!(o.count.to_string(), all.to_string(), "Q({n})");
        assert_eq!(o.tally.orbits.to_u64(), Some(fundamental), "Q({n}) orbits");
        let broken = break_symmetries(
            &m,
            &Default::default(),
            DEFAULT_BUDGET,
            Breaking::EveryElement,
        )
        .unwrap();
        if n >= 4 {
            assert_eq!(broken.group.order(), 8, "Q({n}): the board's D4");
        }
        assert!(broken.every_element);
        let reps = plain(&broken.model, &backend);
        assert_eq!(
            reps.count.to_string(),
            fundamental.to_string(),
            "Q({n}) broken"
        );
    }
}

/// A random formula over `n` variables, closed under a random signed permutation.
fn symmetric_formula() -> impl Strategy<Value = Model> {
    (4usize..=8)
        .prop_flat_map(|n| {
            (
                Just(n),
                Just(()).prop_perturb(move |_, mut rng| {
                    let mut p: Vec<usize> = (0..n).collect();
                    for i in (1..n).rev() {
                        p.swap(i, rng.random_range(0..=i));
                    }
                    p
                }),
                prop::collection::vec(any::<bool>(), n),
                prop::collection::vec(prop::collection::vec((0..n, any::<bool>()), 1..=3), 1..=6),
                any::<bool>(),
            )
        })
        .prop_map(|(n, perm, flips, raw, project)| {
            let mut m = Model::new();
            let v: Vec<Var> = m.new_vars(n);
            let map = |l: Lit| {
                let i = l.var().index();
                v[perm[i]].lit(l.is_positive() != flips[i])
            };
            let mut clauses: Vec<Vec<Lit>> = Vec::new();
            for c in raw {
                let mut c: Vec<Lit> = c.into_iter().map(|(i, p)| v[i].lit(p)).collect();
                // The clause's orbit under the permutation (its order divides 2 * n!).
                for _ in 0..2 * n * n {
                    clauses.push(c.clone());
                    c = c.into_iter().map(map).collect();
                }
            }
            clauses.sort();
            clauses.dedup();
            for c in clauses {
                m.add(Constraint::Clause(c));
            }
            if project {
                // A projection the permutation keeps: the orbit of the first variable.
                let mut shown = vec![v[0]];
                let mut x = 0;
                loop {
                    x = perm[x];
                    if x == 0 {
                        break;
                    }
                    shown.push(v[x]);
                }
                m.show(shown);
            }
            m
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("NQUEENS_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(200)
    ))]

    #[test]
    fn orbit_counts_equal_plain_counts(m in symmetric_formula(), threads in 1usize..=2) {
        let dpll = dpll_enum::DpllBackend::default();
        let sat = varisat_enum::VarisatBackend::default();
        let expected = plain(&m, &sat).count;
        for b in [&dpll as &dyn Backend, &sat] {
            let o = by_orbits(&m, b, threads);
            prop_assert_eq!(&o.count, &expected, "{}", b.name());
        }
        let broken = break_symmetries(&m, &Default::default(), DEFAULT_BUDGET, Breaking::EveryElement).unwrap();
        let o = by_orbits(&m, &dpll, 1);
        // Orbits of the whole model's group, when the count did not take it apart (parts
        // and free variables are counted with their own groups, or none).
        if broken.every_element && o.parts.len() == 1 && o.key.free_vars == 0 {
            let reps = plain(&broken.model, &dpll);
            prop_assert_eq!(reps.count.to_string(), o.tally.orbits.to_string());
        }
    }
}
