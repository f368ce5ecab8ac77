//! Cross-check against Ganak (Sharma, Roy, Soos & Meel 2019), through the `ganak`
//! executable when it is on PATH or else PyPI's `pyganak` under `python3`: random
//! formulas and random circuits of 30 to 60 variables, half of them projected, are
//! written as DIMACS files to a temporary directory and counted by both; the counts must
//! be equal as integers.
//!
//! Without Ganak the test fails when the environment variable `CI` is set and is skipped
//! with a note otherwise.

use crate::common::{dimacs, projected, random_circuit, random_formula, Rng};
use sharpcount::{count, Options};
use std::path::Path;
use std::process::Command;

/// Counts a DIMACS file with pyganak, projected onto its `c p show` lines.
const PYGANAK: &str = r#"
import sys
from pyganak import Counter
n, clauses, shown, cur = 0, [], None, []
for line in open(sys.argv[1]):
    t = line.split()
    if not t: continue
    if t[0] == "c":
        if t[1:3] == ["p", "show"]:
            shown = (shown or []) + [int(x) for x in t[3:] if x != "0"]
        continue
    if t[0] == "p":
        n = int(t[2]); continue
    for x in map(int, t):
        if x == 0: clauses.append(cur); cur = []
        else: cur.append(x)
c = Counter()
c.new_vars(n)
c.add_clauses(clauses)
if shown is not None: c.set_sampling_set(shown)
print(c.count())
"#;

/// How to run Ganak here, if at all.
enum Ganak {
    Executable,
    Python,
}

fn find_ganak() -> Option<Ganak> {
    let ok = |c: &mut Command| c.output().map(|o| o.status.success()).unwrap_or(false);
    if ok(Command::new("ganak").arg("--help")) {
        return Some(Ganak::Executable);
    }
    if ok(Command::new("python3").args(["-c", "import pyganak"])) {
        return Some(Ganak::Python);
    }
    None
}

fn ganak_count(g: &Ganak, path: &Path) -> String {
    let out = match g {
        Ganak::Executable => Command::new("ganak").arg(path).output(),
        Ganak::Python => Command::new("python3")
            .args(["-c", PYGANAK])
            .arg(path)
            .output(),
    }
    .expect("ganak runs");
    assert!(
        out.status.success(),
        "ganak failed on {}: {:?}",
        path.display(),
        out
    );
    let text = String::from_utf8_lossy(&out.stdout);
    match g {
        // pyganak may print `c o ...` lines before the count.
        Ganak::Python => text.lines().last().unwrap_or("").trim().to_string(),
        // The executable prints `s mc N` (or `s pmc N`) among comment lines.
        Ganak::Executable => text
            .lines()
            .find_map(|l| l.strip_prefix("s mc ").or_else(|| l.strip_prefix("s pmc ")))
            .or_else(|| {
                text.lines()
                    .find_map(|l| l.strip_prefix("c s exact arb int "))
            })
            .unwrap_or_else(|| panic!("no count in ganak output: {text}"))
            .trim()
            .to_string(),
    }
}

#[test]
fn counts_equal_ganak_on_random_formulas() {
    let Some(ganak) = find_ganak() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "Ganak is missing (neither `ganak` nor python3 with pyganak); CI must have it"
        );
        eprintln!("note: Ganak not found (pip install pyganak); cross-check skipped");
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut nonzero = 0;
    for i in 0..32 {
        let n = 30 + rng.below(31) as u32;
        let mut f = if i % 4 < 2 {
            let ratio = 15 + rng.below(25); // clauses per variable, tenths
            let m = (n as u64 * ratio / 10) as usize;
            random_formula(&mut rng, n, m, 4)
        } else {
            let inputs = 8 + rng.below(12) as u32;
            let constraints = 4 + rng.below(8) as usize;
            random_circuit(&mut rng, inputs, n - inputs, constraints)
        };
        if i % 2 == 1 {
            let k = 5 + rng.below(n as u64 - 5) as usize;
            f = projected(
                f,
                Some((0..k).map(|_| 1 + rng.below(n as u64) as u32).collect()),
            );
        }
        let path = dir.path().join(format!("random{i}.cnf"));
        let task = f.projection().map(|_| "pmc");
        std::fs::write(&path, dimacs(&f, task, &[])).expect("write DIMACS");
        let ours = count(&f, &Options::default()).expect("counted").count;
        let theirs = ganak_count(&ganak, &path);
        assert_eq!(ours.to_string(), theirs, "{} differs", path.display());
        nonzero += (theirs != "0") as u32;
    }
    assert!(
        nonzero >= 12,
        "too few satisfiable formulas ({nonzero}) to test much"
    );
}
