//! Helpers shared by the end-to-end tests: the real binary, temporary directories, and
//! external programs that must exist in CI.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;

pub mod examples;
pub mod opb;

/// The `nqueens` binary built by cargo for this test run.
pub fn nqueens() -> Command {
    Command::cargo_bin("nqueens").expect("binary built")
}

/// Runs `nqueens` with `args` and returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = nqueens().args(args).output().expect("binary runs");
    (
        out.status.code().expect("exited normally"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs `nqueens` with `args` under `ulimit -v kib` (KiB of address space) and `ulimit -t
/// cpu_secs` (seconds of CPU time, which another process's load does not eat into; a run
/// past them is killed by SIGXCPU), with a wall-clock timeout of four times as long
/// (coreutils `timeout`, exit 124), and returns (exit code, stdout, stderr; -1 when it was
/// killed by a signal: an abort, SIGXCPU). A run that needs more memory, or far more work,
/// than its input warrants fails instead of passing.
pub fn run_limited(kib: u64, cpu_secs: u64, args: &[&str]) -> (i32, String, String) {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib} && ulimit -t {cpu_secs} && exec timeout {} \"$0\" \"$@\"",
            4 * cpu_secs
        ))
        .arg(bin)
        .args(args)
        .output()
        .expect("bash runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `gates` random 4-input OR gates (a DIMACS file over `2 * gates` variables, the shape of a
/// competition track-1 file): gate `g` sets `y = g + gates + 1` to the OR of 4 distinct
/// inputs drawn from `1..=gates` by a fixed generator from `seed`. Its decision-DNNF is
/// far larger than the file (100 gates grew past 2.9 GB).
pub fn random_or_gates(gates: u64, seed: u64) -> String {
    let mut s = seed | 1;
    let mut below = |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    let mut text = format!("p cnf {} {}\n", 2 * gates, 5 * gates);
    for g in 0..gates {
        let y = gates + g + 1;
        let mut inputs: Vec<u64> = Vec::new();
        while inputs.len() < 4 {
            let a = below(gates) + 1;
            if !inputs.contains(&a) {
                inputs.push(a);
            }
        }
        for a in &inputs {
            text += &format!("-{a} {y} 0\n");
        }
        let [a, b, c, d] = [inputs[0], inputs[1], inputs[2], inputs[3]];
        text += &format!("-{y} {a} {b} {c} {d} 0\n");
    }
    text
}

/// The path of an external program. In CI (`CI` set) a missing program fails the test;
/// locally the test says loudly that it skipped and returns `None`.
pub fn require_tool(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        if std::env::var_os("CI").is_some() {
            panic!("{name} is required in CI but is not installed (see .ci/run)");
        }
        eprintln!("SKIPPED: {name} is not installed; this test did not run");
    }
    found
}

/// A copy of the flat directory `from` (a proof bundle, say) at `to`, which must not exist.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir(to).unwrap();
    for f in std::fs::read_dir(from).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, to.join(f.file_name().unwrap())).unwrap();
    }
}

/// The one JSON object a successful run printed (the test fails with its stderr otherwise).
pub fn json_of(out: std::process::Output) -> serde_json::Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

/// Lines of a file (0 while it does not exist): how far a `--checkpoint` has got.
pub fn lines(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// The names of the entries of `dir`, sorted.
pub fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `nqueens` with `args`, sends `signal` (`-INT`, `-KILL`, ...) once `checkpoint` holds
/// `min_lines` lines, and returns what it printed and how it ended. Fails when the run ends
/// before it could be interrupted.
pub fn interrupt_at(
    args: &[&str],
    checkpoint: &std::path::Path,
    min_lines: usize,
    signal: &str,
) -> std::process::Output {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while lines(checkpoint) < min_lines {
        assert!(start.elapsed() < Duration::from_secs(60), "no progress");
        assert!(
            child.try_wait().unwrap().is_none(),
            "finished before it could be interrupted"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Ganak's projected count of a DIMACS file, exact in decimal, through
/// tests/helpers/ganak_count.py; `None` when pyganak is missing outside CI (in CI the test
/// fails).
pub fn ganak_count(path: &std::path::Path) -> Option<String> {
    use std::process::Command;
    let python = require_tool("python3")?;
    let probe = Command::new(&python)
        .args(["-c", "import pyganak"])
        .status()
        .unwrap();
    if !probe.success() {
        assert!(
            std::env::var_os("CI").is_none(),
            "pyganak is required in CI (see .ci/run)"
        );
        eprintln!("SKIPPED: pyganak is not installed; the Ganak cross-check did not run");
        return None;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/helpers/ganak_count.py");
    let out = Command::new(python).arg(script).arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Ganak may print its own `c o ...` lines (on an unsatisfiable file, say) before ours.
    let text = String::from_utf8(out.stdout).unwrap();
    Some(
        text.lines()
            .rfind(|l| !l.starts_with("c "))?
            .trim()
            .to_string(),
    )
}

/// Sends SIGINT to `child` after `ms` milliseconds and returns what it printed and how it
/// ended.
pub fn interrupt_after(child: std::process::Child, ms: u64) -> std::process::Output {
    std::thread::sleep(std::time::Duration::from_millis(ms));
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    child.wait_with_output().unwrap()
}

/// `VERB domination N` with the flags of the problem named `name` (`--independent`,
/// `--toroidal`), then `rest`.
pub fn domination_args<'a>(
    verb: &'a str,
    n: &'a str,
    name: &str,
    rest: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![verb, "domination", n];
    if name.contains("independent") {
        args.push("--independent");
    }
    if name.contains("toroidal") {
        args.push("--toroidal");
    }
    args.extend(rest);
    args
}

/// `nqueens args` started with stdout and stderr piped, for a test that signals it.
pub fn spawn(args: &[&str]) -> std::process::Child {
    use std::process::Stdio;
    std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}
