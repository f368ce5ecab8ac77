//! Counting by orbits is exact: equal to the plain count on queens boards and on random
//! formulas closed under a random symmetry; the number of orbits equals the number of
//! projected models of the model with every element's lex-leader constraint (for a model that
//! does not fall apart).

use cnf_symmetry::{break_symmetries, find, Breaking, OrbitProblem, DEFAULT_BUDGET};
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
        // are counted with their own groups, and the free variables' group is never listed:
        // see the next test).
        if broken.every_element && o.parts.len() == 1 && o.key.free_vars == 0 {
            let reps = plain(&broken.model, &dpll);
            prop_assert_eq!(reps.count.to_string(), o.tally.orbits.to_string());
        }
    }
}

/// The root of `x`'s tree in a union-find forest.
fn root(forest: &[usize], mut x: usize) -> usize {
    while forest[x] != x {
        x = forest[x];
    }
    x
}

/// A formula with variables in no clause: clauses over the first variables only, and a
/// projection (every variable, or a random set) that may take in some of the others.
#[derive(Debug)]
struct Formula {
    vars: usize,
    clauses: Vec<Vec<Lit>>,
    shown: Vec<bool>,
    projected: bool,
}

impl Formula {
    fn model(&self) -> Model {
        let mut m = Model::new();
        let v = m.new_vars(self.vars);
        for c in &self.clauses {
            m.add(Constraint::Clause(c.clone()));
        }
        if self.projected {
            m.show((0..self.vars).filter(|&i| self.shown[i]).map(|i| v[i]));
        }
        m
    }

    /// The projection variables, ascending.
    fn projection(&self) -> Vec<usize> {
        (0..self.vars).filter(|&v| self.shown[v]).collect()
    }

    /// Every projected model, by trying every assignment.
    fn projected_models(&self) -> Vec<Vec<bool>> {
        let mut models = std::collections::BTreeSet::new();
        for bits in 0u32..1 << self.vars {
            let s: Vec<bool> = (0..self.vars).map(|i| bits >> i & 1 == 1).collect();
            if self.clauses.iter().all(|c| c.iter().any(|l| l.eval(&s))) {
                models.insert(self.projection().iter().map(|&v| s[v]).collect());
            }
        }
        models.into_iter().collect()
    }

    /// The independent parts with a projection variable, as the count takes them apart
    /// (clauses sharing a variable, directly or through others), each its variables
    /// ascending; then the projection variables in no clause.
    fn parts(&self) -> (Vec<Vec<usize>>, Vec<usize>) {
        let mut part: Vec<usize> = (0..self.vars).collect();
        let mut used = vec![false; self.vars];
        for c in &self.clauses {
            for l in c {
                used[l.var().index()] = true;
                let (a, b) = (
                    root(&part, c[0].var().index()),
                    root(&part, l.var().index()),
                );
                part[a] = b;
            }
        }
        let mut parts: Vec<Vec<usize>> = Vec::new();
        let mut roots = Vec::new();
        for v in (0..self.vars).filter(|&v| used[v]) {
            let r = root(&part, v);
            match roots.iter().position(|&x| x == r) {
                Some(i) => parts[i].push(v),
                None => {
                    roots.push(r);
                    parts.push(vec![v]);
                }
            }
        }
        parts.retain(|p| p.iter().any(|&v| self.shown[v]));
        let free = (0..self.vars)
            .filter(|&v| self.shown[v] && !used[v])
            .collect();
        (parts, free)
    }

    /// The generators `cnf_symmetry::find` reports for the sub-formula over `vars`, as
    /// permutations of this formula's literal codes (fixing every other literal).
    fn generators_of(&self, vars: &[usize]) -> Vec<Vec<u32>> {
        let local = |v: usize| {
            vars.iter()
                .position(|&w| w == v)
                .map(|i| Var::new(i as u32))
        };
        let clauses: Vec<Vec<Lit>> = self
            .clauses
            .iter()
            .filter(|c| local(c[0].var().index()).is_some())
            .map(|c| {
                c.iter()
                    .map(|l| local(l.var().index()).unwrap().lit(l.is_positive()))
                    .collect()
            })
            .collect();
        let shown: Vec<bool> = vars.iter().map(|&v| self.shown[v]).collect();
        let found = find(vars.len(), &clauses, &shown, DEFAULT_BUDGET);
        assert!(found.complete);
        found
            .generators
            .iter()
            .map(|g| {
                let mut lifted: Vec<u32> = (0..2 * self.vars as u32).collect();
                for (code, &image) in g.iter().enumerate() {
                    let to = |c: usize| (2 * vars[c / 2] + c % 2) as u32;
                    lifted[to(code) as usize] = to(image as usize);
                }
                lifted
            })
            .collect()
    }
}

