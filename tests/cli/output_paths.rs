//! `encode -o PATH` against every kind of path, signals during a write, and stdout closed,
//! full or cut short: nothing is destroyed, nothing half-written is left, and no lost output
//! exits 0.

use crate::common::{names_in, nqueens, run};
use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("nqueens")
}

/// The DIMACS text of `encode N` on stdout.
fn encoded(n: &str) -> String {
    let (code, out, err) = run(&["encode", n]);
    assert_eq!(code, 0, "{err}");
    out
}

/// Runs `encode 6 -o PATH` and returns (exit code, stderr).
fn encode_to(path: &Path) -> (i32, String) {
    let out = nqueens()
        .args(["encode", "6", "-o"])
        .arg(path)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    (out.status.code().expect("exited"), err)
}

#[test]
fn a_mode_600_file_is_replaced_and_keeps_its_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q6.cnf");
    fs::write(&path, "old\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(encode_to(&path), (0, String::new()));
    assert_eq!(fs::read_to_string(&path).unwrap(), encoded("6"));
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(names_in(dir.path()), ["q6.cnf"]);
}

#[test]
fn a_replaced_file_keeps_its_owner_where_allowed() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("theirs.cnf");
    fs::write(&path, "old\n").unwrap();
    // Only root may give a file away (and give it back): elsewhere there is nothing to test.
    if std::os::unix::fs::chown(&path, Some(65534), Some(65534)).is_err() {
        eprintln!("SKIPPED: not root, cannot give a file to another owner");
        return;
    }
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(encode_to(&path), (0, String::new()));
    let meta = fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    assert_eq!(meta.mode() & 0o777, 0o640);
    assert_eq!(fs::read_to_string(&path).unwrap(), encoded("6"));
}

#[test]
fn a_symlink_has_its_target_written_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.cnf");
    fs::write(&target, "old\n").unwrap();
    let link = dir.path().join("link.cnf");
    std::os::unix::fs::symlink("target.cnf", &link).unwrap();
    assert_eq!(encode_to(&link).0, 0);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("target.cnf"));
    assert_eq!(fs::read_to_string(&target).unwrap(), encoded("6"));
    // A dangling link: its target is created, the link is kept.
    let dangling = dir.path().join("dangling.cnf");
    std::os::unix::fs::symlink("new.cnf", &dangling).unwrap();
    assert_eq!(encode_to(&dangling).0, 0);
    assert!(fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_to_string(dir.path().join("new.cnf")).unwrap(),
        encoded("6")
    );
    assert_eq!(
        names_in(dir.path()),
        ["dangling.cnf", "link.cnf", "new.cnf", "target.cnf"]
    );
}

#[test]
fn a_hard_linked_file_is_written_in_place_and_every_name_sees_it() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q6.cnf");
    let other = dir.path().join("other-name.cnf");
    // Longer than the new content: the copy must truncate.
    fs::write(&path, "c old\n".repeat(10_000)).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    fs::hard_link(&path, &other).unwrap();
    let inode = fs::metadata(&path).unwrap().ino();
    assert_eq!(encode_to(&path), (0, String::new()));
    for name in [&path, &other] {
        assert_eq!(fs::read_to_string(name).unwrap(), encoded("6"), "{name:?}");
    }
    let meta = fs::metadata(&path).unwrap();
    assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
    assert_eq!(meta.mode() & 0o777, 0o640);
    assert_eq!(names_in(dir.path()), ["other-name.cnf", "q6.cnf"]);
}

#[test]
fn dev_null_is_written_in_place_and_stays_a_character_device() {
    assert_eq!(encode_to(Path::new("/dev/null")), (0, String::new()));
    let meta = fs::metadata("/dev/null").unwrap();
    assert!(meta.file_type().is_char_device());
}

#[test]
fn a_fifo_is_written_in_place_for_its_reader() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    assert_eq!(encode_to(&fifo), (0, String::new()));
    assert_eq!(reader.join().unwrap(), encoded("6"));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names_in(dir.path()), ["pipe"]);
}

#[test]
fn a_fifo_reader_that_stops_early_is_a_quiet_success() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut first = [0u8; 10];
            fs::File::open(fifo)
                .unwrap()
                .read_exact(&mut first)
                .unwrap();
        })
    };
    // n = 40 is about 1 MB: far more than a pipe holds, so the writer sees the reader go.
    let out = nqueens()
        .args(["encode", "40", "-o"])
        .arg(&fifo)
        .output()
        .unwrap();
    reader.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

