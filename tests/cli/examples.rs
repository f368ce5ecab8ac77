//! The examples beyond N-Queens (`examples/*.rs`), run as programs: each prints the known
//! count and exits 0, and the DIMACS file it writes with `--dimacs` has the same number of
//! models for clasp (`clasp -n 0`, every variable) and for `nqueens count cnf` (the
//! projection). Bad arguments exit 2 with one line on stderr and write nothing.
//!
//! The example binaries are those `cargo test` builds into `target/<profile>/examples/`, next
//! to this test's `deps/`. `cargo test --test cli examples` alone does not build them: run
//! `cargo build --examples` first. A binary missing, or older than its source, fails the test
//! rather than testing stale code.

use crate::common;
use crate::common::examples::Ran;
use crate::common::{require_tool, run};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The sources an example binary is built from, besides `examples/{name}.rs`.
const SHARED_SOURCE: &str = "examples/support/mod.rs";

/// Runs example `name` with `args` (its binary checked against its sources).
fn run_example<S: AsRef<std::ffi::OsStr>>(name: &str, args: &[S]) -> Ran {
    common::examples::run_example(name, &[SHARED_SOURCE], args)
}

/// The count on an example's output line `{title}: {count} ...`.
fn printed_count(stdout: &str, title: &str) -> u64 {
    let rest = stdout
        .strip_prefix(title)
        .and_then(|r| r.strip_prefix(": "))
        .unwrap_or_else(|| panic!("output does not start with '{title}: ': {stdout}"));
    let count = rest.split_whitespace().next().expect("a count");
    count.parse().expect("the count is a number")
}

/// The number of models clasp finds in a DIMACS file, `None` when clasp is not installed
/// (outside CI).
fn clasp_models(path: &Path) -> Option<u64> {
    let clasp = require_tool("clasp")?;
    let out = Command::new(clasp)
        .args(["-n", "0", "-q"])
        .arg(path)
        .output()
        .expect("clasp runs");
    let text = String::from_utf8(out.stdout).expect("utf-8 clasp output");
    let line = text
        .lines()
        .find(|l| {
            l.trim_start_matches("c ")
                .trim_start()
                .starts_with("Models")
        })
        .unwrap_or_else(|| panic!("clasp printed no 'Models :' line:\n{text}"));
    let value = line.rsplit(':').next().expect("a value after ':'").trim();
    // clasp writes "N+" when it stopped before the last model; with -n 0 it must not.
    Some(value.parse().expect("an exact model count"))
}

/// The number of projected models `nqueens count cnf` finds in a DIMACS file.
fn nqueens_models(path: &Path) -> u64 {
    let (code, out, err) = run(&["count", "cnf", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "nqueens count --cnf failed: {err}");
    let report: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON report");
    assert_eq!(report["projected"], true, "the writer adds `c p show`");
    report["count"].as_u64().expect("an integer count")
}

/// Runs example `name` with `args`, with and without `--dimacs`, and checks that it prints
/// `{title}: {expected} ... ok)`, exits 0, and writes a DIMACS file that clasp and
/// `nqueens count cnf` count as `expected` too.
fn check_example(name: &str, args: &[&str], title: &str, expected: u64) {
    let plain = run_example(name, args);
    assert_eq!(plain.code, 0, "{name} {args:?}: {}", plain.stderr);
    assert_eq!(
        printed_count(&plain.stdout, title),
        expected,
        "{name} {args:?}"
    );
    assert!(
        plain.stdout.trim_end().ends_with(" ok)"),
        "{}",
        plain.stdout
    );
    assert_eq!(plain.stdout.lines().count(), 1, "{}", plain.stdout);

    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join(format!("{name}.cnf"));
    let mut with_file: Vec<&str> = args.to_vec();
    with_file.extend(["--dimacs", cnf.to_str().unwrap()]);
    let written = run_example(name, &with_file);
    assert_eq!(written.code, 0, "{name} {with_file:?}: {}", written.stderr);
    assert_eq!(
        written.stdout, plain.stdout,
        "--dimacs changes nothing printed"
    );
    let text = std::fs::read_to_string(&cnf).expect("the DIMACS file is written");
    assert!(text.starts_with("c "), "comments first: {text:.80}");
    assert!(text.contains("\np cnf "), "a problem line: {text:.200}");

    assert_eq!(
        nqueens_models(&cnf),
        expected,
        "nqueens count --cnf on {name}"
    );
    if let Some(models) = clasp_models(&cnf) {
        assert_eq!(models, expected, "clasp on {name} {args:?}");
    }
}

#[test]
fn langford_counts_twice_oeis_a014552_and_its_cnf_agrees() {
    // n, 2 * A014552(n): every pairing and its reversal.
    for (n, models) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        let size = n.to_string();
        check_example("langford", &[&size], &format!("L(2,{n})"), models);
    }
}

#[test]
fn langford_defaults_to_seven_pairs() {
    let ran = run_example::<&str>("langford", &[]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        ran.stdout,
        "L(2,7): 52 models (26 up to reversal; OEIS A014552: 26 ok)\n"
    );
}

#[test]
fn sudoku_4x4_has_288_grids_and_its_cnf_agrees() {
    check_example("sudoku", &[], "4x4 Sudoku", 288);
}

#[test]
fn petersen_graph_has_120_proper_3_colourings_and_its_cnf_agrees() {
    check_example("petersen", &[], "Petersen graph", 120);
}

