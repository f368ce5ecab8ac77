//! The README's exit-code table, command by command: for every command (count, count --cnf,
//! solve, encode, decode, stats, merge, oeis, symmetries, break, verify) and every code it
//! documents, cases that must end with that code and a distinctive part of their one-line
//! message (bad arguments, bad and unreadable files, a closed or full stdout, misbehaving
//! solvers from fixtures/solvers/, and signals). The code is what a shell sees: a process
//! ended by a signal's default action counts as 128 + the signal, as `$?` shows it.

use crate::common;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How stdout is connected.
#[derive(Clone, Copy, Debug)]
enum Out {
    Pipe,
    /// Closed, as with `>&-`.
    Closed,
    /// `/dev/full`: every write fails with ENOSPC.
    Full,
}

/// When a signal is sent.
#[derive(Clone, Copy, Debug)]
enum Ready {
    /// This long after the start.
    After(Duration),
    /// Once an external solver has started (its CNF file is in TMPDIR), and 200 ms more.
    SolverStarted,
}

#[derive(Debug)]
struct Case {
    args: &'static [&'static str],
    out: Out,
    signal: Option<(&'static str, Ready)>,
    code: i32,
    /// A part of the output: of stderr's one line when there is one, else of stdout.
    message: &'static str,
}

const fn case(args: &'static [&'static str], code: i32, message: &'static str) -> Case {
    Case {
        args,
        out: Out::Pipe,
        signal: None,
        code,
        message,
    }
}

const fn closed(args: &'static [&'static str]) -> Case {
    Case {
        out: Out::Closed,
        ..case(args, 3, "cannot write to stdout: it is closed")
    }
}

const fn full(args: &'static [&'static str]) -> Case {
    Case {
        out: Out::Full,
        ..case(args, 3, "cannot write to stdout: No space left on device")
    }
}

const fn signalled(
    args: &'static [&'static str],
    signal: &'static str,
    ready: Ready,
    code: i32,
    message: &'static str,
) -> Case {
    Case {
        signal: Some((signal, ready)),
        ..case(args, code, message)
    }
}

const SOON: Ready = Ready::After(Duration::from_millis(500));

/// A bitboard oracle count that Ctrl-C stops soon after its start, with its partial count.
const fn oracle_stopped(args: &'static [&'static str]) -> Case {
    signalled(args, "-INT", SOON, 130, "of the subtrees: partial count")
}

/// In `args`, `{d}` is a directory of input files made by [`inputs`], `{s}` the solver
/// fixtures' directory.
const COUNT: &[Case] = &[
    case(&["count", "8"], 0, "Q(8) = 92 "),
    // The oracle stops taking subtrees at the first Ctrl-C, whatever its symmetry or board.
    oracle_stopped(&["count", "19", "--backend=backtrack", "--force"]),
    oracle_stopped(&[
        "count",
        "19",
        "--backend=backtrack",
        "--symmetry=mirror",
        "--force",
    ]),
    oracle_stopped(&[
        "count",
        "19",
        "--backend=backtrack",
        "--symmetry=none",
        "--force",
    ]),
    oracle_stopped(&[
        "count",
        "18",
        "--backend=backtrack",
        "--variant=superqueens",
        "--force",
    ]),
    case(
        &[
            "count",
            "6",
            "--backend",
            "external",
            "--solver",
            "sh {s}/liar_unsat.sh",
            "--trust-unsat",
        ],
        1,
        "OEIS A000170: 4 MISMATCH",
    ),
    case(
        &[
            "count",
            "6",
            "--backend",
            "external",
            "--solver",
            "sh {s}/liar_unsat.sh",
        ],
        3,
        "it answered UNSATISFIABLE, but varisat found a model of the same clauses",
    ),
    case(&["count", "0"], 2, "n must be at least 1"),
    case(
        &["count", "8", "--bogus"],
        2,
        "unexpected argument '--bogus'",
    ),
    case(
        &["count", "30"],
        2,
        "no estimate is possible beyond the known counts",
    ),
    case(
        &["count", "8", "--timeout", "1"],
        2,
        "go with --backend external",
    ),
    case(
        &["count", "8", "--checkpoint", "{d}"],
        2,
        "is a directory, not a file",
    ),
    case(
        &["count", "8", "--checkpoint", "{d}/ok.cnf/x"],
        3,
        "Not a directory",
    ),
    closed(&["count", "8"]),
    full(&["count", "8"]),
    case(
        &[
            "count",
            "6",
            "--threads",
            "1",
            "--backend",
            "external",
            "--solver",
            "sh {s}/violating.sh",
        ],
        3,
        "its model violates clause",
    ),
    signalled(
        &[
            "count",
            "8",
            "--backend",
            "external",
            "--solver",
            "sh {s}/hang.sh",
        ],
        "-INT",
        Ready::SolverStarted,
        130,
        "interrupted after",
    ),
    signalled(
        &[
            "count",
            "8",
            "--backend",
            "external",
            "--solver",
            "sh {s}/hang.sh",
        ],
        "-TERM",
        Ready::SolverStarted,
        143,
        "",
    ),
    signalled(
        &[
            "count",
            "8",
            "--backend",
            "external",
            "--solver",
            "sh {s}/hang.sh",
        ],
        "-HUP",
        Ready::SolverStarted,
        129,
        "",
    ),
];

