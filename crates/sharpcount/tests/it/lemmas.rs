//! The lemmas a compile logs (`compile_with_lemmas`) are each implied by unit propagation
//! over the formula and the lemmas before it not yet deleted (RUP), checked by a naive
//! propagation written here, and hold in every model.

use crate::common::{brute_force, queens, random_kcnf, satisfies, Rng};
use sharpcount::{compile_with_lemmas, Options};
use zero_one_model::Clauses;

/// Whether unit propagation over `db` from the negation of `lemma` falsifies a clause.
fn is_rup(db: &[Option<Vec<i32>>], lemma: &[i32]) -> bool {
    let mut value = std::collections::HashMap::new();
    for &l in lemma {
        value.insert(l.abs(), l < 0);
    }
    loop {
        let mut changed = false;
        for c in db.iter().flatten() {
            let mut open = Vec::new();
            let mut satisfied = false;
            for &l in c {
                match value.get(&l.abs()) {
                    Some(&v) if v == (l > 0) => satisfied = true,
                    Some(_) => {}
                    None => open.push(l),
                }
            }
            match (satisfied, open.as_slice()) {
                (true, _) => {}
                (false, []) => return true,
                (false, [l]) => {
                    value.insert(l.abs(), *l > 0);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}

fn dimacs_clauses(f: &Clauses) -> Vec<Vec<i32>> {
    f.iter()
        .map(|c| c.iter().map(|l| l.to_dimacs() as i32).collect())
        .collect()
}

/// Checks every lemma of `f`'s compile; returns how many there were.
fn check_lemmas(f: &Clauses, models: Option<&[u64]>) -> usize {
    let c = compile_with_lemmas(f, &Options::default()).expect("compiles");
    let mut db: Vec<Option<Vec<i32>>> = dimacs_clauses(f).into_iter().map(Some).collect();
    let base = db.len();
    let mut deletions = c.lemmas.deletions().iter().peekable();
    for (i, lemma) in c.lemmas.iter().enumerate() {
        while let Some(&(_, which)) = deletions.next_if(|&&(after, _)| after <= i) {
            assert!(which < i, "lemma {which} deleted before it is logged");
            db[base + which] = None;
        }
        assert!(
            is_rup(&db, lemma),
            "lemma {i} {lemma:?} is not RUP in {f:?}"
        );
        for &m in models.unwrap_or(&[]) {
            let holds = lemma
                .iter()
                .any(|&l| (m >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0));
            assert!(holds, "lemma {lemma:?} fails in model {m:b}");
        }
        db.push(Some(lemma.to_vec()));
    }
    c.lemmas.len()
}

#[test]
fn lemmas_of_random_formulas_are_rup_and_hold_in_every_model() {
    let mut rng = Rng(7);
    let mut logged = 0;
    for _ in 0..150 {
        let n = 8 + rng.below(9) as u32;
        let m = (n as f64 * (3.0 + rng.below(20) as f64 / 10.0)) as usize;
        let f = random_kcnf(&mut rng, n, m, 3);
        let models: Vec<u64> = (0u64..1 << n).filter(|&a| satisfies(&f, a)).collect();
        assert_eq!(models.len() as u64, brute_force(&f));
        logged += check_lemmas(&f, Some(&models));
    }
    assert!(logged > 100, "only {logged} lemmas logged");
}

#[test]
fn lemmas_of_the_queens_formula_are_rup() {
    // 8 queens: 92 models, and a search with conflicts and branches without models.
    let n = check_lemmas(&queens(8), None);
    assert!(n > 10, "{n} lemmas");
}

#[test]
fn compiling_without_lemmas_logs_none() {
    let f = queens(6);
    let c = sharpcount::compile(&f, &Options::default()).unwrap();
    assert!(c.lemmas.is_empty() && c.lemmas.deletions().is_empty());
    let logged = compile_with_lemmas(&f, &Options::default()).unwrap();
    assert_eq!((c.count, logged.nnf.nodes()), (logged.count, c.nnf.nodes()));
}
