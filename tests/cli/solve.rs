//! `nqueens solve` end to end.

use crate::common::run;
use nqueens_queens::is_solution;

fn board_columns(board: &str, queen: char) -> Vec<usize> {
    board
        .lines()
        .map(|row| {
            row.split(' ')
                .position(|cell| cell.starts_with(queen))
                .expect("one queen per row")
        })
        .collect()
}

#[test]
fn solve_8_draws_a_valid_unicode_board() {
    let (code, out, _) = run(&["solve", "8"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Q(8) solution 1"), "{}", lines[0]);
    let board = lines[1..].join("\n");
    assert_eq!(lines.len(), 9);
    assert!(is_solution(&board_columns(&board, '♛')), "{out}");
}

#[test]
fn solve_ascii_limit_prints_k_distinct_valid_boards() {
    let (code, out, _) = run(&["solve", "6", "--limit", "3", "--ascii"]);
    assert_eq!(code, 0);
    let boards: Vec<Vec<usize>> = out
        .split("\n\n")
        .map(|b| board_columns(&b.lines().skip(1).collect::<Vec<_>>().join("\n"), 'Q'))
        .collect();
    assert_eq!(boards.len(), 3);
    assert!(boards.iter().all(|b| is_solution(b)));
    assert_ne!(boards[0], boards[1]);
}

#[test]
fn an_ascii_solution_is_a_board_file_that_given_file_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let board = &["--variant", "superqueens", "--blocked", "0:0,9:9"];
    let (code, out, err) = run(&[&["solve", "10", "--ascii"], &board[..]].concat());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "c variant superqueens", "{out}");
    assert!(lines[1].starts_with("c Q(10, superqueens, 2 blocked) solution 1"));
    assert!(
        lines[2].starts_with("# ") && lines[11].ends_with(" #"),
        "{out}"
    );
    let file = dir.path().join("solution.txt");
    std::fs::write(&file, &out).unwrap();
    // Every queen of the drawing given: the one solution is the one drawn.
    let (code, out, err) = run(&["count", "10", "--given-file", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Q(10, superqueens, 10 given, 2 blocked) = 1 "),
        "{out}"
    );
}

#[test]
fn solve_all_json_gives_every_column_vector() {
    for backend in ["sat", "backtrack"] {
        let (code, out, _) = run(&["solve", "6", "--all", "--json", "--backend", backend]);
        assert_eq!(code, 0);
        let mut cols: Vec<Vec<usize>> = out
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                serde_json::from_value(v["columns"].clone()).unwrap()
            })
            .collect();
        cols.sort();
        cols.dedup();
        assert_eq!(cols.len(), 4, "{backend}");
        assert!(cols.iter().all(|c| is_solution(c)));
    }
}

#[test]
fn solve_without_solutions_says_so_and_exits_1() {
    for n in ["2", "3"] {
        let (code, out, err) = run(&["solve", n]);
        assert_eq!(code, 1);
        assert!(out.is_empty());
        assert!(err.contains("has no solution"), "{err}");
    }
}

#[test]
fn ctrl_c_ends_solve_all_keeping_every_solution_printed() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args([
            "solve",
            "16",
            "--all",
            "--json",
            "--force",
            "--backend",
            "dpll",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..50 {
        let line = lines.next().expect("solutions stream as found").unwrap();
        assert!(line.contains("\"n\":16"), "{line}");
    }
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let mut rest: Vec<String> = lines.map(Result::unwrap).collect();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    // With --json the stream ends with the interruption's own line.
    let last: serde_json::Value = serde_json::from_str(&rest.pop().unwrap()).unwrap();
    assert_eq!(last["interrupted"], true, "{last}");
    assert!(rest.iter().all(|l| l.contains("\"n\":16")));
    let err = String::from_utf8_lossy(&out.stderr);
    let said = format!("interrupted after {} solutions", 50 + rest.len());
    assert!(err.contains(&said), "{err}");
    assert_eq!(
        last["message"].as_str().unwrap(),
        &err["nqueens: ".len()..err.len() - 1]
    );
}
