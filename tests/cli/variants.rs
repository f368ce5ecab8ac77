//! Toroidal queens, superqueens, given queens and blocked squares, end to end: every backend
//! counts each variant's OEIS value (or, with squares, the oracle's count), real solvers
//! (cadical, minisat, clasp, glpsol, cbc) read the exports and their answers decode to boards
//! that keep the rules, and bad boards are refused with exit 2.

use crate::common::{json_of, nqueens, require_tool, run};
use nqueens_queens::{parse_board_file, Rules, Variant};
use std::path::Path;
use std::process::Command;

fn json_count(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--json", "-q"]);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn every_backend_counts_each_variants_oeis_value() {
    let cases: [(&str, &str, u64); 4] = [
        ("toroidal", "7", 28),
        ("toroidal", "11", 88),
        ("superqueens", "10", 4),
        ("superqueens", "11", 44),
    ];
    let mut backends: Vec<Vec<&str>> = vec![
        vec!["--backend", "dpll"],
        vec!["--backend", "sat"],
        vec!["--backend", "backtrack"],
        vec![
            "--backend",
            "sat",
            "--formulation",
            "column",
            "--domain",
            "order",
        ],
        vec![
            "--backend",
            "dpll",
            "--symmetry",
            "none",
            "--amo",
            "sequential",
        ],
    ];
    if require_tool("cadical").is_some() {
        backends.push(vec!["--backend", "external", "--solver", "cadical -q"]);
    }
    for (variant, n, expected) in cases {
        for backend in &backends {
            let mut args = vec!["count", n, "--variant", variant];
            args.extend(backend);
            let v = json_count(&args);
            assert_eq!(v["count"], expected, "{args:?}");
            assert_eq!(v["matches"], true, "{args:?}");
        }
    }
    // The ILP backend on a board small enough for microlp.
    let v = json_count(&["count", "7", "--variant", "toroidal", "--backend", "ilp"]);
    assert_eq!(
        (v["count"].as_u64(), v["expected_from"].as_str()),
        (Some(28), Some("A051906"))
    );
}

