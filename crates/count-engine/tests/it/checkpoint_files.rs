//! Checkpoint files read back as claims, not facts: every kind of damage (bytes that are not
//! UTF-8, a cut or garbled line, a line of another count, counts raised by 2^63, a cube that
//! does not exist or is recorded twice, sums beyond 64 bits, another format) is refused naming
//! the line, never summed; a torn last line is cut and recounted; a checkpoint in use by
//! another run is refused.

use crate::common::{brute_force, count, problem};
use count_engine::{Checkpoint, CubeResult, EngineError, RunKey};
use std::path::Path;

/// A finished checkpoint of the common count, as its lines.
fn finished(path: &Path) -> Vec<String> {
    let outcome = count(&problem("t"), Some(path), None).unwrap();
    assert_eq!(outcome.count, brute_force().into());
    let lines: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 1 + outcome.cubes_total);
    lines
}

/// A cube line with one field changed.
fn with(line: &str, field: &str, f: impl Fn(u64) -> u64) -> String {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    v[field] = f(v[field].as_u64().unwrap()).into();
    v.to_string()
}

fn join(lines: &[String]) -> Vec<u8> {
    let mut text = lines.join("\n").into_bytes();
    text.push(b'\n');
    text
}

/// The message a resumed count fails with after the checkpoint is replaced by `bytes`.
fn refusal(path: &Path, bytes: &[u8]) -> String {
    std::fs::write(path, bytes).unwrap();
    match count(&problem("t"), Some(path), None) {
        Err(e @ EngineError::Checkpoint { .. }) => e.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

const RAISE: u64 = 1 << 63;

type Edit = fn(&mut Vec<String>);

/// Each damage: what it is, the edit, the line it must be refused at, words of the message.
const DAMAGE: &[(&str, Edit, usize, &str)] = &[
    (
        "found + 2^63",
        |l| l[2] = with(&l[2], "found", |x| x + RAISE),
        3,
        "more than a cube of this count can hold",
    ),
    (
        "total + 2^63",
        |l| l[2] = with(&l[2], "total", |x| x + RAISE),
        3,
        "more than a cube of this count can hold",
    ),
    (
        "every count + 2^63",
        |l| {
            for f in ["found", "total", "orbits"] {
                l[3] = with(&l[3], f, |x| x + RAISE);
            }
        },
        4,
        "more than a cube of this count can hold",
    ),
    (
        "total + 1",
        |l| l[2] = with(&l[2], "total", |x| x + 1),
        3,
        "more than a cube of this count can hold",
    ),
    (
        "orbits + 1",
        |l| l[1] = with(&l[1], "orbits", |x| x + 1),
        2,
        "orbits among",
    ),
    (
        "a cube that does not exist",
        |l| l[1] = with(&l[1], "index", |x| x + 1000),
        2,
        "does not exist",
    ),
    (
        "another cube's index",
        |l| l[1] = with(&l[1], "index", |x| x + 1),
        2,
        "check value does not match",
    ),
    (
        "a cube twice",
        |l| l.push(l[1].clone()),
        0,
        "a cube recorded twice",
    ),
    ("a cut line", |l| l[2].truncate(20), 3, "not a cube line"),
    (
        "an empty line",
        |l| l.insert(2, String::new()),
        3,
        "not a cube line",
    ),
    (
        "a field name holding a newline",
        |l| l[1] = l[1].replacen("\"index\"", "\"\\ndex\"", 1),
        2,
        "unknown field `\\ndex`",
    ),
    (
        "a field name of 3000 bytes",
        |l| l[1] = l[1].replacen("index", &"i".repeat(3000), 1),
        2,
        "iiii…",
    ),
    (
        "a field too many",
        |l| l[1] = l[1].replace('}', ",\"extra\":1}"),
        2,
        "unknown field",
    ),
    (
        "a missing check",
        |l| {
            let mut v: serde_json::Value = serde_json::from_str(&l[1]).unwrap();
            v.as_object_mut().unwrap().remove("check");
            l[1] = v.to_string();
        },
        2,
        "missing field `check`",
    ),
    (
        "a long line",
        |l| l[1] = format!("{}{}", l[1], " ".repeat(5000)),
        2,
        "longer than 4096 bytes",
    ),
    (
        "another format",
        |l| l[0] = l[0].replace("\"nqueens_checkpoint\":3", "\"nqueens_checkpoint\":2"),
        1,
        "checkpoint format 2",
    ),
    (
        "not a checkpoint",
        |l| l[0] = "{\"hello\":1}".into(),
        1,
        "not an nqueens checkpoint",
    ),
    (
        "a header without its key",
        |l| l[0] = "{\"nqueens_checkpoint\":3}".into(),
        1,
        "missing field `key`",
    ),
    (
        "another count's header",
        |l| l[0] = l[0].replace("\"about\":\"t\"", "\"about\":\"u\""),
        1,
        "belongs to a different count",
    ),
];

#[test]
fn every_kind_of_damage_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let lines = finished(&path);
    for &(what, edit, line, words) in DAMAGE {
        let mut damaged = lines.clone();
        edit(&mut damaged);
        let line = if line == 0 { damaged.len() } else { line };
        let message = refusal(&path, &join(&damaged));
        assert!(
            message.contains(&format!("line {line}: ")) && message.contains(words),
            "{what}: {message}"
        );
        assert!(!message.contains('\n'), "{what}: {message}");
    }
}

#[test]
fn bytes_that_are_not_utf8_are_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let lines = finished(&path);
    let mut bytes = join(&lines[..2]);
    bytes.extend_from_slice(b"{\"index\":\xff\xfe}\n");
    let message = refusal(&path, &bytes);
    assert!(message.contains("line 3: not a cube line"), "{message}");
    let mut bytes = join(&lines[..2]);
    bytes.extend_from_slice(b"\xef\xbb\xbf\x80\x00\n");
    assert!(refusal(&path, &bytes).contains("line 3: "));
}

