//! `count --certify DIR`: proof bundles for boards and DIMACS files, each checked here with
//! the DRAT checker rate (the proof), and by reading the files back (every model satisfies F,
//! models differ on S, blocked.cnf is F plus their blocking clauses, the count is the
//! uncertified count); tampered bundles that rate must reject. Refused requests, reports and
//! signals: `certify_errors.rs`.

use crate::common::{nqueens, run};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use zero_one_model::dimacs::{read_dimacs, Cnf};
use zero_one_model::{Lit, Var};

/// The rate DRAT checker (`cargo install --locked rate`): `NQUEENS_RATE`, then PATH, then
/// `~/.cargo/bin` and `/tmp/ratebin/bin`. Missing in CI (`CI` set) fails the test; locally
/// the test says loudly that it skipped.
fn rate() -> Option<PathBuf> {
    let mut places: Vec<PathBuf> = std::env::var_os("NQUEENS_RATE")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    if let Some(paths) = std::env::var_os("PATH") {
        places.extend(std::env::split_paths(&paths).map(|p| p.join("rate")));
    }
    if let Some(home) = std::env::var_os("HOME") {
        places.push(Path::new(&home).join(".cargo/bin/rate"));
    }
    places.push(PathBuf::from("/tmp/ratebin/bin/rate"));
    let found = places.into_iter().find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "rate is required in CI but is not installed (see .ci/run)"
        );
        eprintln!(
            "SKIPPED: rate (cargo install --locked rate) is not installed; this test did not run"
        );
    }
    found
}

/// Whether rate accepts the bundle's proof.
fn rate_accepts(rate: &Path, bundle: &Path) -> bool {
    let out = Command::new(rate)
        .arg(bundle.join("blocked.cnf"))
        .arg(bundle.join("proof.drat"))
        .output()
        .unwrap();
    let verified = String::from_utf8_lossy(&out.stdout)
        .lines()
        .any(|l| l.trim() == "s VERIFIED");
    assert_eq!(
        verified,
        out.status.success(),
        "rate's answer and exit code agree"
    );
    verified
}

fn read_cnf(path: &Path) -> Cnf {
    read_dimacs(std::io::BufReader::new(std::fs::File::open(path).unwrap())).unwrap()
}

/// Reads a bundle back, checks it as a skeptic would (apart from the proof) and returns the
/// number of models.
fn check_files(bundle: &Path) -> usize {
    let f = read_cnf(&bundle.join("formula.cnf"));
    let shown: Vec<Var> = f
        .shown
        .clone()
        .unwrap_or_else(|| (0..f.num_vars as u32).map(Var::new).collect());
    let mut blocking = Vec::new();
    let mut seen = HashSet::new();
    let text = std::fs::read_to_string(bundle.join("solutions.txt")).unwrap();
    for line in text.lines() {
        let lits: Vec<i64> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(lits.last(), Some(&0), "a model ends with 0: {line}");
        let mut model = vec![None; f.num_vars];
        for &l in &lits[..lits.len() - 1] {
            let l = Lit::from_dimacs(l).unwrap();
            let slot = &mut model[l.var().index()];
            assert!(slot.is_none(), "a variable twice in {line}");
            *slot = Some(l.is_positive());
        }
        let model: Vec<bool> = model
            .into_iter()
            .map(|v| v.expect("every variable"))
            .collect();
        for c in &f.clauses {
            assert!(c.iter().any(|l| l.eval(&model)), "a model breaks {c:?}");
        }
        let on_s: Vec<bool> = shown.iter().map(|v| model[v.index()]).collect();
        assert!(
            seen.insert(on_s.clone()),
            "two models equal on the projection"
        );
        blocking.push(
            shown
                .iter()
                .zip(&on_s)
                .map(|(v, &b)| v.lit(!b))
                .collect::<Vec<_>>(),
        );
    }
    let blocked = read_cnf(&bundle.join("blocked.cnf"));
    assert_eq!(blocked.num_vars, f.num_vars);
    let (head, tail) = blocked.clauses.split_at(f.clauses.len());
    assert_eq!(head, &f.clauses[..], "blocked.cnf starts with F unchanged");
    // A blocking clause is a set of literals (the producer writes the negated true ones
    // first, for checkers that watch the first two).
    let sorted = |clauses: &[Vec<Lit>]| -> Vec<Vec<Lit>> {
        clauses
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort_unstable();
                c
            })
            .collect()
    };
    assert_eq!(
        sorted(tail),
        sorted(&blocking),
        "then one blocking clause per model, in order"
    );
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(bundle.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["count"], seen.len().to_string());
    let projection: Vec<u64> = shown.iter().map(|v| v.to_dimacs()).collect();
    assert_eq!(manifest["projection"], serde_json::json!(projection));
    seen.len()
}

