//! `count cnf` by the model counter (`--method counter`) and the automatic choice between
//! it and enumeration (`--method auto`, the default): counts checked against Ganak, against
//! enumeration and against closed forms computed here; options that cannot act refused;
//! Ctrl-C honoured with no count claimed.

use crate::common;
use crate::common::{json_of, nqueens, run};
use std::path::{Path, PathBuf};

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A chain `x1 ∨ x2, x2 ∨ x3, ...` over `n` variables: Fibonacci(n + 2) models, far too
/// many to list for n = 150.
fn chain(n: usize) -> String {
    let mut text = format!("p cnf {n} {}\n", n - 1);
    for i in 1..n {
        text += &format!("{i} {} 0\n", i + 1);
    }
    text
}

/// Fibonacci(n + 2), the models of [`chain`]`(n)`, by the recurrence.
fn chain_models(n: usize) -> u128 {
    let (mut a, mut b) = (1u128, 2u128); // chains of 0 and 1 variables
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

/// A random 3-CNF from a fixed seed (a small LCG), projected onto its first `shown`
/// variables when `shown > 0`.
fn random_cnf(seed: u64, vars: u64, clauses: usize, shown: u64) -> String {
    let mut s = seed;
    let mut next = |m: u64| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) % m
    };
    let mut text = format!("p cnf {vars} {clauses}\n");
    if shown > 0 {
        let list: Vec<String> = (1..=shown).map(|v| v.to_string()).collect();
        text += &format!("c p show {} 0\n", list.join(" "));
    }
    for _ in 0..clauses {
        for _ in 0..3 {
            let v = next(vars) + 1;
            let sign = if next(2) == 0 { "-" } else { "" };
            text += &format!("{sign}{v} ");
        }
        text += "0\n";
    }
    text
}

fn count_json(file: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["count", "cnf", file.to_str().unwrap(), "--json", "-q"];
    args.extend(extra);
    json_of(nqueens().args(&args).output().unwrap())
}

#[test]
fn the_counter_agrees_with_enumeration_and_ganak() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (name, args) in [
        ("q7.cnf", &["encode", "7"][..]),
        ("q6seq.cnf", &["encode", "6", "--amo", "sequential"][..]),
    ] {
        let path = dir.path().join(name);
        let mut args = args.to_vec();
        args.extend(["-o", path.to_str().unwrap()]);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        files.push(path);
    }
    for seed in 0..6 {
        let shown = [0, 12, 30][seed as usize % 3];
        let text = random_cnf(seed, 40, 120 + 10 * seed as usize, shown);
        files.push(write(dir.path(), &format!("r{seed}.cnf"), &text));
    }
    for file in &files {
        let counter = count_json(file, &["--method", "counter", "--threads", "1"]);
        let listed = count_json(file, &["--method", "enumerate"]);
        assert_eq!(counter["method"], "counter");
        assert_eq!(listed["method"], "enumeration");
        assert_eq!(counter["count"], listed["count"], "{}", file.display());
        // Cube-and-count on two threads (with a shared cache for unprojected files).
        let cubes = count_json(file, &["--method", "counter", "--threads", "2"]);
        assert_eq!(cubes["count"], listed["count"], "{}", file.display());
        assert_eq!(cubes["threads"], 2, "{}", file.display());
        if let Some(ganak) = common::ganak_count(file) {
            assert_eq!(counter["count"].to_string(), ganak, "{}", file.display());
        }
    }
}

#[test]
fn auto_switches_to_the_counter_when_models_are_too_many_to_list() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "chain150.cnf", &chain(150));
    let out = nqueens()
        .args(["count", "cnf", file.to_str().unwrap(), "--json", "-q"])
        .output()
        .unwrap();
    // The count is an exact JSON integer of 32 digits (serde_json would read it as a float).
    let raw = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(
        raw.contains(&format!("\"count\":{},", chain_models(150))),
        "{raw}"
    );
    let report = json_of(out);
    assert_eq!(report["method"], "counter");
    let reason = report["method_reason"].as_str().unwrap();
    assert!(reason.starts_with("enumeration "), "{reason}");
    // The text names the method and why.
    let (code, out, err) = run(&["count", "cnf", file.to_str().unwrap(), "-q"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("{} models", chain_models(150))),
        "{out}"
    );
    assert!(out.contains("model counter (enumeration "), "{out}");
    // Where enumeration finishes, it stays.
    let small = write(dir.path(), "chain12.cnf", &chain(12));
    let report = count_json(&small, &[]);
    assert_eq!(report["method"], "enumeration");
    assert_eq!(report["count"].as_u64().unwrap() as u128, chain_models(12));
}

