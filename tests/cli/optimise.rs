//! `nqueens optimize FILE.opb` and `nqueens count --opb FILE --optimal`: optima and counts of
//! optimal solutions against brute force on small random knapsack-like files, through both
//! backends and both searches; exports with objectives solved by glpsol, cbc, HiGHS and Sat4j, whose
//! optimum must equal ours (their answers read back and checked by the library), edge files
//! included; bad input and Ctrl-C.

use crate::common::{json_of, nqueens, require_tool, run};
use std::path::{Path, PathBuf};
use std::process::Command;
use zero_one_model::ilp::{lower_to_ilp, read_answer, IlpAnswer};
use zero_one_model::opb::read_opb;

/// A random instance (fixed seed) over `vars` variables: `rows` constraints with weights in
/// -9..=9 (some `~` literals), a knapsack row `sum w x <= cap`, and an objective to `sense`.
fn random_opb(seed: u64, vars: usize, rows: usize, sense: &str) -> String {
    let mut s = seed;
    let mut next = |m: u64| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) % m
    };
    let mut body = String::new();
    for _ in 0..rows {
        for _ in 0..2 + next(4) {
            let lit = if next(3) == 0 { "~x" } else { "x" };
            body += &format!("{:+} {lit}{} ", next(19) as i64 - 9, next(vars as u64) + 1);
        }
        body += &format!(
            "{} {} ;\n",
            [">=", "<=", "="][next(3) as usize],
            next(5) as i64 - 2
        );
    }
    for v in 1..=vars {
        body += &format!("-{} x{v} ", 1 + next(9));
    }
    body += &format!(">= -{} ;\n", vars * 2);
    let mut objective = format!("{sense}:");
    for v in 1..=vars {
        objective += &format!(" {:+} x{v}", next(21) as i64 - 10);
    }
    format!(
        "* #variable= {vars} #constraint= {}\n{objective} ;\n{body}",
        rows + 1
    )
}

/// The optimum and the number of optimal solutions, by trying every assignment; `None` when
/// infeasible.
fn brute_force(text: &str) -> Option<(i128, u64)> {
    let model = read_opb(text.as_bytes()).unwrap().model;
    let objective = model.objective().unwrap();
    let max = objective.sense == zero_one_model::Sense::Maximize;
    let n = model.num_vars();
    let mut best: Option<(i128, u64)> = None;
    for code in 0..1u32 << n {
        let a: Vec<bool> = (0..n).map(|i| code >> i & 1 == 1).collect();
        if model.check(&a).is_err() {
            continue;
        }
        let v = objective.value(&a);
        best = match best {
            Some((b, c)) if b == v => Some((b, c + 1)),
            Some((b, c)) if (v > b) != max => Some((b, c)),
            _ => Some((v, 1)),
        };
    }
    best
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// A file's path, its text, and its brute-force optimum and count of optimal solutions.
type Case = (String, String, Option<(i128, u64)>);

/// Twelve small files, half of them maximising, with their brute-force answers.
fn cases(dir: &Path) -> Vec<Case> {
    (0..12u64)
        .map(|seed| {
            let sense = if seed % 2 == 0 { "min" } else { "max" };
            let text = random_opb(seed + 1, 9, 3, sense);
            let want = brute_force(&text);
            (write(dir, &format!("r{seed}.opb"), &text), text, want)
        })
        .collect()
}

#[test]
fn the_optimum_equals_brute_force_through_every_backend_and_search() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    assert!(
        cases.iter().filter(|c| c.2.is_some()).count() >= 6,
        "too few feasible cases"
    );
    let runs: [&[&str]; 5] = [
        &[],
        &["--search", "binary"],
        &["--pb", "adder"],
        &["--pb", "gte", "--search", "binary"],
        &["--backend", "ilp"],
    ];
    for (path, _, want) in &cases {
        for extra in runs {
            let out = nqueens()
                .args(["optimize", path, "--json"])
                .args(extra)
                .output()
                .unwrap();
            let why = format!("{path} {extra:?}: {}", String::from_utf8_lossy(&out.stderr));
            match want {
                None => {
                    assert_eq!(out.status.code(), Some(1), "{why}");
                    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                    assert_eq!(json["status"], "infeasible", "{why}");
                }
                Some((value, _)) => {
                    assert_eq!(out.status.code(), Some(0), "{why}");
                    let json = json_of(out);
                    assert_eq!(json["status"], "optimum", "{why}");
                    assert_eq!(json["value"].as_i64(), Some(*value as i64), "{why}");
                    assert_eq!(json["bound"], json["value"], "{why}");
                    assert_eq!(json["solution"].as_array().unwrap().len(), 9, "{why}");
                }
            }
        }
    }
}

