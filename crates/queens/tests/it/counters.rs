//! The engine and the bitboard oracle as board counters alike: what each says it can do, what
//! `count_with` refuses by those capabilities alone, and the same checked solutions listed
//! by both.

use nqueens_queens::sizes::Search;
use nqueens_queens::{count_rules, first_violation, for_each_rules_solution, for_each_solution};
use nqueens_queens::{count_with, BoardCounter, CountConfig, EngineCounter, Oracle, QueensError};
use nqueens_queens::{FormulationKind, Rules, RunOptions, Shard, Square, Symmetry, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;
use varisat_enum::VarisatBackend;
use zero_one_model::{Backend, BackendError, Capabilities, Model, Prepared, SolutionCost};

/// varisat, saying other capabilities than its own.
struct Claims {
    inner: VarisatBackend,
    caps: Capabilities,
}

impl Backend for Claims {
    fn name(&self) -> zero_one_model::BackendName {
        zero_one_model::BackendName::Other("claims")
    }
    fn capabilities(&self) -> Capabilities {
        self.caps
    }
    fn encoding(&self) -> zero_one_model::BackendEncoding {
        self.inner.encoding()
    }
    fn prepare<'m>(&self, model: &'m Model) -> Result<Box<dyn Prepared<'m> + 'm>, BackendError> {
        self.inner.prepare(model)
    }
}

fn engine(backend: impl Backend + 'static) -> Arc<dyn BoardCounter> {
    Arc::new(EngineCounter::new(Arc::new(backend)))
}

fn config(counter: Arc<dyn BoardCounter>) -> CountConfig {
    CountConfig {
        formulation: FormulationKind::Board,
        counter,
        threads: 2,
        cube_depth: None,
        symmetry: Symmetry::None,
        rules: Rules::classic(),
    }
}

#[test]
fn the_oracle_says_it_has_no_model_cubes_or_proofs_and_a_size_limit() {
    let caps = Oracle.capabilities();
    assert_eq!(caps.backend, None);
    assert!(!caps.cubes && !caps.proofs);
    assert_eq!(caps.max_n, Some(nqueens_queens::MAX_BACKTRACK_N));
    assert_eq!(Oracle.search(), Search::Oracle);
    let oracle = config(Arc::new(Oracle));
    let Err(err) = count_with(33, &oracle, &RunOptions::default()) else {
        panic!("n = 33 counted by the oracle");
    };
    assert!(matches!(err, QueensError::TooLarge { n: 33, max: 32, .. }));
    assert_eq!(
        err.to_string(),
        "n = 33: the backtrack counter handles n <= 32"
    );
    let sharded = RunOptions {
        shard: Some(Shard { index: 1, of: 2 }),
        ..RunOptions::default()
    };
    let Err(err) = count_with(8, &oracle, &sharded) else {
        panic!("a shard counted by the oracle");
    };
    assert!(matches!(err, QueensError::NoCubes { .. }), "{err}");
    assert!(err.is_input_error());
}

#[test]
fn an_engine_counter_says_what_its_backend_can_do() {
    let varisat = engine(VarisatBackend::default());
    let caps = varisat.capabilities();
    assert!(caps.cubes && caps.proofs);
    assert_eq!(caps.max_n, None);
    assert_eq!(caps.backend, Some(VarisatBackend::default().capabilities()));
    assert!(!caps.deep_cubes());
    assert_eq!(varisat.search(), Search::Engine(SolutionCost::InProcess));
    // A backend that says it wants deep cubes and costs an LP search per solution.
    let lp_like = engine(Claims {
        inner: VarisatBackend::default(),
        caps: Capabilities::NONE
            .deep_cubes(true)
            .solution_cost(SolutionCost::LpSolve),
    });
    assert!(lp_like.capabilities().deep_cubes());
    assert_eq!(lp_like.search(), Search::Engine(SolutionCost::LpSolve));
    // Its default cube depth is half the board's; the count is the same.
    let c = config(lp_like);
    assert_eq!(c.depth_for(8), 4);
    assert_eq!(config(varisat).depth_for(8), 2);
    let r = count_with(8, &c, &RunOptions::default()).unwrap().report;
    assert_eq!((r.verdict.count, r.cube_depth), (92, 4));
    assert_eq!(r.backend, "claims");
}

