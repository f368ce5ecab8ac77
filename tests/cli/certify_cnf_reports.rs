//! `count cnf FILE --certify DIR` reports as the plain count does (the hostile tour's
//! findings): the same JSON shape for a weighted count, the same stopped report under
//! Ctrl-C as JSON and in the competition's format, the competition's lines for a file
//! without a model before the certificate is refused, and singular nouns for one thing.

use crate::common::{interrupt_after, json_of, nqueens, run, spawn};
use std::collections::BTreeSet;

/// The keys of a JSON object.
fn keys(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_object().expect("an object").keys().cloned().collect()
}

/// The weights of certify_cpog.rs: 12 models weighing 7.25 in all.
const WEIGHTED: &str = "c t wmc\np cnf 5 4\nc p weight 1 0.25 0\nc p weight -1 0.75 0\n\
    c p weight 2 2.5 0\nc p weight -2 1.5 0\nc p weight 3 0.5 0\nc p weight -3 0.5 0\n\
    1 2 0\n-1 3 4 0\n2 -4 5 0\n-3 -5 0\n";

#[test]
fn regression_a_certified_weighted_count_has_the_plain_reports_shape() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("w.cnf");
    std::fs::write(&file, WEIGHTED).unwrap();
    let f = file.to_str().unwrap();
    let plain = json_of(
        nqueens()
            .args(["count", "cnf", f, "--json"])
            .output()
            .unwrap(),
    );
    let bundle = dir.path().join("b");
    let b = bundle.to_str().unwrap();
    let certified = json_of(
        nqueens()
            .args(["count", "cnf", f, "--json", "--certify", b])
            .output()
            .unwrap(),
    );
    assert_eq!(plain["count"], serde_json::Value::Null, "{plain}");
    assert_eq!(certified["count"], serde_json::Value::Null, "{certified}");
    for key in ["weighted", "weight", "weight_approx"] {
        assert_eq!(certified[key], plain[key], "{key}: {certified}");
    }
    assert_eq!(certified["weight"], "7.25");
    assert!(certified.get("weighted_count").is_none(), "{certified}");
    assert!(bundle.join("manifest.json").exists());
}

/// `count cnf` of pigeonhole 12 (long for the model counter) with `extra`, stopped by
/// Ctrl-C after 700 ms: exit code and stdout.
fn stopped(file: &str, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["count", "cnf", file, "--method", "counter", "--quiet"];
    args.extend(extra);
    let out = interrupt_after(spawn(&args), 700);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code(), stdout)
}

#[test]
fn regression_ctrl_c_in_a_certified_count_prints_the_plain_stopped_report() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("php.cnf");
    std::fs::write(&file, crate::count_cnf_counter::pigeonhole(12)).unwrap();
    let f = file.to_str().unwrap();
    let bundle = dir.path().join("b");
    let b = bundle.to_str().unwrap();
    let (code, plain) = stopped(f, &["--json"]);
    assert_eq!(code, Some(130), "{plain}");
    let (code, certified) = stopped(f, &["--json", "--certify", b]);
    assert_eq!(code, Some(130), "{certified}");
    let (plain, certified): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&plain).expect("plain JSON"),
        serde_json::from_str(&certified).expect("a JSON report when stopped"),
    );
    assert_eq!(keys(&certified), keys(&plain), "{certified}\n{plain}");
    assert_eq!(certified["interrupted"], true);
    assert_eq!(certified["count"], serde_json::Value::Null);
    assert!(!bundle.exists(), "a bundle was written");
    // In the competition's format: the `c o` report, then `s UNKNOWN`, as the plain count.
    let (code, plain) = stopped(f, &["--format", "mcc"]);
    assert_eq!(code, Some(130), "{plain}");
    let (code, certified) = stopped(f, &["--format", "mcc", "--certify", b]);
    assert_eq!(code, Some(130), "{certified}");
    let shape = |text: &str| -> Vec<String> {
        let prefix = |l: &str| l.split(' ').take(2).collect::<Vec<_>>().join(" ");
        text.lines().map(prefix).collect()
    };
    assert_eq!(shape(&certified), shape(&plain), "{certified}\n{plain}");
    assert!(certified.starts_with("c o "), "{certified}");
    assert!(
        certified.contains("\ns UNKNOWN\nc s type mc"),
        "{certified}"
    );
}

