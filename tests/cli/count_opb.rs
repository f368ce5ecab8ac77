//! `nqueens count --opb FILE`: pseudo-Boolean files counted through every PB encoding and
//! backend, each count checked against brute force over every assignment; bad files and
//! flags that cannot act refused with exit 2.

use crate::common;
use crate::common::opb::random_opb;
use crate::common::{json_of, nqueens, run};

#[test]
fn opb_counts_equal_brute_force_through_every_encoding_and_backend() {
    let dir = tempfile::tempdir().unwrap();
    let mut counts = Vec::new();
    for seed in 0..10 {
        let (text, expected) = random_opb(seed, 10, 2 + seed as usize % 3);
        counts.push(expected);
        let file = dir.path().join(format!("r{seed}.opb"));
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap();
        let runs: [&[&str]; 6] = [
            &[],
            &["--pb", "gte"],
            &["--pb", "swc"],
            &["--pb", "adder", "--threads", "1"],
            &["--backend", "sat"],
            &["--backend", "ilp"],
        ];
        for extra in runs {
            let mut args = vec!["count", "opb", f, "--json", "-q"];
            args.extend(extra);
            let report = json_of(nqueens().args(&args).output().unwrap());
            assert_eq!(report["count"], expected, "seed {seed} {extra:?}\n{text}");
            assert_eq!(report["objective"], true);
        }
    }
    // The instances are not all trivial.
    assert!(
        counts.iter().filter(|&&c| c > 0 && c < 1024).count() >= 4,
        "{counts:?}"
    );
}

#[test]
fn bad_opb_files_and_flags_that_cannot_act_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ok = dir.path().join("ok.opb");
    std::fs::write(&ok, "* #variable= 2 #constraint= 1\n+2 x1 +3 x2 >= 2 ;\n").unwrap();
    let bad = dir.path().join("bad.opb");
    std::fs::write(&bad, "* #variable= 2 #constraint= 1\n+2 x1 x2 >= 2 ;\n").unwrap();
    let (ok, bad) = (ok.to_str().unwrap(), bad.to_str().unwrap());
    let cases: &[(&[&str], &str)] = &[
        (
            &["count", "opb", bad],
            "line 2, column 7: product terms are not supported",
        ),
        (
            &["count", "opb", ok, "--symmetry", "auto"],
            "unexpected argument \'--symmetry\'",
        ),
        (
            &["count", "opb", ok, "--certify", "d"],
            "unexpected argument \'--certify\'",
        ),
        (
            &["count", "opb", ok, "--queens", "3"],
            "unexpected argument \'--queens\'",
        ),
        (
            &["count", "opb", ok, "--optimal", "--queens", "3"],
            "unexpected argument \'--queens\'",
        ),
        (
            &["count", "opb", ok, "--backend", "ilp", "--pb", "gte"],
            "--pb does nothing with --backend ilp",
        ),
        (
            &["count", "opb", ok, "--pb", "zdd"],
            "invalid value 'zdd' for '--pb",
        ),
        (
            &["count", "opb", ok, "--cnf", ok],
            "unexpected argument '--cnf'",
        ),
        (&["count", "8", "--pb", "bdd"], "board models have none"),
    ];
    for (args, message) in cases {
        let (code, out, err) = run(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let (code, out, err) = run(&["count", "opb", ok]);
    assert_eq!(code, 0, "{err}");
    // x1 + x2 both, or x2 alone: 2x1 + 3x2 >= 2.
    assert!(
        out.starts_with(&format!("{ok}: 3 solutions over 2 variables")),
        "{out}"
    );
}

/// Extreme coefficients never panic: i64::MIN counts through the CNF encodings (-2^63 x1 >=
/// -1 holds only with x1 false: 4 solutions over 3 variables), and a row whose sum passes
/// 2^63 is refused by the 64-bit ILP lowering (exit 2) and counted by the CNF ones (7).
#[test]
fn regression_extreme_coefficients_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let min = dir.path().join("min.opb");
    std::fs::write(
        &min,
        "* #variable= 3 #constraint= 1\n-9223372036854775808 x1 >= -1 ;\n",
    )
    .unwrap();
    let report = json_of(
        nqueens()
            .args(["count", "opb", min.to_str().unwrap(), "--json", "-q"])
            .output()
            .unwrap(),
    );
    assert_eq!(report["count"], 4);
    let max = dir.path().join("max.opb");
    let big = "+9223372036854775807";
    std::fs::write(
        &max,
        format!(
            "* #variable= 3 #constraint= 1\n{big} x1 {big} x2 {big} x3 >= 9223372036854775807 ;\n"
        ),
    )
    .unwrap();
    let m = max.to_str().unwrap();
    let (code, _, err) = run(&["count", "opb", m, "--backend", "ilp"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("too large for --backend ilp"), "{err}");
    let report = json_of(
        nqueens()
            .args(["count", "opb", m, "--json", "-q"])
            .output()
            .unwrap(),
    );
    assert_eq!(report["count"], 7);
}

/// A 60-term knapsack with 6-digit weights, too large for the default BDD.
fn big_knapsack() -> String {
    let mut s = 5u64;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        100_000 + (s >> 33) % 900_000
    };
    let w: Vec<u64> = (0..60).map(|_| next()).collect();
    let mut text = "* #variable= 60 #constraint= 1\n".to_string();
    for (i, a) in w.iter().enumerate() {
        text += &format!("+{a} x{} ", i + 1);
    }
    text + &format!("<= {} ;\n", w.iter().sum::<u64>() / 2)
}

/// The regressions of a tour: the BDD grew to gigabytes on this file before its clause limit
/// (now refused at its memo bound, exit 2, naming the adder), `--pb adder` hung in the
/// cube split (which lowered with the BDD whatever --pb said), and an interrupted count's
/// line on stdout looked final.
#[test]
fn a_row_too_large_for_the_bdd_is_refused_and_the_adder_counts_it_interruptibly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("knap.opb");
    std::fs::write(&path, big_knapsack()).unwrap();
    let path = path.to_str().unwrap();
    let (code, out, err) = run(&["count", "opb", path]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("the adder encoding grows only"), "{err}");
    let checkpoint = dir.path().join("knap.ckpt");
    let args = [
        "count",
        "opb",
        path,
        "--pb",
        "adder",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
    // The checkpoint's header is written once the cubes are made: the count is under way.
    let out = common::interrupt_at(&args, &checkpoint, 1, "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("partial:"), "{stdout}");
    assert!(stdout.contains("adder encoding"), "{stdout}");
}

/// One solution, one variable, one constraint, one cube: said in the singular (the tour
/// read "1 solutions over 1 variables, 1 constraints").
#[test]
fn one_of_each_is_said_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.opb");
    std::fs::write(&file, "* #variable= 1 #constraint= 1\n+1 x1 >= 1 ;\n").unwrap();
    let (code, out, err) = run(&["count", "opb", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(": 1 solution over 1 variable, 1 constraint "),
        "{out}"
    );
    assert!(!out.contains("1 cubes"), "{out}");
}
