//! `nqueens stats` end to end: one row per formulation and encoding, agreeing with the files
//! `nqueens encode` writes.

use crate::common::run;
use zero_one_model::dimacs::read_dimacs;

#[test]
fn stats_rows_agree_with_the_exported_files() {
    for board in [
        &[][..],
        &["--variant", "toroidal"],
        &["--variant", "superqueens"],
        &["--given", "0:1", "--blocked", "2:2,5:5"],
    ] {
        rows_agree_with_the_exported_files(board);
    }
}

/// Every row of `stats 6 --json` for the board `board` (options) against `encode`'s file.
fn rows_agree_with_the_exported_files(board: &[&str]) {
    let (code, out, err) = run(&[&["stats", "6", "--json"], board].concat());
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 16);
    for row in &rows {
        let formulation = row["formulation"].as_str().unwrap();
        let amo = row["amo"].as_str().unwrap();
        let mut args = vec!["encode", "6"];
        match formulation.strip_prefix("column/") {
            // The order and log domains have no at-most-one: --amo is refused there.
            Some(domain @ ("order" | "log")) => {
                args.extend(["--formulation", "column", "--domain", domain]);
            }
            Some(domain) => {
                args.extend(["--amo", amo, "--formulation", "column", "--domain", domain]);
            }
            None => args.extend(["--amo", amo]),
        }
        args.extend(board);
        let (code, file, _) = run(&args);
        assert_eq!(code, 0);
        let cnf = read_dimacs(file.as_bytes()).unwrap();
        let label = format!("{formulation} {amo} {board:?}");
        let variant = board.get(1).filter(|_| board[0] == "--variant");
        assert_eq!(
            row["rules"]["variant"].as_str(),
            Some(variant.map_or("classic", |v| *v)),
            "{label}"
        );
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

#[test]
fn stats_names_a_board_that_is_not_the_classic_one_and_refuses_a_bad_one() {
    let (code, out, _) = run(&["stats", "7", "--variant", "superqueens", "--given", "0:0"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 18);
    assert_eq!(lines[0], "Q(7, superqueens, 1 given)");
    let (code, _, err) = run(&[
        "stats",
        "7",
        "--given",
        "0:0,1:2",
        "--variant",
        "superqueens",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("attack each other"), "{err}");
}
