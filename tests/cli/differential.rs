//! Every backend against brute force: random small CNF files (at most 10 variables; with and
//! without a `c p show` or `c ind` projection, the empty one included; unsatisfiable ones,
//! empty clauses, repeated literals, tautologies) counted through the DIMACS reader and the
//! engine by the DPLL enumerator, varisat and the ILP backend at cube depths 0 and 2, and a
//! few hundred of them through `nqueens count cnf` itself, each compared with the count of
//! every assignment.
//!
//! `NQUEENS_DIFFERENTIAL_CASES=N` changes the number of files (1,000 by default; the binary
//! counts a quarter of them, at most 300).

use crate::common;

use count_engine::{run, Depth, ModelProblem, RunOptions};
use std::collections::HashSet;
use zero_one_model::dimacs::read_dimacs;
use zero_one_model::{Backend, Constraint, Model};

/// SplitMix64 (the generator `nqueens generate` uses): seedable, so that a failing file can
/// be made again.
struct Rng(nqueens_queens::generate::SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A random formula: clauses of DIMACS literals over `num_vars` variables and an optional
/// projection (1-based variables).
#[derive(Debug)]
struct Formula {
    num_vars: u64,
    clauses: Vec<Vec<i64>>,
    projection: Option<Vec<u64>>,
}

fn formula(rng: &mut Rng) -> Formula {
    let num_vars = rng.below(11);
    let mut clauses = Vec::new();
    let lit = |rng: &mut Rng| {
        let v = 1 + rng.below(num_vars) as i64;
        if rng.chance(50) {
            v
        } else {
            -v
        }
    };
    for _ in 0..rng.below(3 * num_vars + 3) {
        let len = if num_vars == 0 || rng.chance(3) {
            0
        } else {
            1 + rng.below(4)
        };
        let mut c: Vec<i64> = (0..len).map(|_| lit(rng)).collect();
        if !c.is_empty() && rng.chance(10) {
            c.push(c[0]); // a repeated literal
        }
        if !c.is_empty() && rng.chance(10) {
            c.push(-c[0]); // a tautology
        }
        clauses.push(c);
    }
    if num_vars > 0 && rng.chance(10) {
        let v = lit(rng); // a contradiction: unsatisfiable
        clauses.push(vec![v]);
        clauses.push(vec![-v]);
    }
    let projection = rng.chance(50).then(|| {
        let k = rng.below(num_vars + 1);
        (0..k).map(|_| 1 + rng.below(num_vars.max(1))).collect()
    });
    Formula {
        num_vars,
        clauses,
        projection: projection
            .map(|p: Vec<u64>| p.into_iter().filter(|&v| v <= num_vars).collect()),
    }
}

/// The formula as a DIMACS file, its projection on a `c p show` or `c ind` line (repeats
/// left in: the reader drops them).
fn dimacs(f: &Formula, rng: &mut Rng) -> String {
    let mut out = format!("p cnf {} {}\n", f.num_vars, f.clauses.len());
    if let Some(p) = &f.projection {
        let kind = if rng.chance(50) { "c p show" } else { "c ind" };
        let vars: String = p.iter().map(|v| format!("{v} ")).collect();
        out.push_str(&format!("{kind} {vars}0\n"));
    }
    for c in &f.clauses {
        let lits: String = c.iter().map(|l| format!("{l} ")).collect();
        out.push_str(&format!("{lits}0\n"));
    }
    out
}

/// The count by trying every assignment: distinct satisfying assignments of the projection.
fn brute_force(f: &Formula) -> u64 {
    let shown: Vec<u64> = match &f.projection {
        Some(p) => p.clone(),
        None => (1..=f.num_vars).collect(),
    };
    let mut seen = HashSet::new();
    for bits in 0u64..1 << f.num_vars {
        let value = |l: i64| (bits >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0);
        if f.clauses.iter().all(|c| c.iter().any(|&l| value(l))) {
            let key = shown.iter().fold(0u64, |k, &v| k | bits & 1 << (v - 1));
            seen.insert(key);
        }
    }
    seen.len() as u64
}

/// The model `count cnf` builds from a file: one variable per DIMACS variable, a clause
/// constraint per clause, the projection shown (onto no variable: one shown variable fixed
/// false, so the count says whether the formula is satisfiable).
fn model(text: &str) -> Model {
    let cnf = read_dimacs(text.as_bytes()).unwrap();
    let mut m = Model::new();
    m.new_vars(cnf.num_vars);
    for c in cnf.clauses {
        m.add(Constraint::Clause(c));
    }
    match cnf.shown {
        Some(shown) if shown.is_empty() => {
            let flag = m.new_var("satisfiable");
            m.add(Constraint::Clause(vec![flag.negative()]));
            m.show([flag]);
        }
        Some(shown) => m.show(shown),
        None => {}
    }
    m
}

fn cases() -> u64 {
    std::env::var("NQUEENS_DIFFERENTIAL_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

/// The files of the test, each with its text and brute-force count.
fn files() -> Vec<(Formula, String, u64)> {
    let mut rng = Rng(nqueens_queens::generate::SplitMix64(0x006e_7175_6565_6e73));
    (0..cases())
        .map(|_| {
            let f = formula(&mut rng);
            let text = dimacs(&f, &mut rng);
            let count = brute_force(&f);
            (f, text, count)
        })
        .collect()
}

#[test]
fn the_files_cover_what_they_should() {
    let files = files();
    let has = |p: &dyn Fn(&Formula, u64) -> bool| files.iter().filter(|(f, _, n)| p(f, *n)).count();
    assert!(has(&|_, n| n == 0) >= 50, "unsatisfiable");
    assert!(has(&|f, _| f.projection.is_some()) >= 300, "projected");
    assert!(
        has(&|f, _| f.projection.as_ref().is_some_and(Vec::is_empty)) >= 20,
        "empty projection"
    );
    assert!(has(&|f, _| f.projection.is_none()) >= 300, "unprojected");
    assert!(
        has(&|f, _| f.clauses.iter().any(Vec::is_empty)) >= 30,
        "empty clauses"
    );
    let repeats = |f: &Formula| {
        f.clauses
            .iter()
            .any(|c| c.iter().collect::<HashSet<_>>().len() < c.len())
    };
    assert!(has(&|f, _| repeats(f)) >= 100, "repeated literals");
    let tautology = |f: &Formula| f.clauses.iter().any(|c| c.iter().any(|l| c.contains(&-l)));
    assert!(has(&|f, _| tautology(f)) >= 100, "tautologies");
    assert!(has(&|f, _| f.num_vars == 10) >= 50, "ten variables");
}

#[test]
fn every_backend_at_every_depth_agrees_with_brute_force() {
    let backends: [Box<dyn Backend>; 3] = [
        Box::new(dpll_enum::DpllBackend::default()),
        Box::new(varisat_enum::VarisatBackend::default()),
        Box::new(ilp_enum::LpBackend),
    ];
    for (i, (_, text, expected)) in files().iter().enumerate() {
        let m = model(text);
        for depth in [0, 2] {
            let problem = ModelProblem::new(&m, Depth::Levels(depth), "differential").unwrap();
            for backend in &backends {
                let options = RunOptions {
                    threads: 1 + i % 2,
                    ..RunOptions::default()
                };
                let outcome = run(&problem, backend.as_ref(), &options).unwrap_or_else(|e| {
                    panic!("file {i}, {}, depth {depth}: {e}\n{text}", backend.name())
                });
                assert_eq!(
                    outcome.count,
                    (*expected).into(),
                    "file {i}, {}, depth {depth}:\n{text}",
                    backend.name()
                );
            }
        }
    }
}

#[test]
fn the_binary_agrees_with_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    let files = files();
    let take = (files.len() / 4).min(300);
    for (i, (_, text, expected)) in files.iter().take(take).enumerate() {
        let path = dir.path().join(format!("f{i}.cnf"));
        std::fs::write(&path, text).unwrap();
        let backend = ["dpll", "sat", "ilp"][i % 3];
        let depth = ["0", "2"][i / 3 % 2];
        let (code, out, err) = common::run(&[
            "count",
            "cnf",
            path.to_str().unwrap(),
            "--backend",
            backend,
            "--cube-depth",
            depth,
            "--json",
            "--quiet",
        ]);
        assert_eq!(code, 0, "file {i}, {backend}: {err}\n{text}");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            report["count"].as_u64(),
            Some(*expected),
            "file {i}, {backend}, depth {depth}:\n{text}"
        );
    }
}