#[test]
fn options_the_chosen_method_cannot_honour_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "c.cnf", &chain(5));
    let f = file.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--method", "counter", "--symmetry", "auto"],
            "--symmetry auto needs enumeration",
        ),
        (
            &["--method", "counter", "--checkpoint", "cp"],
            "--checkpoint needs enumeration",
        ),
        (
            &["--method", "counter", "--shard", "1/2"],
            "--shard needs enumeration",
        ),
        (
            &["--method", "counter", "--cube-depth", "2"],
            "--cube-depth needs enumeration",
        ),
        (
            &["--method", "counter", "--backend", "sat"],
            "--backend needs enumeration",
        ),
        (
            &["--method", "enumerate", "--cache-mb", "10"],
            "--cache-mb sizes the model counter's cache",
        ),
        (
            &["--shard", "1/2", "--cache-mb", "10"],
            "but --shard makes this count an enumeration",
        ),
        (&["--method", "counter", "--cache-mb", "0"], "--cache-mb"),
        (
            &["--method", "sideways"],
            "invalid value 'sideways' for '--method",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["count", "cnf", f];
        args.extend(*extra);
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{extra:?}: {err}");
        assert!(err.contains(message), "{extra:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{extra:?}: {err}");
    }
    for flag in [&["--method", "counter"][..], &["--cache-mb", "5"][..]] {
        let mut args = vec!["count", "8"];
        args.extend(flag);
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{err}");
        // Not offered to boards at all.
        assert!(err.contains("unexpected argument"), "{err}");
    }
}

/// Pigeons into holes: unsatisfiable, and slow to refute without symmetry reasoning.
pub(crate) fn pigeonhole(holes: usize) -> String {
    let pigeons = holes + 1;
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..pigeons {
        clauses.push(
            (0..holes)
                .map(|h| var(p, h).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{}", var(p, h), var(q, h)));
            }
        }
    }
    let mut text = format!("p cnf {} {}\n", pigeons * holes, clauses.len());
    for c in clauses {
        text += &format!("{c} 0\n");
    }
    text
}

#[test]
fn ctrl_c_stops_the_counter_with_130_and_no_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "php.cnf", &pigeonhole(12));
    let child = crate::common::spawn(&[
        "count",
        "cnf",
        file.to_str().unwrap(),
        "--method",
        "counter",
        "--json",
    ]);
    let started = std::time::Instant::now();
    let out = crate::common::interrupt_after(child, 700);
    assert!(started.elapsed().as_secs() < 5, "stopped late");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("the model counter has no partial count"),
        "{err}"
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["count"], serde_json::Value::Null);
    assert_eq!(report["interrupted"], true);
}

/// `(x1 ∨ … ∨ xn)(¬x1 ∨ … ∨ ¬xn)`: every assignment but the two constant ones.
fn clause_and_negation(n: usize) -> String {
    let pos: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
    let neg: Vec<String> = (1..=n).map(|v| format!("-{v}")).collect();
    format!("p cnf {n} 2\n{} 0\n{} 0\n", pos.join(" "), neg.join(" "))
}

#[test]
fn issue_30_memory_stays_linear_in_the_length_of_a_clause() {
    // n = 20,000 (a 238 KB file) aborted under 4 GB: the tree decomposition laid out each
    // clause as a clique (n^2 entries) and the search pushed n - k variables at each of n
    // levels. 300 MB of address space is far more than the file needs.
    let dir = tempfile::tempdir().unwrap();
    let n = 20_000;
    let f = write(dir.path(), "long.cnf", &clause_and_negation(n));
    let f = f.to_str().unwrap();
    let args = [
        "count",
        "cnf",
        f,
        "--method",
        "counter",
        "--cache-mb",
        "64",
        "-q",
    ];
    let (code, out, err) = common::run_limited(300 << 10, 60, &args);
    assert_eq!(code, 0, "{err}");
    let want = (num_bigint::BigUint::from(1u32) << n) - 2u32;
    assert!(out.contains(&format!(": {want} models")), "{out}");
}