#[test]
fn the_text_output_has_the_competition_lines() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        "* #variable= 3 #constraint= 1\nmax: +3 x1 +2 x2 +4 x3 ;\n+2 x1 +2 x2 +3 x3 <= 4 ;\n";
    let path = write(dir.path(), "k.opb", text);
    let (code, out, err) = run(&["optimize", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\ns OPTIMUM FOUND\nv x1 x2 -x3\n"), "{out}");
    assert!(out.lines().any(|l| l == "o 5"), "{out}");
}

#[test]
fn optimal_solutions_are_counted_as_brute_force_counts_them() {
    let dir = tempfile::tempdir().unwrap();
    for (path, _, want) in cases(dir.path()) {
        for backend in ["sat", "dpll", "ilp"] {
            let out = nqueens()
                .args(["count", "opb", &path, "--optimal", "--json", "--quiet"])
                .args(["--backend", backend])
                .output()
                .unwrap();
            let why = format!("{path} {backend}: {}", String::from_utf8_lossy(&out.stderr));
            // No optimum (infeasible) is a count of 0: exit 0, as any count.
            assert_eq!(out.status.code(), Some(0), "{why}");
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            // The file's constraints, not counting the added `objective = optimum` row.
            assert_eq!(json["constraints"], 4, "{why}");
            match want {
                None => {
                    assert_eq!(json["count"], 0, "{why}");
                    assert!(json["optimum"].is_null(), "{why}");
                }
                Some((value, count)) => {
                    assert_eq!(json["optimum"].as_i64(), Some(value as i64), "{why}");
                    assert_eq!(json["count"].as_u64(), Some(count), "{why}");
                }
            }
        }
    }
}

/// Runs `program` on `file` and returns its answer text, or `None` when it is not installed
/// (outside CI).
fn solve(program: &str, file: &Path) -> Option<String> {
    let answer = file.with_extension(format!("{program}.out"));
    let status = match program {
        "glpsol" => {
            let flag = if file.extension().unwrap() == "lp" {
                "--lp"
            } else {
                "--freemps"
            };
            Command::new(require_tool("glpsol")?)
                .arg(flag)
                .arg(file)
                .arg("-o")
                .arg(&answer)
                .output()
                .unwrap()
                .status
        }
        "cbc" => {
            Command::new(require_tool("cbc")?)
                .arg(file)
                .args(["solve", "solu"])
                .arg(&answer)
                .output()
                .unwrap()
                .status
        }
        "sat4j" => {
            let jar = "/usr/share/java/org.sat4j.pb.jar";
            if !Path::new(jar).is_file() {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{jar} is required in CI (see .ci/run)"
                );
                eprintln!("SKIPPED: {jar} is not installed");
                return None;
            }
            let out = Command::new(require_tool("java")?)
                .args(["-jar", jar])
                .arg(file)
                .output()
                .unwrap();
            assert!(
                matches!(out.status.code(), Some(10 | 20 | 30)),
                "sat4j: {out:?}"
            );
            return Some(String::from_utf8(out.stdout).unwrap());
        }
        other => panic!("unknown program {other}"),
    };
    assert!(status.success(), "{program} failed on {}", file.display());
    Some(std::fs::read_to_string(answer).unwrap())
}

