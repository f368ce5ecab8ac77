//! `count cnf` on the engine: every backend, exact big counts, parts, refused flags,
//! interruption and resume, shards, lying solvers, and files as they come.

use crate::common::{interrupt_at, nqueens, run};
use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn encode(dir: &Path, args: &[&str], name: &str) -> String {
    let (code, text, err) = run(args);
    assert_eq!(code, 0, "{err}");
    write(dir, name, &text)
}

fn count(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn every_backend_counts_a_projected_file_alike() {
    let dir = tempfile::tempdir().unwrap();
    let f = encode(
        dir.path(),
        &["encode", "6", "--amo", "sequential"],
        "q6.cnf",
    );
    for backend in ["dpll", "sat", "ilp"] {
        for depth in ["0", "1", "3"] {
            let v = count(&["cnf", &f, "--backend", backend, "--cube-depth", depth]);
            assert_eq!(v["count"], 4, "{backend} depth {depth}");
            assert_eq!(v["projected"], true);
        }
    }
}

#[test]
fn counts_beyond_64_bits_are_exact_and_free_variables_are_not_enumerated() {
    let out = nqueens()
        .args(["count", "cnf", "-", "--json"])
        .write_stdin("p cnf 200 0\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let two_200 = "1606938044258990275541962092341162602522202993782792835301376";
    assert!(text.contains(&format!("\"count\":{two_200},")), "{text}");
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["free_vars"], 200);
    assert_eq!(v["models_checked"], 0, "nothing enumerated");
}

#[test]
fn independent_parts_multiply() {
    let dir = tempfile::tempdir().unwrap();
    let (_, q6, _) = run(&["encode", "6"]);
    let clauses: Vec<&str> = q6.lines().filter(|l| !l.starts_with(['c', 'p'])).collect();
    let mut text = format!("p cnf {} {}\n", 3 * 36 + 1, 3 * clauses.len());
    for k in 0..3i64 {
        for c in &clauses {
            let shifted: Vec<String> = c
                .split_whitespace()
                .map(|x| x.parse::<i64>().unwrap())
                .map(|x| if x == 0 { 0 } else { x + x.signum() * 36 * k })
                .map(|x| x.to_string())
                .collect();
            text.push_str(&shifted.join(" "));
            text.push('\n');
        }
    }
    let f = write(dir.path(), "q6x3.cnf", &text);
    let v = count(&["cnf", &f]);
    assert_eq!(
        v["count"],
        4 * 4 * 4 * 2,
        "three boards and one free variable"
    );
    assert_eq!(v["parts"], 3);
    assert_eq!(v["free_vars"], 1);
}

#[test]
fn flags_that_mean_nothing_for_a_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = encode(dir.path(), &["encode", "5"], "q5.cnf");
    // A board's flags are not offered to `count cnf` at all.
    let board = "unexpected argument";
    for (flag, value, says) in [
        ("--symmetry", Some("d4"), "possible values: auto, none"),
        ("--amo", Some("ladder"), board),
        ("--card", Some("totalizer"), board),
        ("--pb", Some("adder"), board),
        ("--formulation", Some("column"), board),
        ("--domain", Some("log"), board),
        ("--queens", Some("3"), board),
    ] {
        let mut args = vec!["count", "cnf", &f, flag];
        args.extend(value);
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{flag}");
        assert!(err.contains(flag) && err.contains(says), "{flag}: {err}");
        if says == board {
            assert!(err.contains("see 'nqueens count cnf --help'"), "{err}");
        }
    }
    let (code, _, err) = run(&["count", "cnf", &f, "--backend", "backtrack"]);
    assert_eq!(code, 2);
    assert!(err.contains("not backtrack"), "{err}");
    let (code, _, err) = run(&["count", "8", "--strict"]);
    assert_eq!(code, 2, "--strict goes with count cnf: {err}");
    assert!(err.contains("unexpected argument '--strict'"), "{err}");
}

