//! `nqueens verify` on bundles built here from small CNFs: the models by brute force, the
//! blocking clauses by hand, the proof by varisat on blocked.cnf. A valid bundle is certified;
//! each kind of tampering exits 1 with one line naming the file, the line and why.

use crate::common;

use crate::common::run;
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

/// A formula over `vars` variables, its projection, and the lines of its bundle files.
struct Bundle {
    dir: tempfile::TempDir,
    solutions: Vec<String>,
    blocking: Vec<String>,
    formula_clauses: Vec<Vec<i32>>,
    vars: i32,
    shown: Vec<i32>,
}

/// Pairwise 4-queens: variable `4 * r + c + 1` is a queen on row r, column c.
fn queens4() -> (i32, Vec<Vec<i32>>) {
    let var = |r: i32, c: i32| 4 * r + c + 1;
    let mut clauses: Vec<Vec<i32>> = (0..4)
        .map(|r| (0..4).map(|c| var(r, c)).collect())
        .collect();
    for a in 0..16i32 {
        for b in a + 1..16 {
            let (ra, ca, rb, cb) = (a / 4, a % 4, b / 4, b % 4);
            if ra == rb || ca == cb || (ra - rb).abs() == (ca - cb).abs() {
                clauses.push(vec![-var(ra, ca), -var(rb, cb)]);
            }
        }
    }
    (16, clauses)
}

/// x1..x4 with at least two true among x1..x3, x5 = x1 xor x4 as an auxiliary (shown: 1..4).
fn projected() -> (i32, Vec<Vec<i32>>) {
    let clauses = vec![
        vec![1, 2],
        vec![1, 3],
        vec![2, 3],
        vec![-5, 1, 4],
        vec![-5, -1, -4],
        vec![5, -1, 4],
        vec![5, 1, -4],
    ];
    (5, clauses)
}

fn dimacs(clause: &[i32]) -> String {
    let lits: Vec<String> = clause.iter().map(i32::to_string).collect();
    format!("{} 0", lits.join(" "))
}

impl Bundle {
    /// The bundle of `formula` projected on `shown`, with one model per projection.
    fn new((vars, clauses): (i32, Vec<Vec<i32>>), shown: &[i32]) -> Bundle {
        let mut seen = std::collections::HashSet::new();
        let (mut solutions, mut blocking) = (Vec::new(), Vec::new());
        for bits in 0u32..1 << vars {
            let value = |v: i32| bits >> (v - 1) & 1 == 1;
            let lit = |v: i32| if value(v) { v } else { -v };
            let is_model = clauses.iter().all(|c| c.iter().any(|&l| lit(l.abs()) == l));
            if is_model && seen.insert(shown.iter().map(|&v| value(v)).collect::<Vec<_>>()) {
                solutions.push(dimacs(&(1..=vars).map(lit).collect::<Vec<_>>()));
                blocking.push(dimacs(&shown.iter().map(|&v| -lit(v)).collect::<Vec<_>>()));
            }
        }
        let bundle = Bundle {
            dir: tempfile::tempdir().expect("temporary directory"),
            solutions,
            blocking,
            formula_clauses: clauses,
            vars,
            shown: shown.to_vec(),
        };
        bundle.write();
        bundle.write_proof();
        bundle
    }

    fn path(&self, name: &str) -> std::path::PathBuf {
        self.dir.path().join(name)
    }

    fn count(&self) -> usize {
        self.solutions.len()
    }