#[test]
fn the_torus_counts_with_its_translations_and_superqueens_with_d4() {
    let v = json_count(&["count", "13", "--variant", "toroidal"]);
    assert_eq!(
        (v["count"].as_u64(), v["symmetry"].as_str()),
        (Some(4524), Some("shift"))
    );
    // Only the first-row queen in column 0 is searched: 1/13 of the solutions.
    assert_eq!(v["solutions_checked"], 4524 / 13);
    let v = json_count(&["count", "12", "--variant", "superqueens"]);
    assert_eq!(
        (v["count"].as_u64(), v["fundamental"].as_u64()),
        (Some(156), Some(22))
    );
    let (code, _, err) = run(&[
        "count",
        "12",
        "--variant",
        "superqueens",
        "--symmetry",
        "shift",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--symmetry shift needs --variant toroidal"),
        "{err}"
    );
}

/// A generated completion instance, its board file and its rules.
fn instance(
    dir: &Path,
    n: usize,
    given: usize,
    blocked: usize,
    seed: u64,
) -> (std::path::PathBuf, Rules) {
    let path = dir.join(format!("c{n}-{given}-{blocked}-{seed}.txt"));
    nqueens()
        .args([
            "generate",
            "completion",
            &n.to_string(),
            "--given",
            &given.to_string(),
        ])
        .args([
            "--blocked",
            &blocked.to_string(),
            "--seed",
            &seed.to_string(),
            "-o",
        ])
        .arg(&path)
        .assert()
        .success();
    let file = parse_board_file(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(file.drawn_n, Some(n));
    (path, Rules::new(Variant::Classic, file.given, file.blocked))
}

/// The solutions of a board under `rules`, counted apart from every counter under test (the
/// bitboard oracle included): the classic solutions, filtered by the rules' definitions.
fn brute_force(n: usize, rules: &Rules) -> u64 {
    let mut count = 0;
    nqueens_queens::for_each_solution(n, |cols| {
        count += u64::from(nqueens_queens::first_violation(rules, cols).is_none());
        true
    });
    count
}

#[test]
fn completion_counts_agree_with_the_oracle_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let mut nonzero = 0;
    for seed in 1..=6 {
        let (path, rules) = instance(dir.path(), 9, 2, 3, seed);
        let expected = brute_force(9, &rules);
        nonzero += usize::from(expected > 0);
        let file = path.to_str().unwrap();
        for backend in ["dpll", "sat", "backtrack", "ilp"] {
            let v = json_count(&["count", "9", "--given-file", file, "--backend", backend]);
            assert_eq!(v["count"], expected, "seed {seed} {backend}");
            if backend != "backtrack" {
                assert_eq!(v["expected_from"], "oracle");
                assert_eq!(v["matches"], true);
            }
        }
    }
    assert!(nonzero >= 2, "the instances should not all be unsolvable");
}

#[test]
fn solve_places_the_given_queens_and_avoids_the_blocked_squares() {
    let (code, out, err) = run(&[
        "solve",
        "12",
        "--given",
        "0:5,3:0",
        "--blocked",
        "1:1,1:2",
        "--limit",
        "5",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let rules = Rules::new(
        Variant::Classic,
        nqueens_queens::parse_squares("0:5,3:0").unwrap(),
        nqueens_queens::parse_squares("1:1,1:2").unwrap(),
    );
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let cols: Vec<usize> = serde_json::from_value(v["columns"].clone()).unwrap();
        assert_eq!(
            nqueens_queens::first_violation(&rules, &cols),
            None,
            "{cols:?}"
        );
    }
    assert_eq!(out.lines().count(), 5);
    // No completion: exit 1 and the oracle's word.
    let (code, _, err) = run(&["solve", "6", "--given", "0:0"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("has no solution (the bitboard oracle finds none)"),
        "{err}"
    );
}

/// Runs a DIMACS solver; returns its answer file, or `None` when skipped.
fn dimacs_solve(solver: &str, cnf: &Path, dir: &Path) -> Option<std::path::PathBuf> {
    let exe = require_tool(solver)?;
    let answer = dir.join(format!("{solver}.out"));
    match solver {
        "minisat" => {
            Command::new(exe)
                .arg("-verb=0")
                .arg(cnf)
                .arg(&answer)
                .output()
                .unwrap();
        }
        _ => {
            let out = Command::new(exe).arg("-q").arg(cnf).output().unwrap();
            std::fs::write(&answer, out.stdout).unwrap();
        }
    }
    Some(answer)
}

#[test]
fn real_solvers_solve_the_exports_and_their_answers_decode_within_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let boards: [&[&str]; 3] = [
        &["--variant", "toroidal"],
        &["--variant", "superqueens"],
        &["--given", "0:3,4:9", "--blocked", "2:2,7:7"],
    ];
    for model in boards {
        let n = if model[1] == "toroidal" { "13" } else { "12" };
        for format in ["dimacs", "lp"] {
            let file = dir.path().join(format!("f.{format}"));
            nqueens()
                .args(["encode", n, "--format", format])
                .args(model)
                .arg("-o")
                .arg(&file)
                .assert()
                .success();
            let answers: Vec<_> = match format {
                "dimacs" => ["cadical", "minisat"]
                    .iter()
                    .filter_map(|s| dimacs_solve(s, &file, dir.path()))
                    .collect(),
                _ => {
                    let mut v = Vec::new();
                    if let Some(glpsol) = require_tool("glpsol") {
                        let a = dir.path().join("glpsol.out");
                        Command::new(glpsol)
                            .arg("--lp")
                            .arg(&file)
                            .arg("-o")
                            .arg(&a)
                            .output()
                            .unwrap();
                        v.push(a);
                    }
                    if let Some(cbc) = require_tool("cbc") {
                        let a = dir.path().join("cbc.out");
                        Command::new(cbc)
                            .arg(&file)
                            .args(["solve", "solu"])
                            .arg(&a)
                            .output()
                            .unwrap();
                        v.push(a);
                    }
                    v
                }
            };
            for answer in answers {
                let mut args = vec!["decode", n, answer.to_str().unwrap(), "--json"];
                args.extend(model);
                let (code, out, err) = run(&args);
                assert_eq!(code, 0, "{model:?} {format} {}: {err}", answer.display());
                let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
                let cols: Vec<usize> = serde_json::from_value(v["columns"].clone()).unwrap();
                assert_eq!(cols.len(), n.parse::<usize>().unwrap());
            }
        }
    }
}

#[test]
fn clasp_counts_the_variant_exports_as_oeis_and_the_oracle_do() {
    let Some(clasp) = require_tool("clasp") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str, u64); 3] = [
        (&["--variant", "toroidal"], "11", 88),
        (&["--variant", "superqueens"], "11", 44),
        (&["--given", "0:1", "--blocked", "5:5,6:6"], "9", {
            let rules = Rules::new(
                Variant::Classic,
                nqueens_queens::parse_squares("0:1").unwrap(),
                nqueens_queens::parse_squares("5:5,6:6").unwrap(),
            );
            brute_force(9, &rules)
        }),
    ];
    for (model, n, expected) in cases {
        let file = dir.path().join("f.cnf");
        nqueens()
            .args(["encode", n])
            .args(model)
            .arg("-o")
            .arg(&file)
            .assert()
            .success();
        let out = Command::new(&clasp)
            .args(["-n", "0", "-q"])
            .arg(&file)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let models: u64 = text
            .lines()
            .find(|l| l.contains("Models"))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|m| m.trim_end_matches('+').parse().ok())
            .unwrap_or_else(|| panic!("clasp printed no model count: {text}"));
        assert_eq!(models, expected, "{model:?}");
    }
}

