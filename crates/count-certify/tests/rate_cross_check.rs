//! Cross-check of the DRUP checker against an established one, `rate` (crates.io, by
//! Johannes Altmanninger): varisat writes DRAT proofs of unsatisfiable formulas (pigeonhole,
//! random 3-SAT above the threshold); both checkers must accept each, and after a lemma is
//! removed ours must never accept what rate rejects.
//!
//! The removals are judged by `rate -d`, which ignores deletions of unit clauses and of
//! reasons as drat-trim does and as our checker does. Plain rate honours them, so a cut proof
//! that deletes the reason of a literal the removed lemma used to restate is rejected by plain
//! rate and accepted by drat-trim's convention (seen with seed 0x9E37_79B9_7F4A_7C15: a
//! pigeonhole proof without its `-10 0`, whose reason `-1 -10` is deleted later). Ignoring a
//! deletion is sound for RUP proofs: every clause kept is implied by the formula.
//!
//! rate is found through `NQUEENS_RATE`, then `PATH`, then `~/.cargo/bin`
//! (`cargo install rate`). Where it is missing a local run says SKIPPED loudly for the rate
//! half; in CI (`CI` set) it fails.

use count_certify::check::{check_proof, read_cnf};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

type Clauses = Vec<Vec<i32>>;

/// Pigeons n + 1 into n holes: variable `p * n + h + 1` puts pigeon p in hole h.
fn pigeonhole(n: i32) -> (i32, Clauses) {
    let var = |p: i32, h: i32| p * n + h + 1;
    let mut clauses: Clauses = (0..=n)
        .map(|p| (0..n).map(|h| var(p, h)).collect())
        .collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                clauses.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    ((n + 1) * n, clauses)
}

/// xorshift64*: a reproducible stream without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n
    }
}

/// Random 3-SAT over `vars` variables, `5 * vars` clauses of three distinct variables.
fn random_3sat(rng: &mut Rng, vars: i32) -> Clauses {
    (0..5 * vars)
        .map(|_| {
            let mut clause: Vec<i32> = Vec::new();
            while clause.len() < 3 {
                let v = rng.below(vars as u64) as i32 + 1;
                if !clause.iter().any(|l| l.abs() == v) {
                    clause.push(if rng.below(2) == 0 { v } else { -v });
                }
            }
            clause
        })
        .collect()
}

/// Writes the formula and varisat's DRAT proof into `dir`; `None` when it is satisfiable.
fn prove(dir: &Path, vars: i32, clauses: &Clauses) -> Option<(PathBuf, PathBuf)> {
    let cnf = dir.join("formula.cnf");
    let mut text = format!("p cnf {vars} {}\n", clauses.len());
    for clause in clauses {
        let lits: Vec<String> = clause.iter().map(i32::to_string).collect();
        text += &format!("{} 0\n", lits.join(" "));
    }
    std::fs::write(&cnf, text).expect("formula written");
    let proof = dir.join("proof.drat");
    let file = std::fs::File::create(&proof).expect("proof file");
    let mut solver = Solver::new();
    solver.write_proof(std::io::BufWriter::new(file), ProofFormat::Drat);
    for clause in clauses {
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&l| Lit::from_dimacs(l as isize))
            .collect();
        solver.add_clause(&lits);
    }
    let satisfiable = solver.solve().expect("varisat solves");
    solver.close_proof().expect("proof closed");
    (!satisfiable).then_some((cnf, proof))
}

/// rate, or `None` (loudly) where it is missing outside CI.
fn rate() -> Option<PathBuf> {
    let from_env = std::env::var_os("NQUEENS_RATE").map(PathBuf::from);
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("rate"))
            .find(|p| p.is_file())
    });
    let cargo_bin = std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo/bin/rate"));
    let found = from_env
        .into_iter()
        .chain(on_path)
        .chain(cargo_bin)
        .find(|p| p.is_file());
    if found.is_none() {
        if std::env::var_os("CI").is_some() {
            panic!("rate is required in CI but was not found (NQUEENS_RATE, PATH, ~/.cargo/bin)");
        }
        eprintln!("SKIPPED: rate is not installed (cargo install rate, or set NQUEENS_RATE); the cross-check with it did not run");
    }
    found
}

