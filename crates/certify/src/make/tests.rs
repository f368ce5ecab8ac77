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
        produced_by: serde_json::json!({"by": "test"}),
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
        .ends_with("p cnf 3 5\n1 2 0\n-3 1 0\n-1 -2 0\n-1 2 0\n1 -2 0\n"));
    let proof = read(crate::bundle::PROOF);
    assert_eq!(proof.lines().count() as u64, summary.proof_lines);
    assert!(proof.ends_with("0\n") && proof.contains("-1 0\n") && proof.contains("1 0\n"));
    let manifest: crate::bundle::Manifest =
        serde_json::from_str(&read(crate::bundle::MANIFEST)).unwrap();
    assert_eq!(
        (manifest.count.as_str(), &manifest.projection[..]),
        ("3", &[1, 2][..])
    );
    assert_eq!(manifest.produced_by["by"], "test");
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
