//! `nqueens solve --opb FILE`: solutions of pseudo-Boolean files in the PB competition's
//! format, through every backend: each printed solution checked by this test's own reading of
//! the file's rows, all of them distinct, as many as brute force counts; no solution is exit
//! 1 with `s UNSATISFIABLE`; board flags are refused.

use crate::common::opb::random_opb;
use crate::common::{nqueens, run};
use std::collections::BTreeSet;
use std::time::Duration;

/// x1 + ... + xn >= 1: every assignment but all-false, 2^n - 1 solutions.
fn at_least_one(n: usize) -> String {
    let terms: Vec<String> = (1..=n).map(|i| format!("+1 x{i}")).collect();
    format!(
        "* #variable= {n} #constraint= 1\n{} >= 1 ;\n",
        terms.join(" ")
    )
}

/// The `backend` of every JSON line of `solve --opb PATH --json` with `extra`, and how many.
fn backends_of(path: &str, extra: &[&str]) -> (BTreeSet<String>, usize) {
    let mut line = vec!["solve", "opb", path, "--json"];
    line.extend(extra);
    let (code, out, err) = run(&line);
    assert_eq!(code, 0, "{err}");
    let names = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["backend"].as_str().unwrap().to_string()
        })
        .collect();
    (names, out.lines().count())
}

/// Whether `values` (x1..xN) satisfies every row of `text` (the `random_opb` layout: terms
/// `+a x3` or `-a ~x2`, a comparison, a bound, `;`).
fn satisfies(text: &str, values: &[bool]) -> bool {
    text.lines()
        .filter(|l| !l.starts_with('*') && !l.starts_with("min:"))
        .all(|row| {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            let (terms, tail) = tokens.split_at(tokens.len() - 3);
            let sum: i64 = terms
                .chunks(2)
                .map(|t| {
                    let a: i64 = t[0].parse().unwrap();
                    let (neg, var) = match t[1].strip_prefix('~') {
                        Some(v) => (true, v),
                        None => (false, t[1]),
                    };
                    let i: usize = var[1..].parse().unwrap();
                    a * i64::from(values[i - 1] != neg)
                })
                .sum();
            let rhs: i64 = tail[1].parse().unwrap();
            match tail[0] {
                ">=" => sum >= rhs,
                "<=" => sum <= rhs,
                _ => sum == rhs,
            }
        })
}

#[test]
fn every_solution_of_random_files_is_printed_once_and_checked_through_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..5u64 {
        let (text, expected) = random_opb(seed, 8, 2 + seed as usize % 3);
        let path = dir.path().join(format!("r{seed}.opb"));
        std::fs::write(&path, &text).unwrap();
        for backend in ["sat", "dpll", "ilp"] {
            let (code, out, err) = run(&[
                "solve",
                "opb",
                path.to_str().unwrap(),
                "--all",
                "--backend",
                backend,
            ]);
            let mut seen = BTreeSet::new();
            for line in out.lines().filter_map(|l| l.strip_prefix("v ")) {
                let values: Vec<bool> = line
                    .split_whitespace()
                    .map(|t| !t.starts_with('-'))
                    .collect();
                assert_eq!(values.len(), 8, "{line}");
                assert!(
                    satisfies(&text, &values),
                    "{backend}, seed {seed}: {line}\n{text}"
                );
                assert!(seen.insert(values), "{backend}: a solution twice");
            }
            assert_eq!(
                seen.len() as u64,
                expected,
                "{backend}, seed {seed}\n{text}"
            );
            if expected == 0 {
                assert_eq!(code, 1, "{err}");
                assert_eq!(out.trim(), "s UNSATISFIABLE");
            } else {
                assert_eq!(code, 0, "{err}");
            }
        }
    }
}

#[test]
fn one_solution_by_default_and_json_lines_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let (text, expected) = (0..)
        .map(|seed| random_opb(seed, 8, 2))
        .find(|(_, c)| *c >= 3)
        .unwrap();
    let path = dir.path().join("r.opb");
    std::fs::write(&path, &text).unwrap();
    let (code, out, _) = run(&["solve", "opb", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("s SATISFIABLE"))
            .count(),
        1
    );
    let (code, out, _) = run(&[
        "solve",
        "opb",
        path.to_str().unwrap(),
        "--limit",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert!(expected >= 2);
    for line in out.lines() {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        let values: Vec<bool> = json["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_bool().unwrap())
            .collect();
        assert!(satisfies(&text, &values), "{line}");
    }
    assert_eq!(out.lines().count(), 2);
}

#[test]
fn board_flags_the_oracle_and_a_missing_file_are_refused_with_exit_2() {
    let (text, _) = random_opb(1, 4, 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.opb");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    for (extra, says) in [
        (vec!["8"], "unexpected argument"),
        (vec!["--variant", "domination"], "unexpected argument"),
        (vec!["--backend", "backtrack"], "not backtrack"),
        (vec!["--queens", "3"], "unexpected argument"),
        (vec!["--force"], "unexpected argument"),
        (vec!["--all", "--force"], "unexpected argument"),
        (
            vec!["--backend", "ilp", "--pb", "adder"],
            "--pb does nothing with --backend ilp",
        ),
        (
            vec!["--all", "--backend", "ilp", "--card", "totalizer"],
            "--card does nothing with --backend ilp",
        ),
    ] {
        let mut line = vec!["solve", "opb", path];
        line.extend(&extra);
        let (code, out, err) = run(&line);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{extra:?}: {err}");
    }
    let (code, _, err) = run(&["solve", "opb", "/nonexistent/r.opb"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

/// The regression of issue 30: `solve --opb --all` took varisat, whose blocking clauses made
/// 2^16 - 1 solutions take 50 times longer than the DPLL enumerator the help names.
#[test]
fn solve_all_defaults_to_dpll_as_its_help_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.opb");
    std::fs::write(&path, at_least_one(6)).unwrap();
    let path = path.to_str().unwrap();
    let (dpll, _) = backends_of(path, &["--limit", "1", "--backend", "dpll"]);
    let (sat, _) = backends_of(path, &["--limit", "1", "--backend", "sat"]);
    assert_ne!(dpll, sat);
    assert_eq!(backends_of(path, &["--all"]), (dpll, 63));
    // One or a few: CDCL, as before.
    assert_eq!(backends_of(path, &["--limit", "2"]), (sat, 2));
}

/// The regression of issue 30: `solve --opb --all --backend ilp` re-solved one problem with
/// a no-good cut per solution found (511 solutions took 8-12 s, 1,023 did not end in 100 s)
/// where `count --backend ilp` splits into cubes (0.01 s). It lists cube by cube now, as
/// count does: 2,047 solutions end well within the generous timeout (the old code would not).
#[test]
fn regression_solve_all_through_ilp_lists_cube_by_cube_as_count_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.opb");
    std::fs::write(&path, at_least_one(11)).unwrap();
    let out = nqueens()
        .args(["solve", "opb", path.to_str().unwrap(), "--all"])
        .args(["--backend", "ilp"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    let solutions: BTreeSet<&str> = text.lines().filter(|l| l.starts_with("v ")).collect();
    assert_eq!(solutions.len(), 2047);
    assert_eq!(text.lines().filter(|l| l.starts_with("v ")).count(), 2047);
    assert!(!solutions.contains("v -x1 -x2 -x3 -x4 -x5 -x6 -x7 -x8 -x9 -x10 -x11"));
}
