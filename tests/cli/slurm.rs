//! Runs that outgrow one machine, on a real scheduler: the book's Slurm job array (docs/src/counting-boards.md),
//! submitted with `sbatch --wait` to the single-node cluster `.ci/slurm-up.sh` starts, for a
//! board count and for a `--cnf` count; the shards are merged and checked.

use crate::common::{require_tool, run};
use std::path::Path;
use std::process::Command;

/// Whether a Slurm cluster answers with a node that takes jobs. The two tests here run side by
/// side, so the node may be busy (`mixed`, `allocated`) with the other's array rather than
/// `idle`; only a node that is down, drained or unknown counts as no cluster. In CI a missing
/// one fails the test.
fn cluster() -> bool {
    if require_tool("sbatch").is_none() {
        return false;
    }
    let up = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .is_ok_and(|o| {
            String::from_utf8_lossy(&o.stdout)
                .split_whitespace()
                .any(|state| {
                    let state =
                        state.trim_end_matches(['*', '~', '#', '!', '%', '$', '@', '^', '-']);
                    matches!(state, "idle" | "mixed" | "allocated" | "completing")
                })
        });
    if !up {
        if std::env::var_os("CI").is_some() {
            panic!("no Slurm node takes jobs in CI (see .ci/slurm-up.sh)");
        }
        eprintln!("SKIPPED: no Slurm cluster is running (start one with .ci/slurm-up.sh)");
    }
    up
}

/// Submits an array of `shards` tasks running `nqueens <args> --shard I/K` in `dir`, as the
/// book's example does, waits for it, and returns the shard files' paths. It waits by asking
/// `squeue` every 0.1 s rather than with `sbatch --wait`, whose polling backs off to seconds
/// (10 s for an array that ran in one); a task that fails leaves a `.failed` file.
fn submit(dir: &Path, name: &str, args: &str, shards: usize) -> Vec<String> {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let script = format!(
        "#!/bin/bash\n\
         #SBATCH --array=1-{shards} --cpus-per-task=1 --output={name}-%a.log\n\
         '{}' {args} --quiet --shard \"$SLURM_ARRAY_TASK_ID/{shards}\" > \"{name}-shard-$SLURM_ARRAY_TASK_ID.json\" \\\n\
         || touch \"{name}-$SLURM_ARRAY_TASK_ID.failed\"\n",
        bin.display()
    );
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, script).unwrap();
    let out = Command::new("sbatch")
        .args(["--parsable", "--chdir"])
        .arg(dir)
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "sbatch failed: {out:?}");
    let job = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    loop {
        let queued = Command::new("squeue")
            .args(["-h", "-j", &job])
            .output()
            .unwrap();
        if queued.status.success() && queued.stdout.is_empty() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "job {job} still queued after 300 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    (1..=shards)
        .map(|i| {
            let failed = dir.join(format!("{name}-{i}.failed"));
            assert!(!failed.exists(), "shard {i} failed: see {name}-{i}.log");
            let p = dir.join(format!("{name}-shard-{i}.json"));
            assert!(p.is_file(), "shard {i} wrote nothing");
            p.to_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn a_slurm_job_array_counts_q12_in_four_shards_that_merge_to_oeis() {
    if !cluster() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shards = submit(dir.path(), "q12", "count 12", 4);
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Q(12) = 14200 "), "{out}");
    assert!(out.contains("A000170: 14200 ok"), "{out}");
    assert!(out.contains("merged 4 shards"), "{out}");
}

#[test]
fn a_slurm_job_array_counts_a_cnf_file_in_three_shards_that_merge_to_the_whole_count() {
    if !cluster() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("q9-seq.cnf");
    let (code, _, err) = run(&[
        "encode",
        "9",
        "--amo",
        "sequential",
        "-o",
        cnf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let whole = run(&["count", "cnf", cnf.to_str().unwrap(), "--json"]);
    let whole: serde_json::Value = serde_json::from_str(whole.1.trim()).unwrap();
    let shards = submit(
        dir.path(),
        "q9",
        &format!("count cnf '{}'", cnf.display()),
        3,
    );
    let mut args = vec!["merge", "--json"];
    args.extend(shards.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let merged: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(merged["count"], whole["count"]);
    assert_eq!(
        merged["count"], 352,
        "A000170(9), projected past the auxiliaries"
    );
    assert_eq!(merged["shards"], 3);
}
