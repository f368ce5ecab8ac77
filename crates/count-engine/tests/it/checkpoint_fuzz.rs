//! Checkpoint files under mutation and generated lines: opening one never panics; every cube
//! it accepts is exactly the cube the count recorded (no damage is ever summed); a refusal
//! names a line of the file, in one line.
//!
//! `NQUEENS_FUZZ_CASES=1000000 cargo test --release -p count-engine --test it checkpoint_fuzz::`
//! runs a million cases per test.

use crate::common::{count, problem};
use crate::fuzz::{config, last_line, mutate, mutations};
use count_engine::{Checkpoint, CubeResult, EngineError, RunKey};
use proptest::prelude::*;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A finished checkpoint of the common count, its key and what it recorded.
struct Finished {
    key: RunKey,
    text: String,
    cubes: HashMap<usize, CubeResult>,
    dir: tempfile::TempDir,
}

fn finished() -> &'static Finished {
    static FINISHED: OnceLock<Finished> = OnceLock::new();
    FINISHED.get_or_init(|| {
        // Memory-backed where there is one: every case writes and opens a file.
        let dir = tempfile::tempdir_in("/dev/shm")
            .or_else(|_| tempfile::tempdir())
            .unwrap();
        let path = dir.path().join("finished");
        let outcome = count(&problem("fuzz"), Some(&path), None).unwrap();
        Finished {
            key: outcome.key,
            text: std::fs::read_to_string(&path).unwrap(),
            cubes: outcome.cubes.into_iter().map(|c| (c.index, c)).collect(),
            dir,
        }
    })
}

/// A file of this test thread's own (tests run in parallel).
fn scratch() -> PathBuf {
    let id = format!("{:?}", std::thread::current().id());
    let name: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    finished().dir.path().join(name)
}

/// The line a refusal names.
fn named_line(message: &str) -> Option<usize> {
    let rest = &message[message.find(" line ")? + 6..];
    rest[..rest.find(':')?].parse().ok()
}

/// Opens `bytes` as the checkpoint of the common count and checks the promises.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    let f = finished();
    let path = scratch();
    std::fs::write(&path, bytes).unwrap();
    match Checkpoint::open(&path, &f.key) {
        Ok((_, done)) => {
            for (i, c) in &done {
                prop_assert_eq!(Some(c), f.cubes.get(i));
            }
        }
        Err(e @ EngineError::Checkpoint { .. }) => {
            let m = e.to_string();
            prop_assert!(!m.contains('\n'), "{m:?}");
            let line = named_line(&m);
            prop_assert!(
                line.is_some_and(|l| (1..=last_line(bytes)).contains(&l)),
                "{m}"
            );
        }
        Err(e) => prop_assert!(false, "{e}"),
    }
    Ok(())
}

/// A cube line as a damaged or foreign file might hold it.
fn cube_line() -> impl Strategy<Value = String> {
    (
        prop_oneof![0usize..20, any::<usize>()],
        prop_oneof![0u64..40, any::<u64>()],
        prop_oneof![0u64..40, any::<u64>()],
        prop_oneof![0u64..40, any::<u64>()],
        "[0-9a-f]{16}",
    )
        .prop_map(|(index, found, total, orbits, check)| {
            format!(
                "{{\"index\":{index},\"found\":{found},\"total\":{total},\"orbits\":{orbits},\"check\":\"{check}\"}}"
            )
        })
}

proptest! {
    #![proptest_config(config(5_000))]

    #[test]
    fn mutated_checkpoints_resume_recorded_cubes_only(ms in mutations()) {
        check(&mutate(&finished().text, &ms))?;
    }

    #[test]
    fn generated_lines_are_refused_at_their_line(
        lines in prop::collection::vec(cube_line(), 1..4),
        at in any::<usize>(),
    ) {
        let f = finished();
        let mut all: Vec<String> = f.text.lines().map(String::from).collect();
        let at = 1 + at % all.len();
        for (k, l) in lines.iter().enumerate() {
            all.insert(at + k, l.clone());
        }
        let bytes = format!("{}\n", all.join("\n")).into_bytes();
        std::fs::write(scratch(), &bytes).unwrap();
        match Checkpoint::open(&scratch(), &f.key) {
            Err(e @ EngineError::Checkpoint { .. }) => {
            let m = e.to_string();
                let line = named_line(&m).unwrap_or(0);
                prop_assert!(line >= 2 && line <= at + 1, "{m}");
            }
            Err(e) => prop_assert!(false, "{e}"),
            Ok(_) => prop_assert!(false, "a line with a made-up check value was accepted"),
        }
    }
}