#[test]
fn regression_an_unsatisfiable_certified_count_still_says_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("unsat.cnf");
    std::fs::write(&file, "p cnf 2 3\n1 2 0\n-1 0\n-2 0\n").unwrap();
    let f = file.to_str().unwrap();
    let bundle = dir.path().join("b");
    let b = bundle.to_str().unwrap();
    let (_, plain, _) = run(&["count", "cnf", f, "--format", "mcc", "--method", "counter"]);
    let args = [
        "count",
        "cnf",
        f,
        "--format",
        "mcc",
        "--method",
        "counter",
        "--certify",
        b,
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 2, "{err}");
    let answer = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("c o "))
            .map(String::from)
            .collect()
    };
    assert_eq!(answer(&out), answer(&plain), "{out}");
    assert!(out.contains("s UNSATISFIABLE\n"), "{out}");
    assert!(out.starts_with("c o "), "{out}");
    assert!(err.contains("cannot state a count of 0"), "{err}");
    assert!(!bundle.exists());
}

#[test]
fn regression_one_thing_is_said_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.cnf");
    std::fs::write(&file, "p cnf 1 1\n1 0\n").unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["count", "cnf", f, "--method", "counter"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 model (over its 1 variable)"), "{out}");
    assert!(
        out.contains(" 1 decision") || out.contains(" 0 decisions"),
        "{out}"
    );
    let nnf = dir.path().join("one.nnf");
    let (code, out, err) = run(&["count", "cnf", f, "--nnf", nnf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains(" 1 nodes") && !out.contains(" 1 edges"),
        "{out}"
    );
    let bundle = dir.path().join("b");
    let two = dir.path().join("two.cnf");
    std::fs::write(&two, "p cnf 2 1\n1 2 0\n").unwrap();
    let args = ["count", "cnf", two.to_str().unwrap(), "--method", "counter"];
    let (code, out, err) = run(&[&args[..], &["--certify", bundle.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    for wrong in [" 1 operations", " 1 proof steps", " 1 models"] {
        assert!(!out.contains(wrong), "{out}");
    }
    let (code, out, err) = run(&["verify", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for wrong in [
        " 1 operations",
        " 1 clauses",
        " 1 variables",
        " 1 deletions",
    ] {
        assert!(!out.contains(wrong), "{out}");
    }
    // Enumeration: one part, one cube.
    let (code, out, err) = run(&["count", "cnf", f, "--method", "enumerate"]);
    assert_eq!(code, 0, "{err}");
    for wrong in [" 1 parts", " 1 cubes", " 1 free variables"] {
        assert!(!out.contains(wrong), "{out}");
    }
}

#[test]
fn ctrl_c_while_the_certificate_is_written_says_so_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.cnf");
    std::fs::write(&file, crate::certify_cpog::random_3cnf(1, 76, 228)).unwrap();
    let bundle = dir.path().join("b");
    let args = [
        "count",
        "cnf",
        file.to_str().unwrap(),
        "--method",
        "counter",
        "--certify",
        bundle.to_str().unwrap(),
    ];
    let child = spawn(&args);
    // The staged bundle (a hidden sibling of `b`) gets its certificate once the count is
    // done: stop then.
    let writing = || {
        std::fs::read_dir(dir.path()).unwrap().flatten().any(|e| {
            let cert = e.path().join("certificate.cpog");
            std::fs::metadata(cert).is_ok_and(|m| m.len() > 0)
        })
    };
    let start = std::time::Instant::now();
    while !writing() {
        assert!(start.elapsed().as_secs() < 60, "no certificate begun");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // Writing takes seconds (0.8 s to count, 3.5 s to write in a debug build).
    let out = interrupt_after(child, 0);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("while writing the certificate (the count was done): no bundle was written"),
        "{err}"
    );
    assert!(!bundle.exists(), "a bundle was left");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert_eq!(left.len(), 1, "staged files left: {left:?}");
}
