//! `count cnf` of weighted files (`c t wmc` / `c t pwmc`, `c p weight` lines): the exact
//! weighted count checked against brute force over the file's assignments and against
//! Ganak's weighted mode; options that need enumeration refused; malformed weight lines
//! refused with their line.

use crate::common;
use crate::common::{json_of, nqueens, run};
use std::path::{Path, PathBuf};

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A small pwmc file: x1 ∨ x2 ∨ x3, ¬x1 ∨ ¬x2, projected onto x1 and x2, with w(x1) = 0.3,
/// w(¬x1) = 0.7, w(x2) = 0.25 and ¬x2 unweighted.
const SMALL: &str = "c t pwmc\np cnf 3 2\nc p show 1 2 0\nc p weight 1 0.3 0\nc p weight -1 0.7 0\nc p weight 2 2.5E-1 0\nc p weight -2 1 0\n1 2 3 0\n-1 -2 0\n";

/// The weighted count of [`SMALL`] by brute force, in thousandths: the distinct
/// projections onto (x1, x2) of the models, each weighted.
fn small_by_brute_force() -> u64 {
    let weight =
        |x1: bool, x2: bool| (if x1 { 300 } else { 700 }) * (if x2 { 250 } else { 1000 }) / 1000;
    let mut seen = std::collections::BTreeSet::new();
    for a in 0u8..8 {
        let (x1, x2, x3) = (a & 1 == 1, a & 2 == 2, a & 4 == 4);
        if (x1 || x2 || x3) && !(x1 && x2) {
            seen.insert((x1, x2));
        }
    }
    seen.iter().map(|&(x1, x2)| weight(x1, x2)).sum()
}

#[test]
fn a_weighted_file_gets_its_exact_weighted_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "small.cnf", SMALL);
    let want = small_by_brute_force();
    assert_eq!(want, 1175);
    let (code, out, err) = run(&["count", "cnf", path.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("weighted count 1.175 (≈ 1.1750000000000000e0)"),
        "{out}"
    );
    let json = json_of(
        nqueens()
            .args(["count", "cnf", path.to_str().unwrap(), "--json", "--quiet"])
            .output()
            .unwrap(),
    );
    assert_eq!(json["weighted"], true);
    assert_eq!(json["weight"], "1.175");
    assert_eq!(json["weight_approx"], 1.175);
    assert!(json["count"].is_null());
    assert_eq!(json["method"], "counter");
    // --method counter counts it the same way.
    let (code, out, _) = run(&[
        "count",
        "cnf",
        path.to_str().unwrap(),
        "--method",
        "counter",
        "--quiet",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("weighted count 1.175 "), "{out}");
}

#[test]
fn a_free_weighted_variable_counts_the_sum_of_its_weights() {
    let dir = tempfile::tempdir().unwrap();
    // x1 is forced; x2 is in no clause and weighs 0.5 + 3.
    let text = "c t wmc\np cnf 2 1\nc p weight 2 0.5 0\nc p weight -2 3 0\n1 1 0\n";
    let path = write(dir.path(), "free.cnf", text);
    let (code, out, err) = run(&["count", "cnf", path.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("weighted count 3.5 "), "{out}");
}

#[test]
fn what_cannot_weigh_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "small.cnf", SMALL);
    let p = path.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--method", "enumerate"],
            "enumeration cannot weigh models",
        ),
        (&["--threads", "2"], "runs on one thread"),
        (&["--symmetry", "auto"], "--symmetry auto needs enumeration"),
    ];
    for (extra, message) in cases {
        let mut args = vec!["count", "cnf", p, "--quiet"];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains(message), "{extra:?}: {err}");
    }
    // Commands that cannot weigh still refuse the file rather than read it unweighted.
    let (code, _, err) = run(&["symmetries", p]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("asks for a weighted model count"), "{err}");
}

#[test]
fn bad_weight_lines_are_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "p cnf 2 1\nc p weight 1 0.3 0\nc p weight 1 0.4 0\n1 2 0\n",
            "line 3: literal 1 already has a weight (line 2)",
        ),
        (
            "p cnf 2 1\nc p weight 3 0.3 0\n1 2 0\n",
            "line 2, column 12: literal 3 is out of range",
        ),
        (
            "p cnf 2 1\nc p weight 1 0,3 0\n1 2 0\n",
            "line 2, column 14: bad weight line",
        ),
        (
            "p wcnf 2 1\n1 2 0\n",
            "line 1: the problem line 'p wcnf ...' asks for a weighted model count",
        ),
        (
            "c t pwmc\np cnf 2 1\nc p show 1 0\nc p weight 2 0.5 0\n1 2 0\n",
            "variable 2 has a weight other than 1 but is not in the projection",
        ),
    ];
    for (i, (text, message)) in cases.iter().enumerate() {
        let path = write(dir.path(), &format!("bad{i}.cnf"), text);
        let (code, _, err) = run(&["count", "cnf", path.to_str().unwrap(), "--quiet"]);
        assert_eq!(code, 2, "{text:?}: {err}");
        assert!(err.contains(message), "{text:?}: {err}");
    }
}