const COUNT_CNF: &[Case] = &[
    case(
        &["count", "cnf", "{d}/ok.cnf"],
        0,
        ": 3 models (over all 2 variables)",
    ),
    case(
        &["count", "cnf", "{d}/bad.cnf"],
        2,
        "line 2, column 3: expected a literal",
    ),
    case(&["count", "cnf", "{d}/missing.cnf"], 2, "cannot read"),
    case(&["count", "cnf", "{d}/ok.cnf/x"], 2, "Not a directory"),
    case(&["count", "cnf", "{d}"], 2, "is a directory"),
    case(
        &["count", "cnf", "{d}/ok.cnf", "--amo", "ladder"],
        2,
        "unexpected argument '--amo'",
    ),
    closed(&["count", "cnf", "{d}/ok.cnf"]),
    case(
        &[
            "count",
            "cnf",
            "{d}/ok.cnf",
            "--backend",
            "external",
            "--solver",
            "sh {s}/violating.sh",
        ],
        3,
        "its model violates clause 1",
    ),
    // One hard cube: what ends it is the stop reaching the solve itself.
    signalled(
        &[
            "count",
            "cnf",
            "{d}/php.cnf",
            "--backend",
            "sat",
            "--cube-depth",
            "0",
        ],
        "-INT",
        SOON,
        130,
        "interrupted after 0 of 1 cube",
    ),
    signalled(
        &["count", "cnf", "{d}/php.cnf", "--cube-depth", "0"],
        "-INT",
        Ready::After(Duration::from_millis(1500)),
        130,
        "interrupted after 0 of 1 cube",
    ),
    signalled(
        &["count", "cnf", "{d}/php.cnf", "--backend", "sat"],
        "-TERM",
        SOON,
        143,
        "",
    ),
];

const OPTIMIZE: &[Case] = &[
    case(&["optimize", "{d}/knap.opb"], 0, "s OPTIMUM FOUND"),
    case(&["optimize", "{d}/infeasible.opb"], 1, "s UNSATISFIABLE"),
    // One rule for an infeasible file: a count of 0 is an answer (exit 0, --optimal too:
    // it was 1), no solution for solve or optimize is exit 1.
    case(
        &["count", "opb", "{d}/infeasible.opb", "-q"],
        0,
        ": 0 solutions",
    ),
    case(
        &["count", "opb", "{d}/infeasible.opb", "--optimal", "-q"],
        0,
        "(infeasible: no optimum)",
    ),
    case(
        &["solve", "opb", "{d}/infeasible.opb"],
        1,
        "has no solution",
    ),
    case(&["optimize", "{d}/plain.opb"], 2, "has no objective"),
    case(&["optimize", "{d}/bad.cnf"], 2, "expected the header"),
    case(
        &[
            "optimize",
            "{d}/knap.opb",
            "--backend",
            "ilp",
            "--search",
            "linear",
        ],
        2,
        "--search applies to --backend sat",
    ),
    closed(&["optimize", "{d}/knap.opb"]),
    // Ctrl-C: the best solution so far, not proved (after 1.5 s: at 0.5 s a loaded machine
    // had once found none yet, and said so).
    signalled(
        &["optimize", "{d}/hard.opb"],
        "-INT",
        Ready::After(Duration::from_millis(1500)),
        130,
        "not proved optimal",
    ),
    case(
        &["count", "opb", "{d}/knap.opb", "--optimal"],
        0,
        "at the optimum 5",
    ),
];

