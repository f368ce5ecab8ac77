//! `nqueens encode --from FILE.opb`: pseudo-Boolean files written for other solvers. The CNF
//! of every PB encoding is counted by Ganak (projected, independent of us) and by `count
//! --cnf`, against brute force over the file's constraints; the LP export with its objective
//! is solved by glpsol to the brute-force optimum; flags that describe a board are refused.

use crate::common::opb::random_opb;
use crate::common::{ganak_count, require_tool, run};
use std::process::Command;

#[test]
fn every_pb_encoding_keeps_the_projected_count_for_ganak_and_for_us() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..4u64 {
        let (text, expected) = random_opb(seed, 9, 2 + seed as usize % 3);
        let opb = dir.path().join(format!("r{seed}.opb"));
        std::fs::write(&opb, &text).unwrap();
        for pb in ["bdd", "gte", "swc", "adder"] {
            let cnf = dir.path().join(format!("r{seed}-{pb}.cnf"));
            let (code, _, err) = run(&[
                "encode",
                "opb",
                opb.to_str().unwrap(),
                "--pb",
                pb,
                "-o",
                cnf.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{err}");
            assert!(err.contains("has an objective"), "{err}");
            let (code, out, err) = run(&["count", "cnf", cnf.to_str().unwrap(), "--quiet"]);
            assert_eq!(code, 0, "{err}");
            assert!(
                out.contains(&format!(": {expected} models")),
                "seed {seed}, {pb}: {out}, want {expected}\n{text}"
            );
            if let Some(ganak) = ganak_count(&cnf) {
                assert_eq!(
                    ganak,
                    expected.to_string(),
                    "Ganak, seed {seed}, {pb}\n{text}"
                );
            }
        }
    }
}

/// A knapsack with its objective, and its optimum by brute force.
fn knapsack() -> (String, i64) {
    let weights = [3, 4, 5, 8, 9, 11];
    let values = [4, 5, 7, 10, 12, 15];
    let capacity = 20;
    let mut text = format!("* #variable= {} #constraint= 1\nmin:", weights.len());
    for (i, v) in values.iter().enumerate() {
        text += &format!(" -{v} x{}", i + 1);
    }
    text += " ;\n";
    for (i, w) in weights.iter().enumerate() {
        text += &format!("+{w} x{} ", i + 1);
    }
    text += &format!("<= {capacity} ;\n");
    let best = (0..1u32 << weights.len())
        .filter(|s| {
            (0..6)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| weights[i])
                .sum::<i64>()
                <= capacity
        })
        .map(|s| {
            -(0..6)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| values[i])
                .sum::<i64>()
        })
        .min()
        .unwrap();
    (text, best)
}

#[test]
fn the_lp_export_keeps_the_objective_and_glpsol_reaches_the_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let (text, best) = knapsack();
    let opb = dir.path().join("k.opb");
    std::fs::write(&opb, &text).unwrap();
    let lp = dir.path().join("k.lp");
    let (code, _, err) = run(&[
        "encode",
        "opb",
        opb.to_str().unwrap(),
        "--format",
        "lp",
        "-o",
        lp.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "an LP file keeps the objective: {err}");
    let Some(glpsol) = require_tool("glpsol") else {
        return;
    };
    let answer = dir.path().join("k.out");
    let status = Command::new(glpsol)
        .arg("--lp")
        .arg(&lp)
        .arg("-o")
        .arg(&answer)
        .output()
        .unwrap()
        .status;
    assert!(status.success());
    let out = std::fs::read_to_string(&answer).unwrap();
    let objective = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("Objective:"))
        .and_then(|l| l.split('=').nth(1))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse::<i64>().ok());
    assert_eq!(objective, Some(best), "{out}");
}

#[test]
fn board_flags_icnf_and_a_missing_file_are_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = knapsack();
    let opb = dir.path().join("k.opb");
    std::fs::write(&opb, &text).unwrap();
    let opb = opb.to_str().unwrap();
    for (args, says) in [
        (vec!["--variant", "domination"], "unexpected argument"),
        (vec!["8"], "unexpected argument"),
        (vec!["--given", "0:0"], "unexpected argument"),
        (
            vec!["--format", "icnf"],
            "--format icnf does not apply to encode opb",
        ),
        (
            vec!["--format", "lp", "--amo", "ladder"],
            "--amo does nothing with --format lp",
        ),
        (
            vec!["--format", "opb", "--pb", "adder"],
            "--pb does nothing with --format opb",
        ),
        (vec!["--format", "mps", "--ind"], "--ind does nothing"),
        (
            vec!["--format", "lp", "--break-symmetry"],
            "--break-symmetry does nothing",
        ),
        (vec!["--force"], "unexpected argument '--force'"),
        (vec!["-o", opb], "is the input"),
    ] {
        let mut line = vec!["encode", "opb", opb];
        line.extend(&args);
        let (code, out, err) = run(&line);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (code, _, err) = run(&["encode", "opb", "/nonexistent/k.opb"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read '/nonexistent/k.opb'"), "{err}");
    let broken = dir.path().join("b.opb");
    std::fs::write(
        &broken,
        "* #variable= 2 #constraint= 1\n+1 x1 +1 x3 >= 1 ;\n",
    )
    .unwrap();
    let (code, _, err) = run(&["encode", "opb", broken.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("b.opb"), "{err}");
}

/// The regression of a tour: coefficients past 2^53 were written to LP and MPS, and GLPK,
/// CBC and SCIP, reading doubles, reported -2 for a file whose optimum is -1. Such a file is
/// refused; OPB keeps the integers exact.
#[test]
fn lp_and_mps_files_with_numbers_past_2_to_the_53_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let opb = dir.path().join("q53.opb");
    std::fs::write(
        &opb,
        "* #variable= 2 #constraint= 1\nmin: -1 x1 -1 x2 ;\n+9007199254740992 x1 -9007199254740993 x2 >= 0 ;\n",
    )
    .unwrap();
    let opb = opb.to_str().unwrap();
    for line in [
        vec!["encode", "opb", opb, "--format", "lp"],
        vec!["encode", "opb", opb, "--format", "mps"],
        vec!["optimize", opb, "--export", "lp"],
        vec!["optimize", opb, "--export", "mps"],
    ] {
        let (code, out, err) = run(&line);
        assert_eq!(code, 2, "{line:?}: {err}");
        assert!(out.is_empty(), "{line:?}");
        assert!(err.contains("passes 2^53"), "{err}");
    }
    let (code, out, err) = run(&["encode", "opb", opb, "--format", "opb"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("+9007199254740992 x1 -9007199254740993 x2 >= 0 ;"),
        "{out}"
    );
}
