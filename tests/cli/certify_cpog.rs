//! `count cnf FILE --certify DIR` by the model counter: a CPOG bundle that CPOG's own C
//! checker `cpog-check` accepts with our count, and our checker (`nqueens verify`) too;
//! tampered certificates rejected by both; and the one count cpog-check gets wrong (its
//! numbers drop digits from some sums), which ours gets right.

use crate::common::{copy_dir, json_of, nqueens, random_or_gates};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Where CPOG's sources are: `NQUEENS_CPOG_SRC`, else `../shared/peers/cpog` beside the
/// workspace or its parent.
fn cpog_sources() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("NQUEENS_CPOG_SRC") {
        return Some(PathBuf::from(dir));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .skip(1)
        .take(3)
        .map(|a| a.join("shared/peers/cpog"))
        .find(|p| p.join("src/cpog-check.c").is_file())
}

/// A CPOG tool: the path in the environment variable `var`, else `name` built by `build`
/// (from [`cpog_sources`] into a directory) in a temporary directory once per run. Missing
/// in CI (`CI` set) fails the test; locally the test says it skipped.
fn cpog_tool(
    slot: &'static OnceLock<Option<PathBuf>>,
    var: &str,
    name: &str,
    build: impl FnOnce(&Path, &Path) -> bool,
) -> Option<PathBuf> {
    let found = slot.get_or_init(|| {
        if let Some(bin) = std::env::var_os(var) {
            return Some(PathBuf::from(bin));
        }
        let src = cpog_sources()?.join("src");
        let out = std::env::temp_dir().join(format!("nqueens-cpog-{}", std::process::id()));
        std::fs::create_dir_all(&out).ok()?;
        build(&src, &out).then(|| out.join(name))
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is required in CI: set {var} or NQUEENS_CPOG_SRC (see .ci/run)"
        );
        eprintln!("SKIPPED: {name} could not be built (no CPOG sources, or no gcc/g++)");
    }
    found.clone()
}

/// Whether the program `program` with `args` ran and succeeded.
fn succeeds(program: &str, args: &[&std::ffi::OsStr]) -> bool {
    Command::new(program)
        .args(args)
        .status()
        .is_ok_and(|s| s.success())
}

/// `cpog-check`: `NQUEENS_CPOG_CHECK`, else built with gcc (seconds), as .ci/run does.
pub(crate) fn cpog_check() -> Option<PathBuf> {
    static BUILT: OnceLock<Option<PathBuf>> = OnceLock::new();
    cpog_tool(&BUILT, "NQUEENS_CPOG_CHECK", "cpog-check", |src, out| {
        let bin = out.join("cpog-check");
        let (main, q25) = (src.join("cpog-check.c"), src.join("q25.c"));
        succeeds(
            "gcc",
            &[
                "-O2".as_ref(),
                "-o".as_ref(),
                bin.as_ref(),
                main.as_ref(),
                q25.as_ref(),
            ],
        )
    })
}

/// `cpog-gen`, CPOG's generator of a certificate from a decision-DNNF in d4's format:
/// `NQUEENS_CPOG_GEN`, else built with gcc and g++ (seconds), as .ci/run does. It runs
/// `cadical` from PATH (and `drat-trim`, which is not installed, for a step of more than
/// 1,000 clauses: small formulas only).
pub(crate) fn cpog_gen() -> Option<PathBuf> {
    static BUILT: OnceLock<Option<PathBuf>> = OnceLock::new();
    cpog_tool(&BUILT, "NQUEENS_CPOG_GEN", "cpog-gen", |src, out| {
        let mut objects = Vec::new();
        for c in ["ilist", "report", "counters"] {
            let (from, to) = (src.join(format!("{c}.c")), out.join(format!("{c}.o")));
            if !succeeds(
                "gcc",
                &[
                    "-O2".as_ref(),
                    "-c".as_ref(),
                    from.as_ref(),
                    "-o".as_ref(),
                    to.as_ref(),
                ],
            ) {
                return false;
            }
            objects.push(to);
        }
        let bin = out.join("cpog-gen");
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "-O2".as_ref(),
            "-std=c++11".as_ref(),
            "-o".as_ref(),
            bin.as_ref(),
        ];
        let sources: Vec<PathBuf> = ["cpog-gen", "clausal", "pog", "writer"]
            .iter()
            .map(|f| src.join(format!("{f}.cpp")))
            .collect();
        args.extend(sources.iter().chain(&objects).map(|p| p.as_os_str()));
        succeeds("g++", &args)
    })
}

