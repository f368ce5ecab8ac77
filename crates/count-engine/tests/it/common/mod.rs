//! A small count to write checkpoint and shard files from: a model of eight variables in
//! three independent parts, split two levels deep, counted by varisat.

#![allow(dead_code)]

use count_engine::{run, Depth, EngineError, ModelProblem, Outcome, RunOptions, Shard};
use std::path::Path;
use varisat_enum::VarisatBackend;
use zero_one_model::{Constraint, Model};

/// `(x1 or x2 or x3)`, `(not x3 or x4)`, `(x5 or not x6)`, `(x6 or x7)`, and x8 free.
pub fn model() -> Model {
    let mut m = Model::new();
    let v = m.new_vars(8);
    let clause = |lits: &[(usize, bool)]| {
        Constraint::Clause(lits.iter().map(|&(i, p)| v[i].lit(p)).collect())
    };
    m.add(clause(&[(0, true), (1, true), (2, true)]));
    m.add(clause(&[(2, false), (3, true)]));
    m.add(clause(&[(4, true), (5, false)]));
    m.add(clause(&[(5, true), (6, true)]));
    m
}

/// The count of [`model`], split two levels deep; `about` tells counts apart.
pub fn problem(about: &str) -> ModelProblem {
    ModelProblem::new(&model(), Depth::Levels(2), about).unwrap()
}

/// Counts `problem` on one thread, with a checkpoint and a shard when given.
pub fn count(
    problem: &ModelProblem,
    checkpoint: Option<&Path>,
    shard: Option<Shard>,
) -> Result<Outcome, EngineError> {
    let options = RunOptions {
        threads: 1,
        checkpoint,
        shard,
        ..RunOptions::default()
    };
    run(problem, &VarisatBackend::default(), &options)
}

/// The exact count of [`model`], by trying every assignment.
pub fn brute_force() -> u64 {
    let m = model();
    (0u32..256)
        .filter(|bits| {
            let a: Vec<bool> = (0..8).map(|i| bits >> i & 1 == 1).collect();
            m.check(&a).is_ok()
        })
        .count() as u64
}
