//! The spellings before commands took their kind of input as a subcommand (`count --cnf
//! FILE`, `count --opb FILE`, `solve --opb FILE`, `encode --from FILE`) still work for one
//! release, with a one-line note on stderr; the new ones take only the flags that mean
//! something for their input.

use crate::common::run;

#[test]
fn old_spellings_still_work_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("f.cnf");
    std::fs::write(&cnf, "p cnf 3 2\n1 2 0\n-1 3 0\n").unwrap();
    let opb = dir.path().join("k.opb");
    std::fs::write(
        &opb,
        "* #variable= 3 #constraint= 1\n+1 x1 +1 x2 +1 x3 >= 2 ;\n",
    )
    .unwrap();
    let (cnf, opb) = (cnf.to_str().unwrap(), opb.to_str().unwrap());
    let pairs: [(&[&str], &[&str]); 5] = [
        (
            &["count", "--cnf", cnf, "--json"],
            &["count", "cnf", cnf, "--json"],
        ),
        (
            &["count", &format!("--cnf={cnf}"), "--json"],
            &["count", "cnf", cnf, "--json"],
        ),
        (
            &["count", "--opb", opb, "--json"],
            &["count", "opb", opb, "--json"],
        ),
        (
            &["solve", "--opb", opb, "--all"],
            &["solve", "opb", opb, "--all"],
        ),
        (&["encode", "--from", opb], &["encode", "opb", opb]),
    ];
    for (old, new) in pairs {
        let (code_old, out_old, err_old) = run(old);
        let (code_new, out_new, err_new) = run(new);
        assert_eq!((code_old, code_new), (0, 0), "{err_old}{err_new}");
        let strip = |s: &str| {
            s.lines()
                .filter(|l| !l.contains("elapsed") && !l.contains(" s "))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        if !new.contains(&"--json") {
            assert_eq!(strip(&out_old), strip(&out_new), "{old:?}");
        }
        assert_eq!(err_old.lines().count(), 1, "one note: {err_old}");
        assert!(err_old.contains("is now"), "{err_old}");
        assert!(err_new.is_empty(), "{err_new}");
    }
}

#[test]
fn a_files_command_does_not_offer_a_boards_flags() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("f.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    let cnf = cnf.to_str().unwrap();
    for args in [
        &["count", "cnf", cnf, "--queens", "3"][..],
        &["count", "cnf", cnf, "--variant", "toroidal"],
        &["count", "cnf", cnf, "--amo", "ladder"],
        &["count", "cnf", cnf, "--symmetry", "d4"],
        &["count", "opb", cnf, "--method", "counter"],
        &["count", "opb", cnf, "--certify", "d"],
        &["solve", "opb", cnf, "--given", "0:0"],
        &["encode", "opb", cnf, "--force"],
        &["count", "8", "--method", "counter"],
        &["count", "8", "--format", "mcc"],
        &["count", "8", "cnf", cnf],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // Combinations clap refuses by itself.
    for args in [
        &["count", "cnf", cnf, "--format", "mcc", "--shard", "1/2"][..],
        &["count", "cnf", cnf, "--certify", "d", "--checkpoint", "c"],
        &["count", "cnf", cnf, "--json", "--format", "json"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}

#[test]
fn the_help_says_what_the_tool_is_and_lists_the_inputs() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("DIMACS or OPB file"), "{out}");
    let (code, out, _) = run(&["count", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("nqueens count <COMMAND>"), "{out}");
    for sub in ["cnf ", "opb "] {
        assert!(out.contains(sub), "{out}");
    }
    let (code, out, _) = run(&["count", "cnf", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("--method") && !out.contains("--queens"),
        "{out}"
    );
}
