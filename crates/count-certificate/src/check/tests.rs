//! Unit tests of the readers and of the DRUP check, on hand-written files.

use super::*;

/// Every clause over three variables: unsatisfiable, refuted by `1 2`, `1`, `2`, `()`.
const CUBE3: &str = "p cnf 3 8\n\
    1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n\
    -1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

fn cnf(text: &str) -> Cnf {
    read_cnf(text.as_bytes()).expect("a valid CNF")
}

fn proof_error(formula: &str, proof: &str) -> String {
    check_proof(&cnf(formula), proof.as_bytes())
        .expect_err("the proof is rejected")
        .to_string()
}

#[test]
fn a_valid_proof_is_accepted_and_counted() {
    let summary = check_proof(
        &cnf(CUBE3),
        "1 2 0\n1 0\nc a comment\n\n2 0\n0\n".as_bytes(),
    );
    let summary = summary.expect("valid");
    assert_eq!(summary.lemmas, 4);
    assert_eq!(summary.empty_clause_line, Some(6));
}

#[test]
fn removing_a_lemma_that_matters_makes_the_next_one_not_rup() {
    assert_eq!(
        proof_error(CUBE3, "1 0\n2 0\n0\n"),
        "line 1: lemma is not RUP"
    );
    assert_eq!(
        proof_error(CUBE3, "1 2 0\n2 0\n0\n"),
        "line 3: lemma is not RUP"
    );
}

#[test]
fn a_lemma_that_is_not_rup_is_rejected_at_its_line() {
    assert_eq!(
        proof_error(CUBE3, "c x\n3 0\n0\n"),
        "line 2: lemma is not RUP"
    );
}

#[test]
fn a_rat_lemma_that_is_not_rup_is_rejected() {
    // 3 occurs nowhere, so `3` is RAT on 3 (no clause to resolve with), but not RUP.
    let formula = "p cnf 3 1\n1 2 0\n";
    assert_eq!(proof_error(formula, "3 0\n0\n"), "line 1: lemma is not RUP");
}

#[test]
fn a_proof_without_the_empty_clause_is_rejected() {
    assert_eq!(
        proof_error(CUBE3, "1 2 0\n1 0\n2 0\n"),
        "the proof does not derive the empty clause"
    );
    assert_eq!(
        proof_error(CUBE3, ""),
        "the proof does not derive the empty clause"
    );
}

#[test]
fn a_formula_that_propagates_to_a_conflict_needs_no_proof() {
    let formula = "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n";
    let summary = check_proof(&cnf(formula), "".as_bytes()).expect("refuted by propagation");
    assert_eq!(summary.empty_clause_line, None);
    let empty = cnf("p cnf 0 1\n0\n");
    assert!(check_proof(&empty, "".as_bytes()).is_ok());
}

#[test]
fn a_deletion_removes_the_clause_so_a_lemma_needing_it_fails() {
    assert_eq!(
        proof_error(CUBE3, "d 3 2 1 0\n1 2 0\n1 0\n2 0\n0\n"),
        "line 2: lemma is not RUP"
    );
}

#[test]
fn a_deletion_of_one_copy_keeps_the_other() {
    let formula = "p cnf 3 9\n1 2 3 0\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n\
        -1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";
    let summary = check_proof(&cnf(formula), "d 1 2 3 0\n1 2 0\n1 0\n2 0\n0\n".as_bytes());
    assert_eq!(summary.expect("a copy remains").missing_deletions, 0);
}

#[test]
fn a_deletion_of_a_missing_clause_is_ignored_and_counted() {
    let summary = check_proof(&cnf(CUBE3), "d 1 2 0\n1 2 0\n1 0\n2 0\n0\n".as_bytes());
    let summary = summary.expect("valid");
    assert_eq!((summary.deletions, summary.missing_deletions), (1, 1));
}

