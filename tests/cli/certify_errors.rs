//! `count --certify DIR` where it cannot or does not finish: requests refused before
//! counting (exit code and message), the JSON report's `certified` and `bundle`, an empty
//! directory as the target, and Ctrl-C or SIGTERM while the proof is being written (no
//! bundle, nothing staged left behind). Bundles themselves: `certify.rs`.

use crate::common::{nqueens, run};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn json_reports_say_whether_and_where_a_count_was_certified() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("b").to_str().unwrap().to_string();
    let (code, out, _) = run(&["count", "5", "--json", "--certify", &bundle]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["count"], &v["certified"], &v["bundle"]),
        (&10.into(), &true.into(), &bundle.clone().into())
    );
    assert_eq!(
        v["symmetry"], "none",
        "--certify counts without symmetry by default"
    );
    let (_, out, _) = run(&["count", "5", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["certified"], &v["bundle"]),
        (&false.into(), &serde_json::Value::Null)
    );
    let file = dir.path().join("f.cnf");
    std::fs::write(&file, "p cnf 2 1\n1 2 0\n").unwrap();
    let cnf_bundle = dir.path().join("c").to_str().unwrap().to_string();
    let (code, out, _) = run(&[
        "count",
        "cnf",
        file.to_str().unwrap(),
        "--json",
        "--certify",
        &cnf_bundle,
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["count"], &v["certified"], &v["bundle"]),
        (&3.into(), &true.into(), &cnf_bundle.into())
    );
}

/// Entries of `dir` whose names start with `.` (staged bundles left behind).
fn hidden_entries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn certify_requests_that_cannot_be_honoured_are_refused_before_counting() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("full")).unwrap();
    std::fs::write(d.join("full/x"), "x").unwrap();
    std::fs::write(d.join("file"), "x").unwrap();
    std::fs::create_dir(d.join("empty")).unwrap();
    std::os::unix::fs::symlink(d.join("empty"), d.join("link")).unwrap();
    std::fs::write(d.join("free.cnf"), "p cnf 30 1\n1 -1 0\n").unwrap();
    std::fs::write(d.join("ok.cnf"), "p cnf 2 1\n1 2 0\n").unwrap();
    // `{}` stands for the temporary directory.
    let cases = [
        (
            "6 --certify {}/full",
            2,
            "'{}/full' exists and is not empty",
        ),
        ("6 --certify {}/file", 2, "exists and is not a directory"),
        (
            "6 --certify {}/link",
            2,
            "'{}/link' is a symbolic link (to a directory): give the directory itself",
        ),
        (
            "6 --certify {}/missing/b",
            3,
            "cannot create a temporary directory in '{}/missing'",
        ),
        (
            "6 --certify {}/file/b",
            3,
            "cannot create a temporary directory",
        ),
        ("6 --symmetry d4 --certify {}/new", 2, "use --symmetry none"),
        ("6 --symmetry mirror --certify {}/new", 2, "not mirror"),
        (
            "6 --shard 1/2 --certify {}/new",
            2,
            "--shard counts only a part",
        ),
        (
            "6 --checkpoint {}/c --certify {}/new",
            2,
            "resumed from a --checkpoint",
        ),
        (
            "6 --backend backtrack --certify {}/new",
            2,
            "needs a solver backend",
        ),
        ("4..=6 --certify {}/new", 2, "single board size"),
        (
            "16 --force --certify {}/new",
            2,
            "Q(16) has 14772512 solutions, more than",
        ),
        (
            "cnf {}/free.cnf --certify {}/new",
            2,
            "29 projected variables in no clause",
        ),
        ("cnf {}/ok.cnf --shard 2/2 --certify {}/new", 2, "--shard"),
    ];
    let at = |text: &str| text.replace("{}", d.to_str().unwrap());
    for (args, code, message) in cases {
        let args = at(&format!("count {args}"));
        let args: Vec<&str> = args.split(' ').collect();
        let (got, out, err) = run(&args);
        assert_eq!(got, code, "{args:?}: {err}");
        assert!(err.starts_with("nqueens: error: "), "{err}");
        assert!(err.contains(&at(message)), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.is_empty(), "refused before counting: {out}");
        let left = d.join("new").exists() || !hidden_entries(d).is_empty();
        assert!(!left, "{args:?} left something behind");
    }
    assert_eq!(std::fs::read_to_string(d.join("full/x")).unwrap(), "x");
}

#[test]
fn a_full_stdout_fails_the_report_but_says_the_bundle_stands() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("b");
    let out = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "6", "--certify"])
        .arg(&bundle)
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("(complete; only the report could not be written)"),
        "{err}"
    );
    assert!(err.contains("No space left on device"), "{err}");
    let (code, out, _) = run(&["verify", bundle.to_str().unwrap()]);
    assert_eq!((code, out.trim()), (0, "certified: 4"));
}

#[test]
fn an_empty_directory_receives_the_bundle() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("empty");
    std::fs::create_dir(&bundle).unwrap();
    nqueens()
        .args(["count", "5", "--certify"])
        .arg(&bundle)
        .assert()
        .success();
    let manifest = std::fs::read_to_string(bundle.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"count\": \"10\""), "{manifest}");
    let names = [
        "blocked.cnf",
        "formula.cnf",
        "manifest.json",
        "proof.drat",
        "solutions.txt",
    ];
    let mut found: Vec<String> = std::fs::read_dir(&bundle)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(found, names);
    assert!(hidden_entries(dir.path()).is_empty());
}

/// Starts a certified Q(12) count, waits until the proof is being written, sends `signal`
/// and returns the exit code; checks that neither the bundle nor its staged copy remains.
fn stop_while_certifying(signal: &str) -> Option<i32> {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("b");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "12", "--threads", "1", "--quiet", "--certify"])
        .arg(&bundle)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let writing = || {
        hidden_entries(dir.path()).iter().any(|n| {
            std::fs::metadata(dir.path().join(n).join("proof.drat")).is_ok_and(|m| m.len() > 0)
        })
    };
    while !writing() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no proof written"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "finished before it could be stopped"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    let code = child.wait().unwrap().code();
    assert!(!bundle.exists(), "a bundle appeared");
    assert!(
        hidden_entries(dir.path()).is_empty(),
        "the staged bundle was left behind"
    );
    code
}

#[test]
fn ctrl_c_while_certifying_writes_no_bundle() {
    assert_eq!(stop_while_certifying("-INT"), Some(130));
}

#[test]
fn sigterm_while_certifying_writes_no_bundle() {
    assert_eq!(stop_while_certifying("-TERM"), Some(143));
}

/// Ctrl-C while a certified count is counting: the partial count, exit 130, no bundle, and
/// no advice to use --checkpoint (which --certify refuses).
#[test]
fn regression_ctrl_c_in_a_certified_count_does_not_suggest_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("b");
    let child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "13", "--threads", "1", "--quiet", "--certify"])
        .arg(&bundle)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(400));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("a certified count cannot be resumed"), "{err}");
    assert!(!err.contains("--checkpoint"), "{err}");
    assert!(!bundle.exists());
}
