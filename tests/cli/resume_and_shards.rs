//! Counts that survive interruption (`--checkpoint`) and counts split across machines
//! (`--shard`, `merge`), end to end with the real binary.

use crate::common;
use crate::common::{interrupt_at, json_of, lines, nqueens, run};
use std::path::Path;

/// Starts `count 13 --checkpoint`, waits until `min_cubes` cubes are recorded, then sends
/// `signal` and returns the exit status code (None when killed by the signal).
fn start_and_stop(checkpoint: &Path, min_cubes: usize, signal: &str) -> Option<i32> {
    let cp = checkpoint.display().to_string();
    let args = [
        "count",
        "13",
        "--threads",
        "1",
        "--quiet",
        "--checkpoint",
        &cp,
    ];
    interrupt_at(&args, checkpoint, min_cubes + 1, signal)
        .status
        .code()
}

fn resume(checkpoint: &Path) -> serde_json::Value {
    json_of(
        nqueens()
            .args(["count", "13", "--threads", "1", "--json", "--checkpoint"])
            .arg(checkpoint)
            .output()
            .unwrap(),
    )
}

#[test]
fn a_count_killed_part_way_resumes_to_the_same_total() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("q13.ckpt");
    let code = start_and_stop(&cp, 20, "-KILL");
    assert_eq!(code, None, "killed by the signal");
    let recorded = lines(&cp) - 1;
    let r = resume(&cp);
    assert_eq!(r["count"], 73712);
    assert_eq!(r["matches"], true);
    let resumed = r["cubes_resumed"].as_u64().unwrap() as usize;
    assert!(
        resumed >= 20 && resumed <= recorded,
        "{resumed} of {recorded}"
    );
    assert_eq!(r["cubes_done"], r["cubes"]);
    // Every cube is in the checkpoint exactly once now.
    assert_eq!(lines(&cp) - 1, r["cubes"].as_u64().unwrap() as usize);
}

#[test]
fn ctrl_c_prints_the_partial_count_and_leaves_a_valid_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("q13.ckpt");
    let code = start_and_stop(&cp, 5, "-INT");
    assert_eq!(code, Some(130));
    let r = resume(&cp);
    assert_eq!(r["count"], 73712);
    assert!(r["cubes_resumed"].as_u64().unwrap() >= 5);
}

