//! Shard files under mutation and generated from nothing: merging never panics nor allocates
//! from a number in a file; untouched files merge to the count; a merge of damaged files is
//! refused in one line or gives a count within the engine's bound.
//!
//! `NQUEENS_FUZZ_CASES=1000000 cargo test --release -p count-engine --test it shard_fuzz::`
//! runs a million cases per test.

use crate::common::{brute_force, count, problem};
use crate::fuzz::{config, mutate, mutations};
use count_engine::{merge, CubeResult, RunKey, Shard, ShardFile, MAX_COUNT_BITS, SHARD_VERSION};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The common count in three shards, as JSON texts.
fn shard_texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let p = problem("fuzz");
        (1..=3)
            .map(|index| {
                let shard = Shard { index, of: 3 };
                let outcome = count(&p, None, Some(shard)).unwrap();
                let file = outcome.into_shard_file(shard);
                serde_json::to_string_pretty(&file).unwrap()
            })
            .collect()
    })
}

/// Merges the files (as `nqueens merge` reads them) and checks the promises; `intact` says
/// whether they mean what was written.
fn check(files: &[(String, ShardFile)], intact: bool) -> Result<(), TestCaseError> {
    match merge(files) {
        Ok(m) => {
            prop_assert!(m.count.bits() <= MAX_COUNT_BITS);
            if intact {
                prop_assert_eq!(m.count, brute_force().into());
            }
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains('\n'), "{message:?}");
            prop_assert!(!intact, "{message}");
        }
    }
    Ok(())
}

fn parse(text: &[u8]) -> Option<ShardFile> {
    serde_json::from_slice(text).ok()
}

fn key() -> impl Strategy<Value = RunKey> {
    let small_or_any = || prop_oneof![0usize..12, any::<usize>()];
    (
        small_or_any(),
        prop::collection::vec(small_or_any(), 0..4),
        prop_oneof![0u64..80, any::<u64>()],
        prop_oneof![1u64..9, any::<u64>()],
        prop_oneof![0u64..100, any::<u64>()],
    )
        .prop_map(
            |(cubes, part_cubes, free_vars, max_weight, cube_capacity)| RunKey {
                problem: count_engine::Description::named("fuzz"),
                backend: "b".into(),
                encoding: "e".into(),
                cubes,
                part_cubes,
                free_vars,
                max_weight,
                cube_capacity,
                cubes_hash: String::new(),
                components: false,
                orbit_weights: false,
            },
        )
}

fn cube() -> impl Strategy<Value = CubeResult> {
    let small_or_any = || prop_oneof![0u64..50, any::<u64>()];
    (
        prop_oneof![0usize..12, any::<usize>()],
        small_or_any(),
        small_or_any(),
        small_or_any(),
    )
        .prop_map(|(index, found, total, orbits)| CubeResult {
            index,
            found,
            total: total.into(),
            orbits: orbits.into(),
        })
}

fn shard() -> impl Strategy<Value = Shard> {
    prop_oneof![
        (1usize..4).prop_map(|index| Shard { index, of: 3 }),
        (any::<usize>(), any::<usize>()).prop_map(|(index, of)| Shard { index, of }),
    ]
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn mutated_shard_files_merge_or_are_refused(which in 0usize..3, ms in mutations()) {
        let texts = shard_texts();
        let mut files: Vec<(String, ShardFile)> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("s{i}"), parse(t.as_bytes()).unwrap()))
            .collect();
        let damaged = mutate(&texts[which], &ms);
        let Some(file) = parse(&damaged) else { return Ok(()) };
        let intact = serde_json::to_value(&file).unwrap() == serde_json::to_value(&files[which].1).unwrap();
        files[which].1 = file;
        check(&files, intact)?;
    }

    #[test]
    fn generated_shard_files_merge_or_are_refused(
        key in key(),
        files in prop::collection::vec(
            (shard(), prop::collection::vec(cube(), 0..6), prop_oneof![Just(SHARD_VERSION), any::<u32>()]),
            1..4,
        ),
    ) {
        let files: Vec<(String, ShardFile)> = files
            .into_iter()
            .enumerate()
            .map(|(i, (shard, cubes, version))| {
                let file = ShardFile { nqueens_shard: version, key: key.clone(), shard, cubes, elapsed_s: 1.0, check: String::new() }.sealed();
                (format!("g{i}"), file)
            })
            .collect();
        check(&files, false)?;
    }
}
