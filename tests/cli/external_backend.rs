//! `--backend external`: real solvers from Debian give valid boards and exact counts; lying
//! or broken "solvers" (scripts under fixtures/solvers/) each get a clear one-line error, a
//! documented exit code, and leave no temporary files.

use crate::common::{nqueens, require_tool};
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
    // By default varisat checks the claim on the same clauses: exit 3, naming the lie.
    for command in ["count", "solve"] {
        let (code, _, err, _) = run_in_tmp(&[
            command,
            "6",
            "--backend",
            "external",
            "--solver",
            &fixture("liar_unsat.sh"),
        ]);
        assert_eq!(code, 3, "{command}: {err}");
        assert!(
            err.contains("but varisat found a model"),
            "{command}: {err}"
        );
    }
    // Believed (--trust-unsat): count: the OEIS check catches it (exit 1); solve: no
    // solution where OEIS lists some (3).
    let trusting = |command| {
        run_in_tmp(&[
            command,
            "6",
            "--backend",
            "external",
            "--solver",
            &fixture("liar_unsat.sh"),
            "--trust-unsat",
        ])
    };
    let (code, out, _, _) = trusting("count");
    assert_eq!(code, 1);
    assert!(out.contains("MISMATCH"), "{out}");
    let (code, _, err, _) = trusting("solve");
    assert_eq!(code, 3);
    assert!(err.contains("OEIS A000170 lists 4"), "{err}");
}

#[test]
fn clasp_exit_code_30_is_accepted() {
    // clasp exits 30 when it has proved the models it found are all there are: Q(1) has one.
    if require_tool("clasp").is_none() {
        return;
    }
    for (n, expected) in [("1", "Q(1) = 1 "), ("8", "Q(8) = 92 ")] {
        let (code, out, err, left) =
            run_in_tmp(&["count", n, "--backend", "external", "--solver", "clasp"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with(expected), "{out}");
        assert_eq!(left, 0);
    }
}

#[test]
fn minisat_leaving_out_variables_in_no_clause_counts_both_their_values() {
    use zero_one_model::{Backend, CnfOptions, Constraint, Model};
    if require_tool("minisat").is_none() {
        return;
    }
    // a or b, and c in no clause: 3 * 2 models; MiniSat gives c no value until a blocking
    // clause mentions it.
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
    let backend = solver_pipe::ExternalBackend {
        command: solver_pipe::SolverCommand::parse("minisat -verb=0 {cnf} {out}").unwrap(),
        timeout: None,
        stop: None,
        options: CnfOptions::default(),
        confirm_unsat: None,
    };
    let mut models: Vec<Vec<bool>> = backend
        .solutions(&m, &[])
        .unwrap()
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    models.sort();
    let expected: Vec<Vec<bool>> = (0..8u8)
        .map(|i| (0..3).map(|b| i >> (2 - b) & 1 == 1).collect::<Vec<bool>>())
        .filter(|x| x[0] || x[1])
        .collect();
    assert_eq!(models, expected);
}