#[test]
fn a_deletion_of_a_level0_reason_is_ignored_and_counted() {
    // 1 and 2 hold at level 0, 2 by (-1 2); deleting it would lose 2 and make `3` not RUP.
    let formula = "p cnf 4 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 4 0\n-2 -3 -4 0\n";
    let summary = check_proof(&cnf(formula), "d 2 -1 0\nd 1 0\n3 0\n0\n".as_bytes());
    let summary = summary.expect("the reasons are kept");
    assert_eq!((summary.deletions, summary.unit_deletions), (2, 2));
}

/// `-1 2`, `-2 6`, and a clause over 3, 4, 5 that keeps the formula from being trivial.
const CHAIN: &str = "p cnf 6 3\n-1 2 0\n-2 6 0\n3 4 5 0\n";

#[test]
fn a_deleted_reason_takes_back_the_propagation_kept_from_the_last_test() {
    // The test of `-1 6` keeps the level of assumption 1 (1, 2 by `-1 2`, 6). With `-1 2`
    // deleted, 2 no longer follows from 1: `-1 2` is not RUP (6 holds, 2 stays open).
    assert_eq!(
        proof_error(CHAIN, "-1 6 0\nd -1 2 0\n-1 2 0\n"),
        "line 3: lemma is not RUP"
    );
    // Without the deletion it is.
    assert_eq!(
        proof_error(CHAIN, "-1 6 0\n-1 2 0\n"),
        "the proof does not derive the empty clause"
    );
}

#[test]
fn a_lemma_is_propagated_within_the_kept_levels_and_undone_with_them() {
    // After `-1 -2 3`, tested with assumptions 1, 2, -3, the levels of 1 and 2 stay; the
    // lemma then implies 3 at the level of 2. The next test keeps only the level of 1 and
    // must not see 3: `-1 3` is not RUP (2 is open under 1 alone).
    let formula = "p cnf 4 2\n-1 -2 3 4 0\n-1 -2 3 -4 0\n";
    assert_eq!(
        proof_error(formula, "-1 -2 3 0\n-1 3 0\n"),
        "line 2: lemma is not RUP"
    );
    // Tested again from the same levels, where the lemma itself implies 3, it holds.
    assert_eq!(
        proof_error(formula, "-1 -2 3 0\n-1 -2 3 0\n"),
        "the proof does not derive the empty clause"
    );
}

#[test]
fn proof_lines_are_checked_strictly() {
    let cases = [
        ("1 2 0 3\n", "line 1: tokens after the terminating 0"),
        ("1 2\n", "line 1: does not end with 0"),
        ("1 4 0\n", "line 1: literal 4 is out of range: the header declares 3 variables"),
        ("d x 0\n", "line 1: expected an integer, found 'x'"),
        ("a\x01\x02\x00", "line 1: binary data where text is expected (text DRAT only: binary DRAT is not supported)"),
    ];
    for (proof, message) in cases {
        assert_eq!(proof_error(CUBE3, proof), message, "{proof:?}");
    }
}

#[test]
fn cnf_reader_reads_clauses_lines_and_projection() {
    let text = "c p show 3 1 0\nc hello\np cnf 3 3\n1 -2\n 3 0 -1 0\n\nc p show 2 1 0\n0\n";
    let cnf = cnf(text);
    assert_eq!(cnf.variables(), 3);
    assert_eq!(
        cnf.clauses().collect::<Vec<_>>(),
        [&[1, -2, 3][..], &[-1], &[]]
    );
    assert_eq!(
        (cnf.clause_line(0), cnf.clause_line(1), cnf.clause_line(2)),
        (4, 5, 8)
    );
    assert_eq!(cnf.shown(), Some(&[1, 2, 3][..]));
    assert_eq!(
        read_cnf("p cnf 4 0\n".as_bytes())
            .unwrap()
            .projection_size(),
        4
    );
}