/// A bad path: what to put in the directory first, the path, the exit code and the message.
struct BadPath {
    setup: fn(&Path),
    path: &'static str,
    code: i32,
    message: &'static str,
}

#[test]
fn bad_output_paths_are_refused_with_one_line_and_nothing_changes() {
    let cases = [
        BadPath {
            setup: |d| fs::create_dir(d.join("dir")).unwrap(),
            path: "dir",
            code: 2,
            message: "'DIR/dir' is a directory, not an output file",
        },
        BadPath {
            setup: |_| {},
            path: "new/",
            code: 2,
            message: "'DIR/new/' names a directory, not an output file",
        },
        BadPath {
            setup: |d| {
                std::os::unix::fs::symlink("b", d.join("a")).unwrap();
                std::os::unix::fs::symlink("a", d.join("b")).unwrap();
            },
            path: "a",
            code: 2,
            message: "'DIR/a': too many levels of symbolic links",
        },
        BadPath {
            setup: |d| {
                fs::write(d.join("ro.cnf"), "old\n").unwrap();
                fs::set_permissions(d.join("ro.cnf"), fs::Permissions::from_mode(0o444)).unwrap();
            },
            path: "ro.cnf",
            code: 3,
            message: "'DIR/ro.cnf' is read-only; it is left as it is",
        },
        BadPath {
            setup: |_| {},
            path: "missing/q.cnf",
            code: 3,
            message: "cannot create a temporary file in 'DIR/missing': No such file",
        },
        BadPath {
            setup: |d| fs::write(d.join("file"), "old\n").unwrap(),
            path: "file/q.cnf",
            code: 3,
            message: "cannot write 'DIR/file/q.cnf': Not a directory",
        },
    ];
    for case in cases {
        let dir = tempfile::tempdir().unwrap();
        (case.setup)(dir.path());
        let before = names_in(dir.path());
        let path = dir.path().join(case.path);
        let (code, err) = encode_to(&path);
        let shown = dir.path().display().to_string();
        assert_eq!(code, case.code, "{}: {err}", case.path);
        assert_eq!(err.lines().count(), 1, "{err}");
        let message = case.message.replace("DIR", &shown);
        assert!(err.starts_with("nqueens: error: "), "{err}");
        assert!(err.contains(&message), "{}: {err}", case.path);
        assert_eq!(names_in(dir.path()), before, "{}", case.path);
    }
}

#[test]
fn a_read_only_file_keeps_its_content_and_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ro.cnf");
    fs::write(&path, "old\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    assert_eq!(encode_to(&path).0, 3);
    assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o444
    );
}

