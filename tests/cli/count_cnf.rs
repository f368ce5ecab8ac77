//! `nqueens count cnf`: models of any DIMACS file, projected when the file says so,
//! cross-checked against `clasp -n 0` (which counts over every variable).

use crate::common;
use crate::common::{nqueens, require_tool, run};
use std::process::Command;

fn clasp_count(path: &std::path::Path) -> Option<u64> {
    let clasp = require_tool("clasp")?;
    let out = Command::new(clasp)
        .args(["-n", "0", "-q"])
        .arg(path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("Models"))
        .expect("clasp prints Models");
    Some(
        line.split_whitespace()
            .last()
            .unwrap()
            .trim_end_matches('+')
            .parse()
            .unwrap(),
    )
}

fn count_json(path: &str) -> serde_json::Value {
    let (code, out, err) = run(&["count", "cnf", path, "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn projected_and_plain_counts_differ_with_auxiliaries_and_plain_matches_clasp() {
    let dir = tempfile::tempdir().unwrap();
    for n in [4usize, 5, 6] {
        let (_, text, _) = run(&["encode", &n.to_string(), "--amo", "sequential"]);
        let projected = dir.path().join(format!("q{n}.cnf"));
        std::fs::write(&projected, &text).unwrap();
        let plain_text: String = text
            .lines()
            .filter(|l| !l.starts_with("c p show"))
            .map(|l| format!("{l}\n"))
            .collect();
        let plain = dir.path().join(format!("q{n}-plain.cnf"));
        std::fs::write(&plain, plain_text).unwrap();

        let p = count_json(projected.to_str().unwrap());
        assert_eq!(p["projected"], true);
        assert_eq!(
            Some(p["count"].as_u64().unwrap()),
            nqueens_queens::oeis::solutions(n)
        );
        let all = count_json(plain.to_str().unwrap());
        assert_eq!(all["projected"], false);
        let all_count = all["count"].as_u64().unwrap();
        assert!(
            all_count > p["count"].as_u64().unwrap(),
            "auxiliaries multiply models"
        );
        if let Some(c) = clasp_count(&plain) {
            assert_eq!(c, all_count, "clasp on n = {n}");
        }
    }
}

#[test]
fn stdin_and_malformed_files() {
    let (_, text, _) = run(&["encode", "6"]);
    let out = nqueens()
        .args(["count", "cnf", "-", "--json"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["count"], 4);
    let out = nqueens()
        .args(["count", "cnf", "-"])
        .write_stdin("p cnf 2 1\n1 3 0\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 2, column 3: literal 3 is out of range"),
        "{err}"
    );
    let (code, _, err) = run(&["count"]);
    assert_eq!(code, 2);
    assert!(err.contains("<N>"), "{err}");
}

/// Ganak's projected count of a file ([`common::ganak_count`]) as a `u64`.
fn ganak_count(path: &std::path::Path) -> Option<u64> {
    common::ganak_count(path).map(|c| c.parse().unwrap())
}

#[test]
fn projected_counts_agree_with_ganak_and_plain_ones_too() {
    let dir = tempfile::tempdir().unwrap();
    for (n, amo) in [(5, "sequential"), (6, "bitwise"), (7, "ladder")] {
        let (_, text, _) = run(&["encode", &n.to_string(), "--amo", amo]);
        let projected = dir.path().join(format!("q{n}.cnf"));
        std::fs::write(&projected, &text).unwrap();
        let ours = count_json(projected.to_str().unwrap())["count"]
            .as_u64()
            .unwrap();
        let Some(ganak) = ganak_count(&projected) else {
            return;
        };
        assert_eq!(ours, ganak, "projected n = {n} {amo}");
        if n == 5 {
            let plain_text: String = text
                .lines()
                .filter(|l| !l.starts_with("c p show"))
                .map(|l| format!("{l}\n"))
                .collect();
            let plain = dir.path().join("plain.cnf");
            std::fs::write(&plain, plain_text).unwrap();
            let ours_plain = count_json(plain.to_str().unwrap())["count"]
                .as_u64()
                .unwrap();
            assert_eq!(Some(ours_plain), ganak_count(&plain), "plain n = 5");
            assert!(ours_plain > ours);
        }
    }
}

#[test]
fn external_solvers_count_any_cnf_too() {
    if require_tool("cadical").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (_, text, _) = run(&["encode", "6", "--amo", "sequential"]);
    let path = dir.path().join("q6.cnf");
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = run(&[
        "count",
        "cnf",
        path.to_str().unwrap(),
        "--json",
        "--backend",
        "external",
        "--solver",
        "cadical -q",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["count"], 4);
    assert_eq!(v["backend"], "external (cadical)");
}

/// `(x1 ∨ x2)(x1 ∨ x3 ∨ … ∨ xn)`: cubes with x1 leave every other variable free (counted
/// at once); those without it leave a clause of up to n - 2 variables to list.
fn hub(n: usize) -> String {
    let rest: Vec<String> = (3..=n).map(|v| v.to_string()).collect();
    format!("p cnf {n} 2\n1 2 0\n1 {} 0\n", rest.join(" "))
}

#[test]
fn enumerate_refuses_listing_that_cannot_finish_and_says_the_count() {
    // Issue 30: --method enumerate on this file was silent for ever (a cube of 2^60 - 1
    // models to list). Now it is refused once slow, with the model counter's figures.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hub70.cnf");
    std::fs::write(&path, hub(70)).unwrap();
    let f = path.to_str().unwrap();
    let out = nqueens()
        .args(["count", "cnf", f, "--method", "enumerate", "--json"])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    // 2^69 + 2^68 - 1 models in all.
    for part in [
        "nqueens: error: listing the models of '",
        "hub70.cnf' would take ",
        "years or more, past the limit of 10 minutes: at least ",
        "the model counter counts 885443715538058477567 models in all",
        "or pass --force to list anyway",
    ] {
        assert!(err.contains(part), "{part}: {err}");
    }
    // An option that forces enumeration under auto is refused the same way.
    let (code, _, err) = run(&["count", "cnf", f, "--cube-depth", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("listing the models of"), "{err}");
}

#[test]
fn force_lists_and_is_refused_where_nothing_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hub8.cnf");
    std::fs::write(&path, hub(8)).unwrap();
    let f = path.to_str().unwrap();
    let (code, out, err) = run(&["count", "cnf", f, "--method", "enumerate", "--force"]);
    assert_eq!(code, 0, "{err}");
    // 2^7 + 2^6 - 1.
    assert!(out.contains("191 models"), "{out}");
    for extra in [
        &[][..],
        &["--method", "counter"][..],
        &["--method", "auto"][..],
    ] {
        let mut args = vec!["count", "cnf", f, "--force"];
        args.extend(extra);
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{extra:?}: {err}");
        assert!(
            err.contains("--force lists the models of an enumeration"),
            "{err}"
        );
    }
}

#[test]
fn listing_is_refused_past_the_limit_board_counts_are() {
    // One ten minutes for both refusals, each with --force to run anyway.
    assert_eq!(
        cnf_count::LISTING_LIMIT.as_secs_f64(),
        nqueens_queens::sizes::LIMIT_S
    );
}
