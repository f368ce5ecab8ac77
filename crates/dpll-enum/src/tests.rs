//! The enumerator against brute force: every projected model exactly once, on random
//! formulas with random projections and fixed literals.

use crate::DpllBackend;
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;
use zero_one_model::{AmoEncoding, Backend, CnfOptions, Constraint, Lit, Model, Var};

/// The projections of every model in which `fixed` holds, by brute force.
fn brute_force(model: &Model, fixed: &[Lit]) -> HashSet<Vec<bool>> {
    let n = model.num_vars();
    let shown = model.shown();
    (0..1u32 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<_>>())
        .filter(|a| model.check(a).is_ok() && fixed.iter().all(|l| l.eval(a)))
        .map(|a| shown.iter().map(|v| a[v.index()]).collect())
        .collect()
}

fn enumerate(backend: &DpllBackend, model: &Model, fixed: &[Lit]) -> Vec<Vec<bool>> {
    let mut s = backend.solutions(model, fixed).unwrap();
    let shown = model.shown();
    let mut out = Vec::new();
    while let Some(a) = s.next_solution().unwrap() {
        assert!(model.check(&a).is_ok(), "not a model: {a:?}");
        assert!(fixed.iter().all(|l| l.eval(&a)), "breaks a fixed literal");
        out.push(shown.iter().map(|v| a[v.index()]).collect());
    }
    out
}

fn model_strategy() -> impl Strategy<Value = (Model, Vec<Lit>)> {
    let lit = (0u32..7, any::<bool>()).prop_map(|(v, p)| Var::new(v).lit(p));
    let constraint = prop_oneof![
        3 => prop::collection::vec(lit.clone(), 1..5).prop_map(Constraint::Clause),
        1 => prop::collection::vec(lit.clone(), 2..5).prop_map(Constraint::AtMostOne),
        1 => prop::collection::vec(lit.clone(), 2..5).prop_map(Constraint::ExactlyOne),
    ];
    (
        prop::collection::vec(constraint, 0..10),
        prop::collection::vec(any::<bool>(), 7),
        prop::collection::vec(lit, 0..3),
    )
        .prop_map(|(cs, show, fixed)| {
            let mut m = Model::new();
            let vars = m.new_vars(7);
            for c in cs {
                m.add(c);
            }
            let shown: Vec<Var> = vars
                .into_iter()
                .zip(show)
                .filter(|(_, s)| *s)
                .map(|(v, _)| v)
                .collect();
            if !shown.is_empty() {
                m.show(shown);
            }
            (m, fixed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every projected model once, for encodings with and without auxiliary variables.
    #[test]
    fn enumerates_every_projected_model_exactly_once((model, fixed) in model_strategy()) {
        let expected = brute_force(&model, &fixed);
        for amo in [AmoEncoding::Pairwise, AmoEncoding::Sequential, AmoEncoding::Bimander] {
            let backend = DpllBackend::new(CnfOptions::with_amo(amo), None);
            let got = enumerate(&backend, &model, &fixed);
            let distinct: HashSet<Vec<bool>> = got.iter().cloned().collect();
            prop_assert_eq!(distinct.len(), got.len(), "a repeat with {}", amo);
            prop_assert_eq!(&distinct, &expected, "with {}", amo);
        }
    }

    /// Handing the unexplored part to a fallback after any number of conflicts loses and
    /// repeats nothing (the fallback here is the enumerator itself, without a budget).
    #[test]
    fn a_search_over_budget_hands_exactly_the_rest_to_the_fallback(
        (model, fixed) in model_strategy(),
        budget in 0u64..4,
    ) {
        let expected = brute_force(&model, &fixed);
        let fallback: Arc<dyn Backend> = Arc::new(DpllBackend::new(CnfOptions::default(), None));
        let backend = DpllBackend { budget, ..DpllBackend::new(CnfOptions::default(), Some(fallback)) };
        let got = enumerate(&backend, &model, &fixed);
        let distinct: HashSet<Vec<bool>> = got.iter().cloned().collect();
        prop_assert_eq!(distinct.len(), got.len(), "a repeat");
        prop_assert_eq!(&distinct, &expected);
    }
}

#[test]
fn a_fixed_literal_outside_the_model_is_an_error_not_a_panic() {
    let mut m = Model::new();
    m.new_vars(2);
    let err = DpllBackend::default()
        .solutions(&m, &[Var::new(5).positive()])
        .err()
        .expect("refused");
    assert!(err.to_string().contains("outside the model"), "{err}");
    assert_eq!(err.kind(), zero_one_model::BackendErrorKind::InvalidInput);
}

#[test]
fn an_empty_clause_and_contradictory_fixed_literals_have_no_models() {
    let mut m = Model::new();
    let v = m.new_vars(2);
    m.add(Constraint::Clause(vec![]));
    assert!(enumerate(&DpllBackend::default(), &m, &[]).is_empty());
    let mut m = Model::new();
    m.new_vars(2);
    let fixed = [v[0].positive(), v[0].negative()];
    assert!(enumerate(&DpllBackend::default(), &m, &fixed).is_empty());
}

/// A set stop flag ends a long search with an `Interrupted` error, never with a silent end
/// of the stream (which a caller would take for a complete count).
#[test]
fn a_set_stop_flag_interrupts_a_long_search_with_an_error() {
    // A stop already asked for: no static, no leak.
    let stop = zero_one_model::StopFlag::new();
    stop.raise();
    // Pigeonhole 8 into 7: unsatisfiable, and far more than a thousand steps for DPLL.
    let mut m = Model::new();
    let x: Vec<Vec<Var>> = (0..8).map(|_| m.new_vars(7)).collect();
    for p in &x {
        m.add(Constraint::Clause(p.iter().map(|v| v.positive()).collect()));
    }
    for h in 0..7 {
        m.add(Constraint::AtMostOne(
            x.iter().map(|p| p[h].positive()).collect(),
        ));
    }
    let backend = DpllBackend {
        stop: Some(stop),
        ..DpllBackend::default()
    };
    let mut s = backend.solutions(&m, &[]).unwrap();
    let err = s.next_solution().expect_err("interrupted, not ended");
    assert_eq!(err.kind(), zero_one_model::BackendErrorKind::Interrupted);
}

/// The regression (issue 31): the default had no fallback, although the book says a hard
/// part goes to varisat; a PB model took 133 s (10^9 conflicts) instead of 0.5 s.
#[test]
fn the_default_hands_hard_parts_to_varisat() {
    let default = DpllBackend::default();
    let fallback = default.fallback.as_ref().expect("a fallback by default");
    assert_eq!(fallback.name(), zero_one_model::BackendName::Varisat);
    assert_eq!(default.budget, crate::DEFAULT_BUDGET);
    assert!(DpllBackend::new(CnfOptions::default(), None)
        .fallback
        .is_none());
}
