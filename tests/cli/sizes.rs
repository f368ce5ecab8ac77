//! Numbers on the command line are range-checked, and `encode` sizes what it would build
//! before building it: a request too large is refused with exit code 2, one line, the
//! estimate and the limit, instead of panicking, aborting or filling the memory.

use crate::common::{nqueens, run};

/// Arguments, and pieces of the one-line message they must give with exit code 2. A piece
/// `A | B` is either: a file too large for the limit may first be too large for the memory
/// of a smaller machine than CI's.
const REFUSED: &[(&[&str], &[&str])] = &[
    // n itself: every command shares the parser.
    (
        &["encode", "4294967295"],
        &["n = 4294967295 is too large: at most 46340"],
    ),
    (
        &["encode", "100000"],
        &["n = 100000 is too large: at most 46340"],
    ),
    (&["encode", "46341", "--force"], &["at most 46340"]),
    (
        &["encode", "18446744073709551616"],
        &["too large: at most 46340"],
    ),
    (&["count", "4294967295", "--force"], &["at most 46340"]),
    (&["count", "1..=4294967295"], &["at most 46340"]),
    (&["solve", "99999999"], &["at most 46340"]),
    (&["stats", "99999999", "--force"], &["at most 46340"]),
    (&["decode", "99999999", "-"], &["at most 46340"]),
    // Files too large without --force, in every format and formulation.
    (
        &["encode", "10000"],
        &["the file for n = 10000 with pairwise would hold 1666466690000 clauses (about 35.0 TB, above the 2.0 GB limit); pass --force to write it anyway | of memory"],
    ),
    (
        &["encode", "10000", "--amo", "sequential"],
        &["with sequential would hold 1199780012 clauses (about 30.7 GB, above the 2.0 GB limit) | of memory"],
    ),
    (
        &["encode", "2000", "--format", "mcc", "--amo", "bimander"],
        &["with bimander would hold 165201708 clauses | of memory"],
    ),
    (
        &["encode", "2000", "--format", "icnf", "--cube-depth", "1"],
        &["GB limit | of memory"],
    ),
    (
        &["encode", "6000", "--format", "lp"],
        &["the lp file for n = 6000 would hold 144000000 terms (about 3.1 GB, above the 2.0 GB limit) | of memory"],
    ),
    (
        &["encode", "6000", "--format", "mps"],
        &["the mps file | of memory"],
    ),
    (
        &["encode", "6000", "--format", "opb"],
        &["the opb file | of memory"],
    ),
    (
        &["encode", "600", "--formulation", "column"],
        &["359280800 clauses (about 6.1 GB, above the 2.0 GB limit) | of memory"],
    ),
    (
        &[
            "encode",
            "500",
            "--formulation",
            "column",
            "--domain",
            "order",
        ],
        &["GB limit | of memory"],
    ),
    (
        &[
            "encode",
            "300",
            "--formulation",
            "column",
            "--domain",
            "log",
        ],
        &["GB limit | of memory"],
    ),
    // Models larger than any machine's memory, --force or not.
    (
        &["encode", "40000", "--force"],
        &[
            "encoding n = 40000 (board) would need about",
            "GB of memory, more than the",
            "of this machine",
        ],
    ),
    (
        &["encode", "46340", "--force", "--format", "mps"],
        &["of memory, more than"],
    ),
    (
        &[
            "encode",
            "5000",
            "--force",
            "--formulation",
            "column",
            "--domain",
            "order",
        ],
        &["(column/order) would need about", "TB of memory"],
    ),
    (
        &[
            "encode",
            "5000",
            "--force",
            "--formulation",
            "column",
            "--domain",
            "log",
            "--format",
            "opb",
        ],
        &["of memory"],
    ),
    // Cube depths past the board or making too many cubes.
    (
        &["encode", "8", "--format", "icnf", "--cube-depth", "9"],
        &["--cube-depth 9 is more than the 8 rows"],
    ),
    (
        &["encode", "30", "--format", "icnf", "--cube-depth", "12"],
        &["--cube-depth 12 for n = 30 makes more than 10000000 cubes (the limit)"],
    ),
    (
        &[
            "encode",
            "8",
            "--format",
            "icnf",
            "--cube-depth",
            "99999999999999999999999",
        ],
        &["--cube-depth"],
    ),
    (
        &["encode", "8", "--format", "icnf", "--cube-depth", "-1"],
        &["unexpected argument '-1'"],
    ),
];

#[test]
fn bad_numbers_and_sizes_too_large_are_refused_with_one_line() {
    for (args, pieces) in REFUSED {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("nqueens: error: "), "{args:?}: {err}");
        for piece in *pieces {
            let found = piece.split(" | ").any(|alt| err.contains(alt));
            assert!(found, "{args:?}: {err} lacks '{piece}'");
        }
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_refused_encode_creates_no_file() {
    let dir = tempfile::tempdir().unwrap();
    for n in ["100000", "10000"] {
        let path = dir.path().join("x.cnf");
        let out = nqueens()
            .args(["encode", n, "-o"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "n = {n}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "n = {n}");
    }
}

#[test]
fn sizes_within_the_limits_still_encode() {
    // The largest cube depth (every row) and a board just under the file limit.
    let (code, out, err) = run(&["encode", "6", "--format", "icnf", "--cube-depth", "6"]);
    assert_eq!(code, 0, "{err}");
    // Q(6) = 4 solutions, so 4 cubes.
    assert_eq!(out.lines().filter(|l| l.starts_with("a ")).count(), 4);
    let (code, _, err) = run(&["encode", "300", "-o", "/dev/null"]);
    assert_eq!(code, 0, "{err}");
}