const SOLVE: &[Case] = &[
    case(&["solve", "8"], 0, "Q(8) solution 1"),
    case(&["solve", "3"], 1, "Q(3) has no solution"),
    case(&["solve", "0"], 2, "n must be at least 1"),
    case(
        &["solve", "8", "--backend", "external"],
        2,
        "--backend external needs --solver",
    ),
    closed(&["solve", "8"]),
    case(
        &[
            "solve",
            "6",
            "--backend",
            "external",
            "--solver",
            "sh {s}/liar_unsat.sh",
            "--trust-unsat",
        ],
        3,
        "OEIS A000170 lists 4",
    ),
    case(
        &[
            "solve",
            "6",
            "--backend",
            "external",
            "--solver",
            "sh {s}/liar_unsat.sh",
        ],
        3,
        "it answered UNSATISFIABLE, but varisat found a model of the same clauses",
    ),
    signalled(
        &[
            "solve",
            "8",
            "--backend",
            "external",
            "--solver",
            "sh {s}/hang.sh",
        ],
        "-INT",
        Ready::SolverStarted,
        130,
        "",
    ),
];

const ENCODE: &[Case] = &[
    case(&["encode", "4"], 0, "p cnf 16 "),
    case(
        &["encode", "8", "-o", "{d}"],
        2,
        "is a directory, not an output file",
    ),
    case(
        &["encode", "8", "--cube-depth", "3"],
        2,
        "--cube-depth applies to --format icnf only",
    ),
    case(
        &["encode", "8", "--format", "lp", "--cube-depth=0"],
        2,
        "--cube-depth applies to --format icnf only",
    ),
    case(
        &["encode", "8", "--format", "icnf", "--cube-depth", "9"],
        2,
        "--cube-depth 9 is more than the 8 rows",
    ),
    case(
        &["encode", "8", "--format", "opb", "--ind"],
        2,
        "--ind goes with",
    ),
    case(
        &["encode", "8", "-o", "{d}/no/such/dir/q.cnf"],
        3,
        "No such file or directory",
    ),
    case(
        &["encode", "8", "-o", "{d}/read-only.cnf"],
        3,
        "is read-only",
    ),
    closed(&["encode", "8"]),
    full(&["encode", "8"]),
    // Opening a FIFO without a reader waits: Ctrl-C ends the wait.
    signalled(&["encode", "8", "-o", "{d}/fifo"], "-INT", SOON, 130, ""),
];

const DECODE: &[Case] = &[
    case(
        &["decode", "8", "{d}/q8.out"],
        0,
        "Q(8) solution, columns [0, 4, 7, 5, 2, 6, 1, 3]",
    ),
    case(
        &["decode", "3", "{d}/unsat.out"],
        1,
        "and Q(3) has no solution",
    ),
    case(&["decode", "8", "{d}/missing.out"], 2, "cannot read"),
    case(&["decode", "8", "{d}/ok.cnf/x"], 2, "Not a directory"),
    case(
        &["decode", "8", "{d}/binary"],
        2,
        "did not contain valid UTF-8",
    ),
    case(
        &["decode", "8", "{d}/unsat.out"],
        3,
        "says unsatisfiable, but Q(8) has solutions",
    ),
    closed(&["decode", "8", "{d}/q8.out"]),
];