#[test]
fn latin_squares_follow_oeis_a002860_and_their_cnf_agrees() {
    for (n, squares) in [(3, 12), (4, 576)] {
        let size = n.to_string();
        let title = format!("Latin squares of order {n}");
        check_example("latin", &[&size], &title, squares);
    }
}

#[test]
fn latin_defaults_to_order_4() {
    let ran = run_example::<&str>("latin", &[]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        ran.stdout,
        "Latin squares of order 4: 576 squares (OEIS A002860: 576 ok)\n"
    );
}

#[test]
fn dimacs_equals_form_writes_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let spaced = dir.path().join("spaced.cnf");
    let joined = dir.path().join("joined.cnf");
    let a = run_example("petersen", &["--dimacs", spaced.to_str().unwrap()]);
    let b = run_example(
        "petersen",
        &[format!("--dimacs={}", joined.to_str().unwrap())],
    );
    assert_eq!((a.code, b.code), (0, 0), "{}{}", a.stderr, b.stderr);
    let spaced = std::fs::read(spaced).unwrap();
    assert!(!spaced.is_empty());
    assert_eq!(spaced, std::fs::read(joined).unwrap());
}

#[test]
fn help_prints_usage_and_exits_0() {
    let cases = [
        ("langford", "usage: langford [--dimacs FILE] [N]"),
        ("latin", "usage: latin [--dimacs FILE] [ORDER]"),
        ("sudoku", "usage: sudoku [--dimacs FILE]"),
        ("petersen", "usage: petersen [--dimacs FILE]"),
    ];
    for (name, usage) in cases {
        for flag in ["--help", "-h"] {
            let ran = run_example(name, &[flag]);
            assert_eq!(ran.code, 0, "{}", ran.stderr);
            assert!(ran.stdout.lines().any(|l| l == usage), "{}", ran.stdout);
            assert_eq!(ran.stderr, "");
        }
    }
}

#[test]
fn bad_arguments_exit_2_with_one_line_on_stderr_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("never.cnf");
    let cnf = cnf.to_str().unwrap();
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "langford",
            &["abc"],
            "langford: n must be an integer from 1 to 12, got 'abc'",
        ),
        (
            "langford",
            &["0"],
            "langford: n must be an integer from 1 to 12, got '0'",
        ),
        (
            "langford",
            &["13"],
            "langford: n must be an integer from 1 to 12, got '13'",
        ),
        ("langford", &["7", "8"], "langford: unexpected argument '8'"),
        (
            "langford",
            &["--frob"],
            "langford: unknown option '--frob' (try --help)",
        ),
        (
            "langford",
            &["-3"],
            "langford: unknown option '-3' (try --help)",
        ),
        ("langford", &["--dimacs"], "langford: --dimacs needs a FILE"),
        (
            "langford",
            &["--dimacs="],
            "langford: --dimacs needs a FILE",
        ),
        (
            "langford",
            &["--dimacs", cnf, "--dimacs", cnf],
            "langford: --dimacs given twice",
        ),
        (
            "langford",
            &["0", "--dimacs", cnf],
            "langford: n must be an integer from 1 to 12, got '0'",
        ),
        (
            "latin",
            &["6"],
            "latin: order must be an integer from 1 to 5, got '6'",
        ),
        ("latin", &["-1"], "latin: unknown option '-1' (try --help)"),
        (
            "sudoku",
            &["4"],
            "sudoku: unexpected argument '4' (sudoku takes no size)",
        ),
        (
            "petersen",
            &["--colours", "4"],
            "petersen: unknown option '--colours' (try --help)",
        ),
    ];
    for &(name, args, message) in cases {
        let ran = run_example(name, args);
        assert_eq!(ran.code, 2, "{name} {args:?}: {}", ran.stdout);
        assert_eq!(ran.stderr, format!("{message}\n"), "{name} {args:?}");
        assert_eq!(ran.stdout, "", "{name} {args:?}");
        assert!(!Path::new(cnf).exists(), "{name} {args:?} wrote {cnf}");
    }
}

#[test]
fn unwritable_dimacs_path_exits_2_with_one_line_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir").join("x.cnf");
    for path in [dir.path().to_path_buf(), missing] {
        let ran = run_example("langford", &["3", "--dimacs", path.to_str().unwrap()]);
        assert_eq!(ran.code, 2, "{}", ran.stdout);
        let prefix = format!("langford: cannot create '{}': ", path.display());
        assert!(ran.stderr.starts_with(&prefix), "{}", ran.stderr);
        assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
        assert_eq!(ran.stdout, "", "nothing is counted");
    }
}

#[cfg(unix)]
#[test]
fn non_utf8_argument_is_refused_but_a_non_utf8_dimacs_path_is_kept() {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let ran = run_example("langford", &[std::ffi::OsStr::from_bytes(b"\xff7")]);
    assert_eq!(ran.code, 2, "{}", ran.stdout);
    assert_eq!(
        ran.stderr,
        "langford: argument '\u{fffd}7' is not valid UTF-8\n"
    );

    let dir = tempfile::tempdir().unwrap();
    let mut name = dir.path().as_os_str().as_bytes().to_vec();
    name.extend(b"/\xff.cnf");
    let path = PathBuf::from(std::ffi::OsString::from_vec(name));
    let ran = run_example(
        "langford",
        &["3".as_ref(), "--dimacs".as_ref(), path.as_os_str()],
    );
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(path.is_file(), "the file is written under its exact name");
}
