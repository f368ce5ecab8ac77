//! `count cnf F --format mcc`: the Model Counting Competition's answer lines, read as a
//! competition script reads them, agree with Ganak's count and with our own JSON report.

use crate::common::{ganak_count, random_or_gates, run};

/// The value of the line starting `key ` in `out`.
fn field<'a>(out: &'a str, key: &str) -> Option<&'a str> {
    out.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
}

#[test]
fn answer_lines_agree_with_ganak_on_every_track_shape() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("plain.cnf", "p cnf 4 2\n1 2 0\n-3 4 0\n".to_string()),
        (
            "projected.cnf",
            "p cnf 4 2\nc p show 1 3 0\n1 2 0\n-3 4 0\n".to_string(),
        ),
        ("gates.cnf", random_or_gates(30, 7)),
        ("unsat.cnf", "p cnf 1 2\n1 0\n-1 0\n".to_string()),
    ];
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let p = path.to_str().unwrap();
        for method in ["auto", "counter"] {
            let (code, out, err) = run(&["count", "cnf", p, "--format", "mcc", "--method", method]);
            assert_eq!(code, 0, "{name} {method}: {err}");
            // Every line is an answer line or a comment.
            assert!(
                out.lines()
                    .all(|l| l.starts_with("c ") || l.starts_with("s ")),
                "{out}"
            );
            let exact = field(&out, "c s exact arb int").expect(&out);
            let projected = name == "projected.cnf";
            let track = if projected { "pmc" } else { "mc" };
            assert_eq!(field(&out, "c s type"), Some(track), "{out}");
            let sat = if exact == "0" {
                "UNSATISFIABLE"
            } else {
                "SATISFIABLE"
            };
            assert_eq!(field(&out, "s"), Some(sat), "{out}");
            let estimate: f64 = field(&out, "c s log10-estimate").unwrap().parse().unwrap();
            let expected = exact.parse::<f64>().unwrap().log10();
            assert!(
                estimate == expected || (estimate - expected).abs() < 1e-9,
                "{estimate} against {expected}"
            );
            if let Some(ganak) = ganak_count(&path) {
                assert_eq!(exact, ganak, "{name} {method}");
            }
        }
    }
}

#[test]
fn weighted_counts_are_exact_fractions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.cnf");
    let text = "c t pwmc\np cnf 3 2\nc p show 1 2 0\nc p weight 1 0.3 0\nc p weight -1 0.7 0\n1 2 0\n-1 3 0\n";
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = run(&["count", "cnf", path.to_str().unwrap(), "--format", "mcc"]);
    assert_eq!(code, 0, "{err}");
    // Models over {1, 2} of (1 ∨ 2): 1 2 (0.3), 1 -2 (0.3), -1 2 (0.7).
    assert_eq!(field(&out, "c s type"), Some("pwmc"), "{out}");
    assert_eq!(field(&out, "c s exact arb frac"), Some("13/10"), "{out}");
}

