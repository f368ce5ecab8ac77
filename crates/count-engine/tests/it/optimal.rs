//! `count_optimal` and `zero_one_model::optimize` through every optimiser and backend: the
//! optimum and the number of optimal solutions of small knapsacks and covers against brute
//! force, infeasible and objective-less models, an optimiser whose answer is wrong, and a row
//! too large for the ILP backend.

use count_engine::{count_optimal, Depth, OptimalCount, OptimalCountError, RunOptions};
use ilp_enum::{LpBackend, LpOptimizer, RowTooLarge};
use std::error::Error;
use varisat_enum::optimize::SatOptimizer;
use zero_one_model::{
    optimize, Backend, BackendError, Cmp, CnfOptions, Constraint, Lit, Model, Objective,
    OptimizeError, Optimized, Optimizer, Optimum, Search, Sense, StopFlag,
};

/// Every optimiser: microlp, and varisat with each search.
fn optimizers() -> Vec<Box<dyn Optimizer>> {
    let mut all: Vec<Box<dyn Optimizer>> = vec![Box::new(LpOptimizer)];
    for search in Search::ALL {
        all.push(Box::new(SatOptimizer::new(CnfOptions::default(), search)));
    }
    all
}

/// Every counting backend that takes general linear rows.
fn backends() -> Vec<Box<dyn Backend>> {
    vec![
        Box::new(LpBackend),
        Box::new(dpll_enum::DpllBackend::default()),
        Box::new(varisat_enum::VarisatBackend::default()),
    ]
}

/// `sum a_i x_i >= / <= / = rhs` over fresh variables `x`, optimising `sum c_i x_i`.
fn model(rows: &[(&[i64], Cmp, i64)], objective: &[i64], sense: Sense) -> Model {
    let mut m = Model::new();
    let x: Vec<Lit> = (0..objective.len())
        .map(|i| m.new_var(format!("x{i}")).positive())
        .collect();
    for &(a, cmp, rhs) in rows {
        let terms = a.iter().copied().zip(x.iter().copied()).collect();
        m.add(Constraint::Linear { terms, cmp, rhs });
    }
    let terms = objective.iter().copied().zip(x.iter().copied()).collect();
    m.try_set_objective(Objective { sense, terms }).unwrap();
    m
}

/// Brute force: the optimum and how many assignments reach it (`None` when infeasible).
fn brute_force(m: &Model) -> Option<(i128, u64)> {
    let objective = m.objective().unwrap();
    let n = m.num_vars();
    let mut best: Option<(i128, u64)> = None;
    for bits in 0u32..1 << n {
        let a: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
        if m.check(&a).is_err() {
            continue;
        }
        let v = objective.value(&a);
        let better = |b: i128| match objective.sense {
            Sense::Minimize => v < b,
            Sense::Maximize => v > b,
        };
        best = match best {
            Some((b, k)) if b == v => Some((b, k + 1)),
            Some((b, _)) if !better(b) => best,
            _ => Some((v, 1)),
        };
    }
    best
}

/// `count_optimal` of `m` on two threads.
fn try_count(
    m: &Model,
    optimizer: &dyn Optimizer,
    stop: Option<&StopFlag>,
    backend: &dyn Backend,
) -> Result<OptimalCount, OptimalCountError> {
    let options = RunOptions {
        threads: 2,
        stop: stop.cloned(),
        ..RunOptions::default()
    };
    count_optimal(m, optimizer, backend, Depth::Levels(2), "test", &options)
}

/// The optimum and the count of optimal solutions by `count_optimal`.
fn counted(m: &Model, optimizer: &dyn Optimizer, backend: &dyn Backend) -> (Option<i128>, u64) {
    let counted = try_count(m, optimizer, None, backend)
        .unwrap_or_else(|e| panic!("{} / {}: {e}", optimizer.name(), backend.name()));
    let OptimalCount::Counted {
        optimum, outcome, ..
    } = counted
    else {
        panic!("stopped without a stop flag");
    };
    (optimum, u64::try_from(&outcome.count).unwrap())
}

/// Knapsacks with ties (several optimal packings), a weighted cover (minimised, with
/// negative coefficients), an equality, and an infeasible model.
fn instances() -> Vec<Model> {
    vec![
        model(
            &[(&[2, 3, 4, 5, 2, 3, 4, 1], Cmp::AtMost, 10)],
            &[3, 4, 5, 6, 3, 4, 5, 1],
            Sense::Maximize,
        ),
        model(
            &[
                (&[3, 1, 4, 1, 5, 9, 2], Cmp::AtMost, 12),
                (&[2, 7, 1, 8, 2, 8, 1], Cmp::AtMost, 15),
            ],
            &[4, 2, 4, 2, 6, 9, 3],
            Sense::Maximize,
        ),
        model(
            &[
                (&[1, 1, 0, 1, 0, 0], Cmp::AtLeast, 1),
                (&[0, 1, 1, 0, 1, 0], Cmp::AtLeast, 1),
                (&[1, 0, 1, 0, 0, 1], Cmp::AtLeast, 1),
                (&[0, 0, 0, 1, 1, 1], Cmp::AtLeast, 1),
            ],
            &[2, 3, 2, 2, -1, 3],
            Sense::Minimize,
        ),
        model(
            &[(&[2, 2, 3, 3, 1], Cmp::Exactly, 6)],
            &[1, -1, 2, 1, 3],
            Sense::Minimize,
        ),
        model(
            &[(&[2, 2, 2], Cmp::Exactly, 3)],
            &[1, 1, 1],
            Sense::Maximize,
        ),
    ]
}

