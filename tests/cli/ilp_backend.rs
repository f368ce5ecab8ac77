//! `--backend ilp`: counts and solutions through good_lp + microlp, every one checked.

use crate::common::{nqueens, run};
use std::collections::BTreeSet;
use std::time::Duration;

#[test]
fn ilp_backend_counts_eight_queens_as_oeis_says() {
    let (code, out, err) = run(&["count", "8", "--backend", "ilp"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Q(8) = 92 "), "{out}");
    assert!(out.contains("OEIS A000170: 92 ok"), "{out}");
    assert!(out.contains("microlp"), "{out}");
}

#[test]
fn ilp_backend_counts_every_formulation_and_cube_depth() {
    for model in [
        &["--formulation", "board"][..],
        &["--formulation", "column"],
        &["--formulation", "column", "--domain", "order"],
        &["--formulation", "column", "--domain", "log"],
    ] {
        for depth in ["0", "2"] {
            let mut args = vec!["count", "1..=6", "--backend", "ilp", "--symmetry", "none"];
            args.extend(["--cube-depth", depth]);
            args.extend(model);
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {out}{err}");
            assert_eq!(out.matches(" ok ").count(), 6, "{args:?}: {out}");
        }
    }
}

#[test]
fn ilp_backend_reports_its_counters_in_json() {
    let (code, out, err) = run(&["count", "9", "--backend", "ilp", "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(r["count"], 352);
    assert_eq!(r["backend"], "microlp");
    // Every solution found (about half, under the mirror) is followed by one cut.
    assert_eq!(r["backend_stats"]["cuts"], r["solutions_checked"]);
    assert!(r["solutions_checked"].as_u64().unwrap() < 352);
    assert!(r["backend_stats"]["solves"].as_u64().unwrap() > 0);
    assert_eq!(r["cube_depth"], 4, "half the board by default");
}

#[test]
fn ilp_backend_solves_and_proves_three_queens_impossible() {
    let (code, out, err) = run(&["solve", "10", "--backend", "ilp", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"columns\""), "{out}");
    let (code, _, err) = run(&["solve", "3", "--backend", "ilp"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn a_closed_pipe_on_stdout_ends_an_export_quietly() {
    for format in ["dimacs", "lp"] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(["encode", "300", "--format", format])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{format}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{format}");
    }
}

#[test]
fn ilp_backend_counts_any_dimacs_file_projected_on_its_shown_variables() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q6-seq.cnf");
    let path = path.to_str().unwrap();
    // The sequential counter adds auxiliaries: only the 36 shown squares may be blocked.
    let (code, _, err) = run(&["encode", "6", "--amo", "sequential", "-o", path]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["count", "cnf", path, "--backend", "ilp"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 4 models (projected onto 36 of "), "{out}");
}

/// The regression of issue 30's class: `solve N --all --backend ilp` re-solved one problem
/// with a no-good cut per solution (n = 8 took 6 s; n = 10 had 557 of its 724 after 300 s).
/// It lists cube by cube now, as `solve --opb` does, well within the generous timeout.
#[test]
fn regression_solve_all_through_ilp_lists_every_board_cube_by_cube() {
    let out = nqueens()
        .args(["solve", "10", "--all", "--backend", "ilp", "--json"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let boards: BTreeSet<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["columns"].to_string()
        })
        .collect();
    assert_eq!((boards.len(), text.lines().count()), (724, 724));
}
