//! The library-first examples (`examples/dimacs_count.rs`, `knapsack.rs`, `colouring.rs`),
//! run as programs: each prints its figures, checks them itself and exits 0; the files they
//! write are read again here, by `nqueens count cnf` and by the examples themselves.
//!
//! As in `tests/cli/examples.rs`, the binaries are those `cargo test` builds into
//! `target/<profile>/examples/`; `cargo test --test library_examples` alone does not build
//! them (run `cargo build --examples` first), and a binary older than its source fails.

use crate::common;
use crate::common::examples::Ran;
use crate::common::run;

/// Runs example `name` with `args` (its binary checked against its source).
fn run_example<S: AsRef<std::ffi::OsStr>>(name: &str, args: &[S]) -> Ran {
    common::examples::run_example(name, &[], args)
}

/// Runs example `name`, requires exit 0 and an empty stderr, and returns its stdout.
fn succeeds<S: AsRef<std::ffi::OsStr>>(name: &str, args: &[S]) -> String {
    let ran = run_example(name, args);
    assert_eq!(ran.code, 0, "{name}: {}{}", ran.stdout, ran.stderr);
    assert_eq!(ran.stderr, "", "{name}");
    ran.stdout
}

/// `dimacs_count FILE` on a file holding `text`.
fn dimacs_count_of(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.cnf");
    std::fs::write(&path, text).unwrap();
    succeeds("dimacs_count", &[&path])
}

#[test]
fn dimacs_count_default_file_counts_5_four_ways_with_a_checked_bundle() {
    assert_eq!(
        succeeds::<&str>("dimacs_count", &[]),
        "engine (dpll, 2 threads): 5 models projected onto 4 of 6 variables\n\
         model counter: 5\n\
         brute force: 5\n\
         certified: 5 (bundle checked independently, 10 lemmas RUP)\n\
         all counts agree: ok\n"
    );
}

#[test]
fn dimacs_count_empty_projection_counts_1_through_the_library() {
    // The wrong count: `c p show 0` counted every variable instead of
    // satisfiability.
    let out = dimacs_count_of("p cnf 3 2\nc p show 0\n1 2 0\n-1 3 0\n");
    assert!(out.starts_with("engine (dpll, 2 threads): 1 models projected onto 0 of 3"));
    assert!(
        out.contains("\nmodel counter: 1\nbrute force: 1\ncertified: 1 "),
        "{out}"
    );
}

#[test]
fn dimacs_count_unsatisfiable_and_unprojected_files_agree() {
    let unsat = dimacs_count_of("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
    assert!(
        unsat.contains("model counter: 0\nbrute force: 0\ncertified: 0 "),
        "{unsat}"
    );
    // x4 and x5 in no clause: 4 models of the clauses, times 4.
    let free = dimacs_count_of("p cnf 5 2\n1 2 0\n-1 3 0\n");
    assert!(
        free.contains("model counter: 16\nbrute force: 16\ncertified: 16 "),
        "{free}"
    );
}

#[test]
fn dimacs_count_missing_file_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.cnf");
    let ran = run_example("dimacs_count", &[&missing]);
    assert_eq!(ran.code, 2, "{}", ran.stdout);
    let prefix = format!("dimacs_count: cannot open '{}': ", missing.display());
    assert!(ran.stderr.starts_with(&prefix), "{}", ran.stderr);
    assert_eq!(ran.stderr.lines().count(), 1);
    assert_eq!(ran.stdout, "");
}

#[test]
fn knapsack_optimum_and_counts_match_brute_force() {
    assert_eq!(
        succeeds::<&str>("knapsack", &[]),
        "optimum (microlp, proved true): value 309 with items 0 1 2 3 5\n\
         packings of value 309 (engine, ILP backend): 1\n\
         packings that fit (engine, DPLL backend): 353\n\
         LP file: 12 lines, objective and capacity row present\n\
         brute force over 4096 subsets: value 309, 1 optimal, 353 fit: ok\n"
    );
}

#[test]
fn colouring_default_counts_120_and_its_exports_agree() {
    let dir = tempfile::tempdir().unwrap();
    let out = succeeds("colouring", &["4".as_ref(), dir.path().as_os_str()]);
    assert_eq!(
        out,
        "wheel with 5 spokes, 4 colours: 120 proper colourings (engine, 2 threads)\n\
         DIMACS export read back: 120\n\
         LP export: 56 lines\n\
         brute force: 120, chromatic polynomial: 120: ok\n"
    );
    assert_eq!(out, succeeds::<&str>("colouring", &[]), "4 is the default");

    let cnf = dir.path().join("colouring.cnf");
    let (code, json, err) = run(&["count", "cnf", cnf.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(report["count"], 120, "nqueens count --cnf on the export");
    // The export is a DIMACS file like any other: the first example certifies it.
    let certified = succeeds("dimacs_count", &[&cnf]);
    assert!(certified.contains("\ncertified: 120 "), "{certified}");

    let lp = std::fs::read_to_string(dir.path().join("colouring.lp")).unwrap();
    assert!(lp.starts_with("\\ proper 4-colourings of W5\n"), "{lp:.80}");
    assert!(lp.contains("\\ 24 variables (24 binary, 0 general integer), 46 rows"));
    assert!(lp.trim_end().ends_with("End"), "{lp}");
}

#[test]
fn colouring_follows_the_wheels_chromatic_polynomial() {
    // P(W5, k) = k ((k-2)^5 - (k-2)): no 3-colouring (the rim is an odd cycle).
    for (k, count) in [(3, 0), (5, 1200), (6, 6120)] {
        let out = succeeds("colouring", &[k.to_string()]);
        let first = format!("wheel with 5 spokes, {k} colours: {count} proper colourings");
        assert!(out.starts_with(&first), "{out}");
        assert!(
            out.ends_with(&format!("chromatic polynomial: {count}: ok\n")),
            "{out}"
        );
    }
}

#[test]
fn colouring_refuses_a_bad_colour_count_with_exit_2() {
    for bad in ["0", "7", "four"] {
        let ran = run_example("colouring", &[bad]);
        assert_eq!(ran.code, 2, "{}", ran.stdout);
        assert_eq!(
            ran.stderr,
            format!("colouring: K must be 1 to 6, got '{bad}'\n")
        );
        assert_eq!(ran.stdout, "");
    }
}
