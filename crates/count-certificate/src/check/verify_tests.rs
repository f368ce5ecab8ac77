//! Unit tests of [`verify`] on a hand-built bundle and its tampered copies.

use super::*;
use crate::bundle::{self, Manifest};
use std::path::Path;

/// x1 | x2 | x3, shown on x1 and x2: all four projections extend to a model.
const FORMULA: &str = "c p show 1 2 0\np cnf 3 1\n1 2 3 0\n";
const SOLUTIONS: &str = "-1 -2 3 0\n-1 2 -3 0\n1 -2 3 0\n1 2 -3 0\n";
const BLOCKED: &str = "p cnf 3 5\n1 2 3 0\n1 2 0\n1 -2 0\n-1 2 0\n-2 -1 0\n";
const PROOF: &str = "1 0\n0\n";

fn manifest(count: &str) -> Manifest {
    let files = [
        ("formula", bundle::FORMULA),
        ("solutions", bundle::SOLUTIONS),
        ("blocked", bundle::BLOCKED),
        ("proof", bundle::PROOF),
    ];
    Manifest {
        version: bundle::VERSION,
        count: count.to_string(),
        projection: vec![1, 2],
        files: files
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        produced_by: bundle::ProducedBy::new("hand", "0"),
    }
}

/// A bundle with the valid files, `changes` replacing some, in a fresh directory.
fn bundle_with(changes: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary directory");
    let manifest = serde_json::to_string_pretty(&manifest("4")).unwrap();
    let files = [
        (bundle::MANIFEST, manifest.as_str()),
        (bundle::FORMULA, FORMULA),
        (bundle::SOLUTIONS, SOLUTIONS),
        (bundle::BLOCKED, BLOCKED),
        (bundle::PROOF, PROOF),
    ];
    for (name, text) in files {
        let text = changes.iter().find(|c| c.0 == name).map_or(text, |c| c.1);
        std::fs::write(dir.path().join(name), text).expect("written");
    }
    dir
}

fn failure(changes: &[(&str, &str)]) -> String {
    let dir = bundle_with(changes);
    verify(dir.path()).expect_err("not certified").to_string()
}

#[test]
fn a_valid_bundle_is_certified() {
    let dir = bundle_with(&[]);
    let certified = verify(dir.path()).expect("certified");
    assert_eq!(certified.count, 4);
    assert_eq!(certified.projection_size, 2);
    assert_eq!((certified.variables, certified.clauses), (3, 1));
    assert_eq!(certified.lemmas, 2);
}

#[test]
fn a_dropped_model_and_its_blocking_clause_make_the_proof_fail() {
    let manifest = serde_json::to_string(&manifest("3")).unwrap();
    let changes = [
        (bundle::MANIFEST, manifest.as_str()),
        (bundle::SOLUTIONS, "-1 -2 3 0\n-1 2 -3 0\n1 -2 3 0\n"),
        (
            bundle::BLOCKED,
            "p cnf 3 4\n1 2 3 0\n1 2 0\n1 -2 0\n-1 2 0\n",
        ),
    ];
    assert_eq!(failure(&changes), "proof.drat:2: lemma is not RUP");
}

