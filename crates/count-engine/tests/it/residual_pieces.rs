//! Cubes whose residual formula falls apart are counted piece by piece: the counts must be
//! exact, whatever the backend, the projection, the hidden variables and the threads.

use count_engine::{run, Depth, ModelProblem, RunOptions};
use proptest::prelude::*;
use std::collections::HashSet;
use zero_one_model::{Backend, Constraint, Lit, Model, Var};

fn backends() -> Vec<Box<dyn Backend>> {
    vec![
        Box::new(dpll_enum::DpllBackend::default()),
        Box::new(varisat_enum::VarisatBackend::default()),
    ]
}

/// The count, and how many cubes were counted through their pieces.
fn count_pieces(
    model: &Model,
    depth: Depth,
    backend: &dyn Backend,
    threads: usize,
) -> (String, u64) {
    let problem = ModelProblem::new(model, depth, "residual").unwrap();
    let options = RunOptions {
        threads,
        ..RunOptions::default()
    };
    let outcome = run(&problem, backend, &options).unwrap();
    let pieces = outcome
        .backend_stats
        .get(&zero_one_model::BackendStat::CubesCountedInPieces)
        .copied();
    (outcome.count.to_string(), pieces.unwrap_or(0))
}

fn count(model: &Model, depth: Depth, backend: &dyn Backend, threads: usize) -> String {
    count_pieces(model, depth, backend, threads).0
}

/// Distinct projections of the models, by trying every assignment.
fn brute_force(model: &Model) -> u64 {
    let n = model.num_vars();
    let shown = model.shown();
    let mut seen = HashSet::new();
    for bits in 0u32..1 << n {
        let a: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
        if model.check(&a).is_ok() {
            seen.insert(shown.iter().map(|v| a[v.index()]).collect::<Vec<_>>());
        }
    }
    seen.len() as u64
}

/// The hub formula of `k` clauses (see below).
fn hub(k: usize) -> Model {
    let mut m = Model::new();
    let v = m.new_vars(1 + 2 * k);
    for i in 0..k {
        m.add(Constraint::Clause(vec![
            v[0].positive(),
            v[1 + 2 * i].positive(),
            v[2 + 2 * i].positive(),
        ]));
    }
    m
}

/// 4^40 + 3^40 models: one cube alone holds 2^80, past 64 bits. Exact through a run, a
/// checkpoint written and resumed, and shard files (through JSON) merged.
#[test]
fn counts_past_64_bits_in_one_cube_survive_checkpoints_and_shards() {
    use count_engine::{merge, Shard, ShardFile};
    let m = hub(40);
    let expected = (num_bigint::BigUint::from(4u32).pow(40)
        + num_bigint::BigUint::from(3u32).pow(40))
    .to_string();
    let problem = ModelProblem::new(&m, Depth::Target(64), "hub40").unwrap();
    let backend = dpll_enum::DpllBackend::default();
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cp");
    for round in 0..2 {
        let options = RunOptions {
            threads: 2,
            checkpoint: Some(&cp),
            ..RunOptions::default()
        };
        let outcome = run(&problem, &backend, &options).unwrap();
        assert_eq!(outcome.count.to_string(), expected, "round {round}");
        if round == 1 {
            assert_eq!(
                outcome.cubes_resumed, outcome.cubes_total,
                "everything resumed"
            );
        }
    }
    let files: Vec<(String, ShardFile)> = (1..=3)
        .map(|index| {
            let shard = Shard { index, of: 3 };
            let options = RunOptions {
                threads: 1,
                shard: Some(shard),
                ..RunOptions::default()
            };
            let file = run(&problem, &backend, &options)
                .unwrap()
                .into_shard_file(shard);
            let json = serde_json::to_string(&file).unwrap();
            (
                format!("s{index}.json"),
                serde_json::from_str(&json).unwrap(),
            )
        })
        .collect();
    assert_eq!(merge(&files).unwrap().count.to_string(), expected);
}

/// Hub clauses `(h ∨ a_i ∨ b_i)`: fixing h true frees every a_i and b_i, fixing it false
/// leaves k independent clauses `(a_i ∨ b_i)`. Models: 4^k + 3^k, far too many to list.
#[test]
fn a_hub_formula_counts_through_its_pieces() {
    let k = 24u32;
    let m = hub(k as usize);
    let expected = (4u128.pow(k) + 3u128.pow(k)).to_string();
    for b in backends() {
        for threads in [1, 2] {
            let start = std::time::Instant::now();
            let (n, pieces) = count_pieces(&m, Depth::Target(64), b.as_ref(), threads);
            assert_eq!(n, expected);
            assert!(pieces > 0, "{}: no cube counted in pieces", b.name());
            assert!(
                start.elapsed().as_secs() < 20,
                "{} took {:?}: pieces not used?",
                b.name(),
                start.elapsed()
            );
        }
    }
}

/// Clusters of clauses over their own variables, joined only through a few hub variables,
/// plus hidden variables: fixing the hubs leaves the clusters apart.
fn clustered() -> impl Strategy<Value = Model> {
    let clause = (
        1usize..=3,
        prop::collection::vec((0usize..4, any::<bool>()), 1..=3),
    );
    (
        1usize..=2,
        prop::collection::vec(prop::collection::vec(clause, 1..=4), 2..=4),
        prop::collection::vec(any::<bool>(), 14),
    )
        .prop_map(|(hubs, clusters, hidden)| {
            let mut m = Model::new();
            let n = hubs + 4 * clusters.len();
            let v: Vec<Var> = m.new_vars(n.min(14));
            let n = v.len();
            for (c, clauses) in clusters.iter().enumerate() {
                for (hub_lits, lits) in clauses {
                    let mut l: Vec<Lit> = (0..*hub_lits % (hubs + 1))
                        .map(|h| v[h].lit(h % 2 == 0))
                        .collect();
                    for &(i, p) in lits {
                        let idx = (hubs + 4 * c + i).min(n - 1);
                        l.push(v[idx].lit(p));
                    }
                    m.add(Constraint::Clause(l));
                }
            }
            let shown: Vec<Var> = (0..n).filter(|&i| !hidden[i]).map(|i| v[i]).collect();
            if !shown.is_empty() {
                m.show(shown);
            }
            m
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("NQUEENS_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(300)
    ))]

    #[test]
    fn clustered_formulas_count_exactly(model in clustered(), levels in 0usize..4) {
        let expected = brute_force(&model).to_string();
        for b in backends() {
            prop_assert_eq!(
                count(&model, Depth::Levels(levels), b.as_ref(), 1 + levels % 2),
                expected.clone(),
                "{}", b.name()
            );
        }
    }
}
