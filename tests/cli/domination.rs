//! Queen domination end to end: `count` and `solve` against the OEIS tables (A075458,
//! A002564, A075324, A002568, A279402, A279404), the exports read by real solvers (cadical on
//! the DIMACS with a bound, glpsol on the LP with the objective) and their answers checked by
//! the independent checker, and the flags that do not apply refused with exit 2.

use crate::common::{require_tool, run};
use nqueens_domination::{Domination, Square, Variant};
use std::process::Command;

fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn squares(v: &serde_json::Value) -> Vec<Square> {
    serde_json::from_value(v.clone()).unwrap()
}

#[test]
fn counts_and_domination_numbers_match_the_oeis() {
    for (d, sizes) in [(Domination::ALL[0], "1..=8"), (Domination::ALL[1], "1..=8")] {
        let args = crate::common::domination_args("count", sizes, d.name(), &["--threads", "2"]);
        for line in json_lines(&args) {
            let n = line["n"].as_u64().unwrap() as usize;
            assert_eq!(
                line["k"].as_u64(),
                d.known_number(n).map(|k| k as u64),
                "{d} {n}"
            );
            assert_eq!(
                line["count"],
                d.known_count(n).unwrap().to_string(),
                "{d} {n}"
            );
            assert_eq!(line["count_oeis"]["verdict"], "match");
            assert_eq!(line["k_oeis"]["verdict"], "match");
        }
    }
    // Without symmetry, and with a bound instead of the search.
    let line = &json_lines(&["count", "domination", "7", "--symmetry", "none"])[0];
    assert_eq!(line["count"], "86");
    let line = &json_lines(&["count", "domination", "6", "--queens", "3"])[0];
    assert_eq!(line["count"], "4");
    assert!(line["minimum"].is_null());
}