#[test]
fn exported_objectives_are_optimised_to_our_optimum_by_glpsol_cbc_and_sat4j() {
    let dir = tempfile::tempdir().unwrap();
    for (path, text, want) in cases(dir.path())
        .into_iter()
        .step_by(2)
        .take(4)
        .chain(cases(dir.path()).into_iter().skip(1).step_by(2).take(4))
    {
        solve_exports(dir.path(), &path, &text, want);
    }
}

/// Exports `path` (whose text is `text`, and brute-force answer `want`) as LP, MPS and OPB and
/// checks the optimum glpsol, cbc and Sat4j find.
fn solve_exports(dir: &Path, path: &str, text: &str, want: Option<(i128, u64)>) {
    let model = read_opb(text.as_bytes()).unwrap().model;
    let ilp = lower_to_ilp(&model);
    for (format, programs) in [
        ("lp", &["glpsol", "cbc"][..]),
        ("mps", &["glpsol", "cbc"]),
        ("opb", &["sat4j"]),
    ] {
        let file = dir.join(format!(
            "{}-export.{format}",
            Path::new(path).file_stem().unwrap().to_string_lossy()
        ));
        let (code, _, err) = run(&[
            "optimize",
            path,
            "--export",
            format,
            "-o",
            file.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        for program in programs {
            let Some(answer) = solve(program, &file) else {
                continue;
            };
            let why = format!("{program} on {}", file.display());
            // OPB exports have the same variables as the model; LP and MPS the ILP's.
            match (read_answer(&answer, &ilp).unwrap(), want) {
                (IlpAnswer::Infeasible, None) => {}
                (IlpAnswer::Values(raw), Some((value, _))) => {
                    let values = ilp.check_raw(&raw, 1e-6).unwrap();
                    let a: Vec<bool> = values[..model.num_vars()].iter().map(|&v| v == 1).collect();
                    assert_eq!(model.check(&a), Ok(()), "{why}");
                    assert_eq!(model.objective().unwrap().value(&a), value, "{why}");
                }
                (answer, want) => panic!("{why}: {answer:?}, want {want:?}"),
            }
        }
    }
}

/// Files at the edges of the writers: a row whose terms cancel (infeasible), rows that all
/// hold (none written), an objective of zeros to maximise.
#[test]
fn edge_exports_are_read_and_optimised_by_glpsol_cbc_and_sat4j() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        (
            "cancel",
            "* #variable= 2 #constraint= 1\nmin: +1 x1 ;\n+1 x2 -1 x2 >= 1 ;\n",
        ),
        (
            "norows",
            "* #variable= 2 #constraint= 1\nmin: +1 x1 -1 x2 ;\n+1 x1 >= 0 ;\n",
        ),
        (
            "zeromax",
            "* #variable= 2 #constraint= 1\nmax: +0 x1 ;\n+1 x1 +1 x2 >= 1 ;\n",
        ),
    ] {
        let path = write(dir.path(), &format!("{name}.opb"), text);
        solve_exports(dir.path(), &path, text, brute_force(text));
    }
}