/// The count `count ARGS --json` reports. Without --certify, `--amo` does nothing with the
/// ILP backend (it writes no CNF) and is refused: it is left out there.
fn count_of(args: &[&str]) -> u64 {
    let ilp = args.contains(&"ilp");
    let mut kept: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if ilp && args[i] == "--amo" {
            i += 2;
            continue;
        }
        kept.push(args[i]);
        i += 1;
    }
    let (code, out, err) = run(&[&["count"], &kept[..], &["--json", "--quiet"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["count"].as_u64().unwrap()
}

/// Certifies `count ARGS` into a new directory and checks the bundle every way, rate
/// included; returns the number of models.
fn certify_and_check(rate: &Path, args: &[&str]) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("bundle");
    let out = nqueens()
        .arg("count")
        .args(args)
        .arg("--quiet")
        .arg("--certify")
        .arg(&bundle)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let models = check_files(&bundle);
    // Our independent checker agrees.
    let verified = nqueens().arg("verify").arg(&bundle).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&verified.stdout).trim(),
        format!("certified: {models}"),
        "{args:?}: {}",
        String::from_utf8_lossy(&verified.stderr)
    );
    assert!(verified.status.success());
    let noun = if models == 1 { "model" } else { "models" };
    assert!(
        stdout.contains(&format!(
            "certified bundle: {} ({models} {noun}, ",
            bundle.display()
        )),
        "{stdout}"
    );
    assert!(
        rate_accepts(rate, &bundle),
        "rate rejects the bundle of {args:?}"
    );
    assert_eq!(
        models as u64,
        count_of(args),
        "{args:?}: certified = uncounted"
    );
    models
}

#[test]
fn board_bundles_for_q1_to_q8_are_accepted_by_rate() {
    let Some(rate) = rate() else { return };
    for n in 1..=8u64 {
        let n_text = n.to_string();
        let models = certify_and_check(&rate, &[&n_text, "--symmetry", "none"]);
        assert_eq!(
            Some(models as u64),
            nqueens_queens::oeis::solutions(n as usize)
        );
    }
}

#[test]
fn bundles_with_auxiliary_variables_threads_and_cube_depths_are_accepted() {
    let Some(rate) = rate() else { return };
    let cases: &[&[&str]] = &[
        &["7", "--amo", "sequential", "--threads", "2"],
        // Depth 0 needs --symmetry none in the uncertified count it is compared with (d4
        // splits on the first row and refuses depth 0).
        &[
            "7",
            "--amo",
            "bimander",
            "--cube-depth",
            "0",
            "--threads",
            "1",
            "--symmetry",
            "none",
        ],
        &[
            "6",
            "--amo",
            "commander",
            "--cube-depth",
            "3",
            "--threads",
            "2",
        ],
        &[
            "6",
            "--amo",
            "product",
            "--backend",
            "sat",
            "--cube-depth",
            "4",
        ],
        &["6", "--amo", "ladder", "--backend", "ilp"],
        &[
            "6",
            "--formulation",
            "column",
            "--domain",
            "log",
            "--threads",
            "2",
        ],
        &[
            "6",
            "--formulation",
            "column",
            "--domain",
            "order",
            "--cube-depth",
            "2",
        ],
    ];
    for args in cases {
        certify_and_check(&rate, args);
    }
}

#[test]
fn the_certified_formula_is_what_encode_writes() {
    let dir = tempfile::tempdir().unwrap();
    let (bundle, file) = (dir.path().join("b"), dir.path().join("q.cnf"));
    nqueens()
        .args(["count", "6", "--amo", "sequential", "--certify"])
        .arg(&bundle)
        .assert()
        .success();
    nqueens()
        .args(["encode", "6", "--amo", "sequential", "-o"])
        .arg(&file)
        .assert()
        .success();
    let (ours, encoded) = (read_cnf(&bundle.join("formula.cnf")), read_cnf(&file));
    assert!(ours.num_vars > 36, "the sequential counter adds variables");
    assert_eq!(
        (ours.num_vars, &ours.clauses, &ours.shown),
        (encoded.num_vars, &encoded.clauses, &encoded.shown)
    );
}

