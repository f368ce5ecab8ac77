//! `--backend external` against misbehaving solvers (the scripts under fixtures/solvers/)
//! and signals: each case exits with the code of the README's table and one short line
//! naming what went wrong; no temporary file stays in TMPDIR, and no process the solver
//! started survives it.

use crate::common;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    format!("sh {}/fixtures/solvers/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A run of nqueens with TMPDIR set to a fresh directory and `$NQUEENS_TEST_PIDS` naming a
/// file (elsewhere) where fixtures record the pids they start.
struct Sandbox {
    tmp: tempfile::TempDir,
    pids: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        Sandbox {
            tmp: tempfile::tempdir().unwrap(),
            pids: tempfile::tempdir().unwrap(),
        }
    }

    fn spawn(&self, args: &[&str]) -> std::process::Child {
        Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .env("TMPDIR", self.tmp.path())
            .env("NQUEENS_TEST_PIDS", self.pids.path().join("pids"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Runs nqueens `args` to the end (at most 60 s).
    fn run(&self, args: &[&str]) -> Output {
        finish(self.spawn(args), args)
    }

    /// Files left in TMPDIR.
    fn left(&self) -> Vec<String> {
        std::fs::read_dir(self.tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    }

    /// Every process of every group a fixture recorded is gone (zombies aside), after up to
    /// 5 s for killed ones to go.
    fn assert_no_survivors(&self) {
        let recorded = std::fs::read_to_string(self.pids.path().join("pids")).unwrap_or_default();
        let deadline = Instant::now() + Duration::from_secs(5);
        for line in recorded.lines() {
            let pgid = line.split_whitespace().next().unwrap();
            let alive = loop {
                let alive = processes_in_group(pgid);
                if alive.is_empty() || Instant::now() > deadline {
                    break alive;
                }
                std::thread::sleep(Duration::from_millis(20));
            };
            assert_eq!(alive, Vec::<String>::new(), "survivors of group {pgid}");
        }
    }
}

/// Live (not zombie) processes whose process group is `pgid`, from /proc.
fn processes_in_group(pgid: &str) -> Vec<String> {
    let group_of = |pid: &str| -> Option<(String, String)> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        Some((fields[0].to_string(), fields[2].to_string()))
    };
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| group_of(pid).is_some_and(|(state, g)| state != "Z" && g == pgid))
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One misbehaving solver: the nqueens arguments before `--backend external --solver S`,
/// the exit code, and a part of the one-line error.
struct Case {
    solver: &'static str,
    args: &'static [&'static str],
    code: i32,
    message: &'static str,
}

const fn case(
    solver: &'static str,
    args: &'static [&'static str],
    code: i32,
    message: &'static str,
) -> Case {
    Case {
        solver,
        args,
        code,
        message,
    }
}

const COUNT: &[&str] = &["count", "6", "--threads", "1"];
const TIMED: &[&str] = &["count", "6", "--threads", "1", "--timeout", "0.5"];

const CASES: &[Case] = &[
    case("crash.sh", COUNT, 3, "'sh' was killed by signal 11"),
    case(
        "hang.sh",
        TIMED,
        3,
        "'sh' timed out after 0.5 s and was killed",
    ),
    case("hang_with_child.sh", TIMED, 3, "'sh' timed out after 0.5 s"),
    case("ignores_term.sh", TIMED, 3, "'sh' timed out after 0.5 s"),
    case(
        "huge_output.sh",
        COUNT,
        3,
        "'sh' wrote more than 67110016 bytes (64.0 MiB), the bound on a solver's answer; \
         the rest was not read",
    ),
    case(
        "huge_token.sh",
        COUNT,
        3,
        "line 2: expected a literal in the model, found '7777777777777777777777777777777777777777…'",
    ),
    case(
        "long_status.sh",
        COUNT,
        3,
        "line 1: unknown status 'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS…'",
    ),
    case(
        "non_utf8.sh",
        COUNT,
        3,
        "line 2: expected a literal in the model, found '\u{fffd}\u{fffd}'",
    ),
    case("violating.sh", COUNT, 3, "its model violates clause 16 of the formula"),
    case(
        "liar_unsat.sh",
        &["solve", "6", "--trust-unsat"],
        3,
        "OEIS A000170 lists 4",
    ),
    case(
        "liar_unsat.sh",
        &["solve", "6"],
        3,
        "it answered UNSATISFIABLE, but varisat found a model",
    ),
    case(
        "contradicts.sh",
        COUNT,
        3,
        "exit code 10 contradicts its status line (expected 20)",
    ),
    case(
        "unsat_exit_30.sh",
        COUNT,
        3,
        "exit code 30 contradicts its status line (expected 20)",
    ),
    case(
        "incomplete.sh",
        COUNT,
        3,
        "the model is incomplete: variable 2 has no value",
    ),
    case(
        "no_status.sh",
        COUNT,
        3,
        "its output was refused: no status line",
    ),
    case(
        "error_exit.sh",
        COUNT,
        3,
        "it exited with code 1 and its output was refused: no status line",
    ),
    case("unknown.sh", COUNT, 3, "the solver answered UNKNOWN"),
    case(
        "model_with_unsat.sh",
        COUNT,
        3,
        "the solver printed a model but said UNSATISFIABLE",
    ),
    case("two_statuses.sh", COUNT, 3, "line 2: a second status line"),
    case(
        "out_of_range.sh",
        COUNT,
        3,
        "line 2: literal 99999999999 is out of range: the formula has 36 variables",
    ),
];

#[test]
fn misbehaving_solvers_exit_3_with_one_short_line_and_leave_nothing_behind() {
    for c in CASES {
        let sandbox = Sandbox::new();
        let solver = fixture(c.solver);
        let mut args = c.args.to_vec();
        args.extend(["--backend", "external", "--solver", &solver]);
        let out = sandbox.run(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(c.code), "{}: {err}", c.solver);
        assert_eq!(err.lines().count(), 1, "{}: {err}", c.solver);
        assert!(err.starts_with("nqueens: error: "), "{}: {err}", c.solver);
        assert!(err.contains(c.message), "{}: {err}", c.solver);
        assert!(
            err.len() < 300,
            "{}: a {}-byte message",
            c.solver,
            err.len()
        );
        assert_eq!(sandbox.left(), Vec::<String>::new(), "{}", c.solver);
        sandbox.assert_no_survivors();
    }
}

#[test]
fn bad_solver_command_lines_exit_2_or_3_naming_the_problem() {
    for (solver, code, message) in [
        (" \t", 2, "the solver command is empty"),
        (
            "no-such-solver-here",
            3,
            "'no-such-solver-here' was not found",
        ),
    ] {
        let sandbox = Sandbox::new();
        let args = ["count", "6", "--backend", "external", "--solver", solver];
        let out = sandbox.run(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{solver:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{solver:?}: {err}");
    }
}

#[test]
fn children_a_solver_leaves_running_when_it_exits_are_killed() {
    // The fixture answers UNSAT at once (right for n = 3) but leaves a child holding its
    // output open: the count must neither wait for that child nor let it live on.
    let sandbox = Sandbox::new();
    let solver = fixture("forks_and_exits.sh");
    let args = ["count", "3", "--backend", "external", "--solver", &solver];
    let out = sandbox.run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("Q(3) = 0 "),
        "{}",
        text(&out.stdout)
    );
    let recorded = std::fs::read_to_string(sandbox.pids.path().join("pids")).unwrap();
    assert!(!recorded.is_empty(), "the fixture ran");
    sandbox.assert_no_survivors();
    assert_eq!(sandbox.left(), Vec::<String>::new());
}

/// Waits for `child` (nqueens `args`) and returns its output; kills it and fails if it has
/// not exited within 60 s (every solver fixture alone would run for 1000 s).
fn finish(child: std::process::Child, args: &[&str]) -> Output {
    let pid = child.id();
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    let deadline = Instant::now() + Duration::from_secs(60);
    while !waiter.is_finished() {
        if Instant::now() > deadline {
            let _ = Command::new("sh")
                .args(["-c", &format!("kill -KILL {pid}")])
                .status();
            panic!("nqueens {args:?} did not exit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    waiter.join().unwrap()
}

/// Starts `args`, waits until a solver has started (its CNF is in TMPDIR), sends SIGINT to
/// nqueens alone, and returns its output.
fn interrupt(sandbox: &Sandbox, args: &[&str]) -> Output {
    let child = sandbox.spawn(args);
    let started = Instant::now();
    while sandbox.left().is_empty() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!sandbox.left().is_empty(), "no solver started");
    std::thread::sleep(Duration::from_millis(200));
    let kill = Command::new("sh")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .unwrap();
    assert!(kill.success());
    finish(child, args)
}

#[test]
fn ctrl_c_stops_a_count_while_a_solver_hangs_with_its_partial_count_and_130() {
    let sandbox = Sandbox::new();
    let solver = fixture("hang_with_child.sh");
    let args = [
        "count",
        "8",
        "-q",
        "--backend",
        "external",
        "--solver",
        &solver,
    ];
    let out = interrupt(&sandbox, &args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted after"), "{err}");
    assert!(err.contains("partial count 0"), "{err}");
    assert!(
        text(&out.stdout).contains("partial: 0 of"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(sandbox.left(), Vec::<String>::new());
    sandbox.assert_no_survivors();
}

#[test]
fn ctrl_c_stops_a_cnf_count_while_a_solver_hangs_with_130() {
    let sandbox = Sandbox::new();
    let files = tempfile::tempdir().unwrap();
    let cnf = files.path().join("f.cnf");
    std::fs::write(&cnf, "p cnf 3 2\n1 2 3 0\n-1 -2 0\n").unwrap();
    let solver = fixture("hang_with_child.sh");
    let cnf_arg = cnf.to_str().unwrap();
    let args = [
        "count",
        "cnf",
        cnf_arg,
        "-q",
        "--backend",
        "external",
        "--solver",
        &solver,
    ];
    let out = interrupt(&sandbox, &args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted after"), "{err}");
    assert_eq!(sandbox.left(), Vec::<String>::new());
    sandbox.assert_no_survivors();
}

#[test]
fn ctrl_c_ends_solve_while_a_solver_hangs_with_130() {
    let sandbox = Sandbox::new();
    let solver = fixture("hang_with_child.sh");
    let args = ["solve", "8", "--backend", "external", "--solver", &solver];
    let out = interrupt(&sandbox, &args);
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert_eq!(sandbox.left(), Vec::<String>::new());
    sandbox.assert_no_survivors();
}

#[test]
fn kill_9_of_nqueens_takes_its_solvers_with_it() {
    // No handler runs on SIGKILL: the kernel ends each solver (the parent-death signal set
    // when it was spawned). Their temporary CNF files are left, as nothing can remove them.
    let sandbox = Sandbox::new();
    let solver = fixture("records_pid_and_sleeps.sh");
    let args = [
        "count",
        "8",
        "--threads",
        "2",
        "--backend",
        "external",
        "--solver",
        &solver,
    ];
    let mut child = sandbox.spawn(&args);
    let recorded = || {
        let text = std::fs::read_to_string(sandbox.pids.path().join("pids")).unwrap_or_default();
        text.lines().map(str::to_string).collect::<Vec<_>>()
    };
    let started = Instant::now();
    while recorded().len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no solvers started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let solvers = recorded();
    for pid in &solvers {
        assert_eq!(
            processes_in_group(pid),
            vec![pid.clone()],
            "solver {pid} runs"
        );
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let killed = Instant::now();
    for pid in &solvers {
        while !processes_in_group(pid).is_empty() {
            assert!(
                killed.elapsed() < Duration::from_secs(2),
                "solver {pid} outlived nqueens by 2 s"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A `--cnf` count through a solver that answers UNSATISFIABLE falsely on every second call
/// (CaDiCaL otherwise): each claim is checked with varisat by default, so the lie is an
/// error (exit 3), never a smaller count; with `--trust-unsat` the count is only as right as
/// the solver, and the report says so.
#[test]
fn regression_false_unsat_claims_of_an_external_solver_are_caught_in_cnf_counts() {
    if common::require_tool("cadical").is_none() {
        return;
    }
    let files = tempfile::tempdir().unwrap();
    let cnf = files.path().join("s.cnf");
    // 4 models: (x1 or x2) and (not x2 or x3).
    std::fs::write(&cnf, "p cnf 3 2\n1 2 0\n-2 3 0\n").unwrap();
    let sandbox = Sandbox::new();
    // Each run gets a liar with a call counter of its own.
    let count = |solver: &str, extra: &[&str]| {
        let state = tempfile::tempdir().unwrap();
        let solver = solver.replace("STATE", &state.path().display().to_string());
        // One cube on one thread: the second call, with three models left, is a lie.
        let mut args = vec!["count", "cnf", cnf.to_str().unwrap(), "-q", "--json"];
        args.extend(["--threads", "1", "--cube-depth", "0"]);
        args.extend(["--backend", "external", "--solver", &solver]);
        args.extend(extra);
        sandbox.run(&args)
    };
    let liar = format!("{} STATE", fixture("unsat_every_second.sh"));

    let out = count(&liar, &[]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("it answered UNSATISFIABLE, but varisat found a model of the same clauses"),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "");

    let report = common::json_of(count(&liar, &["--trust-unsat"]));
    assert_eq!(report["unsat_answers"], "trusted");
    assert_eq!(report["count"], 1, "the lie is believed when asked to");

    let report = common::json_of(count("cadical", &[]));
    assert_eq!(report["count"], 4);
    assert_eq!(report["unsat_answers"], "confirmed by varisat");
    assert!(report["backend_stats"]["unsat_confirmed"].as_u64().unwrap() >= 1);
    sandbox.assert_no_survivors();
}

/// What a misbehaving solver is told it did: no model at all after SATISFIABLE, or a model
/// it gave before (which breaks a blocking clause the user's file does not have).
#[test]
fn regression_a_solver_is_told_what_it_did_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("b.cnf");
    std::fs::write(&cnf, "p cnf 3 3\n1 2 0\n-1 -2 0\n2 3 0\n").unwrap();
    let script = |name: &str, body: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
        format!("sh {}", p.display())
    };
    let cases = [
        (
            script("nomodel.sh", "echo 's SATISFIABLE'; exit 10"),
            "it said SATISFIABLE but gave no model ('v' lines)",
        ),
        (
            script(
                "same.sh",
                "echo 's SATISFIABLE'; echo 'v 1 -2 3 0'; exit 10",
            ),
            "its model repeats one it gave before",
        ),
    ];
    for (solver, message) in cases {
        let sandbox = Sandbox::new();
        let args = [
            "count",
            "cnf",
            cnf.to_str().unwrap(),
            "-q",
            "--threads",
            "1",
        ];
        let mut args = args.to_vec();
        args.extend([
            "--cube-depth",
            "0",
            "--backend",
            "external",
            "--solver",
            &solver,
        ]);
        let out = sandbox.run(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{err}");
        assert!(err.contains(message), "{err}");
    }
}