#[test]
fn counting_the_optimal_solutions_of_an_infeasible_file_exits_0_and_reports_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "inf.opb",
        "* #variable= 2 #constraint= 1\nmin: +1 x1 ;\n+1 x2 -1 x2 >= 1 ;\n",
    );
    // A count of 0 is an answer (issue 30: this was exit 1, `count --opb` without --optimal 0).
    let (code, out, err) = run(&["count", "opb", &path, "--optimal", "--quiet"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("0 solutions over 2 variables, 1 constraint (infeasible: no optimum)"),
        "{out}"
    );
    let path = write(
        dir.path(),
        "one.opb",
        "* #variable= 2 #constraint= 1\nmin: +1 x1 ;\n+1 x1 +1 x2 >= 1 ;\n",
    );
    let out = nqueens()
        .args(["count", "opb", &path, "--optimal", "--json", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json = json_of(out);
    assert_eq!(json["constraints"], 1, "{json}");
    assert_eq!(json["count"], 1, "{json}");
}

#[test]
fn bad_input_and_idle_flags_are_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let plain = write(
        dir.path(),
        "plain.opb",
        "* #variable= 2 #constraint= 1\n+1 x1 +1 x2 >= 1 ;\n",
    );
    let broken = write(
        dir.path(),
        "broken.opb",
        "* #variable= 2 #constraint= 1\nmin: +1 x3 ;\n",
    );
    let ok = write(
        dir.path(),
        "ok.opb",
        "* #variable= 2 #constraint= 1\nmin: +1 x1 ;\n+1 x1 +1 x2 >= 1 ;\n",
    );
    let result = dir.path().join("result.json");
    let result_arg = result.to_str().unwrap();
    let cases: [(&[&str], &str); 8] = [
        (&["optimize", &plain], "has no objective"),
        // The regression of issue 30: the JSON went to stdout and no file was written (exit 0).
        (
            &["optimize", &ok, "--json", "-o", result_arg],
            "-o writes the file of --export",
        ),
        (
            &["optimize", &ok, "-o", result_arg, "--json"],
            "-o writes the file of --export",
        ),
        (&["optimize", &broken], "line 2"),
        (
            &["optimize", &ok, "--backend", "ilp", "--pb", "gte"],
            "--pb applies to --backend sat",
        ),
        (&["optimize", &ok, "--search", "fast"], "invalid value"),
        (&["count", "opb", &plain, "--optimal"], "no objective"),
        (
            &["count", "4", "--optimal"],
            "unexpected argument '--optimal'",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
    }
    assert!(!result.exists());
}

/// A knapsack of `n` items (weights and values 10..99, capacity half the weight): far too
/// hard to prove optimal in a test's time for n = 60.
fn hard_knapsack(n: u64) -> String {
    let mut s = 12345u64;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        10 + (s >> 33) % 90
    };
    let w: Vec<u64> = (0..n).map(|_| next()).collect();
    let v: Vec<u64> = (0..n).map(|_| next()).collect();
    let mut text = format!("* #variable= {n} #constraint= 1\nmax:");
    for (i, a) in v.iter().enumerate() {
        text += &format!(" +{a} x{}", i + 1);
    }
    text += " ;\n";
    for (i, a) in w.iter().enumerate() {
        text += &format!("-{a} x{} ", i + 1);
    }
    text + &format!(">= -{} ;\n", w.iter().sum::<u64>() / 2)
}

#[test]
fn ctrl_c_prints_the_best_solution_so_far_as_not_proved_and_exits_130() {
    use std::io::BufRead;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "hard.opb", &hard_knapsack(60));
    for search in ["linear", "binary"] {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
            .args(["optimize", &path, "--search", search])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert!(first.starts_with("o "), "{first}");
        std::thread::sleep(std::time::Duration::from_millis(300));
        Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{search}: {rest}{err}");
        assert!(
            rest.contains("\ns SATISFIABLE\nv x1") || rest.contains("\ns SATISFIABLE\nv -x1"),
            "{rest}"
        );
        assert!(err.contains("not proved optimal"), "{err}");
    }
}

/// The regression of issue 30: `count --opb F --optimal --json` stopped by Ctrl-C while the
/// optimum was sought printed no JSON (stderr only). With --json the interruption is a line.
#[test]
fn ctrl_c_while_a_count_seeks_its_optimum_prints_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "hard.opb", &hard_knapsack(60));
    let child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "opb", &path, "--optimal", "--json", "-q"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1000));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted while finding the optimum"),
        "{err}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
    assert_eq!(json["interrupted"], true, "{json}");
    assert_eq!(json["about"], path.as_str(), "{json}");
}

/// A MIP solver's answer for one file: `None` for infeasible, else the values by column name.
type MipAnswer = Option<std::collections::HashMap<String, f64>>;