#[test]
fn a_bundle_of_a_board_with_squares_names_them_as_encode_does() {
    let dir = tempfile::tempdir().unwrap();
    let (bundle, file) = (dir.path().join("b"), dir.path().join("q.cnf"));
    let board = [
        "8",
        "--variant",
        "toroidal",
        "--blocked",
        "0:0,7:7",
        "--amo",
        "sequential",
    ];
    nqueens()
        .arg("count")
        .args(board)
        .arg("--certify")
        .arg(&bundle)
        .assert()
        .success();
    nqueens()
        .arg("encode")
        .args(board)
        .arg("-o")
        .arg(&file)
        .assert()
        .success();
    let ours = std::fs::read_to_string(bundle.join("formula.cnf")).unwrap();
    assert_eq!(ours, std::fs::read_to_string(&file).unwrap());
    assert!(ours.contains("c variant = toroidal\n"), "{ours}");
    assert!(
        ours.contains("c blocked squares (row:col, 0-based) = 0:0,7:7\n"),
        "{ours}"
    );
}

/// DIMACS files to certify: (name, text).
fn cnf_files(dir: &Path) -> Vec<PathBuf> {
    let q6 = dir.join("q6.cnf");
    nqueens()
        .args(["encode", "6", "-o"])
        .arg(&q6)
        .assert()
        .success();
    let q6seq = dir.join("q6seq.cnf");
    nqueens()
        .args(["encode", "6", "--amo", "sequential", "-o"])
        .arg(&q6seq)
        .assert()
        .success();
    let unprojected: String = std::fs::read_to_string(&q6)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("c p show"))
        .map(|l| format!("{l}\n"))
        .collect();
    let texts = [
        ("q6-all.cnf", unprojected.as_str()),
        // Hidden variables 3..=6: some models differ only there.
        (
            "hidden.cnf",
            "p cnf 6 3\nc p show 1 2 0\n1 2 3 0\n-1 4 0\n5 -6 0\n",
        ),
        ("free.cnf", "p cnf 4 1\n1 2 0\n"),
        ("empty-projection.cnf", "p cnf 3 1\nc p show 0\n1 2 0\n"),
        ("unsat.cnf", "p cnf 2 2\n1 0\n-1 0\n"),
        (
            "long-clause.cnf",
            "p cnf 6 4\nc p show 1 2 3 4 0\n1 2 3 4 0\n-1 -2 0\n-5 6 0\n-1 -3 5 0\n",
        ),
    ];
    let mut files = vec![q6, q6seq];
    for (name, text) in texts {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        files.push(path);
    }
    files
}

#[test]
fn cnf_bundles_with_and_without_projections_are_accepted() {
    let Some(rate) = rate() else { return };
    let dir = tempfile::tempdir().unwrap();
    for (i, file) in cnf_files(dir.path()).iter().enumerate() {
        let file = file.to_str().unwrap();
        let depth = ["0", "1", "2", "3"][i % 4];
        let threads = ["1", "2"][i % 2];
        certify_and_check(
            &rate,
            &["cnf", file, "--cube-depth", depth, "--threads", threads],
        );
        certify_and_check(&rate, &["cnf", file]);
    }
}

/// The split drops branches that fail propagation. Here it splits `1 2 3` into `1`,
/// `-1 2` and `-1 -2 3`, and the last two fail: the lone cube's lemma `-1` and propagation
/// do not refute F, so the proof's last section must do more than add the empty clause.
#[test]
fn a_split_whose_last_branches_were_dropped_is_still_certified() {
    let Some(rate) = rate() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("drop.cnf");
    let text = "p cnf 5 5\n1 2 3 0\n-2 4 0\n-2 -4 0\n-3 5 0\n-3 -5 0\n";
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    assert_eq!(
        certify_and_check(&rate, &["cnf", file, "--cube-depth", "1"]),
        4
    );
}

/// A Q(6) bundle with one-row cubes (each cube lemma is a unit `-k 0`) in `dir`.
fn q6_bundle(dir: &Path) -> PathBuf {
    let bundle = dir.join("b");
    nqueens()
        .args(["count", "6", "--cube-depth", "1", "--certify"])
        .arg(&bundle)
        .assert()
        .success();
    bundle
}

