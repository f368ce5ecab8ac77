//! Readers with a bound: endless input (`/dev/zero`, `yes`) given to `decode` and `merge` is
//! refused with exit 2 after a bounded read, and a bad first shard line on standard input is
//! refused before the rest of the stream is read.

use std::process::Command;

/// Runs `script` in sh with `$NQ` naming the binary: (exit code, stderr).
fn sh(script: &str) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("NQ", assert_cmd::cargo::cargo_bin("nqueens"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn regression_endless_input_is_refused_after_a_bounded_read() {
    let cases = [
        (
            r#""$NQ" decode 8 /dev/zero"#,
            "'/dev/zero' is longer than 64 MiB, more than it could hold",
        ),
        (
            r#"(echo s SATISFIABLE; yes 'v -1') | "$NQ" decode 8 -"#,
            "standard input is longer than 64 MiB",
        ),
        (
            r#""$NQ" merge /dev/zero"#,
            "'/dev/zero' is longer than 256 MiB",
        ),
        (
            r#"yes '{"a":1}' | "$NQ" merge -"#,
            "'stdin line 1' is not a shard result",
        ),
        (
            r#"tr '\0' a < /dev/zero | "$NQ" merge -"#,
            "standard input line 1 is longer than 256 MiB",
        ),
    ];
    for (script, message) in cases {
        let (code, err) = sh(script);
        assert_eq!(code, 2, "{script}: {err}");
        assert!(err.contains(message), "{script}: {err}");
        assert_eq!(err.lines().count(), 1, "{script}: {err}");
    }
}