#[test]
fn issue_30_repeated_clauses_take_the_memory_of_one() {
    // Two million copies of `1 2 3 0` (a 16 MB file) took 380 MB to count and 780 MB to
    // enumerate; ten million aborted under 4 GB. Repeats are dropped on reading now.
    let dir = tempfile::tempdir().unwrap();
    let copies = 2_000_000;
    let f = write(
        dir.path(),
        "repeats.cnf",
        &format!("p cnf 3 {copies}\n{}", "1 2 3 0\n".repeat(copies)),
    );
    for method in ["counter", "enumerate"] {
        let args = [
            "count",
            "cnf",
            f.to_str().unwrap(),
            "--method",
            method,
            "--json",
        ];
        let (code, out, err) = common::run_limited(150 << 10, 60, &args);
        assert_eq!(code, 0, "{method}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        assert_eq!(json["count"], 7, "{out}");
        assert_eq!(json["clauses"], copies, "{out}");
    }
}

/// The clause `x1 ∨ … ∨ xn` (`pos`), with `¬x1 ∨ … ∨ ¬xn` too (`neg`).
fn wide_clauses(n: usize, neg: bool) -> String {
    let all: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
    let mut text = format!("p cnf {n} {}\n{} 0\n", 1 + usize::from(neg), all.join(" "));
    if neg {
        text += &format!("-{} 0\n", all.join(" -"));
    }
    text
}

/// Generous beyond any machine: the counter answers these files at once.
const HANG: std::time::Duration = std::time::Duration::from_secs(120);

#[test]
fn auto_hands_a_straggling_cube_to_the_counter() {
    // Issue 30: 511 of the 512 cubes of one wide clause finish at once, the last one holds
    // 2^56 - 1 models; the estimate from finished cubes stayed tiny and auto never handed
    // over. With two clauses and two threads, the other thread finished every other cube
    // while one listed, so some cube had always finished by the first look.
    let dir = tempfile::tempdir().unwrap();
    let or65 = write(dir.path(), "or65.cnf", &wide_clauses(65, false));
    let two70 = write(dir.path(), "two70.cnf", &wide_clauses(70, true));
    for (file, threads, count) in [
        (&or65, "1", (1u128 << 65) - 1),
        (&or65, "2", (1u128 << 65) - 1),
        (&two70, "2", (1u128 << 70) - 2),
        (&two70, "1", (1u128 << 70) - 2),
    ] {
        let f = file.to_str().unwrap();
        let out = nqueens()
            .args(["count", "cnf", f, "--json", "-q", "--threads", threads])
            .timeout(HANG)
            .output()
            .unwrap();
        let raw = String::from_utf8_lossy(&out.stdout).into_owned();
        let status = out.status;
        assert!(
            raw.contains(&format!("\"count\":{count},")),
            "{f} on {threads} threads ({status}): {raw}"
        );
        let report = json_of(out);
        assert_eq!(report["method"], "counter", "{f} {threads}");
        let reason = report["method_reason"].as_str().unwrap();
        assert!(reason.starts_with("enumeration "), "{reason}");
    }
    // Named for what it saw: a straggler after quick cubes.
    let out = nqueens()
        .args(["count", "cnf", or65.to_str().unwrap(), "--json", "-q"])
        .timeout(HANG)
        .output()
        .unwrap();
    let reason = json_of(out)["method_reason"].as_str().unwrap().to_string();
    assert!(
        reason.starts_with("enumeration finished no cube for ") && reason.contains("511 of 512"),
        "{reason}"
    );
}

#[test]
fn ctrl_c_during_autos_enumeration_says_it_was_interrupted() {
    // One thread on two wide clauses: its first cube cannot be listed, and no cube finishes
    // before the signal (sent before auto's first look at one second).
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two70.cnf", &wide_clauses(70, true));
    let child = crate::common::spawn(&[
        "count",
        "cnf",
        file.to_str().unwrap(),
        "--json",
        "--threads",
        "1",
    ]);
    let out = crate::common::interrupt_after(child, 500);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["interrupted"], true);
    assert_eq!(report["method"], "enumeration");
    let reason = report["method_reason"].as_str().unwrap();
    assert!(reason.starts_with("auto: interrupted"), "{reason}");
}