/// Ganak's weighted count of a file (tests/helpers/ganak_weighted.py), or `None` without
/// pyganak (a failure in CI).
fn ganak_weighted(path: &Path) -> Option<f64> {
    use std::process::Command;
    let python = common::require_tool("python3")?;
    let probe = Command::new(&python)
        .args(["-c", "import pyganak"])
        .status()
        .unwrap();
    if !probe.success() {
        assert!(
            std::env::var_os("CI").is_none(),
            "pyganak is required in CI (see .ci/run)"
        );
        eprintln!("SKIPPED: pyganak is not installed; the Ganak cross-check did not run");
        return None;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/helpers/ganak_weighted.py"
    );
    let out = Command::new(python).arg(script).arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap(),
    )
}

#[test]
fn weighted_counts_agree_with_ganak() {
    let dir = tempfile::tempdir().unwrap();
    // A chain x_i ∨ x_{i+1} over 30 variables, odd variables weighted 0.3 / 0.7, every
    // third one's negation 2.5, projected onto the first 20 in the second file.
    let mut text = String::from("p cnf 30 29\n");
    for v in 1..=30 {
        if v % 2 == 1 {
            text += &format!("c p weight {v} 0.3 0\nc p weight -{v} 0.7 0\n");
        } else if v % 3 == 0 && v <= 20 {
            text += &format!("c p weight -{v} 2.5 0\n");
        }
    }
    for v in 1..30 {
        text += &format!("{v} {} 0\n", v + 1);
    }
    let plain = write(dir.path(), "chain.cnf", &format!("c t wmc\n{text}"));
    let shown: Vec<String> = (1..=20).map(|v| v.to_string()).collect();
    let projected = text.replace(
        "p cnf 30 29\n",
        &format!("p cnf 30 29\nc p show {} 0\n", shown.join(" ")),
    );
    let projected = projected
        .lines()
        .filter(|l| {
            !l.starts_with("c p weight")
                || l.split(' ')
                    .nth(3)
                    .is_some_and(|x| x.trim_start_matches('-').parse::<u32>().unwrap() <= 20)
        })
        .collect::<Vec<_>>()
        .join("\n");
    let projected = write(
        dir.path(),
        "chain_p.cnf",
        &format!("c t pwmc\n{projected}\n"),
    );
    for path in [plain, projected] {
        let json = json_of(
            nqueens()
                .args(["count", "cnf", path.to_str().unwrap(), "--json", "--quiet"])
                .output()
                .unwrap(),
        );
        let ours = json["weight_approx"].as_f64().expect("a number");
        let Some(theirs) = ganak_weighted(&path) else {
            return;
        };
        assert!(
            (ours - theirs).abs() <= 1e-9 * ours.abs().max(theirs.abs()),
            "{}: ours {ours:e}, Ganak {theirs:e}",
            path.display()
        );
    }
}

/// Runs `count cnf` on `text`: (exit code, stdout, stderr).
fn count_text(text: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "f.cnf", text);
    run(&["count", "cnf", path.to_str().unwrap(), "--quiet"])
}

#[test]
fn the_task_line_decides_whether_weights_count() {
    // An unweighted task with weight lines is refused, not counted weighted.
    for task in ["mc", "pmc"] {
        let (code, out, err) = count_text(&format!(
            "c t {task}\np cnf 3 2\nc p show 1 2 3 0\nc p weight 1 0.5 0\n1 2 0\n-2 3 0\n"
        ));
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.contains(&format!("line 4: the task line 'c t {task}' asks for an unweighted count, but line 4 gives a weight (the task line is line 1)")), "{err}");
    }
    // No task line: weighted, with a warning.
    let (code, out, err) =
        count_text("p cnf 3 2\nc p weight 1 0.5 0\nc p weight -1 0.5 0\n1 2 0\n-2 3 0\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("weighted count 2 "), "{out}");
    assert!(
        err.contains(
            "line 2: no 'c t' task line: counted as weighted, as its 'c p weight' lines ask"
        ),
        "{err}"
    );
    // Conflicting task lines.
    let (code, _, err) = count_text("c t wmc\nc t pwmc\np cnf 1 0\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "line 2: the task line 'c t pwmc' contradicts the task line 'c t wmc' on line 1"
        ),
        "{err}"
    );
    // pwmc without a projection: every variable, with a warning.
    let (code, out, err) =
        count_text("c t pwmc\np cnf 1 0\nc p weight 1 0.5 0\nc p weight -1 0.25 0\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("weighted count 0.75 "), "{out}");
    assert!(
        err.contains("no 'c p show' line: counted over all variables"),
        "{err}"
    );
    // Tasks are case-insensitive; unknown ones are named as such.
    let (code, out, err) =
        count_text("c t WMC\np cnf 1 0\nc p weight 1 0.5 0\nc p weight -1 0.25 0\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("weighted count 0.75 "), "{out}");
    let (code, _, err) = count_text("c t wmcc\np cnf 1 0\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 1: unknown task 'wmcc' (expected mc, pmc, wmc or pwmc)"),
        "{err}"
    );
}

