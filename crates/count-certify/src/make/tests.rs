//! [`make`] on small formulas: the files it writes, and the counts it refuses to certify.

use super::*;

fn lit(n: i64) -> Lit {
    Lit::from_dimacs(n).unwrap()
}

/// `1 ∨ 2` over variables 1, 2 and a hidden 3 (`¬3 ∨ 1`), projected onto 1 and 2.
fn formula() -> Formula {
    let clauses = vec![vec![lit(1), lit(2)], vec![lit(-3), lit(1)]];
    Formula::new(3, clauses, Some(vec![Var::new(1), Var::new(0)])).unwrap()
}

/// Runs [`make`] on `formula()` with `cubes` and the solutions given per cube.
fn certify(
    cubes: &[Vec<Lit>],
    solutions: &[&[[bool; 3]]],
) -> (tempfile::TempDir, Result<Summary, MakeError>) {
    let dir = tempfile::tempdir().unwrap();
    let collector = Collector::new(cubes.len(), 3, 10, None);
    for (i, list) in solutions.iter().enumerate() {
        for s in *list {
            collector.record(i, s);
        }
    }
    let job = Job {
        formula: &formula(),
        cubes,
        solutions: collector.into_cubes(),
        threads: 2,
        stop: None,
        produced_by: ProducedBy::new("test", "0"),
    };
    let result = make(dir.path(), job);
    (dir, result)
}

#[test]
fn a_bundle_lists_models_blocking_clauses_and_a_proof() {
    let cubes = [vec![lit(1)], vec![lit(-1)]];
    let (dir, summary) = certify(
        &cubes,
        &[
            &[[true, true, false], [true, false, true]],
            &[[false, true, false]],
        ],
    );
    let summary = summary.unwrap();
    assert_eq!(summary.models, 3);
    let read = |f| std::fs::read_to_string(dir.path().join(f)).unwrap();
    assert_eq!(
        read(crate::bundle::FORMULA),
        "p cnf 3 2\nc p show 1 2 0\n1 2 0\n-3 1 0\n"
    );
    assert_eq!(
        read(crate::bundle::SOLUTIONS),
        "1 2 -3 0\n1 -2 3 0\n-1 2 -3 0\n"
    );
    assert!(read(crate::bundle::BLOCKED)
        .ends_with("p cnf 3 5\n1 2 0\n-3 1 0\n-1 -2 0\n-1 2 0\n-2 1 0\n"));
    let proof = read(crate::bundle::PROOF);
    assert_eq!(proof.lines().count() as u64, summary.proof_lines);
    assert!(proof.ends_with("0\n") && proof.contains("-1 0\n") && proof.contains("1 0\n"));
    let manifest: crate::bundle::Manifest =
        serde_json::from_str(&read(crate::bundle::MANIFEST)).unwrap();
    assert_eq!(
        (manifest.count.as_str(), &manifest.projection[..]),
        ("3", &[1, 2][..])
    );
    assert_eq!(manifest.produced_by.tool, "test");
    assert!(manifest.produced_by.certify_seconds.is_some());
}

#[test]
fn a_missed_model_is_an_error_not_a_bundle() {
    let cubes = [vec![lit(1)], vec![lit(-1)]];
    let (_dir, result) = certify(&cubes, &[&[[true, true, false]], &[[false, true, false]]]);
    assert!(
        matches!(result, Err(MakeError::MissedModel { cube: 0 })),
        "{result:?}"
    );
}

#[test]
fn cubes_that_leave_a_model_out_are_an_error() {
    let cubes = [vec![lit(1), lit(2)], vec![lit(-1)]];
    let (_dir, result) = certify(&cubes, &[&[[true, true, false]], &[[false, true, false]]]);
    assert!(matches!(result, Err(MakeError::Uncovered)), "{result:?}");
}

#[test]
fn a_model_listed_twice_is_an_error() {
    let cubes = [vec![]];
    let (_dir, result) = certify(&cubes, &[&[[true, true, false], [true, true, true]]]);
    assert!(matches!(result, Err(MakeError::Repeated)), "{result:?}");
}

mod traces {
    use super::super::trace;
    use super::*;
    use proptest::prelude::*;

