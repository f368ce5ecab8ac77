//! `nqueens decode`: answers computed by real solvers come back as checked boards; bad or
//! mismatched answers get a clear error.

use crate::common::{nqueens, require_tool, run};
use nqueens_queens::is_solution;
use std::process::Command;

fn columns(json: &str) -> Vec<usize> {
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    serde_json::from_value(v["columns"].clone()).unwrap()
}

#[test]
fn cadical_and_minisat_answers_decode_to_valid_boards() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("q10.cnf");
    nqueens()
        .args(["encode", "10", "--amo", "product", "-o"])
        .arg(&cnf)
        .assert()
        .success();
    let Some(cadical) = require_tool("cadical") else {
        return;
    };
    let out = Command::new(cadical).arg("-q").arg(&cnf).output().unwrap();
    let answer = dir.path().join("cadical.out");
    std::fs::write(&answer, &out.stdout).unwrap();
    let a = answer.to_str().unwrap();
    let (code, json, err) = run(&["decode", "10", a, "--amo", "product", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(is_solution(&columns(&json)));
    // The same answer read for another encoding does not fit: a clear error, exit 2.
    let (code, _, err) = run(&["decode", "10", a, "--amo", "pairwise"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("out of range") || err.contains("violates"),
        "{err}"
    );
    // A bare model: just the literals.
    let bare: String = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .collect::<Vec<_>>()
        .join("\n");
    let bare_path = dir.path().join("bare.txt");
    std::fs::write(&bare_path, bare).unwrap();
    let (code, json, _) = run(&[
        "decode",
        "10",
        bare_path.to_str().unwrap(),
        "--amo",
        "product",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert!(is_solution(&columns(&json)));

    let Some(minisat) = require_tool("minisat") else {
        return;
    };
    let result = dir.path().join("minisat.out");
    Command::new(minisat)
        .arg("-verb=0")
        .arg(&cnf)
        .arg(&result)
        .output()
        .unwrap();
    let (code, json, err) = run(&[
        "decode",
        "10",
        result.to_str().unwrap(),
        "--amo",
        "product",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(is_solution(&columns(&json)));
}

#[test]
fn lies_and_garbage_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    // UNSAT for a board with solutions: the solver is wrong.
    let (code, _, err) = run(&["decode", "8", &write("unsat", "s UNSATISFIABLE\n")]);
    assert_eq!(code, 3);
    assert!(err.contains("has solutions"), "{err}");
    // UNSAT for n = 3 is the truth: exit 1, like `solve 3`.
    let (code, _, _) = run(&["decode", "3", &write("unsat3", "s UNSATISFIABLE\n")]);
    assert_eq!(code, 1);
    // All 16 squares false: breaks the row clauses.
    let zeros: Vec<String> = (1..=16).map(|v| format!("-{v}")).collect();
    let (code, _, err) = run(&[
        "decode",
        "4",
        &write(
            "zeros",
            &format!("s SATISFIABLE\nv {} 0\n", zeros.join(" ")),
        ),
    ]);
    // A solver's answer that is not a model: an invalid solution, as for ILP answers (3).
    assert_eq!(code, 3);
    assert!(err.contains("violates clause"), "{err}");
    let (code, _, err) = run(&["decode", "4", &write("garbage", "hello\n")]);
    assert_eq!(code, 2);
    assert!(err.contains("no status line"), "{err}");
    let (code, _, err) = run(&["decode", "4", &write("short", "s SATISFIABLE\nv 1 2 0\n")]);
    assert_eq!(code, 2);
    assert!(err.contains("incomplete"), "{err}");
}