/// 4 to 10 variables, 1 to 6 clauses of 1 to 3 literals over all but the last 1 to 3.
fn formula_with_free_variables() -> impl Strategy<Value = Formula> {
    (4usize..=10, 1usize..=3)
        .prop_flat_map(|(vars, free)| {
            (
                Just(vars),
                prop::collection::vec(
                    prop::collection::vec((0..vars - free, any::<bool>()), 1..=3),
                    1..=6,
                ),
                prop::option::of(prop::collection::vec(any::<bool>(), vars)),
            )
        })
        .prop_map(|(vars, raw, projection)| Formula {
            vars,
            clauses: raw
                .into_iter()
                .map(|c| {
                    c.into_iter()
                        .map(|(v, p)| Var::new(v as u32).lit(p))
                        .collect()
                })
                .collect(),
            shown: projection.clone().unwrap_or(vec![true; vars]),
            projected: projection.is_some(),
        })
}

/// The orbits of `models` (over the projection `projection`, ascending) under the group
/// `generators` generate (permutations of literal codes that keep the projection), by
/// joining every model to its image under every generator.
fn orbits_under(models: &[Vec<bool>], projection: &[usize], generators: &[Vec<u32>]) -> usize {
    let index: std::collections::HashMap<&Vec<bool>, usize> =
        models.iter().enumerate().map(|(i, s)| (s, i)).collect();
    let mut orbit: Vec<usize> = (0..models.len()).collect();
    let position = |v: usize| projection.iter().position(|&w| w == v).unwrap();
    for g in generators {
        for (i, s) in models.iter().enumerate() {
            let mut image = vec![false; s.len()];
            for (k, &v) in projection.iter().enumerate() {
                let to = g[2 * v] as usize;
                image[position(to / 2)] = s[k] != (to % 2 == 1);
            }
            let (a, b) = (root(&orbit, i), root(&orbit, index[&image]));
            orbit[a] = b;
        }
    }
    (0..models.len()).filter(|&i| root(&orbit, i) == i).count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("NQUEENS_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(200)
    ))]

    /// The orbits reported are those of the projected models under the group the count
    /// says it used: each independent part's group as `find` reports it, and every
    /// permutation and flip of the projection variables in no clause (as `find` reports
    /// them too), which makes them one orbit. That is the group of the whole file unless
    /// one of its symmetries swaps two parts.
    #[test]
    fn orbits_are_those_of_the_parts_groups_and_the_free_variables_group(
        f in formula_with_free_variables(),
    ) {
        let models = f.projected_models();
        let projection = f.projection();
        let (parts, free) = f.parts();
        let mut generators: Vec<Vec<u32>> = parts.iter().flat_map(|p| f.generators_of(p)).collect();
        generators.extend(f.generators_of(&free));
        let expected = orbits_under(&models, &projection, &generators);

        let problem = OrbitProblem::new(&f.model(), Depth::Target(16), "orbits", DEFAULT_BUDGET).unwrap();
        let o = run(&problem, &dpll_enum::DpllBackend::default(), &options(1)).unwrap();
        prop_assert_eq!(o.count.to_string(), models.len().to_string());
        let orbits = count_engine::combine_orbits(&o.parts);
        if problem.parts().all(|p| p.is_whole_group()) {
            prop_assert_eq!(orbits.to_string(), expected.to_string());
        } else {
            // A subgroup's orbits are smaller, so more.
            prop_assert!(orbits >= expected.into(), "{} orbits, {} expected", orbits, expected);
        }

        // The whole file's group (`nqueens symmetries`) is the same unless it swaps parts.
        let file = find(f.vars, &f.clauses, &f.shown, DEFAULT_BUDGET).generators;
        let part_of = |v: usize| parts.iter().position(|p| p.contains(&v));
        let swaps = file.iter().any(|g| projection.iter().any(|&v| part_of(v) != part_of(g[2 * v] as usize / 2)));
        let under_file = orbits_under(&models, &projection, &file);
        if swaps {
            prop_assert!(under_file <= expected);
        } else {
            prop_assert_eq!(under_file, expected);
        }
    }
}
