//! `count cnf FILE --nnf OUT`: the compiled formula (d4's format) counted again by our
//! own reader (`sharpcount::nnf::read_d4`) and by an independent one, ddnnife (PyPI
//! `ddnnife`, the Python bindings of the Rust crate; required in CI, see .ci/run), on a
//! queens export, random 3-CNFs (projected and not), a circuit and an unsatisfiable file;
//! the options `--nnf` cannot honour refused, with no file written.

use crate::common;
use crate::common::{json_of, nqueens, require_tool};
use num_bigint::BigUint;
use std::path::{Path, PathBuf};
use std::process::Command;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A deterministic random generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random 3-CNF of `m` clauses over `n` variables, projected onto `1..=show` when given.
fn random_3cnf(seed: u64, n: u32, m: usize, show: Option<u32>) -> String {
    let mut rng = Rng(seed);
    let mut text = format!("c random 3-CNF\np cnf {n} {m}\n");
    if let Some(k) = show {
        let vars: Vec<String> = (1..=k).map(|v| v.to_string()).collect();
        text += &format!("c p show {} 0\n", vars.join(" "));
    }
    for _ in 0..m {
        for _ in 0..3 {
            let v = rng.below(u64::from(n)) as i64 + 1;
            let l = if rng.below(2) == 0 { v } else { -v };
            text += &format!("{l} ");
        }
        text += "0\n";
    }
    text
}

/// A Tseitin-encoded random circuit of AND, OR and XOR gates over 10 inputs, its last gate
/// required true, one input fixed, and two variables in no clause: an unprojected file with
/// the units, definitions and free variables of competition files.
fn circuit() -> String {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (inputs, gates) = (10i64, 24i64);
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    for g in inputs + 1..=inputs + gates {
        let a = rng.below((g - 1) as u64) as i64 + 1;
        let b = rng.below((g - 1) as u64) as i64 + 1;
        let (a, b) = (
            if rng.below(2) == 0 { a } else { -a },
            if rng.below(2) == 0 { b } else { -b },
        );
        match rng.below(3) {
            0 => clauses.extend([vec![-g, a], vec![-g, b], vec![g, -a, -b]]),
            1 => clauses.extend([vec![g, -a], vec![g, -b], vec![-g, a, b]]),
            _ => clauses.extend([
                vec![-g, a, b],
                vec![-g, -a, -b],
                vec![g, -a, b],
                vec![g, a, -b],
            ]),
        }
    }
    clauses.push(vec![inputs + gates]);
    clauses.push(vec![-3]);
    let n = inputs + gates + 2;
    let mut text = format!("c circuit\np cnf {n} {}\n", clauses.len());
    for c in clauses {
        for l in c {
            text += &format!("{l} ");
        }
        text += "0\n";
    }
    text
}