const STATS: &[Case] = &[
    case(&["stats", "6"], 0, "formulation"),
    case(&["stats", "0"], 2, "n must be at least 1"),
    case(&["stats", "46341"], 2, "at most 46340"),
    closed(&["stats", "6"]),
    full(&["stats", "6"]),
    // Regression: its report was written without a flush, and a full stdout exited 0.
    full(&["stats", "domination", "8"]),
    full(&["stats", "domination", "8", "--json"]),
    closed(&["stats", "domination", "8"]),
];

const MERGE: &[Case] = &[
    case(&["merge", "{d}/s1.json", "{d}/s2.json"], 0, "Q(6) = 4 "),
    case(
        &["merge", "{d}/liar1.json", "{d}/liar2.json"],
        1,
        "MISMATCH",
    ),
    case(&["merge", "{d}/s1.json"], 2, "cubes are missing"),
    case(
        &["merge", "{d}/s1.json", "{d}/s1.json"],
        2,
        "is given twice: give each shard once",
    ),
    case(&["merge", "{d}/ok.cnf"], 2, "is not a shard result"),
    case(&["merge"], 2, "required arguments were not provided"),
    case(&["merge", "{d}/missing.json"], 2, "cannot read"),
    closed(&["merge", "{d}/s1.json", "{d}/s2.json"]),
];

const OEIS: &[Case] = &[
    case(&["oeis"], 0, "A000170"),
    case(&["oeis", "3"], 2, "unexpected argument '3'"),
    closed(&["oeis"]),
    full(&["oeis"]),
];

const SYMMETRIES: &[Case] = &[
    case(&["symmetries", "{d}/ok.cnf"], 0, "group of order 2"),
    case(
        &["symmetries", "{d}/ok.cnf", "--json"],
        0,
        "\"order\":\"2\"",
    ),
    case(&["symmetries", "{d}/bad.cnf"], 2, "line 2"),
    case(&["symmetries", "{d}/missing.cnf"], 2, "cannot read"),
    case(
        &["symmetries", "{d}/ok.cnf", "--budget", "0"],
        2,
        "--budget",
    ),
    closed(&["symmetries", "{d}/ok.cnf"]),
    full(&["symmetries", "{d}/ok.cnf"]),
];

const BREAK: &[Case] = &[
    case(&["break", "{d}/ok.cnf"], 0, "broken with"),
    case(&["break", "{d}/bad.cnf"], 2, "line 2"),
    case(&["break", "{d}/ok.cnf", "-o", "{d}"], 2, "is a directory"),
    case(
        &["break", "{d}/ok.cnf", "-o", "{d}/read-only.cnf"],
        3,
        "read-only",
    ),
    closed(&["break", "{d}/ok.cnf"]),
    full(&["break", "{d}/ok.cnf"]),
];

const VERIFY: &[Case] = &[
    case(&["verify", "{d}/bundle"], 0, "certified: 4"),
    case(&["verify", "{d}/tampered"], 1, "not the blocking clause"),
    case(&["verify", "{d}/missing"], 2, "not a directory"),
    case(&["verify"], 2, "required arguments were not provided"),
    closed(&["verify", "{d}/bundle"]),
];

