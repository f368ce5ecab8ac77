//! `count cnf` sizes its work before allocating from the file: a header's variable count is
//! a claim (`p cnf 2147483647 1` once tried to allocate 32 GiB and aborted), a count whose
//! free variables put it beyond 2^4194304 is refused with its number of digits, and a line
//! with no end (`/dev/zero`) is cut instead of buffered whole. Each runs under a virtual
//! memory limit that the old behaviour broke, so a regression aborts instead of passing.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `nqueens count cnf - --quiet <extra>` under `ulimit -v <kib>`, feeding `input`
/// (written by a thread, so that an input the binary stops reading early does not block).
fn count_limited(
    kib: u64,
    input: impl FnOnce(&mut dyn Write) + Send + 'static,
    extra: &[&str],
) -> Output {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib} && exec \"$0\" count cnf - --quiet \"$@\""
        ))
        .arg(bin)
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || input(&mut stdin));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(s: &'static str) -> impl FnOnce(&mut dyn Write) + Send + 'static {
    move |w| {
        let _ = w.write_all(s.as_bytes());
    }
}

/// 100 MiB of address space: ample for a small count, far from a table per declared variable.
const SMALL: u64 = 100 << 10;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_header_of_2_31_variables_is_refused_with_the_bits_of_its_count() {
    for (header, free, bits) in [
        ("p cnf 2147483647 1\n1 0\n", "2147483646", "2147483647"),
        ("p cnf 2147483648 1\n1 0\n", "2147483647", "2147483648"),
    ] {
        let out = count_limited(SMALL, text(header), &[]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{free} projected variables occur in no clause")),
            "{err}"
        );
        assert!(
            err.contains(&format!("which needs {bits} bits if they are satisfiable")),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn headers_beyond_what_a_literal_holds_are_refused_by_the_reader() {
    for header in ["p cnf 4294967296 1\n1 0\n", "p cnf 2147483649 1\n1 0\n"] {
        let out = count_limited(SMALL, text(header), &[]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("line 1, column 7: bad problem line"), "{err}");
    }
}

#[test]
fn a_huge_header_with_a_small_projection_is_counted_in_little_memory() {
    // x1 false, x2 true; x5 is shown and free: 2 models, whatever the header declares, by
    // either method.
    for method in ["auto", "counter", "enumerate"] {
        let input = text("p cnf 2147483647 2\nc p show 1 5 0\n1 2 0\n-1 0\n");
        let out = count_limited(SMALL, input, &["--json", "--method", method]);
        assert_eq!(out.status.code(), Some(0), "{method}: {}", stderr(&out));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["count"], 2, "{method}");
        assert_eq!(report["num_vars"], 2147483647u64);
        assert_eq!(report["projection_size"], 2);
    }
}

#[test]
fn the_counter_takes_the_largest_variable_a_file_may_have_in_little_memory() {
    // Variable 2^31 in a clause and in the projection: the counter once refused a header
    // past 2^31 - 1 variables, and its formula must not be laid out per variable.
    let input = text("p cnf 2147483648 2\nc p show 2147483648 3 0\n-2147483648 1 0\n-1 0\n");
    let out = count_limited(SMALL, input, &["--json", "--method", "counter"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // x2147483648 false (x1 is), x3 free.
    assert_eq!(report["count"], 2);
    assert_eq!(report["method"], "counter");
}

#[test]
fn free_variables_at_the_bit_limit_are_refused_and_below_it_counted() {
    let out = count_limited(SMALL, text("p cnf 4194304 0\n"), &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("which needs 4194305 bits if they are satisfiable; a count may have at most 4194304 bits"),
        "{err}"
    );
    let out = count_limited(SMALL, text("p cnf 5000000 1\n1 -2 0\n"), &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // 2^100000 has 30103 digits.
    let out = count_limited(1 << 20, text("p cnf 100000 0\n"), &["--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The count is an exact JSON integer, longer than serde_json reads without arbitrary
    // precision: it is taken from the text.
    let json = String::from_utf8(out.stdout).unwrap();
    let start = json.find("\"count\":").unwrap() + 8;
    let digits: String = json[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert_eq!(digits.len(), 30103);
    assert!(
        digits.starts_with("99900209301438450794"),
        "{}",
        &digits[..20]
    );
}

#[test]
fn endless_input_without_a_newline_is_cut_in_bounded_memory() {
    // Up to 1 GiB of zero bytes, as from /dev/zero: buffered whole, it would break the
    // 400 MiB limit; cut at 64 MiB, the reader refuses the line.
    let zeros = |w: &mut dyn Write| {
        let block = vec![0u8; 1 << 20];
        for _ in 0..1024 {
            if w.write_all(&block).is_err() {
                return; // the reader stopped reading: what this test wants
            }
        }
    };
    let out = count_limited(400 << 10, zeros, &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("'-': line 1: longer than 67108864 bytes"),
        "{err}"
    );
}

/// Runs `nqueens args` and kills it after `limit`: `None` when it ran out of time. Its
/// output goes to files, so that a long one cannot block it on a full pipe.
fn run_within(args: &[&str], limit: std::time::Duration) -> Option<std::process::Output> {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let (out, err) = (dir.path().join("out"), dir.path().join("err"));
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::from(std::fs::File::create(&out).unwrap()))
        .stderr(Stdio::from(std::fs::File::create(&err).unwrap()))
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Some(std::process::Output {
        status,
        stdout: std::fs::read(&out).unwrap(),
        stderr: std::fs::read(&err).unwrap(),
    })
}

/// A certified count of a file of 300,000 variables, 2 of them shown: each model lists
/// every variable, and the search once scanned all of them per decision (quadratic: 10 s
/// at 100,000, minutes here); now it is a fraction of a second.
#[test]
fn regression_a_certified_count_is_linear_in_the_variables() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wide.cnf");
    std::fs::write(&file, "p cnf 300000 1\nc p show 1 2 0\n1 2 0\n").unwrap();
    let bundle = dir.path().join("b");
    let args = [
        "count",
        "cnf",
        file.to_str().unwrap(),
        "-q",
        "--certify",
        bundle.to_str().unwrap(),
    ];
    let out = run_within(&args, std::time::Duration::from_secs(30)).expect("done in 30 s");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains(": 3 models"));
}

/// 300,000 independent clauses `(2i+1 ∨ 2i+2)`, each a part of its own: the engine looked
/// up each cube's part through all parts and multiplied the counts one by one (quadratic:
/// 8.7 s for 100,000, minutes here); now a few seconds. The count, 3^300000, is checked by
/// its digits and its last digit.
#[test]
fn regression_many_independent_parts_are_linear() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pairs.cnf");
    let n = 300_000;
    let mut text = format!("p cnf {} {n}\n", 2 * n);
    for i in 0..n {
        text += &format!("{} {} 0\n", 2 * i + 1, 2 * i + 2);
    }
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let args = ["count", "cnf", f, "-q", "--json", "--method", "enumerate"];
    let out = run_within(&args, std::time::Duration::from_secs(40)).expect("done in 40 s");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let raw = String::from_utf8(out.stdout).unwrap();
    let digits: String = raw["{\"file\":".len()..]
        .split("\"count\":")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    // 3^n has floor(n log10 3) + 1 digits and ends in 1 (n divisible by 4).
    assert_eq!(digits.len(), (n as f64 * 3f64.log10()).floor() as usize + 1);
    assert!(digits.ends_with('1'));
}
