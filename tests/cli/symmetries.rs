//! `nqueens symmetries FILE`: the symmetries of DIMACS files found without being told — the
//! board's 8 on every queens file whose encoding is laid out symmetrically, a Langford
//! file's reversal, a colouring's colour permutations with the graph's automorphisms, the
//! 4x4 Sudoku's 3,072 — and bad input refused with exit 2. `nqueens break` writes files with
//! one projected model per orbit: clasp counts the known numbers of orbits in them.

use crate::common;
use crate::common::{require_tool, run};
use std::path::Path;
use std::process::Command;

/// The group order and generator count `symmetries --json` reports for `path`.
fn group(path: &Path) -> (String, usize, bool) {
    let (code, out, err) = run(&["symmetries", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let generators = v["generators"].as_array().expect("generators").len();
    (
        v["order"].as_str().expect("order as a string").to_string(),
        generators,
        v["complete"].as_bool().expect("complete"),
    )
}

fn encode(dir: &Path, name: &str, args: &[&str]) -> std::path::PathBuf {
    let path = dir.join(name);
    let mut all = vec!["encode"];
    all.extend_from_slice(args);
    all.extend(["-o", path.to_str().unwrap()]);
    let (code, _, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    path
}

#[test]
fn queens_files_have_the_eight_symmetries_of_the_board() {
    let dir = tempfile::tempdir().unwrap();
    for n in 4..=10 {
        let path = encode(dir.path(), &format!("q{n}.cnf"), &[&n.to_string()]);
        assert_eq!(group(&path), ("8".to_string(), 2, true), "n = {n}");
    }
    // The sequential counter is laid out so that the board's symmetries survive.
    let path = encode(dir.path(), "seq.cnf", &["8", "--amo", "sequential"]);
    assert_eq!(group(&path).0, "8");
    // The one-queen board has only its one square: x1 may not flip (it is a unit clause).
    let path = encode(dir.path(), "q1.cnf", &["1"]);
    assert_eq!(group(&path).0, "1");
}

/// The example binaries' DIMACS exports (see tests/cli/examples.rs for how they are located).
fn example_export(dir: &Path, name: &str, args: &[&str]) -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(Path::parent).unwrap();
    let binary = profile.join("examples").join(name);
    let path = dir.join(format!("{name}.cnf"));
    let out = Command::new(&binary)
        .args(args)
        .args(["--dimacs", path.to_str().unwrap()])
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}; run `cargo build --examples`", binary.display()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

#[test]
fn example_problems_have_their_known_symmetry_groups() {
    let dir = tempfile::tempdir().unwrap();
    // Langford L(2, n): reversing the sequence.
    for n in ["3", "7", "8"] {
        let path = example_export(dir.path(), "langford", &[n]);
        assert_eq!(group(&path).0, "2", "L(2, {n})");
    }
    // Petersen 3-colourings: 3! colour permutations times the graph's 120 automorphisms.
    let path = example_export(dir.path(), "petersen", &[]);
    assert_eq!(group(&path).0, "720");
    // 4x4 Sudoku: 4! digit permutations times 128 grid symmetries (rows within bands,
    // bands, the same for columns, transposition).
    let path = example_export(dir.path(), "sudoku", &[]);
    assert_eq!(group(&path).0, "3072");
}

#[test]
fn the_projection_is_kept_and_a_small_budget_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.cnf");
    // x1 ∨ x2 ∨ x3 with only x1 and x2 shown: swapping x1 and x2 is all that is left.
    std::fs::write(&path, "c p show 1 2 0\np cnf 3 1\n1 2 3 0\n").unwrap();
    assert_eq!(group(&path), ("2".to_string(), 1, true));
    let q = encode(dir.path(), "q8.cnf", &["8"]);
    let (code, out, _) = run(&["symmetries", q.to_str().unwrap(), "--budget", "1"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("at least") && out.contains("--budget"),
        "{out}"
    );
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.cnf");
    std::fs::write(&bad, "p cnf 2 1\n1 x 0\n").unwrap();
    let missing = dir.path().join("missing.cnf");
    let cases: [(&[&str], &str); 4] = [
        (&["symmetries", bad.to_str().unwrap()], "line 2"),
        (&["symmetries", missing.to_str().unwrap()], "cannot read"),
        (&["symmetries", dir.path().to_str().unwrap()], "directory"),
        (&["symmetries", "-", "--budget", "0"], "budget"),
    ];
    for (args, words) in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(words) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// clasp's model count of `path` (`-n 0 -q`), projected onto its `c p show` line.
fn clasp_models(clasp: &Path, path: &Path) -> u64 {
    let out = Command::new(clasp)
        .args(["-n", "0", "-q", "--project"])
        .arg(path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("c Models"))
        .unwrap_or_else(|| panic!("no model count from clasp:\n{text}"));
    line.split(':')
        .nth(1)
        .unwrap()
        .trim()
        .trim_end_matches('+')
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn broken_files_have_one_model_per_orbit_for_clasp() {
    let Some(clasp) = require_tool("clasp") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // Queens: A002562, the fundamental solutions.
    for (n, fundamental) in [(6, 1), (8, 12), (9, 46)] {
        let cnf = encode(dir.path(), &format!("q{n}.cnf"), &[&n.to_string()]);
        let out = dir.path().join(format!("q{n}b.cnf"));
        let (code, _, err) = run(&["break", cnf.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("one model per orbit"), "{err}");
        assert_eq!(clasp_models(&clasp, &out), fundamental, "Q({n})");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("exactly one projected model per orbit"));
    }
    // Langford L(2, 7): 52 sequences, 26 up to reversal (A014552); 4x4 Sudoku: 2 essentially
    // different grids; Petersen: one 3-colouring up to colours and graph symmetries.
    for (name, args, orbits) in [
        ("langford", &["7"][..], 26),
        ("sudoku", &[], 2),
        ("petersen", &[], 1),
    ] {
        let cnf = example_export(dir.path(), name, args);
        let out = dir.path().join(format!("{name}b.cnf"));
        let (code, _, err) = run(&["break", cnf.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(clasp_models(&clasp, &out), orbits, "{name}");
    }
}

#[test]
fn break_refuses_bad_input_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.cnf");
    std::fs::write(&bad, "p cnf 2 1\n1 x 0\n").unwrap();
    let out = dir.path().join("out.cnf");
    let (code, _, err) = run(&["break", bad.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 2") && err.lines().count() == 1, "{err}");
    assert!(!out.exists(), "nothing written for bad input");
}

/// `count --cnf FILE --symmetry auto` and its JSON: the count, and the orbits.
fn count_auto(path: &Path) -> (String, String) {
    let (code, out, err) = run(&[
        "count",
        "cnf",
        path.to_str().unwrap(),
        "--symmetry",
        "auto",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    (v["count"].to_string(), v["orbits"].to_string())
}

#[test]
fn counting_a_file_by_orbits_gives_the_count_and_the_orbits() {
    let dir = tempfile::tempdir().unwrap();
    for (n, all, fundamental) in [(6, "4", "1"), (8, "92", "12"), (10, "724", "92")] {
        let path = encode(dir.path(), &format!("q{n}.cnf"), &[&n.to_string()]);
        assert_eq!(
            count_auto(&path),
            (all.into(), fundamental.into()),
            "Q({n})"
        );
    }
    let path = example_export(dir.path(), "langford", &["8"]);
    assert_eq!(count_auto(&path), ("300".into(), "150".into()), "L(2, 8)");
    let path = example_export(dir.path(), "petersen", &[]);
    assert_eq!(count_auto(&path), ("120".into(), "1".into()));
    // Parts and free variables: two copies of x1 ∨ x2 and a free x5; each part's group
    // swaps its two variables (3 models, 2 orbits), x5 doubles the models and adds no
    // orbit (flipping it is a symmetry). The swap of the two parts is not used.
    let parts = dir.path().join("parts.cnf");
    std::fs::write(&parts, "p cnf 5 2\n1 2 0\n3 4 0\n").unwrap();
    assert_eq!(count_auto(&parts), ("18".into(), "4".into()));
}

/// Variables in no clause are one orbit: every permutation and flip of them is a symmetry
/// (`symmetries` reports it), which takes any assignment of them to any other. They were
/// counted as a factor 2 each, so each doubled the orbits, in the count and in merged shards.
#[test]
fn regression_free_variables_doubled_the_orbits() {
    let dir = tempfile::tempdir().unwrap();
    // x3 declared and in no clause; or x4 only in the projection (and x3 hidden).
    for (name, text, order) in [
        ("declared.cnf", "p cnf 3 1\n1 2 0\n", "4"),
        ("shown.cnf", "p cnf 4 1\nc p show 1 2 4 0\n1 2 0\n", "8"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap();
        // The swap of x1 and x2, the flip of the free variable (and of the hidden one).
        assert_eq!(group(&path).0, order, "{name}");
        // x1 ∨ x2 by one variable or by both, the free variable anything: 6 models, 2 orbits.
        assert_eq!(count_auto(&path), ("6".into(), "2".into()), "{name}");
        let (code, out, err) = run(&["count", "cnf", file, "--symmetry", "auto"]);
        assert_eq!(code, 0, "{err}");
        let said = "2 orbits under groups of order [2] and every permutation and flip of the free variables";
        assert!(out.contains(said), "{out}");

        let mut shards = Vec::new();
        for i in 1..=2 {
            let shard = format!("{i}/2");
            let args = [
                "count",
                "cnf",
                file,
                "--symmetry",
                "auto",
                "--shard",
                &shard,
                "-q",
            ];
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{err}");
            let s = dir.path().join(format!("{name}.{i}.json"));
            std::fs::write(&s, out).unwrap();
            shards.push(s.display().to_string());
        }
        let mut args = vec!["merge", "--json"];
        args.extend(shards.iter().map(String::as_str));
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (v["count"].clone(), v["orbits"].clone()),
            (6.into(), 2.into()),
            "{name}"
        );
    }
}

#[test]
fn merged_shards_of_an_orbit_count_keep_the_orbits() {
    let dir = tempfile::tempdir().unwrap();
    let path = encode(dir.path(), "q9.cnf", &["9"]);
    let file = path.to_str().unwrap();
    let mut shards = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let (code, out, err) = run(&[
            "count",
            "cnf",
            file,
            "--symmetry",
            "auto",
            "--shard",
            &shard,
            "-q",
        ]);
        assert_eq!(code, 0, "{err}");
        let s = dir.path().join(format!("s{i}.json"));
        std::fs::write(&s, out).unwrap();
        shards.push(s.display().to_string());
    }
    let mut args = vec!["merge", "--json"];
    args.extend(shards.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["count"].to_string(), v["orbits"].to_string()),
        count_auto(&path)
    );
    assert_eq!(v["orbits"], 46);
}

#[test]
fn board_symmetries_and_certified_orbits_are_refused_for_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = encode(dir.path(), "q6.cnf", &["6"]);
    let file = path.to_str().unwrap();
    let bundle = dir.path().join("bundle");
    let cases: [(&[&str], &str); 3] = [
        (&["count", "cnf", file, "--symmetry", "d4"], "auto"),
        (
            &["count", "cnf", file, "--symmetry", "mirror"],
            "possible values: auto, none",
        ),
        (
            &[
                "count",
                "cnf",
                file,
                "--symmetry",
                "auto",
                "--certify",
                bundle.to_str().unwrap(),
            ],
            "--certify",
        ),
    ];
    for (args, words) in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(words) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert!(!bundle.exists());
}

#[test]
fn encode_breaks_the_symmetry_of_every_encoding_it_can() {
    let dir = tempfile::tempdir().unwrap();
    let path = encode(dir.path(), "b.cnf", &["8", "--break-symmetry"]);
    if let Some(clasp) = require_tool("clasp") {
        assert_eq!(clasp_models(&clasp, &path), 12, "A002562(8)");
    }
    // Auxiliary variables are not determined by the board: count the projection.
    let path = encode(
        dir.path(),
        "s.cnf",
        &["8", "--amo", "sequential", "--break-symmetry"],
    );
    let (code, out, err) = run(&["count", "cnf", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["count"], 12);
    let (code, _, err) = run(&["encode", "8", "--break-symmetry", "--format", "lp"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("dimacs or mcc"), "{err}");
}

/// A random formula over `n` variables closed under a random signed permutation, as DIMACS.
fn random_symmetric_cnf(seed: u64, n: usize) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m as u64) as usize
    };
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, next(i + 1));
    }
    let flips: Vec<bool> = (0..n).map(|_| next(4) == 0).collect();
    let map = |l: i64| {
        let v = l.unsigned_abs() as usize - 1;
        let w = perm[v] as i64 + 1;
        if (l > 0) != flips[v] {
            w
        } else {
            -w
        }
    };
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    for _ in 0..1 + next(4) {
        let mut c: Vec<i64> = (0..2 + next(2))
            .map(|_| (next(n) as i64 + 1) * if next(2) == 0 { 1 } else { -1 })
            .collect();
        for _ in 0..2 * n * n {
            let mut sorted = c.clone();
            sorted.sort_unstable();
            clauses.push(sorted);
            c = c.iter().map(|&l| map(l)).collect();
        }
    }
    clauses.sort();
    clauses.dedup();
    let mut text = format!("p cnf {n} {}\n", clauses.len());
    for c in clauses {
        let lits: Vec<String> = c.iter().map(i64::to_string).collect();
        text.push_str(&format!("{} 0\n", lits.join(" ")));
    }
    text
}

#[test]
fn orbit_counts_of_random_symmetric_files_agree_with_clasp() {
    let Some(clasp) = require_tool("clasp") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut symmetric = 0;
    for seed in 1..=40u64 {
        let path = dir.path().join(format!("r{seed}.cnf"));
        std::fs::write(&path, random_symmetric_cnf(seed, 6 + seed as usize % 5)).unwrap();
        let (count, orbits) = count_auto(&path);
        let expected = clasp_models(&clasp, &path);
        assert_eq!(count, expected.to_string(), "seed {seed}");
        let (_, _, group) = group(&path);
        if group && count != orbits {
            symmetric += 1;
        }
    }
    assert!(
        symmetric >= 10,
        "only {symmetric} files had orbits larger than one model"
    );
}

/// Variables in no clause are any permutation with any flips of each other (2^k k!), found
/// at once rather than level by level; a header too large to search is refused.
#[test]
fn free_variables_are_one_group_and_huge_headers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("free.cnf");
    // x1 in a unit clause, x2..x6 free: 2^5 * 5! = 3840.
    std::fs::write(&path, "p cnf 6 1\n1 0\n").unwrap();
    assert_eq!(group(&path), ("3840".to_string(), 3, true));
    let many = dir.path().join("many.cnf");
    std::fs::write(&many, "p cnf 1000 1\n1 0\n").unwrap();
    let start = std::time::Instant::now();
    let (_, _, complete) = group(&many);
    assert!(
        complete && start.elapsed().as_secs() < 5,
        "{:?}",
        start.elapsed()
    );
    let huge = dir.path().join("huge.cnf");
    std::fs::write(&huge, "p cnf 2147483648 1\n1 0\n").unwrap();
    for cmd in ["symmetries", "break"] {
        let (code, _, err) = run(&[cmd, huge.to_str().unwrap()]);
        assert_eq!(code, 2, "{cmd}: {err}");
        assert!(err.contains("at most"), "{cmd}: {err}");
    }
}

/// Variables in no clause make the group 2^k k!: written out exactly for k = 4000 (it was
/// "at least 1", complete: false), and named, not written, for k = 199,998.
#[test]
fn regression_free_variables_give_the_whole_hyperoctahedral_order() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("free.cnf");
    std::fs::write(&file, "p cnf 4000 0\n").unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = common::run(&["symmetries", f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["complete"], true);
    let order = v["order"].as_str().unwrap();
    // log10(2^4000 * 4000!), summed in floating point: the number of digits.
    let log10: f64 = 4000.0 * 2f64.log10() + (2..=4000).map(|i| (i as f64).log10()).sum::<f64>();
    assert_eq!(order.len(), log10.floor() as usize + 1);
    assert!(order.ends_with("000"), "4000! ends in zeros");

    std::fs::write(&file, "p cnf 200000 1\n1 2 0\n").unwrap();
    let (code, out, err) = common::run(&["symmetries", f]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(&format!(
            "{f}: group of order 2 x 2^199998·199998! (199998 variables in no clause) from 4 generators"
        )),
        "{first}"
    );
    assert!(!out.contains("at least"), "{first}");
}

/// `--symmetry auto` never costs more than a moment over the plain count: 20 hub clauses
/// `1 ∨ 2i ∨ 2i+1` have a group of order 2.5·10^24 whose orbit search finishes nothing in
/// a second, so the plain count (4^20 + 3^20 models) is given, saying so; a group that
/// moves only unprojected variables is dropped (it changes no projected model).
#[test]
fn regression_an_orbit_count_that_would_take_long_falls_back_to_the_plain_count() {
    let dir = tempfile::tempdir().unwrap();
    let hub = dir.path().join("hub.cnf");
    let mut text = String::from("p cnf 41 20\n");
    for i in 1..=20 {
        text += &format!("1 {} {} 0\n", 2 * i, 2 * i + 1);
    }
    std::fs::write(&hub, text).unwrap();
    let out = common::nqueens()
        .args(["count", "cnf", hub.to_str().unwrap(), "--symmetry", "auto"])
        .args(["--json", "-q"])
        .output()
        .unwrap();
    let report = common::json_of(out);
    assert_eq!(report["count"], 4u64.pow(20) + 3u64.pow(20));
    assert!(report.get("orbits").is_none(), "{report}");
    let dropped = report["orbits_dropped"].as_str().unwrap();
    assert!(
        dropped.starts_with("orbits not counted: the orbit search "),
        "{dropped}"
    );

    // x1..x4 shown, in a chain; eight hubs (1 ∨ a ∨ b) over unprojected pairs, which
    // a group of order 2^8·8! permutes: no projected model moves.
    let proj = dir.path().join("proj.cnf");
    let mut text = String::from("p cnf 20 11\nc p show 1 2 3 4 0\n1 2 0\n2 3 0\n3 4 0\n");
    for i in 0..8 {
        text += &format!("1 {} {} 0\n", 5 + 2 * i, 6 + 2 * i);
    }
    std::fs::write(&proj, text).unwrap();
    let out = common::nqueens()
        .args(["count", "cnf", proj.to_str().unwrap(), "--symmetry", "auto"])
        .args(["--json", "-q"])
        .output()
        .unwrap();
    let report = common::json_of(out);
    assert_eq!(report["count"], 8);
    assert_eq!(report["orbits"], 8);
    assert_eq!(report["group_orders"], serde_json::json!([1]));
}

/// A formula past the symmetry search's size is refused before its graph is built, by every
/// command that searches (`count --cnf --symmetry auto` once built a 5-million-variable
/// graph), with the sizes said once.
#[test]
fn a_formula_too_large_for_the_search_is_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wide.cnf");
    std::fs::write(&file, "p cnf 5000000 1\n1 2 0\n").unwrap();
    let f = file.to_str().unwrap();
    let out = dir.path().join("broken.cnf");
    let commands: [&[&str]; 3] = [
        &["symmetries", f],
        &["break", f, "-o", out.to_str().unwrap()],
        &["count", "cnf", f, "--symmetry", "auto"],
    ];
    for args in commands {
        let (code, _, err) = common::run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        let said = "5000000 variables and 2 literals: a symmetry search takes at most";
        assert_eq!(err.matches(said).count(), 1, "{args:?}: {err}");
    }
    assert!(!out.exists());
}
