//! The examples that count DIMACS files: projected, certified, weighted and compiled counts,
//! on each example's own file and on small random ones, against brute force.

use crate::brute::{projected_count, random_cnf, weighted_count, Rng};
use crate::{certified_count, compile_nnf, projected_count, weighted_count as weighted};
use nqueens_kit::count::{BigRational, Method};
use nqueens_kit::formats::{read_dimacs, Cnf};

/// The `projected_count` example's file, then random 3-CNFs of 8 to 12 variables, half of them
/// projected.
fn files() -> Vec<Cnf> {
    let mut rng = Rng(31);
    let mut texts = vec![projected_count::DEFAULT.to_string()];
    for i in 0..6u64 {
        let vars = 8 + i % 5;
        texts.push(random_cnf(&mut rng, vars, vars * 3 / 2 + i, i % 2 == 0));
    }
    texts
        .iter()
        .map(|t| read_dimacs(t.as_bytes()).expect("a well-formed file"))
        .collect()
}

#[test]
fn the_default_file_has_five_projected_models() {
    let cnf = read_dimacs(projected_count::DEFAULT.as_bytes()).unwrap();
    assert_eq!(projected_count(&cnf), 5u32.into());
}

#[test]
fn enumeration_and_the_model_counter_count_what_brute_force_counts() {
    for cnf in files() {
        let known = projected_count(&cnf);
        assert_eq!(
            projected_count::count_by(&cnf, Method::Enumerate).unwrap(),
            known
        );
        assert_eq!(
            projected_count::count_by(&cnf, Method::Counter).unwrap(),
            known
        );
    }
}

#[test]
fn a_certified_count_is_the_count_and_the_checker_agrees() {
    for (i, cnf) in files().into_iter().take(4).enumerate() {
        let known = projected_count(&cnf);
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join(format!("bundle{i}"));
        let (count, verified) = certified_count::certify(cnf, &dir).unwrap();
        assert_eq!(count, known);
        assert_eq!(verified.count, u64::try_from(&known).unwrap());
    }
}

#[test]
fn a_counter_count_is_certified_in_cpog_and_the_checker_agrees() {
    for (i, cnf) in files().into_iter().enumerate() {
        let root = tempfile::tempdir().unwrap();
        let certified = certified_count::certify_by_counter(&cnf, &root.path().join("p"));
        if cnf.shown.is_some() {
            // CPOG states unprojected counts only: refused, not certified as something else.
            let e = certified.expect_err("a projected count").to_string();
            assert!(e.contains("projected counts cannot be certified"), "{e}");
        }
        let mut all = cnf.clone();
        all.shown = None;
        let known = projected_count(&all);
        match certified_count::certify_by_counter(&all, &root.path().join("all")) {
            Ok((count, checked)) => assert_eq!((count, checked), (known.clone(), known)),
            Err(e) => assert!(known == 0u32.into(), "file {i} ({known} models): {e}"),
        }
    }
}

#[test]
fn a_certified_count_refuses_a_directory_that_is_not_empty() {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("left over"), "x").unwrap();
    let cnf = read_dimacs(projected_count::DEFAULT.as_bytes()).unwrap();
    assert!(certified_count::certify(cnf, root.path()).is_err());
}

#[test]
fn the_weighted_example_counts_the_probability_seven_twentieths() {
    let cnf = weighted::read_weighted(weighted::DEFAULT.as_bytes()).unwrap();
    let known = weighted_count(&cnf);
    assert_eq!(known, BigRational::new(7.into(), 20.into()));
    assert_eq!(weighted::weigh(cnf).unwrap(), (known.clone(), known));
}

#[test]
fn weighted_counts_of_random_files_are_brute_force_sums() {
    let mut rng = Rng(7);
    for _ in 0..4 {
        let mut text = random_cnf(&mut rng, 8, 10, false);
        text.insert_str(0, "c t wmc\n");
        for v in 1..=8 {
            let (a, b) = (rng.below(9) + 1, rng.below(9) + 1);
            text += &format!("c p weight {v} 0.{a} 0\nc p weight -{v} {b}.5 0\n");
        }
        let cnf = weighted::read_weighted(text.as_bytes()).unwrap();
        let known = weighted_count(&cnf);
        assert_eq!(weighted::weigh(cnf).unwrap(), (known.clone(), known));
    }
}

#[test]
fn a_compiled_formula_read_back_counts_what_brute_force_counts() {
    for cnf in files() {
        let known = projected_count(&cnf);
        let (compiled, d4) = compile_nnf::compile(cnf).unwrap();
        assert_eq!(compiled.count, known);
        assert_eq!(compile_nnf::recount(&d4, &compiled.vars).unwrap(), known);
    }
}
