//! Exported LP, MPS and OPB files read and solved by real programs from Debian: GLPK's
//! `glpsol`, COIN-OR `cbc`, and Sat4j's pseudo-Boolean solver. Their answers go back through
//! `nqueens decode`, which re-checks every row exactly and the board with the queens checker.

use crate::common::{nqueens, require_tool, run};
use std::path::{Path, PathBuf};
use std::process::Command;

const SAT4J_JAR: &str = "/usr/share/java/org.sat4j.pb.jar";

/// `java -jar` on Debian's Sat4j PB jar (the `sat4j` launcher needs binfmt support).
fn sat4j() -> Option<Command> {
    let java = require_tool("java")?;
    if !Path::new(SAT4J_JAR).is_file() {
        if std::env::var_os("CI").is_some() {
            panic!("{SAT4J_JAR} is required in CI but is not installed (see .ci/run)");
        }
        eprintln!("SKIPPED: {SAT4J_JAR} is not installed; this test did not run");
        return None;
    }
    let mut c = Command::new(java);
    c.args(["-jar", SAT4J_JAR]);
    Some(c)
}

fn export(dir: &Path, n: usize, format: &str, model: &[&str]) -> PathBuf {
    let path = dir.join(format!("q{n}-{}.{format}", model.join("-")));
    nqueens()
        .args(["encode", &n.to_string(), "--format", format])
        .args(model)
        .arg("-o")
        .arg(&path)
        .assert()
        .success();
    path
}

/// Runs a reader/solver on `file`; returns the path of its answer, or `None` when skipped.
fn solve(program: &str, file: &Path, dir: &Path) -> Option<PathBuf> {
    let answer = dir.join(format!(
        "{}.{program}.out",
        file.file_name().unwrap().to_string_lossy()
    ));
    let status = match program {
        "glpsol" => {
            let flag = match file.extension().unwrap().to_str().unwrap() {
                "lp" => "--lp",
                _ => "--freemps",
            };
            Command::new(require_tool("glpsol")?)
                .arg(flag)
                .arg(file)
                .arg("-o")
                .arg(&answer)
                .output()
                .unwrap()
                .status
        }
        "cbc" => {
            Command::new(require_tool("cbc")?)
                .arg(file)
                .args(["solve", "solu"])
                .arg(&answer)
                .output()
                .unwrap()
                .status
        }
        "sat4j" => {
            let out = sat4j()?.arg(file).output().unwrap();
            std::fs::write(&answer, &out.stdout).unwrap();
            // Competition exit codes: 10 satisfiable, 20 unsatisfiable.
            assert!(
                matches!(out.status.code(), Some(10 | 20)),
                "sat4j: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            return Some(answer);
        }
        other => panic!("unknown program {other}"),
    };
    assert!(status.success(), "{program} failed on {}", file.display());
    Some(answer)
}

/// Decodes an answer and checks the board independently of `nqueens`.
fn decode_board(n: usize, answer: &Path, model: &[&str]) {
    let mut args = vec!["decode".to_string(), n.to_string()];
    args.push(answer.to_string_lossy().into_owned());
    args.extend(model.iter().map(|s| s.to_string()));
    args.push("--json".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{}: {err}", answer.display());
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let columns: Vec<usize> = json["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(columns.len(), n);
    assert_eq!(nqueens_queens::first_attack(&columns), None, "{columns:?}");
    let mut sorted = columns.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "one queen per column");
}

const MODELS: [&[&str]; 3] = [
    &[],
    &["--formulation", "column"],
    &["--formulation", "column", "--domain", "log"],
];

#[test]
fn lp_and_mps_exports_are_solved_by_glpsol_and_cbc() {
    let dir = tempfile::tempdir().unwrap();
    for n in [6, 8] {
        for model in MODELS {
            for format in ["lp", "mps"] {
                let file = export(dir.path(), n, format, model);
                for program in ["glpsol", "cbc"] {
                    if let Some(answer) = solve(program, &file, dir.path()) {
                        decode_board(n, &answer, model);
                    }
                }
            }
        }
    }
}

#[test]
fn opb_exports_are_solved_by_sat4j() {
    let dir = tempfile::tempdir().unwrap();
    for n in [6, 8] {
        for model in MODELS {
            let file = export(dir.path(), n, "opb", model);
            if let Some(answer) = solve("sat4j", &file, dir.path()) {
                decode_board(n, &answer, model);
            }
        }
    }
}

#[test]
fn three_queens_come_back_infeasible_from_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    for (format, program) in [
        ("lp", "glpsol"),
        ("mps", "glpsol"),
        ("lp", "cbc"),
        ("mps", "cbc"),
        ("opb", "sat4j"),
    ] {
        let file = export(dir.path(), 3, format, &[]);
        let Some(answer) = solve(program, &file, dir.path()) else {
            continue;
        };
        let (code, _, err) = run(&["decode", "3", answer.to_str().unwrap()]);
        assert_eq!(code, 1, "{program} on {format}: {err}");
        assert!(err.contains("Q(3) has no solution"), "{err}");
    }
}

#[test]
fn a_fractional_or_foreign_answer_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = export(dir.path(), 6, "lp", &[]);
    let Some(answer) = solve("glpsol", &file, dir.path()) else {
        return;
    };
    let text = std::fs::read_to_string(&answer).unwrap();
    // Make one queen half present: the answer is no longer integral.
    let line = text
        .lines()
        .find(|l| l.contains(" x_0_") && l.split_whitespace().nth(3) == Some("1"))
        .unwrap();
    let bad = text.replacen(line, &line.replacen(" 1 ", " 0.5 ", 1), 1);
    let bad_path = dir.path().join("half.out");
    std::fs::write(&bad_path, bad).unwrap();
    let (code, _, err) = run(&["decode", "6", bad_path.to_str().unwrap()]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("= 0.5 is not an integer"), "{err}");
    // The same answer read as an answer for another board names the stray variable.
    let (code, _, err) = run(&["decode", "5", answer.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(": unknown variable 'x_0_5'"), "{err}");
}

/// A CBC answer listing a queen square twice, `0` and then `1`, is refused (exit 2, naming
/// both lines) rather than read with its last value; so is an OPB answer with both
/// polarities of one variable.
#[test]
fn regression_a_variable_given_two_values_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = export(dir.path(), 6, "lp", &[]);
    if let Some(answer) = solve("cbc", &file, dir.path()) {
        let text = std::fs::read_to_string(&answer).unwrap();
        let (at, line) = text
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(" x_"))
            .unwrap();
        let zero: Vec<&str> = line.split_whitespace().collect();
        let twice = text.replacen(line, &format!("{} {} 0 0\n{line}", zero[0], zero[1]), 1);
        let path = dir.path().join("twice.out");
        std::fs::write(&path, twice).unwrap();
        let (code, _, err) = run(&["decode", "6", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        let expected = format!(
            "line {}: variable '{}' is given a second value (the first is on line {})",
            at + 2,
            zero[1],
            at + 1
        );
        assert!(err.contains(&expected), "{err}");
    }
    let file = export(dir.path(), 6, "opb", &[]);
    if let Some(answer) = solve("sat4j", &file, dir.path()) {
        let text = std::fs::read_to_string(&answer).unwrap();
        let both = text.replacen("\nv ", "\nv -x1 x1 ", 1);
        let path = dir.path().join("both.out");
        std::fs::write(&path, both).unwrap();
        let (code, _, err) = run(&["decode", "6", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("x1 is given both values"), "{err}");
    }
}