/// ddnnife's count of `nnf` over variables `1..=num_vars`; `None` when it is not
/// installed outside CI (in CI the test fails).
fn ddnnife_count(nnf: &Path, num_vars: usize) -> Option<BigUint> {
    let python = require_tool("python3")?;
    let probe = Command::new(&python)
        .args(["-c", "import ddnnife"])
        .status()
        .unwrap();
    if !probe.success() {
        assert!(
            std::env::var_os("CI").is_none(),
            "ddnnife (pip install ddnnife) is required in CI (see .ci/run)"
        );
        eprintln!("SKIPPED: ddnnife is not installed; the ddnnife cross-check did not run");
        return None;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/helpers/ddnnife_count.py"
    );
    let out = Command::new(python)
        .arg(script)
        .arg(nnf)
        .arg(num_vars.to_string())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "ddnnife failed on {}: {}",
        nnf.display(),
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

/// Compiles `cnf`, and checks the count three ways: `count cnf` without `--nnf`, our
/// reader on the file, and ddnnife. Returns the count.
fn check(dir: &Path, cnf: &Path) -> BigUint {
    let nnf = dir.join(format!(
        "{}.nnf",
        cnf.file_stem().unwrap().to_string_lossy()
    ));
    let out = nqueens()
        .args(["count", "cnf"])
        .arg(cnf)
        .arg("--nnf")
        .arg(&nnf)
        .args(["--json", "--quiet"])
        .output()
        .unwrap();
    let j = json_of(out);
    let count: BigUint = j["count"].to_string().parse().unwrap();
    let (num_vars, projection_size) = (
        j["num_vars"].as_u64().unwrap() as usize,
        j["projection_size"].as_u64().unwrap() as usize,
    );
    assert_eq!(j["method"], "counter");
    let plain = nqueens()
        .args(["count", "cnf"])
        .arg(cnf)
        .args(["--method", "counter", "--json", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(json_of(plain)["count"].to_string(), count.to_string());
    let text = std::fs::read_to_string(&nnf).unwrap();
    let parsed = sharpcount::nnf::read_d4(text.as_bytes()).expect("our reader reads it");
    assert_eq!(j["nnf"]["nodes"].as_u64().unwrap() as usize, parsed.nodes());
    assert_eq!(j["nnf"]["edges"].as_u64().unwrap() as usize, parsed.edges());
    // Our reader over the counted variables (the projection, when there is one).
    let shown: Vec<u32> = match j["projected"].as_bool().unwrap() {
        true => projection(cnf),
        false => (1..=num_vars as u32).collect(),
    };
    assert_eq!(parsed.count(&shown).expect("decomposable"), count);
    // ddnnife counts over every variable: the unprojected ones are free in the formula.
    if let Some(theirs) = ddnnife_count(&nnf, num_vars) {
        assert_eq!(
            theirs,
            &count << (num_vars - projection_size),
            "ddnnife on {}",
            nnf.display()
        );
    }
    count
}

/// The `c p show` variables of a file.
fn projection(cnf: &Path) -> Vec<u32> {
    std::fs::read_to_string(cnf)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("c p show"))
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<u32>().unwrap()))
        .filter(|&v| v != 0)
        .collect()
}

#[test]
fn compiled_formulas_count_the_same_with_our_reader_and_ddnnife() {
    let dir = tempfile::tempdir().unwrap();
    let q = nqueens().args(["encode", "6"]).output().unwrap();
    assert!(q.status.success());
    let queens = dir.path().join("queens6.cnf");
    std::fs::write(&queens, q.stdout).unwrap();
    assert_eq!(check(dir.path(), &queens), 4u32.into());
    let q8 = nqueens().args(["encode", "8"]).output().unwrap();
    let queens8 = dir.path().join("queens8.cnf");
    std::fs::write(&queens8, q8.stdout).unwrap();
    assert_eq!(check(dir.path(), &queens8), 92u32.into());
    let random = write(dir.path(), "random.cnf", &random_3cnf(7, 60, 150, None));
    assert!(check(dir.path(), &random) > 1000u32.into());
    let projected = write(
        dir.path(),
        "projected.cnf",
        &random_3cnf(11, 45, 130, Some(20)),
    );
    assert!(check(dir.path(), &projected) > 1u32.into());
    let circuit = write(dir.path(), "circuit.cnf", &circuit());
    assert!(check(dir.path(), &circuit) > 1u32.into());
    let unsat = write(dir.path(), "unsat.cnf", "p cnf 3 3\n1 2 0\n-1 0\n-2 0\n");
    assert_eq!(check(dir.path(), &unsat), 0u32.into());
}

