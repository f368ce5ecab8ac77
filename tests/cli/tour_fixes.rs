//! Regressions from a hostile user's tour: `verify --json` of a missing directory prints its
//! JSON line, Ctrl-C while `encode -o` or `verify` runs says so and leaves no file, the ILP
//! backend refuses numbers past 2^53 up front, an OPB export of a `<=` row with -2^63 reads
//! back, `count --opb --optimal --shard` is refused, and a count with trusted UNSAT answers
//! says so.

use crate::common;

use crate::common::run;
use std::process::{Command, Stdio};
use std::time::Duration;

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn verify_json_of_a_missing_directory_prints_its_failure_line_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-bundle");
    let missing = missing.to_str().unwrap();
    let (code, out, err) = run(&["verify", "--json", missing]);
    assert_eq!(code, 2, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON line");
    assert_eq!(v["certified"], false);
    assert_eq!(v["file"], missing);
    assert_eq!(v["line"], serde_json::Value::Null);
    assert!(
        v["error"].as_str().unwrap().contains("is not a directory"),
        "{v}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("is not a directory (a proof bundle)"), "{err}");
    // Without --json: the message alone, as before.
    let (code, out, _) = run(&["verify", missing]);
    assert_eq!((code, out.as_str()), (2, ""));
}

/// Runs `nqueens args` in `dir`, sends SIGINT after `after`, and returns how it ended.
fn interrupted(dir: &std::path::Path, args: &[&str], after: Duration) -> std::process::Output {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    assert!(
        child.try_wait().unwrap().is_none(),
        "finished before it could be interrupted"
    );
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_during_encode_says_so_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["encode", "2000", "-o", "big.cnf", "--force"];
    let out = interrupted(dir.path(), &args, Duration::from_millis(800));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("nqueens: interrupted"), "{err}");
    assert_eq!(common::names_in(dir.path()), Vec::<String>::new());
}

#[test]
fn ctrl_c_during_verify_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run(&[
        "count",
        "12",
        "--certify",
        dir.path().join("b").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let before = common::names_in(&dir.path().join("b"));
    let out = interrupted(dir.path(), &["verify", "b"], Duration::from_millis(200));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("nqueens: interrupted"), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(common::names_in(&dir.path().join("b")), before);
}

#[test]
fn the_ilp_backend_refuses_numbers_past_2_pow_53_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let opb = write(
        dir.path(),
        "big.opb",
        "* #variable= 2 #constraint= 1\nmin: +1 x1 +1 x2 ;\n+9007199254740993 x1 +1 x2 >= 1 ;\n",
    );
    let (code, out, err) = run(&["optimize", &opb, "--backend", "ilp"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("big.opb"), "{err}");
    assert!(err.contains("9007199254740993 passes 2^53"), "{err}");
    assert!(err.contains("default backend"), "{err}");
    // The default backend takes it exactly.
    let (code, out, err) = run(&["optimize", &opb]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("s OPTIMUM FOUND"), "{out}");
    // Counting and solving through it are refused too (a count could miss solutions).
    for command in [&["count", "opb"][..], &["solve", "opb"][..]] {
        let mut args = command.to_vec();
        args.extend([opb.as_str(), "--backend", "ilp"]);
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("9007199254740993 passes 2^53"), "{err}");
    }
    let (code, out, err) = run(&["count", "opb", &opb, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"count\":3"), "{out}");
}

