//! Regressions from the last hostile tour of issue 30: a count with a checkpoint (or orbits
//! and a checkpoint) that could never finish listing is refused, not left to run for ever;
//! Ctrl-C while the input is still being read says so, as JSON too; `--nnf` refuses every
//! spelling of stdout, where the report goes; a thread that cannot be started is a failure
//! (exit 3, one line), not a panic.

use crate::common::{nqueens, run, run_limited};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The clause x1 ∨ … ∨ xn: 2^n - 1 models, far too many to list.
fn one_long_clause(dir: &std::path::Path, n: usize) -> String {
    let path = dir.join(format!("clause{n}.cnf"));
    let lits: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
    std::fs::write(&path, format!("p cnf {n} 1\n{} 0\n", lits.join(" "))).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_checkpointed_count_that_cannot_finish_is_refused_and_keeps_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let f = one_long_clause(dir.path(), 70);
    let ck = dir.path().join("ck");
    let ck = ck.to_str().unwrap();
    let out = nqueens()
        .args(["count", "cnf", &f, "--checkpoint", ck, "-q"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(err.contains("would take"), "{err}");
    // The flag that makes it an enumeration is named, and the true count (2^70 - 1) said.
    assert!(err.contains("drop --checkpoint"), "{err}");
    assert!(
        err.contains("1180591620717411303423 models in all"),
        "{err}"
    );
    assert!(std::path::Path::new(ck).exists(), "the checkpoint is kept");
}

#[test]
fn an_orbit_count_with_a_checkpoint_that_cannot_finish_is_refused_without_a_false_total() {
    let dir = tempfile::tempdir().unwrap();
    let f = one_long_clause(dir.path(), 70);
    let ck = dir.path().join("ck");
    let out = nqueens()
        .args(["count", "cnf", &f, "--symmetry", "auto", "-q"])
        .arg("--checkpoint")
        .arg(&ck)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("would take"), "{err}");
    assert!(err.contains("drop --symmetry auto"), "{err}");
    // The orbit search lists a symmetry-broken formula: its count is not the file's.
    assert!(!err.contains("in all"), "{err}");
}

#[test]
fn ctrl_c_while_the_input_is_read_says_so_as_json_too() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "cnf", "-", "-q", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Half a file, then nothing: the reader waits for the rest.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"p cnf 3 2\n1 2 0\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted by Ctrl-C"), "{err}");
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("one JSON line on stdout");
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["about"], "stdin");
}

#[test]
fn nnf_refuses_every_spelling_of_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let f = one_long_clause(dir.path(), 3);
    let link = dir.path().join("out-link");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    for out in [
        "-",
        "/dev/stdout",
        "/dev/fd/1",
        "/proc/self/fd/1",
        link.to_str().unwrap(),
    ] {
        let (code, stdout, err) = run(&["count", "cnf", &f, "--nnf", out]);
        assert_eq!(code, 2, "{out}: {err}");
        assert!(stdout.is_empty(), "{out}: {stdout}");
        assert!(
            err.contains("is stdout, where the report goes"),
            "{out}: {err}"
        );
    }
    // stderr is not where the report goes: the formula is written there.
    let (code, stdout, err) = run(&["count", "cnf", &f, "--nnf", "/dev/stderr"]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("7 models"), "{stdout}");
    assert!(err.lines().any(|l| l.starts_with("t ")), "{err}");
}

#[test]
fn a_thread_that_cannot_start_is_a_failure_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("q8.cnf");
    let f = f.to_str().unwrap();
    let (code, _, err) = run(&["encode", "8", "-o", f]);
    assert_eq!(code, 0, "{err}");
    // Address space from 10 MB up, 1 MB at a time, until the count runs: below that, either an
    // allocation or the second thread's stack does not fit (where depends on the binary's
    // size and its build), and each is one line and exit 3, never a panic. At least one
    // limit must be the thread's.
    let mut thread_refused = false;
    for kib in (10_000..=60_000).step_by(1_000) {
        let (code, out, err) = run_limited(kib, 20, &["count", "cnf", f, "-q", "--threads", "2"]);
        if code == 0 {
            assert!(out.contains("92 models"), "{kib} KiB: {out}");
            break;
        }
        if code == 127 || (code == -1 && err.is_empty()) {
            continue; // too little for the loader to map the libraries: not ours to report
        }
        assert_eq!(code, 3, "{kib} KiB: {err}");
        assert_eq!(err.lines().count(), 1, "{kib} KiB: {err}");
        let thread = err.starts_with("nqueens: error: could not start a thread");
        assert!(
            thread || err.starts_with("nqueens: error: out of memory"),
            "{kib} KiB: {err}"
        );
        thread_refused |= thread;
    }
    assert!(
        thread_refused,
        "no address-space limit stopped the second thread alone"
    );
}

#[test]
fn regression_a_missing_input_says_its_reason_once() {
    // The reader's message ends with the io error, which is also its source: said once.
    let missing = "/nonexistent/input";
    for args in [
        vec!["count", "cnf", missing],
        vec!["count", "opb", missing],
        vec!["symmetries", missing],
        vec!["decode", "8", missing],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(
            err.matches("No such file or directory").count(),
            1,
            "{args:?}: {err}"
        );
    }
}
