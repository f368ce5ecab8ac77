//! Bad input gets one line on stderr and exit code 2, never a panic or a backtrace.

use crate::common::run;

fn assert_usage_error(args: &[&str], needle: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?} printed {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("nqueens: error: "), "{err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("backtrace"));
}

#[test]
fn zero_negative_and_words_are_rejected() {
    assert_usage_error(&["count", "0"], "n must be at least 1");
    assert_usage_error(&["count", "-3"], "positive");
    assert_usage_error(&["count", "abc"], "expected a board size");
    assert_usage_error(&["solve", "abc"], "expected a board size");
    assert_usage_error(&["encode", "-3"], "positive");
}

#[test]
fn backwards_ranges_and_ranges_where_one_size_is_expected_are_rejected() {
    assert_usage_error(&["count", "5..=2"], "range is empty");
    assert_usage_error(&["solve", "1..=3"], "single board size");
}

#[test]
fn unknown_option_values_list_the_possible_ones() {
    assert_usage_error(
        &["count", "8", "--amo", "foo"],
        "possible values: pairwise, sequential",
    );
    assert_usage_error(
        &["count", "8", "--backend", "cplex"],
        "possible values: sat, backtrack",
    );
    assert_usage_error(
        &["encode", "8", "--format", "xml"],
        "possible values: dimacs",
    );
    assert_usage_error(&["count", "8", "--threads", "0"], "--threads");
}

#[test]
fn sizes_too_large_need_force() {
    assert_usage_error(&["count", "30"], "--force");
    assert_usage_error(&["count", "33", "--backend", "backtrack"], "n <= 32");
    assert_usage_error(&["solve", "20", "--all"], "--force");
    assert_usage_error(&["encode", "1000"], "--force");
}

#[test]
fn help_lists_the_exit_codes() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Exit codes:"), "{out}");
    assert!(out.contains("2    bad command line"), "{out}");
    let (code, out, _) = run(&["count", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Exit codes:"));
}

#[test]
fn no_subcommand_prints_usage_and_exits_2() {
    let (code, _, err) = run(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("Usage"), "{err}");
}

#[test]
fn shard_and_checkpoint_misuse_is_a_usage_error() {
    assert_usage_error(&["count", "8", "--shard", "0/3"], "I/K");
    assert_usage_error(&["count", "8", "--shard", "4/3"], "I/K");
    assert_usage_error(&["count", "8..=9", "--shard", "1/2"], "single board size");
    assert_usage_error(
        &["count", "8", "--backend", "backtrack", "--shard", "1/2"],
        "solver backend",
    );
    assert_usage_error(&["merge", "/nonexistent/shard.json"], "cannot read");
}

/// Options that would change nothing are refused, never accepted and ignored: --card on any
/// board (no board model has a cardinality constraint), lowering flags with the bitboard
/// oracle, --amo with the ILP backend or an ILP file format.
#[test]
fn regression_options_that_cannot_act_are_refused() {
    let cards = ["seqcounter", "totalizer", "sorter"];
    for card in cards {
        for command in [&["encode", "8"][..], &["count", "8"], &["solve", "8"]] {
            let mut args = command.to_vec();
            args.extend(["--card", card]);
            assert_usage_error(&args, "--card encodes cardinality constraints");
        }
    }
    let backtrack = "with --backend backtrack (the bitboard oracle builds no model";
    for (flag, value) in [
        ("--amo", "product"),
        ("--formulation", "column"),
        ("--cube-depth", "2"),
    ] {
        assert_usage_error(
            &["count", "8", "--backend", "backtrack", flag, value],
            &format!("{flag} does nothing {backtrack}"),
        );
    }
    assert_usage_error(
        &["solve", "8", "--backend", "backtrack", "--amo", "ladder"],
        "--amo does nothing with --backend backtrack",
    );
    assert_usage_error(
        &["count", "8", "--backend", "ilp", "--amo", "ladder"],
        "--amo does nothing with --backend ilp",
    );
    for domain in ["order", "log"] {
        assert_usage_error(
            &[
                "encode",
                "8",
                "--formulation",
                "column",
                "--domain",
                domain,
                "--amo",
                "ladder",
            ],
            &format!("--amo does nothing with the {domain} domain"),
        );
    }
    assert_usage_error(
        &["count", "7", "--cube-depth", "0"],
        "--cube-depth 0 with --symmetry d4",
    );
    for format in ["lp", "mps", "opb"] {
        assert_usage_error(
            &["encode", "6", "--format", format, "--amo", "product"],
            &format!("--amo does nothing with --format {format}"),
        );
    }
}