/// `cpog-gen F.cnf F.nnf F.cpog` on `cnf` compiled by `count cnf --nnf`, run in `dir` (it
/// writes its SAT problems beside it): CPOG's own generator reads our decision-DNNF as it
/// reads d4's, and cpog-check must accept what it writes with our count. `None` for
/// an unsatisfiable file, which cpog-gen refuses ("Compiled formula unsatisfiable").
fn cpog_gen_count(generator: &Path, cpog_check: &Path, dir: &Path, cnf: &Path) -> Option<String> {
    let stem = cnf.file_stem().unwrap().to_string_lossy().to_string();
    let (nnf, cpog) = (
        dir.join(format!("{stem}.nnf")),
        dir.join(format!("{stem}.cpog")),
    );
    let ours = check(dir, cnf).to_string();
    // A wall-clock limit: on a conjunction whose parts share a clause cpog-gen loops.
    let out = Command::new("timeout")
        .arg("60")
        .arg(generator)
        .arg(cnf)
        .arg(&nnf)
        .arg(&cpog)
        .current_dir(dir)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert_ne!(
        out.status.code(),
        Some(124),
        "cpog-gen on {stem} ran past 60 s"
    );
    if ours == "0" {
        assert!(log.contains("Compiled formula unsatisfiable"), "{log}");
        return None;
    }
    assert!(out.status.success(), "cpog-gen on {stem}: {log}");
    let theirs = crate::certify_cpog::cpog_check_files(cpog_check, cnf, &cpog);
    assert_eq!(
        theirs.as_deref(),
        Some(ours.as_str()),
        "cpog-check on {stem}"
    );
    theirs
}

#[test]
fn cpog_gen_turns_our_compiled_formulas_into_certificates_cpog_check_accepts() {
    // Small files only: cpog-gen hands SAT problems of more than 1,000 clauses to
    // drat-trim, which is not installed.
    let (Some(generator), Some(cpog_check), Some(_)) = (
        crate::certify_cpog::cpog_gen(),
        crate::certify_cpog::cpog_check(),
        require_tool("cadical"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let q = nqueens().args(["encode", "6"]).output().unwrap();
    let queens = dir.path().join("queens6.cnf");
    std::fs::write(&queens, q.stdout).unwrap();
    let files = [
        queens,
        write(dir.path(), "random.cnf", &random_3cnf(7, 30, 100, None)),
        write(dir.path(), "circuit.cnf", &circuit()),
        // x1 ∨ x2 ∨ x3 is subsumed, and joins the parts {x1, x2} and {x3, x4}: cpog-gen
        // looped on the formula compiled with subsumption.
        write(
            dir.path(),
            "subsumed.cnf",
            "p cnf 4 3\n1 2 0\n1 2 3 0\n3 4 0\n",
        ),
        write(dir.path(), "unsat.cnf", "p cnf 3 3\n1 2 0\n-1 0\n-2 0\n"),
    ];
    let counts: Vec<Option<String>> = files
        .iter()
        .map(|f| cpog_gen_count(&generator, &cpog_check, dir.path(), f))
        .collect();
    assert_eq!(counts[0].as_deref(), Some("4"));
    assert_eq!(counts[3].as_deref(), Some("9"));
    assert_eq!(counts[4], None);
    assert!(counts.iter().take(4).all(Option::is_some), "{counts:?}");
}

#[test]
fn the_text_report_names_the_file_and_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = write(dir.path(), "f.cnf", "p cnf 3 2\n1 2 0\n-1 3 0\n");
    let nnf = dir.path().join("f.nnf");
    let out = nqueens()
        .args(["count", "cnf"])
        .arg(&cnf)
        .arg("--nnf")
        .arg(&nnf)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("4 models"), "{text}");
    assert!(text.contains("d4 format:"), "{text}");
    assert!(text.contains(&nnf.display().to_string()), "{text}");
}