#[test]
fn generated_instances_are_a_function_of_the_seed() {
    let generate = |seed: &str, format: &str| {
        let line =
            format!("generate completion 20 --given 6 --blocked 4 --seed {seed} --format {format}");
        run(&line.split(' ').collect::<Vec<_>>())
    };
    let (one, two, other) = (
        generate("42", "board"),
        generate("42", "board"),
        generate("43", "board"),
    );
    assert_eq!(one.0, 0);
    assert_eq!(one.1, two.1);
    assert_ne!(one.1, other.1);
    let file = parse_board_file(&one.1).unwrap();
    assert_eq!(
        (file.given.len(), file.blocked.len(), file.drawn_n),
        (6, 4, Some(20))
    );
    let rules = Rules::new(Variant::Classic, file.given, file.blocked);
    assert_eq!(rules.check(20), Ok(()));
    // The same instance as an export: its comments carry the squares.
    let (code, cnf, _) = generate("42", "dimacs");
    assert_eq!(code, 0);
    let squares: Vec<String> = rules.given.iter().map(|s| s.to_string()).collect();
    assert!(
        cnf.contains(&format!(
            "c given queens (row:col, 0-based) = {}",
            squares.join(",")
        )),
        "{cnf}"
    );
}

#[test]
fn bad_boards_are_refused_with_exit_2_and_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad_list = dir.path().join("bad.txt");
    std::fs::write(&bad_list, "0 1\n1 one\n").unwrap();
    let drawn5 = dir.path().join("five.txt");
    std::fs::write(
        &drawn5,
        "Q . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n",
    )
    .unwrap();
    let list = bad_list.display().to_string();
    let five = drawn5.display().to_string();
    let missing = dir.path().join("missing").display().to_string();
    let torus_file = dir.path().join("torus.txt");
    std::fs::write(&torus_file, "c variant toroidal\n0 0\n").unwrap();
    let torus = torus_file.display().to_string();
    let cnf = dir.path().join("q.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    let cnf = cnf.display().to_string();
    let cases: [(&str, &str); 23] = [
        (
            "count 8 --given-file TORUS --given 0:0",
            "square 0:0 is in --given and in --given-file",
        ),
        ("count cnf CNF --given 0:0", "unexpected argument '--given'"),
        (
            "count cnf CNF --variant toroidal",
            "unexpected argument '--variant'",
        ),
        (
            "count cnf CNF --symmetry shift",
            "possible values: auto, none",
        ),
        ("count 8 --given 0:1,0:1", "square 0:1 is listed twice"),
        ("count 8 --given 0:1,", "an empty item"),
        (
            "count 8 --given 99999999999999999999:1",
            "is too large for a row or column",
        ),
        (
            "count 8 --given-file TORUS --variant superqueens",
            "is for --variant toroidal, but --variant superqueens",
        ),
        (
            "count 8 --given 0:0,1:1",
            "the given queens on 0:0 and 1:1 attack each other",
        ),
        (
            "count 8 --given 0:0,1:2 --variant superqueens",
            "attack each other (superqueens rules)",
        ),
        (
            "solve 8 --given 8:0",
            "given square 8:0 is outside the 8x8 board",
        ),
        (
            "encode 8 --blocked 3:3 --given 3:3",
            "the given queen on 3:3 stands on a blocked square",
        ),
        ("count 8 --given 0;1", "expected ROW:COL, found '0;1'"),
        (
            "count 8 --variant knight",
            "invalid value 'knight' for '--variant",
        ),
        (
            "count 8..10 --given 0:1",
            "take a single board size, not a range",
        ),
        (
            "count 8 --given 2:3 --symmetry d4",
            "--symmetry d4 is not exact here",
        ),
        (
            "count 8 --symmetry shift",
            "--symmetry shift needs --variant toroidal",
        ),
        (
            "generate completion 8 --given 9",
            "holds at most 8 queens at peace",
        ),
        (
            "generate completion 3 --given 3",
            "could not place 3 queens at peace (classic rules)",
        ),
        (
            "generate completion 4 --blocked 17",
            "only 16 squares without a given queen",
        ),
        (
            "count 8 --given-file LIST",
            "line 2: expected `ROW COL` (two 0-based numbers), found '1 one'",
        ),
        (
            "solve 6 --given-file FIVE",
            "draws a 5x5 board, but the board size is 6",
        ),
        ("count 6 --given-file MISSING", "cannot read --given-file"),
    ];
    for (line, message) in cases {
        let args: Vec<&str> = line
            .split(' ')
            .map(|a| match a {
                "LIST" => list.as_str(),
                "FIVE" => five.as_str(),
                "MISSING" => missing.as_str(),
                "TORUS" => torus.as_str(),
                "CNF" => cnf.as_str(),
                a => a,
            })
            .collect();
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_given_file_is_read_once_from_a_pipe_and_keeps_its_variant() {
    let board = run(&[
        "generate",
        "completion",
        "11",
        "--given",
        "2",
        "--seed",
        "4",
        "--variant",
        "toroidal",
    ])
    .1;
    assert!(board.starts_with("c variant toroidal\n"), "{board}");
    let v = json_of(
        nqueens()
            .args(["count", "11", "--given-file", "-", "--json", "-q"])
            .write_stdin(board)
            .output()
            .unwrap(),
    );
    assert_eq!(v["rules"]["variant"], "toroidal");
    assert_eq!(v["expected_from"], "oracle");
    assert_eq!(v["matches"], true);
}

/// A torus with no solution is answered from what is known (OEIS A051906, and Pólya's
/// theorem past its table) instead of by a search that would have to exhaust it.
#[test]
fn a_torus_without_solutions_is_answered_from_what_is_known() {
    let (code, out, err) = run(&["solve", "20", "--variant", "toroidal"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("has no solution (OEIS A051906 lists 0)"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "60", "--variant", "toroidal", "--all"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("Pólya: solutions exist exactly when gcd(n, 6) = 1"),
        "{err}"
    );
}