#[test]
fn a_checkpoint_of_another_command_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("q8.ckpt");
    let cp_s = cp.to_str().unwrap();
    let (code, _, _) = run(&["count", "8", "--checkpoint", cp_s]);
    assert_eq!(code, 0);
    let (code, _, err) = run(&["count", "9", "--checkpoint", cp_s]);
    assert_eq!(code, 2);
    assert!(err.contains("belongs to a different count"), "{err}");
    let (code, _, err) = run(&["count", "8", "--amo", "ladder", "--checkpoint", cp_s]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn shards_merge_to_the_full_count_and_bad_sets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for i in 1..=3 {
        let (code, out, err) = run(&["count", "10", "--shard", &format!("{i}/3")]);
        assert_eq!(code, 0, "{err}");
        let path = dir.path().join(format!("s{i}.json"));
        std::fs::write(&path, out).unwrap();
        paths.push(path.to_str().unwrap().to_string());
    }
    let merge = |files: &[&str]| {
        let mut args = vec!["merge"];
        args.extend_from_slice(files);
        run(&args)
    };
    let (code, out, _) = merge(&[&paths[0], &paths[1], &paths[2]]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Q(10) = 724 "), "{out}");
    assert!(out.contains("ok"), "{out}");
    let (code, _, err) = merge(&[&paths[0], &paths[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("missing"), "{err}");
    let (code, _, err) = merge(&[&paths[0], &paths[1], &paths[1], &paths[2]]);
    assert_eq!(code, 2);
    assert!(
        err.contains("is given twice: give each shard once"),
        "{err}"
    );
    // `-`: shards from standard input, one a line, beside files.
    let piped: String = paths[..2]
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let out = nqueens()
        .args(["merge", "-", &paths[2]])
        .write_stdin(piped.clone())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.starts_with("Q(10) = 724 "),
        "{text}"
    );
    let out = nqueens()
        .args(["merge", "-", &paths[0]])
        .write_stdin(piped)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("'stdin line 1' and "), "{err}");
    let (_, other, _) = run(&["count", "9", "--shard", "1/1"]);
    let other_path = dir.path().join("other.json");
    std::fs::write(&other_path, other).unwrap();
    let (code, _, err) = merge(&[&paths[0], other_path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("different count"), "{err}");
}

#[test]
fn an_interrupted_shard_writes_nothing_to_its_result_stream() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("s.ckpt");
    let cp_arg = cp.display().to_string();
    let args = [
        "count",
        "13",
        "--threads",
        "1",
        "--quiet",
        "--shard",
        "1/2",
        "--checkpoint",
        &cp_arg,
    ];
    let out = interrupt_at(&args, &cp, 4, "-INT");
    assert_eq!(out.status.code(), Some(130));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted after"));
}

/// A shard file whose numbers were edited is refused by `merge` (exit 2): one more model in a
/// `--cnf` shard of `encode 9` is caught by the file's check value, and an impossible orbit
/// count in a `--symmetry auto` shard (no orbits among one model) by the orbit bounds, before
/// any sum is printed.
#[test]
fn regression_edited_cnf_shards_are_refused_by_merge() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("q9.cnf");
    let cnf = cnf.to_str().unwrap();
    let (code, _, err) = common::run(&["encode", "9", "-o", cnf]);
    assert_eq!(code, 0, "{err}");
    let shard = |extra: &[&str], index: &str| -> serde_json::Value {
        let mut args = vec!["count", "cnf", cnf, "--shard", index];
        args.extend(extra);
        let (code, out, err) = common::run(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).unwrap()
    };
    let write = |name: &str, v: &serde_json::Value| {
        let p = dir.path().join(name);
        std::fs::write(&p, v.to_string()).unwrap();
        p.to_str().unwrap().to_string()
    };
    let (s1, s2) = (shard(&[], "1/2"), shard(&[], "2/2"));
    let (a, b) = (write("s1.json", &s1), write("s2.json", &s2));
    let (code, out, err) = common::run(&["merge", &a, &b]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("352 models"), "{out}");
    // One field alone breaks a cube's own bounds; all three together are plausible, and
    // only the check value catches them.
    for (fields, why) in [
        (&["total"][..], "each its own orbit"),
        (&["found"][..], ""),
        (
            &["total", "orbits", "found"][..],
            "check value does not match",
        ),
    ] {
        let mut edited = s1.clone();
        let cube = edited["cubes"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|c| c["found"] != 0)
            .unwrap();
        for &field in fields {
            cube[field] = (cube[field].as_u64().unwrap() + 1).into();
        }
        let e = write("edited.json", &edited);
        let (code, out, err) = common::run(&["merge", &e, &b]);
        assert_eq!((code, out.as_str()), (2, ""), "{fields:?}: {err}");
        assert!(
            err.contains("edited.json") && err.contains(why),
            "{fields:?}: {err}"
        );
    }

    // A count of a million digits is refused in one short line, not echoed; one digit
    // more is called too long.
    for digits in [1_262_612, 1_262_613] {
        let mut edited = s1.clone();
        edited["cubes"][0]["total"] = "9".repeat(digits).into();
        let e = write("long.json", &edited);
        let (code, _, err) = common::run(&["merge", &e, &b]);
        assert_eq!(code, 2, "{}", &err[..err.len().min(300)]);
        assert!(err.len() < 300, "a {}-byte message", err.len());
        if digits > 1_262_612 {
            assert!(err.contains("is longer than the 1262612 digits"), "{err}");
        }
    }

    let mut orbits = shard(&["--symmetry", "auto"], "1/1");
    let cube = orbits["cubes"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["found"] != 0)
        .unwrap();
    cube["orbits"] = 0.into();
    cube["total"] = 1.into();
    let e = write("orbits.json", &orbits);
    let (code, out, err) = common::run(&["merge", &e]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("claims 1 solutions in 0 orbits"), "{err}");
}

/// Shard results joined in one file (`cat s*.json > all.json`) merge as they do on stdin.
#[test]
fn regression_a_file_of_several_shard_lines_merges() {
    let dir = tempfile::tempdir().unwrap();
    let mut all = String::new();
    for i in 1..=3 {
        let (code, out, err) = common::run(&["count", "8", "-q", "--shard", &format!("{i}/3")]);
        assert_eq!(code, 0, "{err}");
        all += &out;
    }
    let path = dir.path().join("all.json");
    std::fs::write(&path, all).unwrap();
    let (code, out, err) = common::run(&["merge", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Q(8) = 92"), "{out}");
}