/// cpog-check's verdict on a bundle: the count when the full proof holds.
fn cpog_check_count(check: &Path, bundle: &Path) -> Option<String> {
    cpog_check_files(
        check,
        &bundle.join("formula.cnf"),
        &bundle.join("certificate.cpog"),
    )
}

/// cpog-check's verdict on the certificate `cpog` of `cnf`: the count when the full proof
/// holds.
pub(crate) fn cpog_check_files(check: &Path, cnf: &Path, cpog: &Path) -> Option<String> {
    let out = Command::new(check)
        .arg(cnf)
        .arg(cpog)
        .output()
        .expect("cpog-check runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let holds = out.status.success() && text.contains("FULL-PROOF SUCCESS");
    let count = text
        .lines()
        .find_map(|l| l.strip_prefix("CHECK: Regular model count = "))
        .map(|c| c.trim().to_string());
    holds.then_some(count).flatten()
}

/// Our checker's verdict: the count when `nqueens verify` certifies the bundle.
fn our_count(bundle: &Path) -> Option<String> {
    let out = nqueens()
        .arg("verify")
        .arg("--json")
        .arg(bundle)
        .output()
        .unwrap();
    if !out.status.success() {
        return None;
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["certified"], true);
    Some(
        v["checked"]["count"]
            .to_string()
            .trim_matches('"')
            .to_string(),
    )
}

/// A random 3-CNF over `vars` variables with `clauses` clauses.
pub(crate) fn random_3cnf(seed: u64, vars: u64, clauses: u64) -> String {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    let mut text = format!("p cnf {vars} {clauses}\n");
    for _ in 0..clauses {
        let mut vs: Vec<u64> = Vec::new();
        while vs.len() < 3 {
            let v = next(vars) + 1;
            if !vs.contains(&v) {
                vs.push(v);
            }
        }
        for v in vs {
            let sign = if next(2) == 0 { "-" } else { "" };
            text.push_str(&format!("{sign}{v} "));
        }
        text.push_str("0\n");
    }
    text
}

/// Certifies `file` by the counter into `bundle`; returns the count printed.
fn certify(file: &Path, bundle: &Path) -> String {
    let v = json_of(
        nqueens()
            .args(["count", "cnf"])
            .arg(file)
            .args(["--quiet", "--json", "--method", "counter"])
            .arg("--certify")
            .arg(bundle)
            .output()
            .unwrap(),
    );
    assert_eq!(v["format"], "cpog");
    // A bare integer, as in the uncertified report.
    assert!(v["count"].is_number(), "{v}");
    v["count"].to_string()
}

/// The count of `file` by the counter, uncertified.
fn plain_count(file: &Path) -> String {
    let v = json_of(
        nqueens()
            .args(["count", "cnf"])
            .arg(file)
            .args(["--quiet", "--json", "--method", "counter"])
            .output()
            .unwrap(),
    );
    v["count"].to_string().trim_matches('"').to_string()
}

/// The files the tests certify: random 3-CNFs, random OR gates and an N-Queens board.
fn corpus(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for (seed, vars, clauses) in [(1, 20, 60), (2, 30, 100), (3, 40, 150), (4, 50, 190)] {
        let f = dir.join(format!("random-{seed}.cnf"));
        std::fs::write(&f, random_3cnf(seed, vars, clauses)).unwrap();
        files.push(f);
    }
    for seed in [7, 8] {
        let f = dir.join(format!("gates-{seed}.cnf"));
        std::fs::write(&f, random_or_gates(12, seed)).unwrap();
        files.push(f);
    }
    let queens = dir.join("queens-7.cnf");
    let out = nqueens()
        .args(["encode", "7", "-o"])
        .arg(&queens)
        .output()
        .unwrap();
    assert!(out.status.success());
    files.push(queens);
    files
}

#[test]
fn cpog_check_accepts_the_counters_certificates_with_its_count() {
    let Some(check) = cpog_check() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut certified = 0;
    for file in corpus(dir.path()) {
        let bundle = dir.path().join(format!(
            "{}.bundle",
            file.file_stem().unwrap().to_string_lossy()
        ));
        let count = certify(&file, &bundle);
        if count == "0" {
            continue;
        }
        assert_eq!(count, plain_count(&file), "{}", file.display());
        assert_eq!(
            cpog_check_count(&check, &bundle).as_deref(),
            Some(count.as_str()),
            "cpog-check on {}",
            file.display()
        );
        assert_eq!(our_count(&bundle).as_deref(), Some(count.as_str()));
        certified += 1;
    }
    assert!(certified >= 6, "only {certified} files were satisfiable");
    // The N-Queens board: 40 solutions of 7 queens.
    assert_eq!(
        our_count(&dir.path().join("queens-7.bundle")).as_deref(),
        Some("40")
    );
}

/// Clauses saying that the `bits`-bit number on variables `first..first + bits` (least
/// significant first) is at most `k`: for each 0 bit of `k`, that bit and every higher 1 bit
/// of `k` are not all set. `k + 1` models, and no auxiliary variable.
fn at_most(first: u64, bits: u64, k: u64) -> Vec<Vec<i64>> {
    let var = |i: u64| (first + i) as i64;
    (0..bits)
        .filter(|i| k >> i & 1 == 0)
        .map(|i| {
            std::iter::once(-var(i))
                .chain((i + 1..bits).filter(|j| k >> j & 1 == 1).map(|j| -var(j)))
                .collect()
        })
        .collect()
}

/// MC2022 track1_045: cpog-check accepted our certificate but printed 617608957487232, 61 x
/// 2^16 fewer than the count (ours, Ganak's, and the graph's own, evaluated apart in exact
/// integers). The graph is right; cpog-check's numbers (q25.c, decimal words of 9 digits
/// times 2^a 5^b) are not: canonizing a number takes out the powers of 2 (and 5) that divide
/// its lowest word, up to 2^29, from the whole number, and drops the remainder when the
/// whole number has fewer (only 2^9 and 5^9 divide the word base 10^9). A sum of two odd
/// numerators that is 10^9 + 1024 becomes 10^9 + 512. Here: x decides between y <= 500000510
/// and z <= 500000512 (30 bits each), whose densities have the same denominator, so
/// cpog-check adds the numerators 500000511 + 500000513 = 10^9 + 1024 at the root.
#[test]
fn cpog_check_drops_digits_from_a_sum_that_our_checker_counts_exactly() {
    let check = cpog_check();
    let dir = tempfile::tempdir().unwrap();
    let (bits, a, b) = (30, 500_000_511u64, 500_000_513u64);
    let x = 2 * bits as i64 + 1;
    let clauses: Vec<Vec<i64>> = (at_most(1, bits, a - 1).into_iter().map(|c| (-x, c)))
        .chain(at_most(bits + 1, bits, b - 1).into_iter().map(|c| (x, c)))
        .map(|(guard, c)| std::iter::once(guard).chain(c).collect())
        .collect();
    let mut text = format!("p cnf {x} {}\n", clauses.len());
    for c in &clauses {
        let lits: Vec<String> = c.iter().map(i64::to_string).collect();
        text.push_str(&format!("{} 0\n", lits.join(" ")));
    }
    let file = dir.path().join("sum.cnf");
    std::fs::write(&file, text).unwrap();
    let bundle = dir.path().join("b");
    // Under x the z bits are free, under not x the y bits: (a + b) 2^30 models.
    let exact = ((a + b) << bits).to_string();
    assert_eq!(certify(&file, &bundle), exact);
    assert_eq!(our_count(&bundle).as_deref(), Some(exact.as_str()));
    if let Some(check) = check {
        // cpog-check accepts the proof, and counts (10^9 + 512) 2^30. Should its numbers be
        // fixed (q25.c: take out at most 9 powers of 2 or 5 per word), expect `exact` here.
        let truncated = ((1_000_000_512u64) << bits).to_string();
        assert_eq!(
            cpog_check_count(&check, &bundle).as_deref(),
            Some(truncated.as_str()),
            "cpog-check's count: {exact} means its q25 was fixed, or the compile no longer \
             decides x first (then the sum of 10^9 + 1024 is not made)"
        );
    }
}

/// `bundle`'s certificate with `edit` applied to its lines, in a copy at `to`.
fn tampered(bundle: &Path, to: &Path, edit: impl FnOnce(&mut Vec<String>)) {
    copy_dir(bundle, to);
    let path = to.join("certificate.cpog");
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    edit(&mut lines);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

fn position(lines: &[String], pred: impl Fn(&[&str]) -> bool) -> usize {
    lines
        .iter()
        .position(|l| pred(&l.split_whitespace().collect::<Vec<_>>()))
        .expect("a line to tamper with")
}

#[test]
fn tampered_certificates_are_rejected_by_cpog_check_and_by_our_checker() {
    let check = cpog_check();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.cnf");
    std::fs::write(&file, random_3cnf(2, 30, 100)).unwrap();
    let bundle = dir.path().join("good");
    let count = certify(&file, &bundle);
    assert_ne!(count, "0");
    assert_eq!(our_count(&bundle).as_deref(), Some(count.as_str()));
    type Edit = Box<dyn FnOnce(&mut Vec<String>)>;
    let mutations: Vec<(&str, Edit)> = vec![
        (
            "a literal of a product flipped (its defining clauses change)",
            Box::new(|l: &mut Vec<String>| {
                let i = position(l, |w| w.get(1) == Some(&"p") && w.len() > 4);
                let mut w: Vec<String> = l[i].split_whitespace().map(str::to_string).collect();
                let lit: i64 = w[3].parse().unwrap();
                w[3] = (-lit).to_string();
                l[i] = w.join(" ");
            }),
        ),
        (
            "a RUP step deleted",
            Box::new(|l: &mut Vec<String>| {
                let i = position(l, |w| w.get(1) == Some(&"a"));
                l.remove(i);
            }),
        ),
        (
            "the root declared as another node",
            Box::new(|l: &mut Vec<String>| {
                let i = position(l, |w| w.first() == Some(&"r"));
                let root: i64 = l[i][2..].trim().parse().unwrap();
                l[i] = format!("r {}", root - 1);
            }),
        ),
        (
            "a hint changed",
            Box::new(|l: &mut Vec<String>| {
                let i = position(l, |w| w.get(1) == Some(&"a") && w.len() > 6);
                let mut w: Vec<String> = l[i].split_whitespace().map(str::to_string).collect();
                let n = w.len();
                let h: u64 = w[n - 2].parse().unwrap();
                w[n - 2] = (h + 1).to_string();
                l[i] = w.join(" ");
            }),
        ),
        (
            "an input clause's deletion dropped",
            Box::new(|l: &mut Vec<String>| {
                let i = position(l, |w| w.first() == Some(&"dc") && w.get(1) == Some(&"1"));
                l.remove(i);
            }),
        ),
        (
            "an input clause's deletion without its last hint",
            Box::new(|l: &mut Vec<String>| {
                // Input clauses are numbered 1..=100; their deletions come last.
                let i = position(l, |w| {
                    w.first() == Some(&"dc")
                        && w.get(1)
                            .and_then(|c| c.parse::<u64>().ok())
                            .is_some_and(|c| c <= 100)
                        && w.len() > 4
                });
                let mut w: Vec<String> = l[i].split_whitespace().map(str::to_string).collect();
                let n = w.len();
                w.remove(n - 2);
                l[i] = w.join(" ");
            }),
        ),
        (
            "a sum's children swapped for a product's",
            Box::new(|l: &mut Vec<String>| {
                let i = position(l, |w| w.get(1) == Some(&"s"));
                l[i] = l[i].replacen(" s ", " p ", 1);
            }),
        ),
    ];
    for (what, edit) in mutations {
        let to = dir.path().join(what.replace(' ', "-"));
        tampered(&bundle, &to, edit);
        assert_eq!(our_count(&to), None, "our checker accepts {what}");
        if let Some(check) = &check {
            assert_eq!(
                cpog_check_count(check, &to),
                None,
                "cpog-check accepts {what}"
            );
        }
    }
    // A claimed count one off: the certificate holds, the manifest lies.
    let to = dir.path().join("count");
    copy_dir(&bundle, &to);
    let manifest = std::fs::read_to_string(to.join("manifest.json")).unwrap();
    let wrong = format!("\"count\": \"{}\"", count.parse::<u128>().unwrap() + 1);
    std::fs::write(
        to.join("manifest.json"),
        manifest.replace(&format!("\"count\": \"{count}\""), &wrong),
    )
    .unwrap();
    assert_eq!(our_count(&to), None);
}

#[test]
fn projected_files_are_refused_with_a_reason_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    // Both spellings of a projection; the text and the competition's output format.
    let counter = ["--method", "counter"];
    let mcc = ["--method", "counter", "--format", "mcc"];
    let cases = [
        (
            "show.cnf",
            "p cnf 3 2\nc p show 1 2 0\n1 2 0\n-1 3 0\n",
            &counter[..],
        ),
        (
            "ind.cnf",
            "p cnf 3 2\nc ind 1 2 0\n1 2 0\n-1 3 0\n",
            &counter[..],
        ),
        (
            "mcc.cnf",
            "p cnf 3 2\nc p show 1 2 0\n1 2 0\n-1 3 0\n",
            &mcc[..],
        ),
    ];
    for (name, text, args) in cases {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let bundle = dir.path().join(format!("{name}.bundle"));
        let out = nqueens()
            .args(["count", "cnf"])
            .arg(&file)
            .args(args)
            .arg("--certify")
            .arg(&bundle)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert_eq!(
            err.trim(),
            format!(
                "nqueens: error: '{}': projected counts cannot be certified in CPOG (that needs SCPOG's Skolem steps): certify by enumeration (--method enumerate) if the models are few enough to list, count without --certify, or drop the projection",
                file.display()
            )
        );
        assert!(!bundle.exists(), "{name}");
    }
    // The way the refusal points to: the projected count (3) certified by enumeration.
    let bundle = dir.path().join("enumerated");
    let out = nqueens()
        .args(["count", "cnf"])
        .arg(dir.path().join("show.cnf"))
        .args(["--method", "enumerate", "--certify"])
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json_of(
        nqueens()
            .arg("verify")
            .arg("--json")
            .arg(&bundle)
            .output()
            .unwrap(),
    );
    assert_eq!((&v["count"], &v["projection_size"]), (&3.into(), &2.into()));
}

/// `nqueens verify --json` on `bundle`: (exit code, the JSON report).
fn verify_json(bundle: &Path) -> (Option<i32>, serde_json::Value) {
    let out = nqueens()
        .args(["verify", "--json"])
        .arg(bundle)
        .output()
        .unwrap();
    (
        out.status.code(),
        serde_json::from_slice(&out.stdout).unwrap(),
    )
}

#[test]
fn a_certificate_of_the_unprojected_formula_never_passes_for_a_projected_count() {
    // F has 4 models over x1..x3; projected onto x1, x2 it has 3. A certificate of F's
    // count, with the formula given a projection (each spelling a reader may take as one)
    // and the manifest claiming F's count or the projected one, must not be certified.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.cnf");
    std::fs::write(&file, "p cnf 3 2\n1 2 0\n-1 3 0\n").unwrap();
    let good = dir.path().join("good");
    assert_eq!(certify(&file, &good), "4");
    let (code, v) = verify_json(&good);
    assert_eq!(code, Some(0));
    // The checker says what it certified: a count over every variable.
    assert_eq!(
        (&v["checked"]["count"], &v["projection_size"]),
        (&"4".into(), &3.into())
    );
    let projections = [
        ("c p show 1 2 0\n", "has a projection (c p show)"),
        ("c ind 1 2 0\n", "a 'c ind' projection line"),
        ("vp 1 2 0\n", "expected an integer, found 'vp'"),
    ];
    for (i, (line, says)) in projections.iter().enumerate() {
        for claimed in ["4", "3"] {
            let to = dir.path().join(format!("projected-{i}-{claimed}"));
            copy_dir(&good, &to);
            let formula = std::fs::read_to_string(to.join("formula.cnf")).unwrap();
            let (header, clauses) = formula.split_once('\n').unwrap();
            std::fs::write(to.join("formula.cnf"), format!("{header}\n{line}{clauses}")).unwrap();
            let manifest = std::fs::read_to_string(to.join("manifest.json")).unwrap();
            let manifest =
                manifest.replace("\"count\": \"4\"", &format!("\"count\": \"{claimed}\""));
            std::fs::write(to.join("manifest.json"), manifest).unwrap();
            let (code, v) = verify_json(&to);
            assert_eq!(
                (code, &v["certified"]),
                (Some(1), &false.into()),
                "{line} {claimed}"
            );
            let error = v["error"].as_str().unwrap();
            assert!(error.contains(says), "{line} {claimed}: {error}");
        }
    }
    // A `p pcnf` header (a projection in the header) is no CPOG formula either.
    let to = dir.path().join("pcnf");
    copy_dir(&good, &to);
    let formula = std::fs::read_to_string(to.join("formula.cnf")).unwrap();
    std::fs::write(
        to.join("formula.cnf"),
        formula.replace("p cnf 3 2", "p pcnf 3 2 2"),
    )
    .unwrap();
    assert_eq!(verify_json(&to).0, Some(1));
}

#[test]
fn weighted_counts_come_from_the_certified_graph_in_both_checkers() {
    let check = cpog_check();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("w.cnf");
    // Weights whose sums cpog-check's numbers (2^a 5^b) can invert: 1, 4 and 1.
    std::fs::write(
        &file,
        "c t wmc\np cnf 5 4\nc p weight 1 0.25 0\nc p weight -1 0.75 0\nc p weight 2 2.5 0\n\
         c p weight -2 1.5 0\nc p weight 3 0.5 0\nc p weight -3 0.5 0\n1 2 0\n-1 3 4 0\n2 -4 5 0\n-3 -5 0\n",
    )
    .unwrap();
    let bundle = dir.path().join("b");
    let v = json_of(
        nqueens()
            .args(["count", "cnf"])
            .arg(&file)
            .args(["--quiet", "--json", "--method", "counter"])
            .arg("--certify")
            .arg(&bundle)
            .output()
            .unwrap(),
    );
    // 7.25 by hand: the 12 models weighed with these weights (and 1 for x4, x5).
    // The plain weighted report's shape: no number of models, the exact weight.
    assert_eq!(v["weight"], "7.25");
    assert_eq!(v["count"], serde_json::Value::Null);
    let ours = json_of(
        nqueens()
            .args(["verify", "--json"])
            .arg(&bundle)
            .output()
            .unwrap(),
    );
    assert_eq!(ours["checked"]["weighted_count"], "29/4");
    if let Some(check) = check {
        let out = Command::new(check)
            .arg(bundle.join("formula.cnf"))
            .arg(bundle.join("certificate.cpog"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("CHECK: Weighted model count = 7.25"),
            "{text}"
        );
    }
    // A manifest claiming another weighted count is refused.
    let manifest = std::fs::read_to_string(bundle.join("manifest.json")).unwrap();
    std::fs::write(
        bundle.join("manifest.json"),
        manifest.replace("\"7.25\"", "\"7.5\""),
    )
    .unwrap();
    assert_eq!(our_count(&bundle), None);
    // auto hands a weighted --certify count to the counter's certificate too.
    let auto = dir.path().join("auto");
    let v = json_of(
        nqueens()
            .args(["count", "cnf"])
            .arg(&file)
            .args(["--quiet", "--json"])
            .arg("--certify")
            .arg(&auto)
            .output()
            .unwrap(),
    );
    assert_eq!(v["weight"], "7.25");
    assert_eq!(our_count(&auto).as_deref(), Some("12"));
}
