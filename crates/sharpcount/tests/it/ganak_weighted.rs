//! Cross-check of weighted counts against Ganak's weighted mode (PyPI `pyganak`'s
//! `WeightedCounter`, which computes with 128-bit MPFR floats from double weights): random
//! formulas and circuits of 20 to 40 variables with decimal weights on some literals, half
//! of them projected (weights on projected variables only, as in the `pwmc` task), written
//! as DIMACS files and counted by both; the exact rational must round to Ganak's float
//! within a relative 1e-9.
//!
//! Without pyganak the test fails when the environment variable `CI` is set and is skipped
//! with a note otherwise.

use crate::common::{dimacs, projected, random_circuit, random_formula, shown, Rng};
use num_traits::ToPrimitive;
use sharpcount::{count_weighted, BigRational, Options, Weights};
use std::path::Path;
use std::process::Command;
use zero_one_model::Var;

/// The weights drawn, as written in the files: every one a finite decimal.
const DECIMALS: [&str; 8] = ["0", "1", "0.5", "0.3", "0.75", "2", "1.25", "1e-1"];

fn exact(decimal: &str) -> BigRational {
    let (m, e) = decimal.split_once('e').unwrap_or((decimal, "0"));
    let (int, frac) = m.split_once('.').unwrap_or((m, ""));
    let digits: i64 = format!("{int}{frac}").parse().unwrap();
    let exp: i32 = e.parse::<i32>().unwrap() - frac.len() as i32;
    let ten = |k: i32| num_bigint::BigInt::from(10).pow(k.unsigned_abs());
    if exp >= 0 {
        BigRational::from_integer(digits * ten(exp))
    } else {
        BigRational::new(digits.into(), ten(exp))
    }
}

fn pyganak() -> bool {
    Command::new("python3")
        .args(["-c", "import pyganak"])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn ganak_weighted(path: &Path) -> f64 {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/helpers/ganak_weighted.py"
    );
    let out = Command::new("python3")
        .arg(script)
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "ganak failed on {}: {out:?}",
        path.display()
    );
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .last()
        .unwrap_or("")
        .trim()
        .parse()
        .expect("a float")
}

#[test]
fn weighted_counts_equal_ganak_on_random_formulas() {
    if !pyganak() {
        assert!(
            std::env::var_os("CI").is_none(),
            "pyganak is missing (python3 -c 'import pyganak' fails); CI must have it"
        );
        eprintln!("note: pyganak not found (pip install pyganak); weighted cross-check skipped");
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut rng = Rng(0x5151_7e57_c0de_0001);
    let mut nonzero = 0;
    for i in 0..16 {
        let n = 20 + rng.below(21) as u32;
        let mut f = if i % 4 < 2 {
            let m = (n as u64 * (15 + rng.below(20)) / 10) as usize;
            random_formula(&mut rng, n, m, 4)
        } else {
            let inputs = 6 + rng.below(10) as u32;
            let constraints = 3 + rng.below(5) as usize;
            random_circuit(&mut rng, inputs, n - inputs, constraints)
        };
        if i % 2 == 1 {
            let k = 5 + rng.below(n as u64 - 5) as u32;
            f = projected(f, Some((1..=k).collect()));
        }
        let mut written = Vec::new();
        let mut weights = Weights::new();
        for v in shown(&f) {
            if rng.below(2) == 0 {
                continue;
            }
            let v = Var::new(v - 1);
            for lit in [v.positive(), v.negative()] {
                if rng.below(4) != 0 {
                    let d = DECIMALS[rng.below(DECIMALS.len() as u64) as usize];
                    written.push(format!("c p weight {lit} {d} 0"));
                    weights.set(lit, exact(d));
                }
            }
        }
        let path = dir.path().join(format!("weighted{i}.cnf"));
        let task = if f.projection().is_some() {
            "pwmc"
        } else {
            "wmc"
        };
        std::fs::write(&path, dimacs(&f, Some(task), &written)).expect("write DIMACS");
        let ours = count_weighted(&f, &weights, &Options::default())
            .expect("counted")
            .value;
        let ours = ours.numer().to_f64().unwrap() / ours.denom().to_f64().unwrap();
        let theirs = ganak_weighted(&path);
        let scale = ours.abs().max(theirs.abs());
        assert!(
            (ours - theirs).abs() <= 1e-9 * scale,
            "{}: ours {ours:e}, Ganak {theirs:e}",
            path.display()
        );
        nonzero += (theirs != 0.0) as u32;
    }
    assert!(
        nonzero >= 8,
        "too few nonzero counts ({nonzero}) to test much"
    );
}