/// Whether rate, with `flags`, verifies the proof.
fn rate_accepts(rate: &Path, flags: &[&str], cnf: &Path, proof: &Path) -> bool {
    let out = Command::new(rate)
        .args(flags)
        .arg(cnf)
        .arg(proof)
        .output()
        .expect("rate runs");
    let verified = String::from_utf8_lossy(&out.stdout).contains("s VERIFIED");
    assert_eq!(
        out.status.success(),
        verified,
        "rate's exit code and verdict agree"
    );
    verified
}

/// Whether our checker accepts the proof.
fn ours_accepts(cnf: &Path, proof: &Path) -> bool {
    let formula = read_cnf(std::io::BufReader::new(std::fs::File::open(cnf).unwrap()));
    let proof = std::io::BufReader::new(std::fs::File::open(proof).unwrap());
    check_proof(&formula.expect("our reader reads the formula"), proof).is_ok()
}

/// Both accept the proof; then, with each of a few lemmas removed, ours accepts only what
/// `rate -d` accepts. Returns how many removals each rejected.
fn cross_check(rate: Option<&Path>, cnf: &Path, proof: &Path, rng: &mut Rng) -> (u32, u32) {
    assert!(
        ours_accepts(cnf, proof),
        "our checker rejects varisat's proof of {cnf:?}"
    );
    if let Some(rate) = rate {
        for flags in [&[][..], &["-d"]] {
            let verified = rate_accepts(rate, flags, cnf, proof);
            assert!(
                verified,
                "rate {flags:?} rejects varisat's proof of {cnf:?}"
            );
        }
    }
    let text = std::fs::read_to_string(proof).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let lemmas: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].starts_with('d'))
        .collect();
    let (mut ours_rejected, mut rate_rejected) = (0, 0);
    for _ in 0..6 {
        let removed = lemmas[rng.below(lemmas.len() as u64) as usize];
        let cut = proof.with_file_name("cut.drat");
        let mut file = std::fs::File::create(&cut).unwrap();
        for (i, line) in lines.iter().enumerate() {
            if i != removed {
                writeln!(file, "{line}").unwrap();
            }
        }
        drop(file);
        let ours = ours_accepts(cnf, &cut);
        ours_rejected += u32::from(!ours);
        if let Some(rate) = rate {
            let theirs = rate_accepts(rate, &["-d"], cnf, &cut);
            rate_rejected += u32::from(!theirs);
            assert!(
                theirs || !ours,
                "ours accepts what rate -d rejects: line {} of {proof:?} removed",
                removed + 1
            );
        }
    }
    (ours_rejected, rate_rejected)
}

#[test]
fn varisat_proofs_are_accepted_by_both_and_cut_ones_never_only_by_ours() {
    let rate = rate();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    let mut rejected = (0, 0);
    let mut formulas: Vec<(i32, Clauses)> = (3..=6).map(pigeonhole).collect();
    for vars in [40, 45, 50, 55, 60, 60, 60] {
        formulas.push((vars, random_3sat(&mut rng, vars)));
    }
    for (vars, clauses) in &formulas {
        let Some((cnf, proof)) = prove(dir.path(), *vars, clauses) else {
            continue;
        };
        let (ours, theirs) = cross_check(rate.as_deref(), &cnf, &proof, &mut rng);
        rejected = (rejected.0 + ours, rejected.1 + theirs);
        checked += 1;
    }
    assert!(
        checked >= 8,
        "at least 8 unsatisfiable formulas, got {checked}"
    );
    eprintln!(
        "{checked} proofs; of the cut ones ours rejected {}, rate {}",
        rejected.0, rejected.1
    );
}