#[test]
fn options_nnf_cannot_honour_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = write(dir.path(), "f.cnf", "p cnf 3 2\n1 2 0\n-1 3 0\n");
    let weighted = write(
        dir.path(),
        "w.cnf",
        "c t wmc\np cnf 2 1\nc p weight 1 0.5 0\n1 2 0\n",
    );
    let nnf = dir.path().join("out.nnf");
    let nnf_arg = nnf.to_str().unwrap();
    let certify = dir.path().join("bundle");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--method", "enumerate"], "--method enumerate"),
        (vec!["--symmetry", "auto"], "--symmetry auto"),
        (vec!["--certify", certify.to_str().unwrap()], "--certify"),
        (vec!["--threads", "2"], "one thread"),
    ];
    for (extra, says) in cases {
        let out = nqueens()
            .args(["count", "cnf", cnf.to_str().unwrap(), "--nnf", nnf_arg])
            .args(&extra)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(says), "{extra:?}: {err}");
        assert!(!nnf.exists(), "{extra:?} wrote the file");
    }
    let out = nqueens()
        .args(["count", "cnf", weighted.to_str().unwrap(), "--nnf", nnf_arg])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("weighted"));
    assert!(!nnf.exists());
    let out = nqueens()
        .args(["count", "cnf", cnf.to_str().unwrap(), "--nnf", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = nqueens()
        .args(["count", "6", "--nnf", nnf_arg])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--nnf needs --cnf");
    // A directory is no output file: refused before counting.
    let out = nqueens()
        .args(["count", "cnf", cnf.to_str().unwrap(), "--nnf"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Variable 2^31 has no 32-bit literal in d4's format: refused with the file's name.
    let huge = write(
        dir.path(),
        "huge.cnf",
        "p cnf 2147483648 1\nc p show 2147483648 0\n2147483648 0\n",
    );
    let out = nqueens()
        .args(["count", "cnf", huge.to_str().unwrap(), "--nnf", nnf_arg])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("huge.cnf")
            && err.contains(
                "variable 2147483648 is beyond the 2147483647 a compiled formula numbers"
            ),
        "{err}"
    );
    assert!(!nnf.exists());
}

/// The pigeonhole formula of `holes + 1` pigeons: unsatisfiable, and hard for the search.
fn pigeonhole(holes: usize) -> String {
    let pigeons = holes + 1;
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses: Vec<String> = (0..pigeons)
        .map(|p| {
            let row: Vec<String> = (0..holes).map(|h| var(p, h).to_string()).collect();
            row.join(" ")
        })
        .collect();
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{}", var(p, h), var(q, h)));
            }
        }
    }
    let mut text = format!("p cnf {} {}\n", pigeons * holes, clauses.len());
    for c in clauses {
        text += &format!("{c} 0\n");
    }
    text
}

#[test]
fn ctrl_c_writes_no_file_and_exits_130() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let cnf = write(dir.path(), "php.cnf", &pigeonhole(11));
    let nnf = dir.path().join("php.nnf");
    let child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "cnf", cnf.to_str().unwrap(), "--json", "--nnf"])
        .arg(&nnf)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = crate::common::interrupt_after(child, 700);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("no compiled formula written"), "{err}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["count"], serde_json::Value::Null);
    assert_eq!(report["nnf"], serde_json::Value::Null);
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("php.cnf")]);
}

#[test]
fn issue_30_a_formula_past_cache_mb_is_refused_with_nothing_written() {
    // 100 random OR gates: the formula grew to 2.9 GB and aborted. Now it stops at
    // --cache-mb (here 16 MiB), within an address space the old run overran.
    let dir = tempfile::tempdir().unwrap();
    let cnf = write(dir.path(), "gates.cnf", &common::random_or_gates(100, 30));
    let out = dir.path().join("gates.nnf");
    let args = [
        "count",
        "cnf",
        cnf.to_str().unwrap(),
        "--nnf",
        out.to_str().unwrap(),
        "--cache-mb",
        "16",
        "-q",
    ];
    let (code, stdout, err) = common::run_limited(400 << 10, 60, &args);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.starts_with("nqueens: error: --nnf: the compiled formula outgrew its budget of --cache-mb 16 MiB after "),
        "{err}"
    );
    assert!(err.contains("nothing was written"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(stdout, "");
    assert_eq!(common::names_in(dir.path()), ["gates.cnf"]);
}