    /// Writes every file but the proof from the current lines.
    fn write(&self) {
        let shown: Vec<String> = self.shown.iter().map(i32::to_string).collect();
        let clauses: Vec<String> = self.formula_clauses.iter().map(|c| dimacs(c)).collect();
        let (vars, n) = (self.vars, clauses.len());
        let formula = format!(
            "p cnf {vars} {n}\nc p show {} 0\n{}\n",
            shown.join(" "),
            clauses.join("\n")
        );
        std::fs::write(self.path("formula.cnf"), formula).unwrap();
        self.write_solutions();
        let all: Vec<&String> = clauses.iter().chain(&self.blocking).collect();
        let lines: String = all.iter().map(|s| format!("{s}\n")).collect();
        let blocked = format!("p cnf {vars} {}\n{lines}", all.len());
        std::fs::write(self.path("blocked.cnf"), blocked).unwrap();
        self.write_manifest(&self.count().to_string());
    }

    fn write_solutions(&self) {
        let solutions: String = self.solutions.iter().map(|s| format!("{s}\n")).collect();
        std::fs::write(self.path("solutions.txt"), solutions).unwrap();
    }

    fn write_manifest(&self, count: &str) {
        let manifest = serde_json::json!({
            "version": 1,
            "count": count,
            "projection": self.shown,
            "files": {"formula": "formula.cnf", "solutions": "solutions.txt",
                      "blocked": "blocked.cnf", "proof": "proof.drat"},
            "produced_by": {"tool": "tests/cli/verify.rs"},
        });
        std::fs::write(self.path("manifest.json"), manifest.to_string()).unwrap();
    }

    /// The proof, from varisat on blocked.cnf.
    fn write_proof(&self) {
        let file = std::fs::File::create(self.path("proof.drat")).unwrap();
        let mut solver = Solver::new();
        solver.write_proof(std::io::BufWriter::new(file), ProofFormat::Drat);
        let blocking: Vec<Vec<i32>> = (self.blocking.iter())
            .map(|s| {
                s.split(' ')
                    .map(|t| t.parse().unwrap())
                    .filter(|&l| l != 0)
                    .collect()
            })
            .collect();
        for clause in self.formula_clauses.iter().chain(&blocking) {
            let lits: Vec<Lit> = clause
                .iter()
                .map(|&l| Lit::from_dimacs(l as isize))
                .collect();
            solver.add_clause(&lits);
        }
        assert!(!solver.solve().unwrap(), "every model is blocked");
        solver.close_proof().unwrap();
    }

    fn verify(&self, json: bool) -> (i32, String, String) {
        let dir = self.dir.path().to_str().unwrap();
        run(&if json {
            vec!["verify", dir, "--json"]
        } else {
            vec!["verify", dir]
        })
    }