/// The solution count of an OPB file, by `count --opb --json`.
fn count_opb(path: &str) -> serde_json::Value {
    let (code, out, err) = run(&["count", "opb", path, "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str::<serde_json::Value>(&out).unwrap()["count"].clone()
}

#[test]
fn an_opb_export_of_a_row_with_minus_2_pow_63_reads_back_with_the_same_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let rows = [
        "-9223372036854775808 x1 +1 x2 <= -9223372036854775808 ;",
        "-1 x1 -1 x2 <= -9223372036854775808 ;",
        "+1 x1 -1 x2 >= -9223372036854775808 ;",
        "-9223372036854775808 x1 -9223372036854775808 x2 <= -9223372036854775808 ;",
    ];
    for (i, row) in rows.iter().enumerate() {
        let text = format!("* #variable= 2 #constraint= 1\n{row}\n");
        let from = write(dir.path(), &format!("in{i}.opb"), &text);
        let to = dir.path().join(format!("out{i}.opb"));
        let to = to.to_str().unwrap();
        let (code, _, err) = run(&["encode", "opb", &from, "--format", "opb", "-o", to]);
        assert_eq!(code, 0, "{row}: {err}");
        // Our own reader takes what the writer wrote, with the same solutions, and writes
        // it again as it was.
        assert_eq!(count_opb(to), count_opb(&from), "{row}");
        let again = dir.path().join(format!("again{i}.opb"));
        let again = again.to_str().unwrap();
        let (code, _, err) = run(&["encode", "opb", to, "--format", "opb", "-o", again]);
        assert_eq!(code, 0, "{row}: {err}");
        let body = |p: &str| {
            let text = std::fs::read_to_string(p).unwrap();
            text.lines()
                .filter(|l| !l.starts_with('*'))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(body(again), body(to), "{row}");
    }
}

#[test]
fn optimal_with_shard_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let opb = write(
        dir.path(),
        "s.opb",
        "* #variable= 3 #constraint= 1\nmin: +1 x1 ;\n+1 x1 +1 x2 >= 1 ;\n",
    );
    let (code, out, err) = run(&["count", "opb", &opb, "--optimal", "--shard", "1/2"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("'--optimal' cannot be used with '--shard"),
        "{err}"
    );
    // Each alone still runs.
    let (code, _, err) = run(&["count", "opb", &opb, "--optimal"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["count", "opb", &opb, "--shard", "1/2"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_cnf_count_with_trusted_unsat_answers_says_so() {
    if common::require_tool("cadical").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cnf = write(dir.path(), "f.cnf", "p cnf 2 1\n1 2 0\n");
    let args = [
        "count",
        "cnf",
        &cnf,
        "--backend",
        "external",
        "--solver",
        "cadical",
        "--trust-unsat",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(its UNSATISFIABLE answers trusted, not checked)"),
        "{out}"
    );
    let mut json = args.to_vec();
    json.push("--json");
    let (code, out, err) = run(&json);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unsat_answers"], "trusted", "{v}");
    assert_eq!(v["count"], 3, "{v}");
}

#[test]
fn a_board_count_with_trusted_unsat_answers_says_so_and_a_confirmed_one_says_that() {
    if common::require_tool("cadical").is_none() {
        return;
    }
    let trusted = [
        "count",
        "6",
        "--backend",
        "external",
        "--solver",
        "cadical",
        "--trust-unsat",
    ];
    let (code, out, err) = run(&trusted);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(its UNSATISFIABLE answers trusted, not checked)"),
        "{out}"
    );
    let mut json = trusted.to_vec();
    json.push("--json");
    let (code, out, err) = run(&json);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unsat_answers"], "trusted", "{v}");
    assert_eq!(v["count"], 4, "{v}");
    let confirmed = &json[..json.len() - 2];
    let mut confirmed = confirmed.to_vec();
    confirmed.push("--json");
    let (code, out, err) = run(&confirmed);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unsat_answers"], "confirmed by varisat", "{v}");
    // Without an external solver the field is left out.
    let (code, out, err) = run(&["count", "6", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("unsat_answers").is_none(), "{v}");
}

#[test]
fn help_into_a_full_stdout_is_an_error_and_into_a_pipe_that_stops_is_not() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .arg("--help")
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("nqueens: error: cannot write to stdout"),
        "{err}"
    );
}

#[test]
fn breaking_a_subgroup_says_its_orbits_are_the_subgroups() {
    let dir = tempfile::tempdir().unwrap();
    // Two tautologies over six variables: every permutation and negation is a symmetry
    // (order 46080), more than break uses.
    let cnf = write(dir.path(), "t6.cnf", "p cnf 6 2\n1 -1 -1 0\n-6 6 6 0\n");
    let out = dir.path().join("b.cnf");
    let (code, _, err) = run(&["break", &cnf, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("one model per orbit of this subgroup"),
        "{err}"
    );
    assert!(err.contains("a group of order 46080"), "{err}");
}