#[test]
fn optimum_and_optimal_count_agree_with_brute_force_through_every_optimiser_and_backend() {
    let mut ties = 0;
    for (i, m) in instances().iter().enumerate() {
        let want = brute_force(m);
        ties += usize::from(want.is_some_and(|(_, k)| k > 1));
        for optimizer in optimizers() {
            for backend in backends() {
                let (optimum, count) = counted(m, optimizer.as_ref(), backend.as_ref());
                let got = optimum.map(|v| (v, count));
                assert_eq!(
                    got,
                    want,
                    "instance {i}, {} / {}",
                    optimizer.name(),
                    backend.name()
                );
                if want.is_none() {
                    assert_eq!(count, 0, "instance {i}: an infeasible model counts 0");
                }
            }
        }
    }
    assert!(
        ties >= 2,
        "the instances must have several optimal solutions"
    );
}

#[test]
fn optimize_checks_every_optimiser_answer_and_refuses_a_model_without_objective() {
    for m in instances() {
        for optimizer in optimizers() {
            let got = optimize(&m, optimizer.as_ref(), None, &mut |_| {}).unwrap();
            match (got, brute_force(&m)) {
                (Optimized::Found(best), Some((v, _))) => {
                    assert!(best.proved, "{}", optimizer.name());
                    assert_eq!(best.value, v, "{}", optimizer.name());
                }
                (Optimized::Infeasible, None) => {}
                (got, want) => panic!("{}: {got:?} against {want:?}", optimizer.name()),
            }
        }
    }
    let mut plain = instances().swap_remove(0);
    plain.clear_objective();
    for optimizer in optimizers() {
        let e = optimize(&plain, optimizer.as_ref(), None, &mut |_| {}).unwrap_err();
        assert!(matches!(e, OptimizeError::NoObjective), "{e}");
        let e = try_count(&plain, optimizer.as_ref(), None, &LpBackend).unwrap_err();
        assert!(
            matches!(e, OptimalCountError::Optimize(OptimizeError::NoObjective)),
            "{e}"
        );
    }
}

/// An optimiser that claims a better value than its assignment has.
struct Boastful;

impl Optimizer for Boastful {
    fn name(&self) -> zero_one_model::BackendName {
        zero_one_model::BackendName::Other("boastful")
    }

    fn optimize(
        &self,
        model: &Model,
        stop: Option<&StopFlag>,
        on_better: &mut dyn FnMut(i128),
    ) -> Result<Optimized, BackendError> {
        let found = LpOptimizer.optimize(model, stop, on_better)?;
        let Optimized::Found(best) = found else {
            return Ok(found);
        };
        Ok(Optimized::Found(Optimum {
            value: best.value + 1,
            bound: best.value + 1,
            ..best
        }))
    }
}

#[test]
fn a_wrong_answer_fails_the_independent_check_and_nothing_is_counted() {
    let m = instances().swap_remove(0);
    let e = optimize(&m, &Boastful, None, &mut |_| {}).unwrap_err();
    assert!(matches!(e, OptimizeError::Check(_)), "{e}");
    assert!(
        e.to_string()
            .starts_with("the optimiser's answer does not check"),
        "{e}"
    );
    let e = try_count(&m, &Boastful, None, &LpBackend).unwrap_err();
    assert!(
        matches!(e, OptimalCountError::Optimize(OptimizeError::Check(_))),
        "{e}"
    );
}

#[test]
fn a_raised_stop_flag_counts_nothing() {
    let m = instances().swap_remove(0);
    let stop = StopFlag::new();
    stop.raise();
    for optimizer in optimizers() {
        let counted = try_count(&m, optimizer.as_ref(), Some(&stop), &LpBackend).unwrap();
        assert!(
            matches!(counted, OptimalCount::Stopped),
            "{}",
            optimizer.name()
        );
    }
}

/// The constraint that names a [`RowTooLarge`] in `e`'s chain of sources.
fn row_too_large(e: &(dyn Error + 'static)) -> Option<usize> {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if let Some(row) = c.downcast_ref::<RowTooLarge>() {
            return Some(row.index);
        }
        cause = c.source();
    }
    None
}

#[test]
fn a_row_past_64_bits_is_refused_by_the_ilp_backend_and_optimiser_and_counted_by_cnf() {
    let big = i64::MAX;
    let mut m = model(
        &[
            (&[1, 1, 1], Cmp::AtLeast, 1),
            (&[big, big, big], Cmp::AtLeast, big),
        ],
        &[1, 2, 3],
        Sense::Minimize,
    );
    let e = optimize(&m, &LpOptimizer, None, &mut |_| {}).unwrap_err();
    assert_eq!(row_too_large(&e), Some(1), "{e}");
    let sat = SatOptimizer::default();
    let e = try_count(&m, &sat, None, &LpBackend).unwrap_err();
    assert_eq!(row_too_large(&e), Some(1), "{e}");
    assert_eq!(
        counted(&m, &sat, &dpll_enum::DpllBackend::default()),
        (Some(1), 1)
    );
    m.clear_objective();
    assert!(ilp_enum::check_rows(&m).is_err());
}
