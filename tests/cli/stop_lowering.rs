//! Ctrl-C reaches a long pseudo-Boolean lowering: `count --opb` on two threads exits 130 within
//! a second of SIGINT while the backend lowers the file with the sequential weight counter.
//! The lowering watches the backend's own stop flag (a clone of the binary's one flag), not a
//! thread-local, so it hears the stop on whichever thread it runs; the library-level test
//! that a lowering on another thread stops is in `zero-one-backends` (tests/registry.rs).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Forty constraints over nine variables, each some 25 million clauses for the sequential
/// weight counter (many seconds in all), then one too large for it: a count that is never
/// interrupted fails before writing a clause, so this file costs time, not memory.
fn slow_to_lower() -> String {
    let row = |base: u64, c: u64, rhs: u64| {
        let terms: Vec<String> = (0..9)
            .map(|i| format!("+{} x{}", base + i + c, i + 1))
            .collect();
        format!("{} <= {rhs} ;\n", terms.join(" "))
    };
    let mut text = String::from("* #variable= 9 #constraint= 41\n");
    for c in 0..40 {
        text.push_str(&row(1 << 17, c, 1 << 20));
    }
    text.push_str(&row(1 << 27, 0, 1 << 30));
    text
}

#[test]
fn ctrl_c_during_a_long_pb_lowering_exits_130_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("slow.opb");
    std::fs::write(&file, slow_to_lower()).unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "opb", file.to_str().unwrap()])
        .args(["--pb", "swc", "--threads", "2", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    assert!(
        child.try_wait().unwrap().is_none(),
        "lowered within a second: too fast to test a stop"
    );
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let signalled = Instant::now();
    while child.try_wait().unwrap().is_none() && signalled.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let still_running = child.try_wait().unwrap().is_none();
    if still_running {
        child.kill().unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !still_running,
        "still lowering a second after Ctrl-C: {err}"
    );
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
}