#[test]
fn mcc_needs_a_file_and_shards_refuse_it() {
    let (code, _, err) = run(&["count", "8", "--format", "mcc"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'--format'"), "{err}");
    let (code, _, err) = run(&["count", "cnf", "f", "--format", "json", "--json"]);
    assert_eq!(code, 2, "{err}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.cnf");
    std::fs::write(&path, "p cnf 2 1\n1 2 0\n").unwrap();
    let p = path.to_str().unwrap();
    let (code, _, err) = run(&["count", "cnf", p, "--format", "mcc", "--shard", "1/2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--format"), "{err}");
    // --format json is --json.
    let (code, out, _) = run(&["count", "cnf", p, "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["count"], 3);
}

#[test]
fn an_interrupted_count_answers_s_unknown_with_130() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("php.cnf");
    std::fs::write(&file, crate::count_cnf_counter::pigeonhole(12)).unwrap();
    let child = crate::common::spawn(&[
        "count",
        "cnf",
        file.to_str().unwrap(),
        "--method",
        "counter",
        "--format",
        "mcc",
    ]);
    let out = crate::common::interrupt_after(child, 700);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert_eq!(field(&text, "s"), Some("UNKNOWN"), "{text}");
    assert_eq!(field(&text, "c s exact arb int"), None, "{text}");
}

#[test]
fn an_interrupted_weighted_count_keeps_its_type() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("php.cnf");
    let text = crate::count_cnf_counter::pigeonhole(12);
    std::fs::write(&file, format!("c t wmc\n{text}c p weight 1 0.5 0\n")).unwrap();
    let child = crate::common::spawn(&["count", "cnf", file.to_str().unwrap(), "--format", "mcc"]);
    let out = crate::common::interrupt_after(child, 700);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert_eq!(field(&text, "s"), Some("UNKNOWN"), "{text}");
    assert_eq!(field(&text, "c s type"), Some("wmc"), "{text}");
}

/// A weighted count of 0 is not unsatisfiability: the models may all weigh 0 (the hostile
/// tour's file said `s UNSATISFIABLE` for a satisfiable formula).
#[test]
fn a_weighted_count_of_zero_keeps_a_satisfiable_file_satisfiable() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // x1 weighs 0 both ways: every model weighs 0, and there are models.
        (
            "zero.cnf",
            "c t wmc\np cnf 2 1\nc p weight 1 0 0\nc p weight -1 0 0\n1 2 0\n",
            "SATISFIABLE",
        ),
        // Projected, the same.
        (
            "pzero.cnf",
            "c t pwmc\np cnf 2 1\nc p show 1 0\nc p weight 1 0 0\nc p weight -1 0 0\n1 2 0\n",
            "SATISFIABLE",
        ),
        // No model at all.
        (
            "unsat.cnf",
            "c t wmc\np cnf 1 2\nc p weight 1 0.5 0\n1 0\n-1 0\n",
            "UNSATISFIABLE",
        ),
    ];
    for (name, text, sat) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out, err) = run(&["count", "cnf", path.to_str().unwrap(), "--format", "mcc"]);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(field(&out, "s"), Some(sat), "{name}: {out}");
        assert_eq!(field(&out, "c s exact arb int"), Some("0"), "{name}: {out}");
    }
}

/// `--certify` with the model counter answers in the competition's lines too, the count
/// the same as without it, and `s UNKNOWN` with 130 when stopped.
#[test]
fn certified_counts_answer_in_the_competitions_lines() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gates.cnf");
    std::fs::write(&file, random_or_gates(30, 7)).unwrap();
    let f = file.to_str().unwrap();
    let bundle = dir.path().join("bundle");
    let (code, out, err) = run(&[
        "count",
        "cnf",
        f,
        "--method",
        "counter",
        "--format",
        "mcc",
        "--certify",
        bundle.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, plain, _) = run(&["count", "cnf", f, "--method", "counter", "--format", "mcc"]);
    assert_eq!(field(&out, "s"), Some("SATISFIABLE"), "{out}");
    assert_eq!(field(&out, "c s type"), Some("mc"), "{out}");
    assert_eq!(
        field(&out, "c s exact arb int"),
        field(&plain, "c s exact arb int"),
        "{out}"
    );
    assert!(field(&out, "c s exact arb int").is_some(), "{out}");

    let php = dir.path().join("php.cnf");
    std::fs::write(&php, crate::count_cnf_counter::pigeonhole(12)).unwrap();
    let child = crate::common::spawn(&[
        "count",
        "cnf",
        php.to_str().unwrap(),
        "--method",
        "counter",
        "--format",
        "mcc",
        "--certify",
        dir.path().join("php-bundle").to_str().unwrap(),
    ]);
    let out = crate::common::interrupt_after(child, 700);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert_eq!(field(&text, "s"), Some("UNKNOWN"), "{text}");
    assert_eq!(field(&text, "c s type"), Some("mc"), "{text}");
}