/// Starts `encode 3000 --force -o DIR/big.cnf` (tens of GB: it is still writing when the
/// signal comes), sends `signal` once its temporary file exists, and returns the exit code.
fn signal_mid_write(signal: &str) -> (i32, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(binary())
        .args(["encode", "3000", "--force", "-o"])
        .arg(dir.path().join("big.cnf"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !names_in(dir.path()).iter().any(|n| n.ends_with(".tmp")) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("encode did not end after {signal}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (status.code().expect("exited"), names_in(dir.path()))
}

#[test]
fn sigterm_mid_write_removes_the_temporary_file_and_exits_143() {
    assert_eq!(signal_mid_write("-TERM"), (143, vec![]));
}

#[test]
fn ctrl_c_mid_write_removes_the_temporary_file_and_exits_130() {
    assert_eq!(signal_mid_write("-INT"), (130, vec![]));
}

/// Runs `nqueens ARGS` with stdout closed (`>&-`) and returns (exit code, stderr).
fn with_stdout_closed(args: &[&str]) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" >&-")
        .arg(binary())
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().expect("exited"),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn closed_stdout_is_exit_3_with_one_line() {
    for args in [
        &["count", "8"][..],
        &["encode", "8"],
        &["oeis"],
        &["solve", "6"],
    ] {
        let (code, err) = with_stdout_closed(args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("cannot write to stdout: it is closed"),
            "{args:?}: {err}"
        );
    }
    // Nothing goes to stdout: a closed stdout does not matter.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.cnf");
    let (code, err) = with_stdout_closed(&["encode", "6", "-o", path.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn full_stdout_is_exit_3_with_one_line() {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("SKIPPED: /dev/full is not available");
        return;
    };
    for args in [&["count", "8"][..], &["encode", "8"], &["oeis"]] {
        let out = Command::new(binary())
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("cannot write to stdout: No space left"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_reader_closing_the_pipe_is_a_quiet_success() {
    let mut child = Command::new(binary())
        .args(["encode", "40"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first, b"c nqueens:");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

/// A legal output name of 240 bytes (the limit is 255) is written, by every command that
/// writes through a temporary sibling: the sibling's name repeats only a prefix of it.
#[test]
fn regression_a_long_legal_output_name_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let long = |tag: &str| dir.path().join(format!("{tag}{}", "é".repeat(119)));
    let cnf = long("a");
    let runs: Vec<Vec<String>> = vec![
        vec![
            "encode".into(),
            "6".into(),
            "-o".into(),
            cnf.display().to_string(),
        ],
        vec![
            "break".into(),
            cnf.display().to_string(),
            "-o".into(),
            long("b").display().to_string(),
        ],
        vec![
            "generate".into(),
            "completion".into(),
            "8".into(),
            "-o".into(),
            long("c").display().to_string(),
        ],
        vec![
            "count".into(),
            "5".into(),
            "--certify".into(),
            long("d").display().to_string(),
        ],
    ];
    for args in runs {
        let out = Command::new(binary()).args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{}: {err}", args[0]);
    }
    for tag in ["a", "b", "c", "d"] {
        assert!(long(tag).exists(), "{tag}");
    }
    // Nothing temporary is left beside them.
    assert_eq!(names_in(dir.path()).len(), 4, "{:?}", names_in(dir.path()));
}

#[test]
fn an_output_that_is_the_input_file_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("q6.cnf");
    fs::write(&cnf, encoded("6")).unwrap();
    let board = dir.path().join("board.txt");
    fs::write(&board, "..\n..\n").unwrap();
    let link = dir.path().join("link.cnf");
    std::os::unix::fs::symlink(&cnf, &link).unwrap();
    let cnf_s = cnf.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["count", "cnf", cnf_s, "--nnf", cnf_s],
        vec!["count", "cnf", cnf_s, "--nnf", link.to_str().unwrap()],
        vec!["break", cnf_s, "-o", cnf_s],
        vec![
            "encode",
            "2",
            "--given-file",
            board.to_str().unwrap(),
            "-o",
            board.to_str().unwrap(),
        ],
    ];
    for args in cases {
        let before = (fs::read(&cnf).unwrap(), fs::read(&board).unwrap());
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("is the input file"), "{args:?}: {err}");
        assert_eq!(
            (fs::read(&cnf).unwrap(), fs::read(&board).unwrap()),
            before,
            "{args:?}"
        );
    }
}

/// The commands that write an output file, with `OUT` for its path, and the files they read
/// (made in `dir`).
fn writers(dir: &Path) -> Vec<Vec<String>> {
    let cnf = dir.join("s.cnf");
    fs::write(&cnf, "p cnf 3 2\n1 2 0\n-1 3 0\n").unwrap();
    let opb = dir.join("k.opb");
    fs::write(
        &opb,
        "* #variable= 3 #constraint= 1\nmin: +1 x1 +2 x2 +3 x3 ;\n+1 x1 +1 x2 +1 x3 >= 1 ;\n",
    )
    .unwrap();
    let (cnf, opb) = (cnf.to_str().unwrap(), opb.to_str().unwrap());
    [
        vec!["encode", "4", "-o", "OUT"],
        vec!["encode", "opb", opb, "-o", "OUT"],
        vec!["optimize", opb, "--export", "lp", "-o", "OUT"],
        vec!["count", "cnf", cnf, "--nnf", "OUT", "--quiet"],
    ]
    .into_iter()
    .map(|line| line.into_iter().map(String::from).collect())
    .collect()
}

/// `line` with `OUT` replaced by `out`.
fn with_out(line: &[String], out: &str) -> Vec<String> {
    line.iter()
        .map(|a| {
            if a == "OUT" {
                out.to_string()
            } else {
                a.clone()
            }
        })
        .collect()
}

/// Removes the run time from a report line (`0.000 s`), which differs between runs.
fn timeless(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| !w.contains('.') || w.parse::<f64>().is_err())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The regression of issue 30: `-o /dev/stdout` (or `--nnf`) with stdout redirected to a
/// regular file `>> log` renamed a temporary file over `log`: `keep` was gone, exit 0. Every
/// spelling of one of our descriptors is written through it, as `-o -` is.
#[test]
fn regression_dev_stdout_appended_to_a_log_keeps_what_the_log_held() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("to-stdout");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    // Not `count --nnf`: its report goes to stdout, so stdout is refused as the formula's
    // file (tests/cli/tour_round4.rs).
    for line in writers(dir.path()).into_iter().filter(|l| l[0] != "count") {
        // What the command writes with a regular file, and what it prints beside it.
        let file = dir.path().join("file.out");
        let out = Command::new(binary())
            .args(with_out(&line, file.to_str().unwrap()))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{line:?}");
        let written = fs::read_to_string(&file).unwrap();
        let printed = String::from_utf8(out.stdout).unwrap();
        fs::remove_file(&file).unwrap();
        for spelling in [
            "/dev/stdout",
            "/dev/fd/1",
            "/proc/self/fd/1",
            link.to_str().unwrap(),
        ] {
            let log = dir.path().join("log");
            fs::write(&log, "keep\n").unwrap();
            let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
            let status = Command::new(binary())
                .args(with_out(&line, spelling))
                .stdout(appending)
                .status()
                .unwrap();
            assert_eq!(status.code(), Some(0), "{line:?} {spelling}");
            let got = fs::read_to_string(&log).unwrap();
            // The report names the output as given.
            let printed = printed.replace(file.to_str().unwrap(), spelling);
            let want = format!("keep\n{written}{printed}");
            assert_eq!(timeless(&got), timeless(&want), "{line:?} {spelling}");
            assert!(got.starts_with("keep\n"), "{line:?} {spelling}: {got}");
            fs::remove_file(&log).unwrap();
        }
        let mut left = names_in(dir.path());
        left.retain(|n| !["s.cnf", "k.opb", "to-stdout"].contains(&n.as_str()));
        assert!(left.is_empty(), "{line:?} left {left:?}");
    }
}

/// Another descriptor (`/dev/fd/3`, `/dev/stderr`) on a file opened for appending is written
/// through as well: what was there stays, and the output follows it.
#[test]
fn other_descriptors_on_regular_files_are_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    for line in writers(dir.path()) {
        fs::write(&log, "keep\n").unwrap();
        let file = dir.path().join("file.out");
        let status = Command::new(binary())
            .args(with_out(&line, file.to_str().unwrap()))
            .status()
            .unwrap();
        assert!(status.success());
        let written = fs::read_to_string(&file).unwrap();
        fs::remove_file(&file).unwrap();
        // fd 3 opened by the shell for appending.
        let status = Command::new("sh")
            .arg("-c")
            .arg(r#"log="$1"; shift; exec "$@" 3>>"$log""#)
            .arg("sh")
            .arg(&log)
            .arg(binary())
            .args(with_out(&line, "/dev/fd/3"))
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0), "{line:?}");
        assert_eq!(
            fs::read_to_string(&log).unwrap(),
            format!("keep\n{written}"),
            "{line:?}"
        );
        // Stderr appended to the log: the file, after any warning.
        fs::write(&log, "keep\n").unwrap();
        let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
        let status = Command::new(binary())
            .args(with_out(&line, "/dev/stderr"))
            .stdout(Stdio::null())
            .stderr(appending)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0), "{line:?}");
        let got = fs::read_to_string(&log).unwrap();
        assert!(got.starts_with("keep\n"), "{line:?}: {got}");
        assert!(got.ends_with(&written), "{line:?}: {got}");
    }
}

#[test]
fn a_descriptor_that_is_not_open_is_exit_3_naming_it() {
    let (code, err) = encode_to(Path::new("/dev/fd/57"));
    assert_eq!(code, 3, "{err}");
    assert_eq!(
        err,
        "nqueens: error: '/dev/fd/57' names descriptor 57, which is not open\n"
    );
}

/// The class of issue 30's fault, in a file that is read back: `--checkpoint /dev/stdout`
/// with stdout appended to a log reopened the log as the checkpoint, and a last line without
/// its newline was cut as a torn line ("keep" gone, exit 0). A descriptor is refused.
#[test]
fn a_checkpoint_on_a_descriptor_is_refused_and_the_log_kept() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    for spelling in ["/dev/stdout", "/proc/self/fd/1"] {
        fs::write(&log, "keep").unwrap();
        let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
        let out = Command::new(binary())
            .args(["count", "8", "-q", "--checkpoint", spelling])
            .stdout(appending)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("checkpoint '{spelling}'"))
                && err.contains("names descriptor 1, not a file"),
            "{err}"
        );
        assert_eq!(fs::read_to_string(&log).unwrap(), "keep");
    }
}
