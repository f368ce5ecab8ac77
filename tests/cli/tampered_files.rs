//! Checkpoint and shard files the real binary must not trust: counts raised by 2^63 (which
//! once wrapped and still gave "Q(10) = 724 ok"), a cube count of 10^9, a line of an n = 9
//! checkpoint in an n = 10 run, bytes that are not UTF-8, another format: each is refused
//! with exit 2 and the line (or file and cube), never reported as a count. Two runs on one
//! checkpoint: the second is refused.

use crate::common::run;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RAISE: u64 = 1 << 63;

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, format!("{}\n", lines.join("\n"))).unwrap();
}

/// `line` (a JSON object) with `f` applied to each of `fields`.
fn raised(line: &str, fields: &[&str], f: impl Fn(u64) -> u64) -> String {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    for field in fields {
        v[*field] = f(v[*field].as_u64().unwrap()).into();
    }
    v.to_string()
}

/// A finished `count N --checkpoint` of its own directory.
fn checkpoint(dir: &Path, n: &str) -> std::path::PathBuf {
    let cp = dir.join(format!("q{n}.ckpt"));
    let (code, _, err) = run(&["count", n, "--quiet", "--checkpoint", cp.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    cp
}

/// Resumes `count 10` from `cp`, which must be refused with exit 2 naming `line`.
fn assert_refused_at(cp: &Path, line: usize, words: &str) {
    let (code, out, err) = run(&[
        "count",
        "10",
        "--quiet",
        "--checkpoint",
        cp.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "stdout: {out}\nstderr: {err}");
    assert!(out.is_empty(), "a count was reported: {out}");
    assert!(err.contains(&format!("line {line}: ")), "{err}");
    assert!(err.contains(words), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_checkpoint_whose_counts_were_raised_by_2_63_is_refused_at_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let cp = checkpoint(dir.path(), "10");
    let good = lines(&cp);
    for (fields, words) in [
        (&["found", "total", "orbits"][..], "can hold"),
        (&["total"][..], "each stands for at most 8"),
        (&["found"][..], "can hold"),
    ] {
        let mut bad = good.clone();
        bad[2] = raised(&bad[2], fields, |x| x + RAISE);
        write_lines(&cp, &bad);
        assert_refused_at(&cp, 3, words);
    }
    // A count of 10^9 for one cube: no cube of Q(10) holds that many.
    let mut bad = good.clone();
    bad[4] = raised(&bad[4], &["found", "total", "orbits"], |_| 1_000_000_000);
    write_lines(&cp, &bad);
    assert_refused_at(&cp, 5, "can hold");
}

#[test]
fn a_cube_line_of_an_n_9_checkpoint_in_an_n_10_run_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cp10 = checkpoint(dir.path(), "10");
    let cp9 = checkpoint(dir.path(), "9");
    let mut mixed = lines(&cp10);
    mixed[2] = lines(&cp9)[1].clone();
    write_lines(&cp10, &mixed);
    assert_refused_at(&cp10, 3, "cube");
}

#[test]
fn a_checkpoint_that_is_not_utf8_or_of_another_format_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cp = checkpoint(dir.path(), "10");
    let good = lines(&cp);
    let mut bytes = format!("{}\n{}\n", good[0], good[1]).into_bytes();
    bytes.extend_from_slice(b"\xff\xfe\xfd garbage\n");
    std::fs::write(&cp, bytes).unwrap();
    assert_refused_at(&cp, 3, "not a cube line");
    let mut old = good.clone();
    old[0] = old[0].replace("\"nqueens_checkpoint\":3", "\"nqueens_checkpoint\":2");
    write_lines(&cp, &old);
    assert_refused_at(&cp, 1, "checkpoint format 2");
    let mut cut = good;
    cut[5].truncate(12);
    write_lines(&cp, &cut);
    assert_refused_at(&cp, 6, "not a cube line");
}

/// Shards 1/2 and 2/2 of `count 10`, written to files.
fn shards(dir: &Path) -> Vec<std::path::PathBuf> {
    (1..=2)
        .map(|i| {
            let (code, out, err) = run(&["count", "10", "--quiet", "--shard", &format!("{i}/2")]);
            assert_eq!(code, 0, "{err}");
            let path = dir.join(format!("s{i}.json"));
            std::fs::write(&path, out).unwrap();
            path
        })
        .collect()
}

#[test]
fn a_shard_file_whose_counts_were_raised_is_refused_naming_file_and_cube() {
    let dir = tempfile::tempdir().unwrap();
    let paths = shards(dir.path());
    let good = std::fs::read_to_string(&paths[1]).unwrap();
    for (fields, raise) in [
        (&["found", "total", "orbits"][..], RAISE),
        (&["total"][..], RAISE),
        (&["found", "total", "orbits"][..], 1_000_000_000),
    ] {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        for f in fields {
            let c = &mut v["cubes"][2][*f];
            *c = (c.as_u64().unwrap() + raise).into();
        }
        std::fs::write(&paths[1], v.to_string()).unwrap();
        let args = [
            "merge",
            paths[0].to_str().unwrap(),
            paths[1].to_str().unwrap(),
        ];
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "stdout: {out}\nstderr: {err}");
        assert!(out.is_empty(), "a count was reported: {out}");
        let cube = v["cubes"][2]["index"].as_u64().unwrap();
        assert!(
            err.contains(&format!("'{}': cube {cube} ", paths[1].display())),
            "{err}"
        );
    }
}

#[test]
fn a_second_run_on_a_checkpoint_in_use_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("q14.ckpt");
    let mut first = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "14", "--threads", "1", "--quiet", "--checkpoint"])
        .arg(&cp)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(&cp).map_or(0, |t| t.lines().count()) < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no header written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let (code, _, err) = run(&[
        "count",
        "14",
        "--quiet",
        "--checkpoint",
        cp.to_str().unwrap(),
    ]);
    let still_running = first.try_wait().unwrap().is_none();
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(
        still_running,
        "the first run ended before the second started"
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("in use by another run"), "{err}");
    // Its lines were not interleaved: every line is whole and of this count.
    for (i, line) in lines(&cp).iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(i == 0 || v["check"].is_string(), "{line}");
    }
}

#[test]
fn a_checkpoint_that_is_not_a_regular_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for path in ["/dev/full", "/dev/null", dir.path().to_str().unwrap()] {
        let (code, out, err) = run(&["count", "8", "--quiet", "--checkpoint", path]);
        assert_eq!(code, 2, "{path}: {out} {err}");
        assert!(err.contains(path), "{err}");
    }
}
