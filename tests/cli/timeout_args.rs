//! `--timeout` values: range-checked before any work, one line and exit 2, never a panic.

use crate::common::run;

#[test]
fn timeouts_out_of_range_are_refused_with_one_line() {
    for bad in ["1e20", "0", "-1", "nan", "inf", "abc", "31536001"] {
        let timeout = format!("--timeout={bad}");
        let (code, out, err) = run(&[
            "count",
            "6",
            "--backend",
            "external",
            "--solver",
            "cadical",
            &timeout,
        ]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(out.is_empty(), "{bad}");
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
        assert!(err.contains("--timeout"), "{bad}: {err}");
    }
}