/// Pigeons into one hole fewer: unsatisfiable and hard for resolution, so counting it as
/// one cube runs for minutes unless stopped.
fn pigeonhole(holes: usize) -> String {
    let var = |p: usize, h: usize| (p * holes + h + 1) as i64;
    let mut clauses: Vec<Vec<i64>> = (0..=holes)
        .map(|p| (0..holes).map(|h| var(p, h)).collect())
        .collect();
    for h in 0..holes {
        for a in 0..=holes {
            for b in a + 1..=holes {
                clauses.push(vec![-var(a, h), -var(b, h)]);
            }
        }
    }
    let mut text = format!("p cnf {} {}\n", (holes + 1) * holes, clauses.len());
    for c in clauses {
        for l in c {
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    text
}

/// The input files the cases name.
fn inputs(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write("ok.cnf", "p cnf 2 1\n1 2 0\n");
    write("bad.cnf", "p cnf 2 1\n1 x 0\n");
    write("php.cnf", &pigeonhole(10));
    write("unsat.out", "s UNSATISFIABLE\n");
    write(
        "knap.opb",
        "* #variable= 3 #constraint= 1\nmax: +3 x1 +2 x2 +4 x3 ;\n-2 x1 -2 x2 -3 x3 >= -4 ;\n",
    );
    write(
        "infeasible.opb",
        "* #variable= 1 #constraint= 2\nmin: +1 x1 ;\n+1 x1 >= 1 ;\n-1 x1 >= 0 ;\n",
    );
    write("plain.opb", "* #variable= 1 #constraint= 1\n+1 x1 >= 1 ;\n");
    // A knapsack of 60 items: far from proved optimal half a second in.
    let mut hard = String::from("* #variable= 60 #constraint= 1\nmax:");
    let (mut w, mut s) = (String::new(), 7u64);
    for i in 1..=60 {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        hard += &format!(" +{} x{i}", 10 + (s >> 33) % 90);
        w += &format!("-{} x{i} ", 10 + (s >> 40) % 90);
    }
    write("hard.opb", &format!("{hard} ;\n{w}>= -1600 ;\n"));
    std::fs::write(dir.join("binary"), b"\xff\xfe\x00").unwrap();
    // A solution of Q(8), as a SAT solver writes it for the board / pairwise file.
    let columns = [0, 4, 7, 5, 2, 6, 1, 3];
    let mut model = String::from("s SATISFIABLE\nv");
    for (r, &c) in columns.iter().enumerate() {
        for col in 0..8 {
            let v = r * 8 + col + 1;
            model.push_str(&if col == c {
                format!(" {v}")
            } else {
                format!(" -{v}")
            });
        }
    }
    write("q8.out", &(model + " 0\n"));
    write("read-only.cnf", "old\n");
    let read_only = dir.join("read-only.cnf");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let fifo = Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .unwrap();
    assert!(fifo.success());
    // A proof bundle of Q(6), and a copy missing its first model.
    let bundle = dir.join("bundle");
    let (code, _, err) = common::run(&["count", "6", "--certify", bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let tampered = dir.join("tampered");
    common::copy_dir(&bundle, &tampered);
    let models = std::fs::read_to_string(tampered.join("solutions.txt")).unwrap();
    let rest: String = models.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(tampered.join("solutions.txt"), rest).unwrap();
    let liar = format!("sh {}", solvers().join("liar_unsat.sh").display());
    for (name, shard, solver) in [
        ("s1.json", "1/2", None),
        ("s2.json", "2/2", None),
        ("liar1.json", "1/2", Some(&liar)),
        ("liar2.json", "2/2", Some(&liar)),
    ] {
        let mut args = vec!["count", "6", "--shard", shard];
        if let Some(solver) = solver {
            args.extend(["--backend", "external", "--solver", solver, "--trust-unsat"]);
        }
        let (code, out, err) = common::run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        write(name, &out);
    }
}

fn solvers() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/solvers")
}

/// Starts the case's command with TMPDIR set to `tmp`.
fn start(c: &Case, args: &[String], tmp: &Path) -> Child {
    let binary = assert_cmd::cargo::cargo_bin("nqueens");
    let mut command = match c.out {
        Out::Closed => {
            let mut sh = Command::new("sh");
            sh.arg("-c").arg("exec \"$0\" \"$@\" >&-").arg(binary);
            sh
        }
        _ => Command::new(binary),
    };
    command.args(args).env("TMPDIR", tmp).stdin(Stdio::null());
    command.stderr(Stdio::piped());
    match c.out {
        Out::Pipe => command.stdout(Stdio::piped()),
        Out::Closed => command.stdout(Stdio::null()),
        Out::Full => command.stdout(std::fs::File::create("/dev/full").unwrap()),
    };
    command.spawn().unwrap()
}

/// Sends `signal` to `child` once it is `ready`.
fn send(child: &Child, signal: &str, ready: Ready, tmp: &Path) {
    match ready {
        Ready::After(pause) => std::thread::sleep(pause),
        Ready::SolverStarted => {
            let start = Instant::now();
            while std::fs::read_dir(tmp).unwrap().next().is_none() {
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "no solver started"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    let kill = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

/// Runs one case: (the code a shell would see, stdout, stderr). A signalled case must end
/// within 2 s of its signal, any other within 60 s.
fn run(c: &Case, dir: &Path) -> (i32, String, String) {
    let solvers = solvers();
    let args: Vec<String> = c
        .args
        .iter()
        .map(|a| {
            a.replace("{d}", dir.to_str().unwrap())
                .replace("{s}", solvers.to_str().unwrap())
        })
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let child = start(c, &args, tmp.path());
    if let Some((signal, ready)) = c.signal {
        send(&child, signal, ready, tmp.path());
    }
    let limit = Duration::from_secs(if c.signal.is_some() { 2 } else { 60 });
    let pid = child.id();
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    let start = Instant::now();
    while !waiter.is_finished() {
        if start.elapsed() > limit {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            panic!("{args:?} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = waiter.join().unwrap();
    let code = out
        .status
        .code()
        .or_else(|| out.status.signal().map(|s| 128 + s))
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (code, text(out.stdout), text(out.stderr))
}

fn check(cases: &[Case]) {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    for c in cases {
        let (code, out, err) = run(c, dir.path());
        let context = format!(
            "{:?} ({:?}): code {code}\nstdout: {out}\nstderr: {err}",
            c.args, c.out
        );
        assert_eq!(code, c.code, "{context}");
        assert!(err.lines().count() <= 1, "more than one line: {context}");
        let shown = if err.is_empty() { &out } else { &err };
        assert!(shown.contains(c.message), "{context}");
        if c.code != 0 && c.code != 130 && !err.is_empty() {
            assert!(err.starts_with("nqueens: "), "{context}");
        }
    }
}

#[test]
fn count_exits_as_documented() {
    check(COUNT);
}

#[test]
fn count_cnf_exits_as_documented() {
    check(COUNT_CNF);
}

#[test]
fn optimize_exits_as_documented() {
    check(OPTIMIZE);
}

#[test]
fn solve_exits_as_documented() {
    check(SOLVE);
}

#[test]
fn encode_exits_as_documented() {
    check(ENCODE);
}

#[test]
fn decode_exits_as_documented() {
    check(DECODE);
}

#[test]
fn stats_exits_as_documented() {
    check(STATS);
}

#[test]
fn merge_exits_as_documented() {
    check(MERGE);
}

#[test]
fn oeis_exits_as_documented() {
    check(OEIS);
}

#[test]
fn symmetries_exits_as_documented() {
    check(SYMMETRIES);
}

#[test]
fn break_exits_as_documented() {
    check(BREAK);
}

#[test]
fn verify_exits_as_documented() {
    check(VERIFY);
}

#[test]
fn issue_30_running_out_of_memory_is_exit_3_with_one_line() {
    // A compilation allowed far more than the address space: the allocation that fails
    // ends the process with exit 3 and one line, not an abort with a backtrace, and leaves
    // no file.
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("gates.cnf");
    std::fs::write(&cnf, common::random_or_gates(100, 30)).unwrap();
    let out = dir.path().join("gates.nnf");
    let args = [
        "count",
        "cnf",
        cnf.to_str().unwrap(),
        "--nnf",
        out.to_str().unwrap(),
        "--cache-mb",
        "100000",
        "-q",
    ];
    let (code, stdout, err) = common::run_limited(250 << 10, 60, &args);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.starts_with("nqueens: error: out of memory: an allocation of "),
        "{err}"
    );
    assert!(err.ends_with("bytes failed (lower --cache-mb, or allow more memory); no output file was left half-written\n"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("backtrace"), "{err}");
    assert_eq!(stdout, "");
    assert_eq!(common::names_in(dir.path()), ["gates.cnf"]);
}
