//! Running a program: its whole process group ends with it, a stop flag is honoured while it
//! hangs, and output past the bound is refused unread. The programs are tiny shell scripts.

use crate::tests::Script;
use crate::{RunError, RunLimits, SolverCommand};
use std::path::Path;
use std::time::{Duration, Instant};

/// The process group of `pid`, from /proc, or `None` once it is gone or a zombie.
fn live_group_of(pid: &str) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After "pid (comm) ": state, ppid, pgrp.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    (fields[0] != "Z").then(|| fields[2].to_string())
}

/// Processes still alive (zombies aside) in process group `pgid`, after up to 5 s for
/// killed ones to go.
fn survivors(pgid: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let alive: Vec<String> = std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|name| name.bytes().all(|b| b.is_ascii_digit()))
            .filter(|pid| live_group_of(pid).as_deref() == Some(pgid))
            .collect();
        if alive.is_empty() || Instant::now() > deadline {
            return alive;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `body` as `sh script CNF` with `limits`; returns the result and the pids the script
/// wrote to `$1.pids` ("$$ $!").
fn run(name: &str, body: &str, limits: &RunLimits) -> (Result<(i32, String), RunError>, String) {
    let dir = tempfile_dir(name);
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, "p cnf 1 1\n1 0\n").unwrap();
    let script = Script::new(name, body);
    let command = SolverCommand::parse(&script.command()).unwrap();
    let result = command.run(&cnf, None, limits);
    let pids = std::fs::read_to_string(dir.join("f.cnf.pids")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (result, pids)
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("solver-pipe-run-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every process of the script's group is gone: the script and the child it started.
fn assert_group_gone(pids: &str) {
    let ids: Vec<&str> = pids.split_whitespace().collect();
    assert_eq!(ids.len(), 2, "the script wrote its pids: {pids:?}");
    assert!(Path::new("/proc/self").exists(), "needs /proc");
    assert_eq!(survivors(ids[0]), Vec::<String>::new(), "group {}", ids[0]);
    assert_eq!(live_group_of(ids[1]), None, "child {}", ids[1]);
}

const RECORD_PIDS: &str = "sleep 1000 &\necho \"$$ $!\" > \"$1.pids\"\n";

#[test]
fn children_left_running_by_a_solver_that_exits_are_killed_and_do_not_hold_its_output() {
    // The child keeps the output pipe open: without killing the group, reading would wait
    // for it for 1000 s.
    let body = format!("{RECORD_PIDS}echo 's UNSATISFIABLE'\nexit 20\n");
    let (result, pids) = run("forks", &body, &RunLimits::default());
    let (code, text) = result.unwrap();
    assert_eq!((code, text.as_str()), (20, "s UNSATISFIABLE\n"));
    assert_group_gone(&pids);
}

#[test]
fn a_timeout_kills_the_whole_group() {
    let body = format!("{RECORD_PIDS}sleep 1000\n");
    let limits = RunLimits {
        timeout: Some(Duration::from_millis(200)),
        ..RunLimits::default()
    };
    let (result, pids) = run("timeout", &body, &limits);
    assert!(
        matches!(result, Err(RunError::TimedOut { .. })),
        "{result:?}"
    );
    assert_group_gone(&pids);
}

#[test]
fn a_stop_request_kills_a_solver_that_never_exits_and_no_timeout() {
    let stop = zero_one_model::StopFlag::new();
    let raiser = stop.clone();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        raiser.raise();
    });
    let body = format!("{RECORD_PIDS}trap '' TERM INT\nsleep 1000\n");
    let limits = RunLimits {
        stop: Some(stop),
        ..RunLimits::default()
    };
    let (result, pids) = run("stop", &body, &limits);
    setter.join().unwrap();
    let err = result.unwrap_err();
    assert!(err.is_interrupted(), "{err:?}");
    assert_eq!(err.to_string(), "'sh' was killed: interrupted");
    assert_group_gone(&pids);
}

#[test]
fn output_past_the_bound_is_refused_naming_the_bound() {
    let body = format!("{RECORD_PIDS}exec yes 'c chatty'\n");
    let limits = RunLimits {
        output_limit: 100_000,
        ..RunLimits::default()
    };
    let (result, pids) = run("chatty", &body, &limits);
    let err = result.unwrap_err();
    assert_eq!(
        err.to_string(),
        "'sh' wrote more than 100000 bytes (0.1 MiB), the bound on a solver's answer; \
         the rest was not read"
    );
    assert_group_gone(&pids);
}

#[test]
fn output_within_the_bound_is_read_whole_and_non_utf8_bytes_are_replaced() {
    let limits = RunLimits {
        output_limit: 12,
        ..RunLimits::default()
    };
    let (result, _) = run("exact", "printf 's UNSAT\\377\\n12'\nexit 20\n", &limits);
    assert_eq!(result.unwrap(), (20, "s UNSAT\u{fffd}\n12".to_string()));
}