#[test]
fn a_model_dropped_with_its_blocking_clause_makes_rate_reject_the_proof() {
    let Some(rate) = rate() else { return };
    let dir = tempfile::tempdir().unwrap();
    let bundle = q6_bundle(dir.path());
    assert!(rate_accepts(&rate, &bundle));
    let f = read_cnf(&bundle.join("formula.cnf"));
    let blocked = std::fs::read_to_string(bundle.join("blocked.cnf")).unwrap();
    let mut lines: Vec<&str> = blocked.lines().collect();
    let header = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
    // The first blocking clause follows F's clauses.
    lines.remove(header + 1 + f.clauses.len());
    let models = std::fs::read_to_string(bundle.join("solutions.txt"))
        .unwrap()
        .lines()
        .count();
    let new_header = format!("p cnf {} {}", f.num_vars, f.clauses.len() + models - 1);
    lines[header] = &new_header;
    std::fs::write(bundle.join("blocked.cnf"), lines.join("\n") + "\n").unwrap();
    assert!(
        !rate_accepts(&rate, &bundle),
        "a proof for a satisfiable formula was accepted"
    );
}

/// `proof.drat` of `bundle` without the lines `drop` picks (by line index and text).
fn drop_proof_lines(bundle: &Path, drop: impl Fn(usize, &str) -> bool) {
    let proof = std::fs::read_to_string(bundle.join("proof.drat")).unwrap();
    let kept: Vec<&str> = proof
        .lines()
        .enumerate()
        .filter(|&(i, l)| !drop(i, l))
        .map(|(_, l)| l)
        .collect();
    assert!(kept.len() < proof.lines().count(), "nothing was removed");
    std::fs::write(bundle.join("proof.drat"), kept.join("\n") + "\n").unwrap();
}

// One cube lemma alone may be removed: with every sibling's lemma present, unit propagation
// forces the cube's literal, and its weakened section then refutes it, so the proof still
// holds (rate accepts it, rightly). What must fail is a cube left without its refutation.

#[test]
fn a_cube_without_its_refutation_makes_rate_reject_the_proof() {
    let Some(rate) = rate() else { return };
    let dir = tempfile::tempdir().unwrap();
    let bundle = q6_bundle(dir.path());
    // Cube 1 places row 0's queen on DIMACS square 2 (Q(6) has a solution there); its
    // section lies between cube 0's lemma `-1 0` and its own `-2 0`.
    let proof = std::fs::read_to_string(bundle.join("proof.drat")).unwrap();
    let at = |lemma: &str| {
        proof
            .lines()
            .position(|l| l == lemma)
            .expect("a cube lemma")
    };
    let (after, lemma) = (at("-1 0"), at("-2 0"));
    assert!(lemma > after + 1, "cube 1 has a refutation");
    drop_proof_lines(&bundle, |i, _| i > after && i < lemma);
    assert!(
        !rate_accepts(&rate, &bundle),
        "a cube lemma without its refutation was accepted"
    );
}

#[test]
fn the_lemmas_of_two_sibling_cubes_removed_make_rate_reject_the_proof() {
    let Some(rate) = rate() else { return };
    let dir = tempfile::tempdir().unwrap();
    let bundle = q6_bundle(dir.path());
    drop_proof_lines(&bundle, |_, l| l == "-2 0" || l == "-3 0");
    assert!(
        !rate_accepts(&rate, &bundle),
        "a proof without two cube lemmas was accepted"
    );
}

/// The bundles rate 0.3.0 cannot check (it panics when blocked.cnf holds the empty clause
/// next to a unit clause, docs/src/certified-counts.md): an empty projection with a unit
/// clause, and a formula holding the empty clause. `nqueens verify` certifies them: 1 and 0.
#[test]
fn regression_bundles_with_an_empty_clause_are_certified_by_verify() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, count) in [
        ("show0.cnf", "p cnf 3 2\nc p show 0\n3 0\n1 2 0\n", "1"),
        ("empty.cnf", "p cnf 2 2\n1 2 0\n0\n", "0"),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let bundle = dir.path().join(format!("{name}.proof"));
        let (code, out, err) = run(&[
            "count",
            "cnf",
            file.to_str().unwrap(),
            "-q",
            "--certify",
            bundle.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains(&format!(": {count} model")), "{name}: {out}");
        let (code, out, err) = run(&["verify", bundle.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            out.contains(&format!("certified: {count}")),
            "{name}: {out}"
        );
    }
}