#[test]
fn files_as_they_come_weighted_short_headers_and_empty_projections() {
    let dir = tempfile::tempdir().unwrap();
    // A weighted file is never enumerated as if unweighted (tests/cli/count_cnf_weighted.rs
    // has its weighted count), and the 2020 weighted form stays refused.
    let weighted = write(dir.path(), "w.cnf", "c t wmc\np cnf 2 1\n1 2 0\n");
    let (code, _, err) = run(&["count", "cnf", &weighted, "--method", "enumerate"]);
    assert_eq!(code, 2);
    assert!(err.contains("enumeration cannot weigh models"), "{err}");
    let wcnf = write(dir.path(), "w2.cnf", "p wcnf 2 1\n1 2 0\n");
    let (code, _, err) = run(&["count", "cnf", &wcnf]);
    assert_eq!(code, 2);
    assert!(err.contains("weighted model count"), "{err}");
    let short = write(dir.path(), "s.cnf", "p cnf 3 3\n1 2 0\n-1 3 0\n");
    let (code, out, err) = run(&["count", "cnf", &short, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning"), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["count"], 4);
    let (code, _, err) = run(&["count", "cnf", &short, "--strict"]);
    assert_eq!(code, 2);
    assert!(err.contains("declares 3"), "{err}");
    let sat = write(dir.path(), "e.cnf", "p cnf 3 1\nc p show 0\n1 2 0\n");
    assert_eq!(count(&["cnf", &sat])["count"], 1, "satisfiable");
    let unsat = write(dir.path(), "u.cnf", "p cnf 1 2\nc p show 0\n1 0\n-1 0\n");
    assert_eq!(count(&["cnf", &unsat])["count"], 0, "unsatisfiable");
}

#[test]
fn shards_of_a_cnf_count_merge_to_the_whole_and_mixed_sets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = encode(dir.path(), &["encode", "8", "--amo", "bimander"], "q8.cnf");
    let mut paths = Vec::new();
    for i in 1..=3 {
        let (code, out, err) = run(&["count", "cnf", &f, "--shard", &format!("{i}/3")]);
        assert_eq!(code, 0, "{err}");
        paths.push(write(dir.path(), &format!("s{i}.json"), &out));
    }
    let (code, out, err) = run(&["merge", "--json", &paths[0], &paths[1], &paths[2]]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["count"], 92);
    let (code, _, err) = run(&["merge", &paths[0], &paths[1]]);
    assert_eq!(code, 2);
    assert!(err.contains("missing"), "{err}");
    let (_, board, _) = run(&["count", "8", "--shard", "1/1"]);
    let board = write(dir.path(), "board.json", &board);
    let (code, _, err) = run(&["merge", &paths[0], &board]);
    assert_eq!(code, 2);
    assert!(err.contains("different count"), "{err}");
}

#[test]
fn a_lying_solver_is_caught_on_a_cnf_count() {
    let dir = tempfile::tempdir().unwrap();
    let f = encode(dir.path(), &["encode", "5"], "q5.cnf");
    let liar = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/solvers/violating.sh");
    let (code, _, err) = run(&[
        "count",
        "cnf",
        &f,
        "--backend",
        "external",
        "--solver",
        &format!("sh {liar}"),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("its model violates clause"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn ctrl_c_prints_the_partial_cnf_count_and_the_checkpoint_resumes_to_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let f = encode(dir.path(), &["encode", "13"], "q13.cnf");
    let cp = dir.path().join("q13.ckpt");
    let cp_arg = cp.display().to_string();
    let out = interrupt_at(
        &[
            "count",
            "cnf",
            &f,
            "--threads",
            "1",
            "--quiet",
            "--cube-depth",
            "4",
            "--checkpoint",
            &cp_arg,
        ],
        &cp,
        6,
        "-INT",
    );
    assert_eq!(out.status.code(), Some(130));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("partial:"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("interrupted after"), "{stderr}");
    let v = count(&[
        "cnf",
        &f,
        "--threads",
        "1",
        "--cube-depth",
        "4",
        "--checkpoint",
        cp.to_str().unwrap(),
    ]);
    assert_eq!(v["count"], 73712);
    assert!(v["cubes_resumed"].as_u64().unwrap() >= 5, "{v}");
    assert_eq!(v["interrupted"], false);
}