    /// Runs verify and checks it fails with one line about `file` containing `why`.
    fn assert_rejected(&self, file: &str, why: &str) {
        let (code, stdout, stderr) = self.verify(false);
        assert_eq!(code, 1, "stdout: {stdout} stderr: {stderr}");
        assert_eq!(stdout, "");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        let prefix = format!("nqueens: verify: {}", self.path(file).display());
        assert!(stderr.starts_with(&prefix), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
    }
}

#[test]
fn a_valid_bundle_is_certified_with_its_count() {
    for (formula, shown, count) in [
        (queens4(), (1..=16).collect::<Vec<_>>(), 2),
        (projected(), vec![1, 2, 3, 4], 8),
    ] {
        let bundle = Bundle::new(formula, &shown);
        assert_eq!(bundle.count(), count);
        let (code, stdout, stderr) = bundle.verify(false);
        assert_eq!(
            (code, stdout.as_str(), stderr.as_str()),
            (0, format!("certified: {count}\n").as_str(), "")
        );
    }
}

#[test]
fn json_reports_the_count_the_projection_and_the_files() {
    let bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    let (code, stdout, _) = bundle.verify(true);
    assert_eq!(code, 0);
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
    assert_eq!(report["certified"], true);
    assert_eq!(report["count"], 8);
    assert_eq!(report["projection_size"], 4);
    assert!(report["lemmas"].as_u64().unwrap() >= 1);
    assert_eq!(
        report["files"]["proof"],
        bundle.path("proof.drat").display().to_string()
    );
}

#[test]
fn a_dropped_model_with_its_blocking_clause_fails_the_proof() {
    let mut bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    bundle.solutions.remove(3);
    bundle.blocking.remove(3);
    bundle.write();
    let (code, _, stderr) = bundle.verify(false);
    assert_eq!(code, 1);
    assert!(
        stderr.starts_with(&format!(
            "nqueens: verify: {}",
            bundle.path("proof.drat").display()
        )),
        "{stderr}"
    );
    let why = [
        "lemma is not RUP",
        "the proof does not derive the empty clause",
    ];
    assert!(why.iter().any(|w| stderr.contains(w)), "{stderr}");
}

#[test]
fn a_weakened_blocking_clause_is_caught() {
    let mut bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    bundle.blocking[2] = bundle.blocking[2].replace(" 0", " 5 0");
    bundle.write();
    let line = 1 + bundle.formula_clauses.len() + 3;
    bundle.assert_rejected(
        "blocked.cnf",
        &format!(":{line}: not the blocking clause of the model on line 3 of solutions.txt"),
    );
}

#[test]
fn a_removed_proof_line_that_matters_is_caught() {
    let bundle = Bundle::new(queens4(), &(1..=16).collect::<Vec<_>>());
    let proof = std::fs::read_to_string(bundle.path("proof.drat")).unwrap();
    let lines: Vec<&str> = proof.lines().collect();
    let mut caught = 0;
    for removed in (0..lines.len()).filter(|&i| !lines[i].starts_with('d')) {
        let cut: String = (0..lines.len())
            .filter(|&i| i != removed)
            .map(|i| format!("{}\n", lines[i]))
            .collect();
        std::fs::write(bundle.path("proof.drat"), cut).unwrap();
        let (code, _, stderr) = bundle.verify(false);
        if code == 1 {
            assert!(stderr.contains("proof.drat"), "{stderr}");
            assert!(
                stderr.contains("lemma is not RUP")
                    || stderr.contains("does not derive the empty clause"),
                "{stderr}"
            );
            caught += 1;
        } else {
            assert_eq!(code, 0, "{stderr}");
        }
    }
    assert!(caught >= 1, "removing some lemma breaks the proof");
}

#[test]
fn a_model_that_is_not_one_is_caught() {
    let mut bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    // x1 = x2 = x3 = false breaks (1 2).
    bundle.solutions[1] = "-1 -2 -3 4 5 0".into();
    bundle.write_solutions();
    bundle.assert_rejected(
        "solutions.txt",
        ":2: not a model: it falsifies the clause on line 3 of formula.cnf",
    );
}

#[test]
fn duplicate_models_are_caught() {
    let mut bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    bundle.solutions[4] = bundle.solutions[2].clone();
    bundle.write_solutions();
    bundle.assert_rejected(
        "solutions.txt",
        ":5: equals the model on line 3 on the projection",
    );
}

#[test]
fn a_manifest_count_that_lies_is_caught() {
    let bundle = Bundle::new(queens4(), &(1..=16).collect::<Vec<_>>());
    bundle.write_manifest("3");
    bundle.assert_rejected(
        "manifest.json",
        "count \"3\", but solutions.txt holds 2 models",
    );
}

#[test]
fn a_missing_file_is_exit_1_and_a_missing_bundle_exit_2() {
    let bundle = Bundle::new(queens4(), &(1..=16).collect::<Vec<_>>());
    std::fs::remove_file(bundle.path("blocked.cnf")).unwrap();
    bundle.assert_rejected(
        "blocked.cnf",
        ": cannot read the file: No such file or directory",
    );
    let (code, _, stderr) = bundle.verify(true);
    assert_eq!(code, 1);
    assert!(stderr.contains("blocked.cnf: cannot read"), "{stderr}");
    let file = bundle.path("formula.cnf");
    let cases: [(&[&str], &str); 3] = [
        (
            &["verify"],
            "the following required arguments were not provided",
        ),
        (
            &["verify", "/nonexistent/bundle"],
            "'/nonexistent/bundle' is not a directory (a proof bundle)",
        ),
        (
            &["verify", file.to_str().unwrap()],
            "is not a directory (a proof bundle)",
        ),
    ];
    for (args, message) in cases {
        let (code, stdout, stderr) = run(args);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            stderr.starts_with("nqueens: error: ") && stderr.contains(message),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn json_failure_names_the_file_and_line() {
    let bundle = Bundle::new(queens4(), &(1..=16).collect::<Vec<_>>());
    bundle.write_manifest("3");
    let (code, stdout, _) = bundle.verify(true);
    assert_eq!(code, 1);
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
    assert_eq!(report["certified"], false);
    assert_eq!(
        report["file"],
        bundle.path("manifest.json").display().to_string()
    );
    assert_eq!(report["line"], serde_json::Value::Null);
}

/// Bundle files that are not regular files (a FIFO would block, a device never ends) and
/// lines past the readers' bound are refused with exit 1, at once.
#[test]
fn fifos_devices_and_endless_lines_are_refused_not_waited_for() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("b");
    let (code, _, err) = common::run(&["count", "5", "--certify", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for (file, how) in [
        ("proof.drat", "fifo"),
        ("manifest.json", "zero"),
        ("solutions.txt", "zero"),
    ] {
        let copy = dir.path().join(format!("{file}-{how}"));
        common::copy_dir(&bundle, &copy);
        std::fs::remove_file(copy.join(file)).unwrap();
        if how == "fifo" {
            let made = std::process::Command::new("mkfifo")
                .arg(copy.join(file))
                .status()
                .unwrap();
            assert!(made.success());
        } else {
            std::os::unix::fs::symlink("/dev/zero", copy.join(file)).unwrap();
        }
        let start = std::time::Instant::now();
        let (code, _, err) = common::run(&["verify", copy.to_str().unwrap()]);
        assert_eq!(code, 1, "{file} as {how}: {err}");
        assert!(err.contains("not a regular file"), "{file} as {how}: {err}");
        assert!(
            start.elapsed().as_secs() < 5,
            "{file} as {how}: took {:?}",
            start.elapsed()
        );
    }
    // A `c ind` line would let other tools read another projection from the same file.
    let ind = dir.path().join("ind");
    common::copy_dir(&bundle, &ind);
    let formula = std::fs::read_to_string(ind.join("formula.cnf")).unwrap();
    std::fs::write(ind.join("formula.cnf"), format!("c ind 1 2 0\n{formula}")).unwrap();
    let (code, _, err) = common::run(&["verify", ind.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("'c ind'"), "{err}");
}

/// A token of 5 MB in a bundle file, or a header line of 5 MB, is quoted in 40 characters
/// and `…`, as every reader quotes, not echoed whole.
#[test]
fn regression_a_huge_bad_token_is_quoted_short() {
    let mut bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    let huge = "9x".repeat(2_500_000);
    bundle.solutions[1] = format!("-1 {huge} 3 4 5 0");
    bundle.write_solutions();
    bundle.assert_rejected(
        "solutions.txt",
        &format!("expected an integer, found '{}…'", "9x".repeat(20)),
    );
    let (_, _, stderr) = bundle.verify(false);
    assert!(stderr.len() < 300, "a {}-byte message", stderr.len());

    let bundle = Bundle::new(projected(), &[1, 2, 3, 4]);
    let formula = bundle.path("formula.cnf");
    let text = std::fs::read_to_string(&formula).unwrap();
    let header = text.lines().find(|l| l.starts_with("p ")).unwrap();
    std::fs::write(&formula, text.replacen(header, &format!("p cnf {huge}"), 1)).unwrap();
    let (code, _, stderr) = bundle.verify(false);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("found 'p cnf 9x9x"), "{stderr}");
    assert!(stderr.len() < 300, "a {}-byte message", stderr.len());
}