    /// Every model of `clauses` over `n` variables projected onto `shown`, by brute force.
    fn projected_models(n: usize, clauses: &[Vec<Lit>], shown: &[Var]) -> HashSet<Vec<bool>> {
        (0u32..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|a| clauses.iter().all(|c| c.iter().any(|l| l.eval(a))))
            .map(|a| shown.iter().map(|v| a[v.index()]).collect())
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The DPLL trace of a random formula, after the blocking clauses of its projected
        /// models (or the short ones derived from them), is a refutation the independent
        /// checker accepts; with a model left out of the expected set, the trace is refused.
        #[test]
        fn dpll_traces_refute_random_formulas_with_their_blocking_clauses(
            n in 2usize..=7,
            raw in prop::collection::vec(prop::collection::vec((0usize..7, any::<bool>()), 1..=3), 0..12),
            hidden in prop::collection::vec(any::<bool>(), 7),
            cube_len in 0usize..=2,
        ) {
            let clauses: Vec<Vec<Lit>> = raw
                .iter()
                .map(|c| c.iter().map(|&(v, p)| Var::new((v % n) as u32).lit(p)).collect())
                .collect();
            let mut shown: Vec<Var> = (0..n).filter(|&v| !hidden[v]).map(|v| Var::new(v as u32)).collect();
            if shown.is_empty() {
                shown.push(Var::new(0));
            }
            let formula = Formula::new(n, clauses.clone(), Some(shown.clone())).unwrap();
            let shown = formula.shown();
            let cube: Vec<Lit> = shown.iter().take(cube_len).map(|v| v.positive()).collect();
            let mut with_cube = clauses.clone();
            with_cube.extend(cube.iter().map(|&l| vec![l]));
            let expected = projected_models(n, &with_cube, &shown);
            let keys: HashSet<Vec<u64>> = expected
                .iter()
                .map(|m| trace::projection_key(&shown, |v| m[shown.iter().position(|&s| s == v).unwrap()]))
                .collect();
            let f = trace::dpll_formula(&formula, &[]).unwrap();
            let section = trace::section(&f, (0, &cube), &shown, &keys, None).unwrap();
            // The blocked formula, in DIMACS, then the trace (ending with ¬cube), then the
            // lemmas of the cube's siblings are not there: check the cube lemma alone, as a
            // proof of F ∧ B ∧ cube.
            let mut text = format!("p cnf {n} {}\n", clauses.len() + expected.len() + cube.len());
            for c in clauses.iter().chain(&cube.iter().map(|&l| vec![l]).collect::<Vec<_>>()) {
                for l in c {
                    text.push_str(&format!("{} ", l.to_dimacs()));
                }
                text.push_str("0\n");
            }
            for m in &expected {
                let block = blocking_clause(&shown, |v| m[shown.iter().position(|&s| s == v).unwrap()]);
                for l in block {
                    text.push_str(&format!("{} ", l.to_dimacs()));
                }
                text.push_str("0\n");
            }
            let cnf = crate::check::read_cnf(text.as_bytes()).unwrap();
            let mut proof = section.text.clone();
            proof.extend_from_slice(b"0\n");
            prop_assert!(crate::check::check_proof(&cnf, proof.as_slice()).is_ok(), "{text}");
            // The same after the short blocking clauses replace the long ones.
            let mut models = Packed::new(n);
            for m in &expected {
                let mut full = vec![false; n];
                for (i, v) in shown.iter().enumerate() {
                    full[v.index()] = m[i];
                }
                models.push(&full);
            }
            let mut proof = super::super::shorten::section(&f, &shown, &[models], 2).text;
            proof.extend_from_slice(&section.text);
            proof.extend_from_slice(b"0\n");
            let shortened = String::from_utf8_lossy(&proof).into_owned();
            prop_assert!(crate::check::check_proof(&cnf, proof.as_slice()).is_ok(), "{text}{shortened}");
            if let Some(first) = keys.iter().next() {
                let mut fewer = keys.clone();
                fewer.remove(first);
                prop_assert!(trace::section(&f, (0, &cube), &shown, &fewer, None).is_err());
            }
        }
    }
}
