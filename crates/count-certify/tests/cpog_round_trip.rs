//! CPOG certificates written for small random formulas hold under our own checker
//! (`count_certificate::check::cpog`, which shares no code with the writer), with the count
//! that brute force finds.

use count_certificate::check::cpog::check_cpog;
use count_certificate::check::read_cnf;
use count_certify::cpog::{certify_cnf, dimacs_clauses, write_cpog, CertifyCountError, CpogError};
use sharpcount::Lemmas;
use zero_one_model::dimacs::read_dimacs;

/// A xorshift source seeded by `seed`: `next(n)` draws from `0..n`.
fn draws(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move |n| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    }
}

/// A random CNF: `clauses` clauses of 2 or 3 literals (1 in 8 a unit) over `vars` variables.
fn random_cnf(seed: u64, vars: u32, clauses: usize) -> String {
    let mut next = draws(seed);
    let mut text = format!("p cnf {vars} {clauses}\n");
    for _ in 0..clauses {
        let len = if next(8) == 0 { 1 } else { 2 + next(2) };
        for _ in 0..len {
            let v = next(u64::from(vars)) as i64 + 1;
            let l = if next(2) == 0 { -v } else { v };
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    text
}

fn brute_force(text: &str) -> u64 {
    let cnf = read_cnf(text.as_bytes()).unwrap();
    let n = cnf.variables();
    (0u64..1 << n)
        .filter(|m| {
            cnf.clauses().all(|c| {
                c.iter().any(|&l| {
                    let bit = m >> (l.unsigned_abs() - 1) & 1 == 1;
                    bit == (l > 0)
                })
            })
        })
        .count() as u64
}

#[test]
fn certificates_of_random_formulas_check_with_the_brute_force_count() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let vars = 3 + (seed % 9) as u32;
        let clauses = vars as usize + (seed % u64::from(2 * vars)) as usize;
        let text = random_cnf(seed, vars, clauses);
        let cnf = read_dimacs(text.as_bytes()).unwrap();
        let mut cpog = Vec::new();
        let expected = brute_force(&text);
        match certify_cnf(&cnf, &Default::default(), &mut cpog) {
            Ok(c) => {
                assert_eq!(c.count, expected.into(), "seed {seed}");
                let formula = read_cnf(text.as_bytes()).unwrap();
                let ours = check_cpog(&formula, &cpog[..], None)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
                assert_eq!(ours.count, expected.into(), "seed {seed}");
                checked += 1;
            }
            Err(CertifyCountError::Cpog(CpogError::Unsatisfiable)) => {
                assert_eq!(expected, 0, "seed {seed}")
            }
            Err(CertifyCountError::Cpog(CpogError::Valid)) => {
                assert_eq!(expected, 1 << vars, "seed {seed}")
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    assert!(checked > 100, "only {checked} satisfiable formulas");
}

#[test]
fn a_certificate_with_a_hint_dropped_is_refused_by_our_checker() {
    let (text, cpog) = (0..)
        .find_map(|seed| {
            let text = random_cnf(seed, 8, 12);
            let cnf = read_dimacs(text.as_bytes()).unwrap();
            let mut cpog = Vec::new();
            certify_cnf(&cnf, &Default::default(), &mut cpog).ok()?;
            Some((text, cpog))
        })
        .unwrap();
    let cpog = String::from_utf8(cpog).unwrap();
    // The first RUP step loses its last hint.
    let broken: String = cpog
        .lines()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            if w.get(1) == Some(&"a") && w.len() > 5 && !cpog.contains("BROKEN") {
                let mut w = w.clone();
                w.remove(w.len() - 2);
                format!("{}\n", w.join(" "))
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert_ne!(broken, cpog);
    let formula = read_cnf(text.as_bytes()).unwrap();
    assert!(check_cpog(&formula, broken.as_bytes(), None).is_err());
}

/// The certificate of the first satisfiable formula `random_cnf(seed, vars, clauses)` from
/// `seed` on, with its text.
fn first_certified(seed: u64, vars: u32, clauses: usize) -> (String, String) {
    (seed..)
        .find_map(|seed| {
            let text = random_cnf(seed, vars, clauses);
            let cnf = read_dimacs(text.as_bytes()).unwrap();
            let mut cpog = Vec::new();
            certify_cnf(&cnf, &Default::default(), &mut cpog).ok()?;
            Some((text, String::from_utf8(cpog).unwrap()))
        })
        .unwrap()
}

#[test]
fn each_input_clause_is_deleted_in_one_step_after_every_added_clause() {
    const CLAUSES: usize = 90;
    for seed in [0, 40, 80] {
        let (text, cpog) = first_certified(seed, 40, CLAUSES);
        let lines: Vec<Vec<&str>> = cpog
            .lines()
            .map(|l| l.split_whitespace().collect())
            .collect();
        let last_added = lines
            .iter()
            .rposition(|w| w.get(1) == Some(&"a"))
            .expect("the forward proof adds clauses");
        let mut deleted = vec![0; CLAUSES];
        for (i, w) in lines.iter().enumerate() {
            let Some(id) = (w.first() == Some(&"dc"))
                .then(|| w[1].parse::<usize>().unwrap())
                .filter(|&id| id <= CLAUSES)
            else {
                continue;
            };
            assert!(
                i > last_added,
                "seed {seed}: clause {id} deleted before a lemma"
            );
            deleted[id - 1] += 1;
        }
        assert_eq!(deleted, vec![1; CLAUSES], "seed {seed}");
        let formula = read_cnf(text.as_bytes()).unwrap();
        assert!(check_cpog(&formula, cpog.as_bytes(), None).is_ok());
    }
}

#[test]
fn an_input_clause_deletion_without_a_hint_is_refused_by_our_checker() {
    let (text, cpog) = first_certified(0, 12, 30);
    let formula = read_cnf(text.as_bytes()).unwrap();
    let deletions: Vec<usize> = cpog
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.first() == Some(&"dc") && w[1].parse::<usize>().unwrap() <= 30 && w.len() > 4
        })
        .map(|(i, _)| i)
        .collect();
    assert!(!deletions.is_empty());
    // Each hint of the step is needed: dropping the first or the last one breaks it.
    for &line in &deletions {
        for first in [true, false] {
            let broken: String = cpog
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    let mut w: Vec<&str> = l.split_whitespace().collect();
                    if i == line {
                        w.remove(if first { 2 } else { w.len() - 2 });
                    }
                    format!("{}\n", w.join(" "))
                })
                .collect();
            assert!(
                check_cpog(&formula, broken.as_bytes(), None).is_err(),
                "line {line}, first hint {first}"
            );
        }
    }
}