#[test]
fn tampering_is_caught_with_file_line_and_reason() {
    let lying = serde_json::to_string(&manifest("5")).unwrap();
    let mut other = manifest("4");
    other.version = 2;
    let version = serde_json::to_string(&other).unwrap();
    other = manifest("4");
    other.projection = vec![1, 2, 3];
    let projection = serde_json::to_string(&other).unwrap();
    other = manifest("4");
    other.files.insert("proof".into(), "other.drat".into());
    let files = serde_json::to_string(&other).unwrap();
    let cases: &[(&str, &str, &str)] = &[
        (bundle::SOLUTIONS, "-1 -2 -3 0\n-1 2 -3 0\n1 -2 3 0\n1 2 -3 0\n",
            "solutions.txt:1: not a model: it falsifies the clause on line 3 of formula.cnf"),
        (bundle::SOLUTIONS, "-1 -2 3 0\n-1 -2 3 0\n1 -2 3 0\n1 2 -3 0\n",
            "solutions.txt:2: equals the model on line 1 on the projection"),
        (bundle::SOLUTIONS, "-1 -2 3 0\n-1 2 -3 0\n1 -2 3 0\n",
            "blocked.cnf:6: a clause beyond the formula's 1 clauses and the 3 blocking clauses"),
        (bundle::SOLUTIONS, "-1 -2 3 0\n-1 2 -3 0\n1 -2 3 0\n1 2 -3 0\n1 2 3 0\n",
            "solutions.txt:5: equals the model on line 4 on the projection"),
        (bundle::BLOCKED, "p cnf 3 5\n1 2 3 0\n1 2 3 0\n1 -2 0\n-1 2 0\n-2 -1 0\n",
            "blocked.cnf:3: not the blocking clause of the model on line 1 of solutions.txt"),
        (bundle::BLOCKED, "p cnf 3 5\n1 2 0\n1 2 0\n1 -2 0\n-1 2 0\n-2 -1 0\n",
            "blocked.cnf:2: differs from the clause on line 3 of formula.cnf"),
        (bundle::BLOCKED, "p cnf 4 5\n1 2 3 0\n1 2 0\n1 -2 0\n-1 2 0\n-2 -1 0\n",
            "blocked.cnf:1: the header declares 4 variables, formula.cnf declares 3"),
        (bundle::BLOCKED, "p cnf 3 4\n1 2 3 0\n1 2 0\n1 -2 0\n-1 2 0\n",
            "blocked.cnf: no blocking clause for the model on line 4 of solutions.txt"),
        (bundle::PROOF, "0\n", "proof.drat:1: lemma is not RUP"),
        (bundle::PROOF, "1 0\n", "proof.drat: the proof does not derive the empty clause"),
        (bundle::MANIFEST, &lying, "manifest.json: count \"5\", but solutions.txt holds 4 models"),
        (bundle::MANIFEST, &version, "manifest.json: format version 2, this checker reads version 1"),
        (bundle::MANIFEST, &projection,
            "manifest.json: the projection differs from formula.cnf's (its `c p show` lines, or every variable without one): the manifest lists 3 variables, the formula shows 2"),
        (bundle::MANIFEST, &files,
            "manifest.json: the file table is {\"blocked\":\"blocked.cnf\",\"formula\":\"formula.cnf\",\"proof\":\"other.drat\",\"solutions\":\"solutions.txt\"}, the bundle layout is {\"blocked\":\"blocked.cnf\",\"formula\":\"formula.cnf\",\"proof\":\"proof.drat\",\"solutions\":\"solutions.txt\"}"),
        (bundle::MANIFEST, "{\n\"version\": 1,\n\"count\": 4\n}", "manifest.json:3: not a bundle manifest"),
        (bundle::FORMULA, "p cnf 3 1\n1 2 3 0\n",
            "manifest.json: the projection differs from formula.cnf's (its `c p show` lines, or every variable without one): the formula shows no variable (so all 3), the manifest lists 2"),
    ];
    for &(file, text, message) in cases {
        assert_eq!(failure(&[(file, text)]), message, "{file}: {text}");
    }
}

#[test]
fn a_missing_file_is_named() {
    let dir = bundle_with(&[]);
    std::fs::remove_file(dir.path().join(bundle::PROOF)).unwrap();
    let err = verify(dir.path()).expect_err("no proof");
    assert_eq!(err.to_string(), "proof.drat: cannot read the file");
    assert!(
        std::error::Error::source(&err).is_some(),
        "the I/O error is the source"
    );
    let err = verify(Path::new("/nonexistent/bundle")).expect_err("no bundle");
    assert_eq!(err.to_string(), "manifest.json: cannot read the file");
}

/// A bundle of `files` (manifest, formula, solutions, blocked, proof) with `projection`.
fn write_bundle(projection: Vec<u32>, count: &str, files: [&str; 4]) -> tempfile::TempDir {
    let mut m = manifest(count);
    m.projection = projection;
    let manifest = serde_json::to_string(&m).unwrap();
    let dir = bundle_with(&[(bundle::MANIFEST, &manifest)]);
    let names = [
        bundle::FORMULA,
        bundle::SOLUTIONS,
        bundle::BLOCKED,
        bundle::PROOF,
    ];
    for (name, text) in names.into_iter().zip(files) {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

#[test]
fn an_unsatisfiable_formula_is_certified_with_count_zero() {
    let cnf = "p cnf 1 2\n1 0\n-1 0\n";
    let dir = write_bundle(vec![1], "0", [cnf, "", cnf, "0\n"]);
    assert_eq!(verify(dir.path()).expect("certified").count, 0);
}

#[test]
fn an_empty_projection_counts_satisfiability() {
    let cnf = "c p show 0\np cnf 2 1\n1 2 0\n";
    let blocked = "p cnf 2 2\n1 2 0\n0\n";
    let dir = write_bundle(vec![], "1", [cnf, "1 2 0\n", blocked, ""]);
    let certified = verify(dir.path()).expect("certified");
    assert_eq!((certified.count, certified.projection_size), (1, 0));
    let two = write_bundle(vec![], "2", [cnf, "1 2 0\n-1 2 0\n", blocked, ""]);
    let err = verify(two.path()).expect_err("two models equal on no variable");
    assert_eq!(
        err.to_string(),
        "solutions.txt:2: equals the model on line 1 on the projection"
    );
}