#[test]
fn solve_finds_a_checked_minimum_set_on_every_board() {
    for d in Domination::ALL {
        for n in [4, 6, 7] {
            let n_text = n.to_string();
            let line = &json_lines(&crate::common::domination_args(
                "solve",
                &n_text,
                d.name(),
                &[],
            ))[0];
            let queens = squares(&line["queens"]);
            assert_eq!(Some(queens.len()), d.known_number(n), "{d} {n}");
            assert_eq!(d.first_fault(n, &queens, None), None, "{d} {n}");
        }
    }
    let (code, out, _) = run(&["solve", "domination", "5"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Q(5) domination: 3 queens, minimum ("),
        "{out}"
    );
    assert_eq!(out.matches('♛').count(), 3);
}

/// The model's square variables set in a solver's `v` lines.
fn queens_of(answer: &str, n: usize) -> Vec<Square> {
    answer
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(|l| l.split_whitespace())
        .filter_map(|x| x.parse::<i64>().ok())
        .filter(|&x| x > 0 && (x as usize) <= n * n)
        .map(|x| Square::new((x as usize - 1) / n, (x as usize - 1) % n))
        .collect()
}

#[test]
fn cadical_solves_the_bounded_export_and_refutes_one_queen_less() {
    let Some(cadical) = require_tool("cadical") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for (d, n) in [
        (Domination::ALL[0], 8),
        (Domination::ALL[1], 6),
        (Domination::ALL[2], 6),
    ] {
        let k = d.known_number(n).unwrap();
        for (bound, sat) in [(k, true), (k - 1, false)] {
            let path = dir.path().join(format!("{d}-{n}-{bound}.cnf"));
            let (n_text, k_text) = (n.to_string(), bound.to_string());
            let rest = ["--queens", &k_text, "-o", path.to_str().unwrap()];
            let (code, _, err) = run(&crate::common::domination_args(
                "encode",
                &n_text,
                d.name(),
                &rest,
            ));
            assert_eq!(code, 0, "{err}");
            let out = Command::new(&cadical)
                .arg("-q")
                .arg(&path)
                .output()
                .unwrap();
            let answer = String::from_utf8_lossy(&out.stdout);
            assert_eq!(
                out.status.code(),
                Some(if sat { 10 } else { 20 }),
                "{d} {n} {bound}"
            );
            if sat {
                let queens = queens_of(&answer, n);
                assert_eq!(d.first_fault(n, &queens, Some(bound)), None, "{d} {n}");
            }
        }
    }
}

#[test]
fn glpsol_minimises_the_lp_export_to_the_domination_number() {
    let Some(glpsol) = require_tool("glpsol") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = Domination::new(Variant::Classic, false);
    for n in [5, 6] {
        let lp = dir.path().join(format!("dom{n}.lp"));
        let sol = dir.path().join(format!("dom{n}.txt"));
        let (code, _, err) = run(&[
            "encode",
            "domination",
            &n.to_string(),
            "--format",
            "lp",
            "-o",
            lp.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let out = Command::new(&glpsol)
            .args(["--lp", lp.to_str().unwrap(), "-o", sol.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = std::fs::read_to_string(&sol).unwrap();
        let objective = text
            .lines()
            .find(|l| l.starts_with("Objective:"))
            .and_then(|l| l.split('=').nth(1))
            .and_then(|v| v.split_whitespace().next())
            .unwrap();
        assert_eq!(objective, d.known_number(n).unwrap().to_string(), "{text}");
    }
}

#[test]
fn flags_that_do_not_apply_are_refused() {
    for (args, says) in [
        (
            &["count", "5", "--queens", "3"][..],
            "unexpected argument '--queens'",
        ),
        (
            &["decode", "5", "x", "--variant", "domination"],
            "possible values: classic, toroidal, superqueens",
        ),
        (
            &["count", "domination", "5", "--symmetry", "mirror"],
            "possible values: d4, none",
        ),
        (
            &["encode", "domination", "5"],
            "give the bound with --queens K",
        ),
        (
            &["solve", "domination", "5", "--card", "totalizer"],
            "add --backend sat",
        ),
        (
            &["solve", "domination", "5", "--all"],
            "unexpected argument '--all'",
        ),
        (
            &["count", "domination", "5", "--amo", "ladder"],
            "--amo does nothing",
        ),
        (
            &["solve", "domination", "5", "--blocked", "0:0"],
            "unexpected argument '--blocked'",
        ),
        // The ILP backend keeps the bound as a row: no cardinality encoding is used.
        (
            &[
                "count",
                "domination",
                "5",
                "--backend",
                "ilp",
                "--card",
                "totalizer",
            ],
            "--card does nothing with --backend ilp",
        ),
        (
            &[
                "solve",
                "domination",
                "5",
                "--independent",
                "--backend",
                "ilp",
                "--amo",
                "ladder",
            ],
            "--amo does nothing with --backend ilp",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // An unknown name is not rewritten: clap lists the board variants.
    let (code, _, err) = run(&["count", "5", "--variant", "torus-domination"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("possible values: classic, toroidal, superqueens"),
        "{err}"
    );
}

/// Runs `nqueens args`, sends SIGINT after `after`, and returns how it ended.
fn interrupted_after(args: &[&str], after: std::time::Duration) -> std::process::Output {
    use std::process::Stdio;
    let child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_in_a_domination_search_prints_the_best_set_so_far_and_exits_130() {
    let wait = std::time::Duration::from_secs(1);
    for json in [false, true] {
        // The SAT path (the exact search has its own test below).
        let mut args = vec!["solve", "domination", "14", "--backend", "sat"];
        if json {
            args.push("--json");
        }
        let out = interrupted_after(&args, wait);
        let (stdout, err) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stdout}{err}");
        assert!(err.contains("interrupted"), "{err}");
        if stdout.is_empty() {
            continue; // stopped before the first set: nothing to print
        }
        if json {
            let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
            assert_eq!(v["interrupted"], true, "{v}");
            assert!(v["proof"].is_null(), "{v}");
            let queens = squares(&v["queens"]);
            assert_eq!(v["k"], queens.len());
            assert_eq!(Domination::ALL[0].first_fault(14, &queens, None), None);
        } else {
            assert!(stdout.contains("not proved minimum"), "{stdout}");
        }
    }
    let out = interrupted_after(
        &[
            "count",
            "domination",
            "11",
            "--backend",
            "sat",
            "-q",
            "--json",
        ],
        wait,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted while finding γ"), "{err}");
}

#[test]
fn ctrl_c_stops_the_search_with_130_and_the_bound_proved() {
    // Q(19): the refutation of 9 queens alone takes far longer than the wait.
    let wait = std::time::Duration::from_secs(1);
    let out = interrupted_after(&["solve", "domination", "19"], wait);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted: γ >= "), "{err}");
    assert!(out.stdout.is_empty());
    // With --json the interruption is a JSON line too (issue 30: stderr only).
    for command in ["count", "solve"] {
        let args = [command, "domination", "19", "--json"];
        let out = interrupted_after(&args, wait);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{err}");
        assert!(
            err.contains("interrupted") && err.contains("γ >= "),
            "{err}"
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
        assert_eq!(json["interrupted"], true, "{json}");
        assert_eq!(json["about"], "Q(19) domination", "{json}");
    }
    let out = interrupted_after(&["count", "domination", "19", "--json"], wait);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interrupted while finding γ: γ >= "), "{err}");
}

#[test]
fn a_count_with_no_set_exits_0_and_a_foreign_checkpoint_is_bad_input() {
    // A count of 0 sets is an answer; `solve` with the same bound exits 1.
    let (code, out, err) = run(&["count", "domination", "8", "--queens", "4"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 sets"), "{out}");
    assert!(err.contains("no set of at most 4 queens"), "{err}");
    let (code, _, err) = run(&["solve", "domination", "8", "--queens", "4"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no set of at most 4 queens"), "{err}");
    let (code, _, err) = run(&["count", "domination", "2", "--queens", "1"]);
    assert_eq!(code, 0, "{err}");
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ck");
    let ck = ck.to_str().unwrap();
    let (code, _, err) = run(&[
        "count",
        "domination",
        "6",
        "--checkpoint",
        ck,
        "--symmetry",
        "none",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&[
        "count",
        "domination",
        "7",
        "--checkpoint",
        ck,
        "--symmetry",
        "none",
    ]);
    assert_eq!(code, 2, "{err}");
}

/// The exact search (`--backend backtrack`) keeps no checkpoint and splits no cubes: it used
/// to count and ignore `--checkpoint` and `--cube-depth` in silence.
#[test]
fn backtrack_refuses_the_checkpoint_and_cube_depth_it_would_ignore() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ck");
    let ck = ck.to_str().unwrap();
    for (extra, says) in [
        (["--checkpoint", ck], "--checkpoint goes with the engine"),
        (["--cube-depth", "2"], "--cube-depth goes with the engine"),
    ] {
        let mut args = vec!["count", "domination", "6", "--backend", "backtrack"];
        args.extend(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            err.contains("--backend backtrack runs the exact search"),
            "{err}"
        );
    }
    assert!(!dir.path().join("ck").exists(), "no checkpoint is written");
    // Without --backend, a checkpoint chooses the engine, which keeps it.
    let (code, _, err) = run(&["count", "domination", "6", "--checkpoint", ck]);
    assert_eq!(code, 0, "{err}");
    assert!(
        dir.path().join("ck").exists(),
        "the engine keeps its checkpoint"
    );
}

#[test]
fn one_queen_is_one_queen_and_the_size_refusal_gives_the_limit() {
    let (code, out, err) = run(&["solve", "domination", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 queen,"), "{out}");
    let (code, _, err) = run(&["solve", "domination", "61"]);
    assert_eq!(code, 2);
    assert!(err.contains("the limit is n = 60"), "{err}");
}