#[test]
fn a_line_of_another_count_is_refused_though_it_looks_right() {
    let dir = tempfile::tempdir().unwrap();
    let (mine, other) = (dir.path().join("mine"), dir.path().join("other"));
    let mut lines = finished(&mine);
    // The same model and cubes under another name: every count is plausible here.
    count(&problem("another file"), Some(&other), None).unwrap();
    let foreign: Vec<String> = std::fs::read_to_string(&other)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines[2] = foreign[2].clone();
    let message = refusal(&mine, &join(&lines));
    assert!(
        message.contains("line 3: ") && message.contains("does not belong to this count"),
        "{message}"
    );
}

#[test]
fn a_torn_last_line_is_cut_and_its_cube_counted_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let lines = finished(&path);
    let mut bytes = join(&lines[..lines.len() - 1]);
    bytes.extend_from_slice(&lines[lines.len() - 1].as_bytes()[..10]);
    std::fs::write(&path, &bytes).unwrap();
    let outcome = count(&problem("t"), Some(&path), None).unwrap();
    assert_eq!(outcome.count, brute_force().into());
    assert_eq!(outcome.cubes_resumed, lines.len() - 2);
    let again = std::fs::read_to_string(&path).unwrap();
    assert_eq!(again.lines().count(), lines.len());
    assert!(again.ends_with('\n'));
}

#[test]
fn a_finished_checkpoint_resumes_every_cube_to_the_same_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let lines = finished(&path);
    let outcome = count(&problem("t"), Some(&path), None).unwrap();
    assert_eq!(outcome.cubes_resumed, lines.len() - 1);
    assert_eq!(outcome.count, brute_force().into());
}

#[test]
fn a_checkpoint_in_use_by_another_run_is_refused_until_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    finished(&path);
    let key = count(&problem("t"), None, None).unwrap().key;
    let (held, _) = Checkpoint::open(&path, &key).unwrap();
    match count(&problem("t"), Some(&path), None) {
        Err(e @ EngineError::Checkpoint { .. }) => {
            assert!(e.to_string().contains("in use by another run"), "{e}")
        }
        other => panic!("a second run went ahead: {other:?}"),
    }
    drop(held);
    assert!(count(&problem("t"), Some(&path), None).is_ok());
}

/// A key that bounds nothing, so that only the 64-bit sums can refuse.
fn unbounded_key(cubes: usize) -> RunKey {
    RunKey {
        problem: count_engine::Description::named("unbounded"),
        backend: "none".into(),
        encoding: "none".into(),
        cubes,
        part_cubes: vec![cubes],
        free_vars: 0,
        max_weight: u64::MAX,
        cube_capacity: u64::MAX,
        cubes_hash: String::new(),
        components: false,
        orbit_weights: false,
    }
}

#[test]
fn sums_beyond_64_bits_are_refused_at_the_line_that_overflows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let key = unbounded_key(3);
    {
        let (mut cp, done) = Checkpoint::open(&path, &key).unwrap();
        assert!(done.is_empty());
        for index in 0..3 {
            let c = CubeResult {
                index,
                found: RAISE,
                total: 1u64.into(),
                orbits: 0u64.into(),
            };
            cp.record(&c).unwrap();
        }
    }
    match Checkpoint::open(&path, &key) {
        Err(e @ EngineError::Checkpoint { .. }) => {
            let m = e.to_string();
            assert!(
                m.contains("line 3: the counts up to this line overflow 64 bits"),
                "{m}"
            )
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a sum beyond 64 bits was accepted"),
    }
}

#[test]
fn recorded_cubes_read_back_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let key = unbounded_key(4);
    let cubes: Vec<CubeResult> = (0..4)
        .map(|index| CubeResult {
            index,
            found: u64::MAX >> (8 * index),
            total: (u64::MAX >> (8 * index + 4)).into(),
            orbits: (index as u64).into(),
        })
        .rev()
        .collect();
    for c in &cubes[..3] {
        let (mut cp, _) = Checkpoint::open(&path, &key).unwrap();
        cp.record(c).unwrap();
    }
    let (_, done) = Checkpoint::open(&path, &key).unwrap();
    assert_eq!(done.len(), 3);
    for c in &cubes[..3] {
        assert_eq!(done[&c.index], *c);
    }
}
