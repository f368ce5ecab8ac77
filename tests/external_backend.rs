//! `--backend external`: real solvers from Debian give valid boards and exact counts; lying
//! or broken "solvers" (scripts under fixtures/solvers/) each get a clear one-line error, a
//! documented exit code, and leave no temporary files.

mod common;
use common::{nqueens, require_tool};
use nqueens_queens::is_solution;

fn fixture(name: &str) -> String {
    format!("sh {}/fixtures/solvers/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs nqueens with TMPDIR set to a fresh directory; returns (code, stdout, stderr, files
/// left in that directory).
fn run_in_tmp(args: &[&str]) -> (i32, String, String, usize) {
    let tmp = tempfile::tempdir().unwrap();
    let out = nqueens()
        .env("TMPDIR", tmp.path())
        .args(args)
        .output()
        .unwrap();
    let left = std::fs::read_dir(tmp.path()).unwrap().count();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        left,
    )
}

#[test]
fn real_solvers_solve_and_count() {
    let solvers = [
        ("cadical", "cadical -q"),
        ("minisat", "minisat -verb=0 {cnf} {out}"),
        ("clasp", "clasp"),
        ("picosat", "picosat"),
        ("cryptominisat5", "cryptominisat5 --verb 0"),
    ];
    for (name, cmd) in solvers {
        if require_tool(name).is_none() {
            continue;
        }
        let (code, out, err, left) = run_in_tmp(&[
            "solve",
            "10",
            "--json",
            "--backend",
            "external",
            "--solver",
            cmd,
        ]);
        assert_eq!(code, 0, "{name}: {err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let cols: Vec<usize> = serde_json::from_value(v["columns"].clone()).unwrap();
        assert!(is_solution(&cols), "{name}: {cols:?}");
        assert_eq!(left, 0, "{name} left temporary files");
        let (code, out, err, left) = run_in_tmp(&[
            "count",
            "6",
            "--backend",
            "external",
            "--solver",
            cmd,
            "--amo",
            "sequential",
        ]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.starts_with("Q(6) = 4 "), "{name}: {out}");
        assert_eq!(left, 0);
    }
}

fn assert_fails(solver: &str, extra: &[&str], code: i32, needle: &str) {
    let mut args = vec!["count", "6", "--backend", "external", "--solver", solver];
    args.extend_from_slice(extra);
    let (got, out, err, left) = run_in_tmp(&args);
    assert_eq!(got, code, "{solver}: {err}{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{solver}: {err}");
    assert_eq!(left, 0, "{solver} left temporary files");
}

#[test]
fn broken_and_lying_solvers_are_caught() {
    assert_fails("no-such-solver-here", &[], 3, "was not found");
    assert_fails(&fixture("crash.sh"), &[], 3, "killed by signal 11");
    assert_fails(
        &fixture("hang.sh"),
        &["--timeout", "0.5"],
        3,
        "timed out after 0.5 s",
    );
    assert_fails(&fixture("no_status.sh"), &[], 3, "no status line");
    assert_fails(&fixture("violating.sh"), &[], 3, "violates clause");
    assert_fails(&fixture("incomplete.sh"), &[], 3, "incomplete");
    assert_fails(&fixture("contradicts.sh"), &[], 3, "contradicts its status");
}

#[test]
fn a_solver_claiming_unsat_for_a_solvable_board_is_caught() {
    // count: the OEIS check catches it (exit 1); solve: no solution where OEIS lists some (3).
    let (code, out, _, _) = run_in_tmp(&[
        "count",
        "6",
        "--backend",
        "external",
        "--solver",
        &fixture("liar_unsat.sh"),
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("MISMATCH"), "{out}");
    let (code, _, err, _) = run_in_tmp(&[
        "solve",
        "6",
        "--backend",
        "external",
        "--solver",
        &fixture("liar_unsat.sh"),
    ]);
    assert_eq!(code, 3);
    assert!(err.contains("OEIS A000170 lists 4"), "{err}");
}