/// The n-queens formula in DIMACS: a queen per row, at most one per row, column and
/// diagonal.
fn queens_cnf(n: i32) -> String {
    let var = |r: i32, c: i32| r * n + c + 1;
    let mut clauses: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| format!("{} ", var(r, c)))
                .collect::<String>()
                + "0"
        })
        .collect();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
            if r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs() {
                clauses.push(format!("-{} -{} 0", a + 1, b + 1));
            }
        }
    }
    format!(
        "p cnf {} {}\n{}\n",
        n * n,
        clauses.len(),
        clauses.join("\n")
    )
}

#[test]
fn the_counters_lemmas_spare_the_writer_most_of_its_search() {
    // 8 queens (92 models) and random 3-CNFs near the threshold: the counter learns
    // clauses and refutes branches; with its lemmas the writer refutes by its own search
    // only literals of nodes the cache shares, proved again under another trail.
    let mut texts = vec![queens_cnf(8)];
    texts.extend((0..12).map(|seed| random_3cnf(seed, 40, 150)));
    let (mut with, mut without, mut lemmas) = (0, 0, 0);
    for text in texts {
        let cnf = read_dimacs(text.as_bytes()).unwrap();
        let f = zero_one_model::Clauses::from_cnf(&cnf);
        let Ok(c) = sharpcount::compile_with_lemmas(&f, &Default::default()) else {
            continue;
        };
        let clauses = dimacs_clauses(&cnf);
        let n = cnf.num_vars as u32;
        let formula = read_cnf(text.as_bytes()).unwrap();
        for (given, searched) in [(&c.lemmas, &mut with), (&Lemmas::default(), &mut without)] {
            let mut cpog = Vec::new();
            let Ok(stats) = write_cpog(n, &clauses, &c.nnf, given, &mut cpog, None) else {
                continue;
            };
            *searched += stats.searched;
            lemmas += stats.lemmas;
            let ours = check_cpog(&formula, &cpog[..], None).unwrap();
            assert_eq!(ours.count, c.count);
        }
    }
    assert!(lemmas > 1000, "{lemmas} lemmas");
    assert!(
        with * 10 < without,
        "searched {with} with lemmas, {without} without"
    );
}

