//! Export formats for other tools: the model-counting dialect and incremental CNF with cubes
//! that partition the solution space.

use crate::common::{require_tool, run};
use nqueens_queens::oeis;
use varisat_enum::VarisatBackend;
use zero_one_model::dimacs::read_dimacs;
use zero_one_model::{Backend, Constraint, Lit, Model};

/// Splits an incremental CNF file into a plain CNF text (for the reader) and its cubes.
fn split_icnf(text: &str) -> (String, Vec<Vec<Lit>>) {
    let mut cnf_lines = Vec::new();
    let mut cubes = Vec::new();
    let mut clauses = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("a ") {
            let lits: Vec<i64> = rest
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            assert_eq!(lits.last(), Some(&0), "cube line ends in 0: {line}");
            cubes.push(
                lits[..lits.len() - 1]
                    .iter()
                    .map(|&l| Lit::from_dimacs(l).unwrap())
                    .collect(),
            );
        } else if line == "p inccnf" {
            cnf_lines.push("P".to_string()); // replaced below, once the counts are known
        } else {
            if !line.starts_with('c') {
                clauses += 1;
            }
            cnf_lines.push(line.to_string());
        }
    }
    let shown_max = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
        .flat_map(|l| l.split_whitespace().skip_while(|t| *t == "a"))
        .filter_map(|t| t.parse::<i64>().ok())
        .map(i64::abs)
        .max()
        .unwrap_or(0);
    let header = format!("p cnf {shown_max} {clauses}");
    let body = cnf_lines
        .into_iter()
        .map(|l| if l == "P" { header.clone() } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    (body + "\n", cubes)
}

#[test]
fn icnf_cubes_partition_the_solutions() {
    for (n, depth) in [(6, 1), (8, 2), (8, 3)] {
        let (code, text, err) = run(&[
            "encode",
            &n.to_string(),
            "--format",
            "icnf",
            "--cube-depth",
            &depth.to_string(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(text.contains("\np inccnf\n"), "header");
        let (cnf_text, cubes) = split_icnf(&text);
        let cnf = read_dimacs(cnf_text.as_bytes()).unwrap();
        let mut model = Model::new();
        model.new_vars(cnf.num_vars);
        for c in cnf.clauses {
            model.add(Constraint::Clause(c));
        }
        model.show(cnf.shown.unwrap());
        let backend = VarisatBackend::default();
        let prepared = backend.prepare(&model).unwrap();
        let mut total = 0;
        for cube in &cubes {
            let mut sols = prepared.solutions(cube).unwrap();
            while let Some(a) = sols.next_solution().unwrap() {
                assert!(cube.iter().all(|l| l.eval(&a)));
                total += 1;
            }
        }
        assert!(cubes.len() > 1);
        assert_eq!(Some(total), oeis::solutions(n), "n={n} depth={depth}");
    }
}

#[test]
fn mcc_file_has_the_counting_header_and_is_read_by_cadical() {
    let (code, text, _) = run(&[
        "encode",
        "6",
        "--format",
        "mcc",
        "--amo",
        "sequential",
        "--ind",
    ]);
    assert_eq!(code, 0);
    assert!(text.starts_with("c t pmc\n"), "{}", &text[..40]);
    assert!(text.lines().any(|l| l.starts_with("c p show 1 2 3")));
    assert_eq!(text.lines().filter(|l| l.starts_with("c ind ")).count(), 4); // 36 vars, 10 a line
    let cnf = read_dimacs(text.as_bytes()).unwrap();
    assert_eq!(cnf.shown.as_ref().map(Vec::len), Some(36));
    let Some(cadical) = require_tool("cadical") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q6.cnf");
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(cadical)
        .arg("-q")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(10));
}

#[test]
fn identical_input_gives_identical_files() {
    for format in ["dimacs", "mcc", "icnf"] {
        let a = run(&["encode", "7", "--format", format, "--amo", "commander"]).1;
        let b = run(&["encode", "7", "--format", format, "--amo", "commander"]).1;
        assert_eq!(a, b, "{format}");
    }
}
