//! The bounds a count's key carries, and the largest count the engine builds: a model
//! problem's solutions weigh 1 and its cubes hold 2 to the open projection variables; a
//! problem whose free variables alone pass [`MAX_COUNT_BITS`] is refused before any cube is
//! counted.

use crate::common::{count, problem};
use count_engine::{run, Cube, EngineError, Problem, RunOptions, Weight, MAX_COUNT_BITS};
use std::collections::HashSet;
use zero_one_model::Model;

#[test]
fn a_model_problem_key_bounds_weights_by_1_and_cubes_by_their_open_variables() {
    let p = problem("t");
    let key = count(&p, None, None).unwrap().key;
    assert_eq!(key.max_weight, 1);
    let mut widest = 0;
    for cube in p.cubes() {
        let model = p.model(cube.part);
        let n = model.num_vars();
        let fixed: HashSet<_> = cube.lits.iter().map(|l| l.var()).collect();
        widest = widest.max(1u64 << (n - fixed.len()));
        // Sound: no cube holds more solutions than the bound.
        let solutions = (0u32..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<_>>())
            .filter(|a| model.check(a).is_ok() && cube.lits.iter().all(|l| l.eval(a)))
            .count() as u64;
        assert!(solutions <= key.cube_capacity, "{cube:?}: {solutions}");
    }
    assert_eq!(key.cube_capacity, widest);
}

/// A problem of one empty model and `free` free variables.
struct Free {
    model: Model,
    free: u64,
}

impl Problem for Free {
    fn model(&self, _part: usize) -> &Model {
        &self.model
    }
    fn cubes(&self) -> Vec<Cube> {
        vec![Cube {
            part: 0,
            lits: vec![],
        }]
    }
    fn weigh(&self, _: &Cube, _: &[bool]) -> Result<Weight, count_engine::RejectedSolution> {
        Ok(Weight::ONE)
    }
    fn describe(&self) -> Result<count_engine::Description, count_engine::DescriptionError> {
        Ok(count_engine::Description::named("free"))
    }
    fn free_vars(&self) -> u64 {
        self.free
    }
}

#[test]
fn free_variables_beyond_the_bit_limit_are_refused_before_counting() {
    let backend = varisat_enum::VarisatBackend::default();
    let options = RunOptions {
        threads: 1,
        ..RunOptions::default()
    };
    for free in [MAX_COUNT_BITS, 1 << 40, u64::MAX] {
        let p = Free {
            model: Model::new(),
            free,
        };
        match run(&p, &backend, &options) {
            Err(e @ EngineError::TooManyFreeVars { .. }) => {
                let m = e.to_string();
                assert!(
                    m.contains(&format!("multiply the count by 2^{free}")),
                    "{m}"
                )
            }
            other => panic!("{free} free variables: {other:?}"),
        }
    }
    let p = Free {
        model: Model::new(),
        free: 1000,
    };
    let outcome = run(&p, &backend, &options).unwrap();
    assert_eq!(outcome.count.bits(), 1001);
    assert_eq!(
        outcome.key.max_weight,
        u64::MAX,
        "the default bounds nothing"
    );
}