/// Every solution a counter lists, as column vectors.
fn listed(
    counter: &dyn BoardCounter,
    n: usize,
    rules: &Rules,
    limit: Option<u64>,
) -> Vec<Vec<usize>> {
    let mut boards = Vec::new();
    let found = counter
        .solutions(n, rules, FormulationKind::Board, limit, &mut |b| {
            boards.push(b.columns().to_vec());
            true
        })
        .unwrap();
    assert_eq!(found as usize, boards.len());
    boards
}

#[test]
fn the_oracle_and_the_engine_list_the_same_solutions() {
    let sq = Square::new;
    let boards = [
        (6, Rules::classic()),
        (7, Rules::new(Variant::Toroidal, vec![], vec![])),
        (
            8,
            Rules::new(Variant::Classic, vec![sq(0, 2)], vec![sq(3, 3)]),
        ),
    ];
    let varisat = engine(VarisatBackend::default());
    for (n, rules) in &boards {
        let by_oracle: BTreeSet<_> = listed(&Oracle, *n, rules, None).into_iter().collect();
        let by_engine: BTreeSet<_> = listed(varisat.as_ref(), *n, rules, None)
            .into_iter()
            .collect();
        assert!(!by_oracle.is_empty(), "{rules:?}");
        assert_eq!(by_oracle, by_engine, "{rules:?}");
        for cols in &by_oracle {
            assert_eq!(nqueens_queens::first_violation(rules, cols), None);
        }
        // Both stop at the limit, and when told to.
        assert_eq!(listed(&Oracle, *n, rules, Some(2)).len(), 2);
        assert_eq!(listed(varisat.as_ref(), *n, rules, Some(2)).len(), 2);
        let mut seen = 0;
        Oracle
            .solutions(*n, rules, FormulationKind::Board, None, &mut |_| {
                seen += 1;
                false
            })
            .unwrap();
        assert_eq!(seen, 1);
    }
}

#[test]
fn the_oracle_lists_nothing_past_its_size_limit() {
    let err = Oracle
        .solutions(
            33,
            &Rules::classic(),
            FormulationKind::Board,
            Some(1),
            &mut |_| true,
        )
        .unwrap_err();
    assert!(matches!(err, QueensError::TooLarge { n: 33, .. }), "{err}");
}

/// The oracle under given and blocked squares, held to the independent checker: every
/// solution it weighs or lists keeps the rules, and it finds as many as the plain enumeration
/// filtered by the checker.
#[test]
fn every_solution_the_oracle_finds_keeps_the_rules() {
    let sq = Square::new;
    let rules = Rules::new(Variant::Classic, vec![sq(0, 1)], vec![sq(3, 3), sq(5, 0)]);
    let n = 8;
    let c = count_rules(
        n,
        &rules,
        3,
        |_| true,
        |cols| {
            assert_eq!(first_violation(&rules, cols), None, "{cols:?}");
            (1, 0)
        },
    );
    // Independently: every classic solution, filtered by the rules' definition.
    let mut expected = 0;
    for_each_solution(n, |cols| {
        expected += u64::from(first_violation(&rules, cols).is_none());
        true
    });
    assert_eq!(c.total, expected);
    assert!(expected > 0 && expected < 92);
    let mut listed = 0;
    for_each_rules_solution(n, &rules, |cols| {
        assert_eq!(first_violation(&rules, cols), None, "{cols:?}");
        listed += 1;
        listed < 3
    });
    assert_eq!(listed, 3.min(expected));
}