#[test]
fn a_misspelt_or_truncated_weight_line_is_refused() {
    let cases = [
        ("c t wmc\np cnf 1 1\nc p weights 1 0.5 0\n1 0\n", "line 3: 'c p weights' is neither 'c p show' nor 'c p weight', in a weighted file"),
        ("c t wmc\np cnf 1 1\nc p weight 1 0\n1 0\n", "line 3, column 15: bad weight line: expected 'c p weight LIT WEIGHT 0', found 'end of line'"),
        ("c t wmc\np cnf 1 1\nc p weight 1 0.5\n1 0\n", "line 3, column 17: bad weight line: expected 'c p weight LIT WEIGHT 0'"),
        ("c t wmc\nc p weight 1 0.5 0\np cnf 1 1\n1 0\n", "line 2: a weight line before the 'p cnf' header"),
    ];
    for (text, message) in cases {
        let (code, _, err) = count_text(text);
        assert_eq!(code, 2, "{text:?}: {err}");
        assert!(err.contains(message), "{text:?}: {err}");
    }
}

#[test]
fn a_weighted_count_too_large_to_write_is_refused_at_once() {
    let start = std::time::Instant::now();
    for (text, bits) in [
        ("c t wmc\np cnf 2147483647 1\n1 0\n", "2147483646"),
        // Free variables weighted 0.5 / 0.5 add nothing; the 4999998 unweighted ones do.
        (
            "c t wmc\np cnf 5000000 1\nc p weight 2 0.5 0\nc p weight -2 0.5 0\n1 0\n",
            "4999998",
        ),
        // The edge (issue 30): a count that may reach 2^4194304 needs one bit more than
        // allowed; the message said it "may need up to 4194304 bits", then that "at most
        // 4194304 bits" are allowed.
        ("c t wmc\np cnf 4194305 1\n1 0\n", "4194304"),
    ] {
        let (code, _, err) = count_text(text);
        assert_eq!(code, 2, "{text:?}: {err}");
        let needs = bits.parse::<u64>().unwrap() + 1;
        assert!(
            err.contains(&format!(
                "may reach 2^{bits} (its numerator times its denominator"
            )),
            "{err}"
        );
        assert!(
            err.contains(&format!(
                "which needs {needs} bits; a count may have at most 4194304 bits"
            )),
            "{err}"
        );
    }
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    // Free variables whose weights sum to 1 are no obstacle, however many.
    let mut text = String::from("c t wmc\np cnf 3 1\n1 0\n");
    for v in 2..=3 {
        text += &format!("c p weight {v} 0.25 0\nc p weight -{v} 0.75 0\n");
    }
    let (code, out, err) = count_text(&text);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("weighted count 1 "), "{out}");
}

#[test]
fn issue_30_a_thousand_free_variables_weighted_1e999_multiply_exactly() {
    // Each factor is 10^999 + 1, the product has a million digits. num-rational reduced
    // each step by Stein's gcd against 1, a bit at a time: 78 s, where Python's Fraction
    // takes 0.5 s. 20 s of CPU time are far more than the product needs now.
    let n = 1000;
    let mut text = format!("p cnf {n} 0\nc t wmc\n");
    for v in 1..=n {
        text += &format!("c p weight {v} 1e999 0\nc p weight -{v} 1 0\n");
    }
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "free.cnf", &text);
    let args = ["count", "cnf", f.to_str().unwrap(), "-q"];
    let (code, out, err) = common::run_limited(2 << 20, 20, &args);
    assert_eq!(code, 0, "{err}");
    let factor = num_bigint::BigUint::from(10u32).pow(999) + 1u32;
    let want = factor.pow(n);
    assert!(
        out.contains(&format!(": weighted count {want} (")),
        "{}",
        out.get(..200).unwrap_or(&out)
    );
}
