//! One conformance suite for every [`Backend`]: what any backend must do, checked against
//! brute force on small models. A backend crate runs it from one line in its tests:
//!
//! ```ignore
//! zero_one_model::backend_conformance!(varisat, varisat_enum::VarisatBackend::default());
//! ```
//!
//! Checked: the solutions of random models (clauses, at-most-one, exactly-one,
//! cardinality and linear constraints with general coefficients, a random projection) are
//! exactly the projected models, each once, each a model of every constraint; fixed literals
//! restrict them as a cube should; an empty projection counts satisfiability; an
//! unsatisfiable model has none; a fixed literal outside the model is invalid input.
//! Only with the `conformance` feature.

use crate::{Backend, BackendErrorKind, Cmp, Constraint, Lit, Model, Var};
use std::collections::BTreeSet;

/// A small deterministic generator (xorshift), so a failure names a reproducible case.
struct Rng(u64);

impl Rng {
    fn below(&mut self, m: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % m
    }

    fn lit(&mut self, vars: &[Var]) -> Lit {
        let v = vars[self.below(vars.len() as u64) as usize];
        v.lit(self.below(2) == 0)
    }

    fn lits(&mut self, vars: &[Var], k: u64) -> Vec<Lit> {
        let mut seen = BTreeSet::new();
        (0..k)
            .map(|_| self.lit(vars))
            .filter(|l| seen.insert(l.var()))
            .collect()
    }
}

/// A random model over at most 7 variables, and its description for messages.
fn random_model(rng: &mut Rng) -> Model {
    let mut m = Model::new();
    let n = 2 + rng.below(6) as usize;
    let vars = m.new_vars(n);
    for _ in 0..1 + rng.below(5) {
        let k = 1 + rng.below(4);
        let lits = rng.lits(&vars, k);
        let c = match rng.below(6) {
            0 | 1 => Constraint::Clause(lits),
            2 => Constraint::AtMostOne(lits),
            3 => Constraint::ExactlyOne(lits),
            4 => Constraint::Cardinality {
                k: rng.below(lits.len() as u64 + 1) as u32,
                cmp: [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][rng.below(3) as usize],
                lits,
            },
            _ => Constraint::Linear {
                rhs: rng.below(9) as i64 - 2,
                cmp: [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][rng.below(3) as usize],
                terms: lits
                    .into_iter()
                    .map(|l| (rng.below(7) as i64 - 2, l))
                    .collect(),
            },
        };
        m.add(c);
    }
    if rng.below(2) == 0 {
        let shown: Vec<Var> = vars.iter().copied().filter(|_| rng.below(3) > 0).collect();
        m.show(shown);
    }
    m
}

/// The projected models of `m` with every literal of `fixed` true, by brute force.
fn brute_force(m: &Model, fixed: &[Lit]) -> BTreeSet<Vec<bool>> {
    let n = m.num_vars();
    let shown = m.shown();
    (0..1u32 << n)
        .map(|a| (0..n).map(|i| (a >> i) & 1 == 1).collect::<Vec<bool>>())
        .filter(|a| m.check(a).is_ok() && fixed.iter().all(|l| l.eval(a)))
        .map(|a| shown.iter().map(|v| a[v.index()]).collect())
        .collect()
}

/// The projected solutions `backend` gives for `m` under `fixed`, each checked against the
/// model and the fixed literals, each projection once.
fn enumerate(backend: &dyn Backend, m: &Model, fixed: &[Lit]) -> BTreeSet<Vec<bool>> {
    let name = backend.name();
    let mut it = backend
        .solutions(m, fixed)
        .unwrap_or_else(|e| panic!("{name}: {e} on {m:?}"));
    let shown = m.shown();
    let mut found = BTreeSet::new();
    while let Some(a) = it
        .next_solution()
        .unwrap_or_else(|e| panic!("{name}: {e} on {m:?}"))
    {
        assert_eq!(
            a.len(),
            m.num_vars(),
            "{name}: one value per model variable"
        );
        if let Err(v) = m.check(&a) {
            panic!("{name} returned a non-solution of {m:?}: {v}");
        }
        assert!(
            fixed.iter().all(|l| l.eval(&a)),
            "{name} broke a fixed literal"
        );
        let p: Vec<bool> = shown.iter().map(|v| a[v.index()]).collect();
        assert!(
            found.insert(p),
            "{name} returned a projected solution twice for {m:?}"
        );
        assert!(found.len() <= 1 << shown.len(), "{name} does not end");
    }
    found
}