/// A random 3-CNF of `clauses` clauses over `vars` variables, three distinct in each.
fn random_3cnf(seed: u64, vars: u32, clauses: usize) -> String {
    let mut next = draws(seed);
    let mut text = format!("p cnf {vars} {clauses}\n");
    for _ in 0..clauses {
        let mut c: Vec<i64> = Vec::new();
        while c.len() < 3 {
            let v = next(u64::from(vars)) as i64 + 1;
            if c.iter().all(|l| l.abs() != v) {
                c.push(if next(2) == 0 { -v } else { v });
            }
        }
        text.push_str(&format!("{} {} {} 0\n", c[0], c[1], c[2]));
    }
    text
}

#[test]
fn a_lemma_true_before_it_is_added_is_derived_from_its_earliest_true_literal() {
    // x1 is a unit, so (¬x2 ∨ ¬x1) makes ¬x2 true too. The lemma (¬x2 ∨ x1 ∨ x3) has two
    // literals true already; the checker takes all three false, so its hints must derive
    // x1 (from the unit), not ¬x2 from x1 being true (track1_069's certificate, refused
    // by both checkers, did that).
    let text = "p cnf 3 2\n1 0\n-2 -1 0\n";
    let cnf = read_dimacs(text.as_bytes()).unwrap();
    let f = zero_one_model::Clauses::from_cnf(&cnf);
    let c = sharpcount::compile(&f, &Default::default()).unwrap();
    let lemmas: Lemmas = [vec![-2, 1, 3]].into_iter().collect();
    let mut cpog = Vec::new();
    let stats = write_cpog(3, &dimacs_clauses(&cnf), &c.nnf, &lemmas, &mut cpog, None).unwrap();
    assert_eq!(stats.lemmas, 1);
    let checked = check_cpog(&read_cnf(text.as_bytes()).unwrap(), &cpog[..], None).unwrap();
    assert_eq!(checked.count, 2u32.into());
}

#[test]
fn nodes_the_cache_shares_are_proved_once_by_lemmas_both_checkers_accept() {
    // Random 3-CNFs over 40-60 variables: the counter's cache shares components between
    // trails, and the writer proves such a node once, as a lemma over the clauses the trail
    // left (extension variables for clauses it shortened), then applies it. Our checker
    // and, where it is installed (CI builds it), CPOG's own accept every certificate.
    let cpog_check = std::env::var_os("NQUEENS_CPOG_CHECK");
    if cpog_check.is_none() && std::env::var_os("CI").is_some() {
        panic!("CI must set NQUEENS_CPOG_CHECK to CPOG's checker");
    }
    let dir = tempfile::tempdir().unwrap();
    let (mut made, mut applied) = (0, 0);
    for seed in 0..8u64 {
        let vars = 40 + (seed % 2) as u32 * 10;
        let text = random_3cnf(seed, vars, vars as usize * 3);
        let cnf = read_dimacs(text.as_bytes()).unwrap();
        let mut cpog = Vec::new();
        let Ok(c) = certify_cnf(&cnf, &Default::default(), &mut cpog) else {
            continue;
        };
        made += c.stats.node_lemmas;
        applied += c.stats.lemma_applications;
        let formula = read_cnf(text.as_bytes()).unwrap();
        let ours =
            check_cpog(&formula, &cpog[..], None).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(ours.count, c.count, "seed {seed}");
        if let Some(check) = &cpog_check {
            let (f, p) = (dir.path().join("f.cnf"), dir.path().join("f.cpog"));
            std::fs::write(&f, &text).unwrap();
            std::fs::write(&p, &cpog).unwrap();
            let out = std::process::Command::new(check)
                .arg(&f)
                .arg(&p)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            let want = format!("Regular model count = {}", c.count);
            assert!(said.contains(&want), "seed {seed}: cpog-check said\n{said}");
        }
    }
    assert!(
        made >= 10 && applied > made,
        "{made} lemmas, {applied} applications"
    );
}
