//! `nqueens stats` end to end: one row per formulation and encoding, agreeing with the files
//! `nqueens encode` writes.

mod common;
use common::run;
use nqueens_encode::dimacs::read_dimacs;

#[test]
fn stats_rows_agree_with_the_exported_files() {
    let (code, out, err) = run(&["stats", "6", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 16);
    for row in &rows {
        let formulation = row["formulation"].as_str().unwrap();
        let amo = row["amo"].as_str().unwrap();
        let mut args = vec!["encode", "6", "--amo", amo];
        if let Some(domain) = formulation.strip_prefix("column/") {
            args.extend(["--formulation", "column", "--domain", domain]);
        }
        let (code, file, _) = run(&args);
        assert_eq!(code, 0);
        let cnf = read_dimacs(file.as_bytes()).unwrap();
        let label = format!("{formulation} {amo}");
        assert_eq!(
            row["clauses"].as_u64().unwrap(),
            cnf.clauses.len() as u64,
            "{label}"
        );
        let vars = row["shown_vars"].as_u64().unwrap()
            + row["hidden_vars"].as_u64().unwrap()
            + row["aux_vars"].as_u64().unwrap();
        assert_eq!(vars, cnf.num_vars as u64, "{label}");
        let literals: usize = cnf.clauses.iter().map(Vec::len).sum();
        assert_eq!(
            row["literals"].as_u64().unwrap(),
            literals as u64,
            "{label}"
        );
        // The file adds comment lines to what stats measures.
        assert!(
            row["dimacs_bytes"].as_u64().unwrap() < file.len() as u64,
            "{label}"
        );
    }
}

#[test]
fn stats_table_has_a_header_and_sixteen_rows() {
    let (code, out, _) = run(&["stats", "5"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 17);
    assert!(lines[0].starts_with("formulation"));
    assert!(lines.iter().any(|l| l.starts_with("column/log")));
}