/// Random models: the backend's projected solutions are exactly brute force's, with and
/// without a cube of fixed literals.
pub fn random_models(backend: &dyn Backend, cases: u32) {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for case in 0..cases {
        let m = random_model(&mut rng);
        let want = brute_force(&m, &[]);
        assert_eq!(
            enumerate(backend, &m, &[]),
            want,
            "{}: case {case}, {m:?}",
            backend.name()
        );
        let vars: Vec<Var> = (0..m.num_vars() as u32).map(Var::new).collect();
        let k = 1 + rng.below(2);
        let fixed = rng.lits(&vars, k);
        assert_eq!(
            enumerate(backend, &m, &fixed),
            brute_force(&m, &fixed),
            "{}: case {case}, {m:?} under {fixed:?}",
            backend.name()
        );
    }
}

/// An empty projection counts satisfiability: one empty solution, or none.
pub fn empty_projection(backend: &dyn Backend) {
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
    m.show([]);
    assert_eq!(enumerate(backend, &m, &[]).len(), 1, "{}", backend.name());
    m.add(Constraint::Clause(vec![v[0].negative()]));
    m.add(Constraint::Clause(vec![v[1].negative()]));
    assert!(enumerate(backend, &m, &[]).is_empty(), "{}", backend.name());
}

/// An unsatisfiable model, and a satisfiable one under contradicting fixed literals, have no
/// solution.
pub fn unsatisfiable(backend: &dyn Backend) {
    let mut m = Model::new();
    let v = m.new_vars(2);
    m.add(Constraint::ExactlyOne(vec![
        v[0].positive(),
        v[1].positive(),
    ]));
    assert_eq!(enumerate(backend, &m, &[]).len(), 2, "{}", backend.name());
    let both = [v[0].positive(), v[1].positive()];
    assert!(
        enumerate(backend, &m, &both).is_empty(),
        "{}",
        backend.name()
    );
    m.add(Constraint::Clause(vec![]));
    assert!(enumerate(backend, &m, &[]).is_empty(), "{}", backend.name());
}

/// A fixed literal on a variable outside the model is refused as invalid input.
pub fn outside_literal(backend: &dyn Backend) {
    let mut m = Model::new();
    m.new_vars(2);
    let stranger = Var::new(7).positive();
    let refused = match backend.solutions(&m, &[stranger]) {
        Err(e) => e,
        Ok(_) => panic!("{} accepted a literal outside the model", backend.name()),
    };
    assert_eq!(
        refused.kind(),
        BackendErrorKind::InvalidInput,
        "{}: {refused}",
        backend.name()
    );
}

/// Runs the conformance suite against a backend, as tests of the calling crate:
/// `backend_conformance!(name, expression building the backend)`, optionally with the number
/// of random models (default 200).
#[macro_export]
macro_rules! backend_conformance {
    ($name:ident, $backend:expr) => {
        $crate::backend_conformance!($name, $backend, 200);
    };
    ($name:ident, $backend:expr, $cases:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[test]
            fn random_models_match_brute_force() {
                $crate::conformance::random_models(&$backend, $cases);
            }

            #[test]
            fn an_empty_projection_counts_satisfiability() {
                $crate::conformance::empty_projection(&$backend);
            }

            #[test]
            fn an_unsatisfiable_model_has_no_solution() {
                $crate::conformance::unsatisfiable(&$backend);
            }

            #[test]
            fn a_fixed_literal_outside_the_model_is_invalid_input() {
                $crate::conformance::outside_literal(&$backend);
            }
        }
    };
}