/// A MIP solver from PyPI on `files`, in one process, through tests/helpers/mip_optimum.py:
/// `solver` is `highs` (package `highspy`) or `scip` (package `pyscipopt`). `None` when the
/// package is missing outside CI, else one answer per file, in order.
fn mip(solver: &str, files: &[PathBuf]) -> Option<Vec<MipAnswer>> {
    let python = require_tool("python3")?;
    let package = match solver {
        "highs" => "highspy",
        _ => "pyscipopt",
    };
    let probe = Command::new(&python)
        .args(["-c", &format!("import {package}")])
        .status()
        .unwrap();
    if !probe.success() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{package} is required in CI (see .ci/run)"
        );
        eprintln!("SKIPPED: {package} is not installed");
        return None;
    }
    let helper = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/helpers/mip_optimum.py");
    let out = Command::new(python)
        .arg(helper)
        .arg(solver)
        .args(files)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<MipAnswer> = text
        .split("== ")
        .skip(1)
        .map(|part| {
            let mut lines = part
                .lines()
                .skip(1)
                .skip_while(|l| *l != "optimal" && *l != "infeasible");
            match lines.next() {
                Some("optimal") => Some(
                    lines
                        .map(|l| {
                            let (name, value) = l.split_once(' ').unwrap();
                            (name.to_string(), value.parse().unwrap())
                        })
                        .collect(),
                ),
                other => {
                    assert_eq!(other, Some("infeasible"), "{solver}: {part}");
                    None
                }
            }
        })
        .collect();
    assert_eq!(answers.len(), files.len(), "{solver}: {text}");
    Some(answers)
}

#[test]
fn exported_objectives_are_optimised_to_our_optimum_by_highs_and_scip() {
    let dir = tempfile::tempdir().unwrap();
    let mut exports = Vec::new();
    for (path, text, want) in cases(dir.path()).into_iter().take(6) {
        let model = read_opb(text.as_bytes()).unwrap().model;
        for format in ["lp", "mps"] {
            let file = dir.path().join(format!(
                "{}.{format}",
                Path::new(&path).file_stem().unwrap().to_string_lossy()
            ));
            let (code, _, err) = run(&[
                "optimize",
                &path,
                "--export",
                format,
                "-o",
                file.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{err}");
            exports.push((file, model.clone(), want));
        }
    }
    let files: Vec<PathBuf> = exports.iter().map(|(file, ..)| file.clone()).collect();
    for solver in ["highs", "scip"] {
        let Some(answers) = mip(solver, &files) else {
            return;
        };
        for ((file, model, want), answer) in exports.iter().zip(answers) {
            let why = format!("{solver} on {}", file.display());
            match (answer, want) {
                (None, None) => {}
                (Some(by_name), Some((value, _))) => {
                    // A column no row or objective mentions may be left out: it is 0.
                    let ilp = lower_to_ilp(model);
                    let raw: Vec<f64> = ilp
                        .vars
                        .iter()
                        .map(|v| by_name.get(&v.name).copied().unwrap_or(0.0))
                        .collect();
                    let values = ilp.check_raw(&raw, 1e-6).unwrap();
                    let a: Vec<bool> = values[..model.num_vars()].iter().map(|&v| v == 1).collect();
                    assert_eq!(model.check(&a), Ok(()), "{why}");
                    assert_eq!(model.objective().unwrap().value(&a), *value, "{why}");
                }
                (answer, want) => panic!("{why}: {answer:?}, want {want:?}"),
            }
        }
    }
}

/// Ctrl-C while the default BDD encoding lowers a knapsack row with 5-digit weights (tens of
/// millions of BDD nodes before its size limit: minutes and gigabytes) stops it at once.
#[test]
fn ctrl_c_stops_a_long_bdd_lowering_at_once() {
    use std::time::{Duration, Instant};
    let mut s = 777u64;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        10_000 + (s >> 33) % 90_000
    };
    let n = 50;
    let w: Vec<u64> = (0..n).map(|_| next()).collect();
    let v: Vec<u64> = (0..n).map(|_| next()).collect();
    let mut text = format!("* #variable= {n} #constraint= 1\nmax:");
    for (i, a) in v.iter().enumerate() {
        text += &format!(" +{a} x{}", i + 1);
    }
    text += " ;\n";
    for (i, a) in w.iter().enumerate() {
        text += &format!("-{a} x{} ", i + 1);
    }
    text += &format!(">= -{} ;\n", w.iter().sum::<u64>() / 2);
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "big.opb", &text);
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["optimize", &path])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(1));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let sent = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if sent.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("optimize ignored Ctrl-C for 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
}
