//! An integer's range ([`zero_one_model::IntDef`]) holds in every lowering: the CNF
//! backends once listed assignments outside it (the range was dropped from CNF), and the
//! engine then failed on a solution the model refuses.

use count_engine::{run, Depth, ModelProblem, RunOptions};
use zero_one_model::{Backend, Constraint, IntDef, Model};

fn backends() -> Vec<Box<dyn Backend>> {
    vec![
        Box::new(dpll_enum::DpllBackend::default()),
        Box::new(varisat_enum::VarisatBackend::default()),
        Box::new(ilp_enum::LpBackend),
    ]
}

/// The assignments `model.check` accepts, by trying every one.
fn brute_force(model: &Model) -> u64 {
    let n = model.num_vars();
    (0..1u32 << n)
        .filter(|code| {
            let a: Vec<bool> = (0..n).map(|i| code >> i & 1 == 1).collect();
            model.check(&a).is_ok()
        })
        .count() as u64
}

#[test]
fn counts_through_every_backend_keep_integer_ranges() {
    let mut m = Model::new();
    let v = m.new_vars(6);
    m.add(Constraint::Clause(vec![v[0].positive(), v[5].negative()]));
    m.define_int(IntDef {
        name: "load".into(),
        terms: vec![(3, v[0]), (2, v[1]), (2, v[2]), (1, v[3]), (-1, v[4])],
        lo: 1,
        hi: 4,
    });
    m.define_int(IntDef {
        name: "pair".into(),
        terms: vec![(1, v[4]), (1, v[5])],
        lo: 1,
        hi: 2,
    });
    let expected = brute_force(&m);
    assert!(expected > 0 && expected < 1 << 6);
    for depth in [Depth::Levels(0), Depth::Levels(2)] {
        let problem = ModelProblem::new(&m, depth, "ranges").unwrap();
        for backend in backends() {
            let outcome = run(&problem, backend.as_ref(), &RunOptions::default()).unwrap();
            assert_eq!(outcome.count, expected.into(), "{}", backend.name());
        }
    }
}
