//! Exported DIMACS files solved by real solvers from Debian (cadical, minisat); their models
//! are read back, checked against every clause, decoded and checked as boards.

use crate::common::{nqueens, require_tool};
use nqueens_queens::{BoardFormulation, Formulation};
use std::path::Path;
use std::process::Command;
use zero_one_model::dimacs::{read_dimacs, Cnf};
use zero_one_model::solver_output::{parse_solver_output, SolverAnswer};

fn export(n: usize, amo: &str, dir: &Path) -> (std::path::PathBuf, Cnf) {
    let path = dir.join(format!("q{n}-{amo}.cnf"));
    nqueens()
        .args(["encode", &n.to_string(), "--amo", amo, "-o"])
        .arg(&path)
        .assert()
        .success();
    let cnf = read_dimacs(std::io::BufReader::new(std::fs::File::open(&path).unwrap())).unwrap();
    (path, cnf)
}

/// Runs a solver on `cnf_path` and returns its parsed answer and exit code.
fn solve(solver: &str, cnf_path: &Path, num_vars: usize, dir: &Path) -> (SolverAnswer, i32) {
    let exe = match require_tool(solver) {
        Some(p) => p,
        None => return (SolverAnswer::Unknown, -1),
    };
    let (text, code) = match solver {
        "minisat" => {
            let result = dir.join("minisat.out");
            let out = Command::new(exe)
                .arg("-verb=0")
                .arg(cnf_path)
                .arg(&result)
                .output()
                .unwrap();
            (
                std::fs::read_to_string(result).unwrap(),
                out.status.code().unwrap(),
            )
        }
        _ => {
            let out = Command::new(exe).arg("-q").arg(cnf_path).output().unwrap();
            (
                String::from_utf8(out.stdout).unwrap(),
                out.status.code().unwrap(),
            )
        }
    };
    (parse_solver_output(&text, num_vars).unwrap(), code)
}

fn check_model(cnf: &Cnf, model: &[bool], n: usize) {
    for (i, clause) in cnf.clauses.iter().enumerate() {
        assert!(clause.iter().any(|l| l.eval(model)), "clause {i} violated");
    }
    let f = BoardFormulation::new(n);
    let own = &model[..f.model().num_vars()];
    assert_eq!(f.model().check(own), Ok(()));
    let board = f.decode(own).unwrap();
    assert!(board.is_solution(), "{board:?}");
}

#[test]
fn cadical_and_minisat_solve_exported_boards_and_models_decode() {
    let dir = tempfile::tempdir().unwrap();
    for solver in ["cadical", "minisat"] {
        for n in [6, 8] {
            for amo in ["pairwise", "sequential"] {
                let (path, cnf) = export(n, amo, dir.path());
                let (answer, code) = solve(solver, &path, cnf.num_vars, dir.path());
                if code == -1 {
                    return;
                }
                assert_eq!(code, 10, "{solver} exit code for satisfiable n = {n}");
                let SolverAnswer::Sat(model) = answer else {
                    panic!("{solver} n = {n} {amo}: {answer:?}");
                };
                check_model(&cnf, &model, n);
            }
        }
    }
}

#[test]
fn cadical_and_minisat_find_n3_unsatisfiable() {
    let dir = tempfile::tempdir().unwrap();
    for solver in ["cadical", "minisat"] {
        for amo in ["pairwise", "sequential"] {
            let (path, cnf) = export(3, amo, dir.path());
            let (answer, code) = solve(solver, &path, cnf.num_vars, dir.path());
            if code == -1 {
                return;
            }
            assert_eq!(code, 20, "{solver} {amo}");
            assert_eq!(answer, SolverAnswer::Unsat, "{solver} {amo}");
        }
    }
}

#[test]
fn cadical_solves_every_formulation_and_several_encodings() {
    let dir = tempfile::tempdir().unwrap();
    let combos: &[&[&str]] = &[
        &["--amo", "ladder"],
        &["--amo", "bitwise"],
        &["--amo", "commander"],
        &["--amo", "product"],
        &["--amo", "bimander"],
        &[
            "--formulation",
            "column",
            "--domain",
            "direct",
            "--amo",
            "sequential",
        ],
        &["--formulation", "column", "--domain", "order"],
        &["--formulation", "column", "--domain", "log"],
    ];
    for (i, extra) in combos.iter().enumerate() {
        let n = 10;
        let path = dir.path().join(format!("combo{i}.cnf"));
        nqueens()
            .args(["encode", "10", "-o"])
            .arg(&path)
            .args(*extra)
            .assert()
            .success();
        let cnf =
            read_dimacs(std::io::BufReader::new(std::fs::File::open(&path).unwrap())).unwrap();
        let (answer, code) = solve("cadical", &path, cnf.num_vars, dir.path());
        if code == -1 {
            return;
        }
        let SolverAnswer::Sat(model) = answer else {
            panic!("{extra:?}: {answer:?}");
        };
        for (k, clause) in cnf.clauses.iter().enumerate() {
            assert!(
                clause.iter().any(|l| l.eval(&model)),
                "{extra:?}: clause {k}"
            );
        }
        let kind = if extra.contains(&"column") {
            let domain = extra
                .iter()
                .skip_while(|a| **a != "--domain")
                .nth(1)
                .unwrap();
            nqueens_queens::FormulationKind::from_parts("column", domain.parse().unwrap()).unwrap()
        } else {
            nqueens_queens::FormulationKind::Board
        };
        let f = kind.build(n);
        let own = &model[..f.model().num_vars()];
        assert_eq!(f.model().check(own), Ok(()), "{extra:?}");
        assert!(f.decode(own).unwrap().is_solution(), "{extra:?}");
    }
}