#[test]
fn cnf_reader_rejects_bad_files_with_their_line() {
    let cases = [
        ("", "line 1: no 'p cnf VARIABLES CLAUSES' header before the clauses"),
        ("1 0\np cnf 1 1\n", "line 1: no 'p cnf VARIABLES CLAUSES' header before the clauses"),
        ("p cnf 1\n", "line 1: expected a header 'p cnf VARIABLES CLAUSES' (variables below 2^31), found 'p cnf 1'"),
        ("p cnf 2147483648 0\n", "line 1: expected a header 'p cnf VARIABLES CLAUSES' (variables below 2^31), found 'p cnf 2147483648 0'"),
        ("p cnf 1 1\np cnf 1 1\n1 0\n", "line 2: a second header"),
        ("p cnf 2 1\n1 -3 0\n", "line 2: literal -3 is out of range: the header declares 2 variables"),
        ("p cnf 2 1\n1 2 0\n2 0\n", "line 3: the header declares 1 clauses, the file has 2"),
        ("p cnf 2 2\n1 2 0\n", "line 2: the header declares 2 clauses, the file has 1"),
        ("p cnf 2 1\n1\n2\n", "line 2: does not end with 0"),
        ("p cnf 2 1\n1 x 0\n", "line 2: expected an integer, found 'x'"),
        ("c p show 3 0\np cnf 2 0\n", "line 1: literal 3 is out of range: the header declares 2 variables"),
        ("p cnf 2 0\nc p show -1 0\n", "line 2: literal -1 is out of range: the header declares 2 variables"),
        ("p cnf 2 0\nc p show 1\n", "line 2: does not end with 0"),
        ("p cnf 1 1\n1 0\x00\n", "line 2: binary data where text is expected (text DRAT only: binary DRAT is not supported)"),
    ];
    for (text, message) in cases {
        let err = read_cnf(text.as_bytes()).expect_err(text);
        assert_eq!(err.to_string(), message, "{text:?}");
    }
}

#[test]
fn a_huge_header_allocates_nothing_up_front() {
    let cnf = read_cnf("p cnf 2147483647 4000000000\n".as_bytes());
    let err = cnf.expect_err("too few clauses");
    assert_eq!(
        err.to_string(),
        "line 1: the header declares 4000000000 clauses, the file has 0"
    );
}

#[test]
fn solutions_reader_reads_full_assignments_in_any_order() {
    let models: Vec<Assignment> = read_solutions("3 -1 2 0\n-3 -2 -1 0\n".as_bytes(), 3)
        .collect::<Result<_, _>>()
        .expect("valid");
    assert_eq!(models.len(), 2);
    assert!(!models[0].value(1) && models[0].value(2) && models[0].value(3));
    assert_eq!(models[1].line(), 2);
    assert!(models[0].satisfies(&[-2, 1, -1]));
    assert!(!models[1].satisfies(&[1, 2]));
}

#[test]
fn solutions_reader_rejects_bad_lines_and_stops() {
    let cases = [
        ("1 2 0\n\n", "line 2: an empty line"),
        ("1 2\n", "line 1: does not end with 0"),
        ("1 -1 0\n", "line 1: variable 1 is assigned twice"),
        ("2 0\n", "line 1: variable 1 is not assigned"),
        (
            "1 2 3 0\n",
            "line 1: literal 3 is out of range: the header declares 2 variables",
        ),
        ("c 1 2 0\n", "line 1: expected an integer, found 'c'"),
    ];
    for (text, message) in cases {
        let mut models = read_solutions(text.as_bytes(), 2);
        let err = models.find_map(Result::err).expect(text);
        assert_eq!(err.to_string(), message, "{text:?}");
        assert!(models.next().is_none(), "the stream ends after an error");
    }
}

#[test]
fn a_short_model_line_for_a_huge_header_is_rejected_cheaply() {
    let err = read_solutions("1 2 0\n".as_bytes(), i32::MAX as u32)
        .next()
        .unwrap();
    assert_eq!(
        err.unwrap_err().to_string(),
        "line 1: variable 3 is not assigned"
    );
}
