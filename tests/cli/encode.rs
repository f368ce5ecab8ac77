//! `nqueens encode` end to end: exact header, files equal to stdout, nothing partial left.

use crate::common::{nqueens, run};
use zero_one_model::dimacs::read_dimacs;

#[test]
fn n4_header_lines_match_the_golden_file() {
    let (code, out, _) = run(&["encode", "4", "--format", "dimacs"]);
    assert_eq!(code, 0);
    let golden = include_str!("../../fixtures/golden/board4_pairwise_header.txt");
    let head: Vec<&str> = out.lines().take(golden.lines().count()).collect();
    assert_eq!(head.join("\n") + "\n", golden);
}

#[test]
fn sequential_file_declares_auxiliaries_and_shows_only_the_board() {
    let (code, out, _) = run(&["encode", "5", "--amo", "sequential"]);
    assert_eq!(code, 0);
    let cnf = read_dimacs(out.as_bytes()).unwrap();
    assert!(cnf.num_vars > 25);
    let shown = cnf.shown.unwrap();
    assert_eq!(shown.len(), 25);
    assert!(shown.iter().all(|v| v.index() < 25));
}

#[test]
fn output_file_equals_stdout_and_leaves_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q8.cnf");
    let (code, stdout, _) = run(&["encode", "8"]);
    assert_eq!(code, 0);
    nqueens()
        .args(["encode", "8", "-o"])
        .arg(&path)
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), stdout);
    let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(entries.len(), 1);
}

#[test]
fn failed_write_leaves_no_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    // The target is a directory: refused before anything is written.
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).unwrap();
    let out = nqueens()
        .args(["encode", "6", "-o"])
        .arg(&target)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.ends_with("is a directory, not an output file\n"),
        "{err}"
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["taken".to_string()]);
    // A missing directory is an error too, with nothing created.
    let out = nqueens()
        .args(["encode", "6", "-o"])
        .arg(dir.path().join("missing/q.cnf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("nqueens: error: cannot write"), "{err}");
}

#[test]
fn dash_is_stdout_not_a_file_named_dash() {
    let dir = tempfile::tempdir().unwrap();
    let out = nqueens()
        .current_dir(dir.path())
        .args(["encode", "5", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let (_, stdout, _) = run(&["encode", "5"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), stdout);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn every_format_refuses_a_board_too_large_before_building_it() {
    for format in ["dimacs", "mcc", "icnf", "lp", "mps", "opb"] {
        let (code, out, err) = run(&["encode", "20000", "--format", format]);
        assert_eq!(code, 2, "{format}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains("limit") || err.contains("of memory"),
            "{format}: {err}"
        );
    }
}

#[test]
fn full_disk_on_stdout_is_a_clean_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("SKIPPED: /dev/full is not available");
        return;
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["encode", "8"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("No space left"), "{err}");
}
