//! The reader's behaviours, one test each, asserting exact errors, messages and parsed values.

use super::*;
use crate::{Lit, Var};

fn read(text: &str) -> Result<Cnf, ParseError> {
    read_dimacs(text.as_bytes())
}

fn read_strict(text: &str) -> Result<Cnf, ParseError> {
    read_dimacs_with(
        text.as_bytes(),
        &ReadOptions {
            strict: true,
            ..ReadOptions::default()
        },
    )
}

fn message(text: &str) -> String {
    read(text).expect_err("must be rejected").to_string()
}

fn vars(dimacs: &[u64]) -> Option<Vec<Var>> {
    Some(
        dimacs
            .iter()
            .map(|&n| Var::from_dimacs(n).unwrap())
            .collect(),
    )
}

fn lits(dimacs: &[i64]) -> Vec<Lit> {
    dimacs
        .iter()
        .map(|&n| Lit::from_dimacs(n).unwrap())
        .collect()
}

#[test]
fn comments_tabs_and_clauses_across_lines_are_read() {
    let text = "c a comment\np cnf\t3  2\n1 -2\n\t3 0\nc between\n-1\r\n 0\n";
    let cnf = read(text).unwrap();
    let expected = Cnf {
        num_vars: 3,
        clauses: vec![lits(&[1, -2, 3]), lits(&[-1])],
        shown: None,
        warnings: vec![],
        weights: None,
        repeated: 0,
    };
    assert_eq!(cnf, expected);
    assert_eq!(read_strict(text).unwrap(), expected);
}

#[test]
fn a_token_that_is_not_a_literal_is_reported_where_it_is() {
    let text = "c a comment\np cnf\t3  2\n1 -2\n\t3 0 c-less\n";
    assert_eq!(
        read(text).unwrap_err(),
        ParseError::BadToken {
            line: 4,
            column: 6,
            found: "c-less".into()
        }
    );
}

#[test]
fn missing_clauses_are_a_warning_when_lenient_and_an_error_when_strict() {
    let text = "c three declared, two held\np cnf 2 3\n1 0\n-2 0\n";
    assert_eq!(
        read(text).unwrap(),
        Cnf {
            num_vars: 2,
            clauses: vec![lits(&[1]), lits(&[-2])],
            shown: None,
            warnings: vec![
                "line 2: the header declares 3 clauses but the file holds 2; counting the 2 found"
                    .into()
            ],
            weights: None,
            repeated: 0,
        }
    );
    let err = read_strict(text).unwrap_err();
    assert_eq!(
        err,
        ParseError::TooFewClauses {
            line: 4,
            declared: 3,
            found: 2
        }
    );
    assert_eq!(
        err.to_string(),
        "line 4: end of input after 2 clauses, but the header declares 3"
    );
}

#[test]
fn extra_clauses_are_an_error_in_both_modes() {
    let text = "p cnf 2 1\n1 0\n2 0\n";
    let expected = ParseError::TooManyClauses {
        line: 3,
        declared: 1,
    };
    assert_eq!(read(text).unwrap_err(), expected);
    assert_eq!(read_strict(text).unwrap_err(), expected);
}

#[test]
fn show_and_ind_lines_give_the_union_in_first_mention_order() {
    let text = "p cnf 5 1\nc p show 3 1 0\nc ind 5 1 0\nc p show 2 0\n1 0\n";
    assert_eq!(read(text).unwrap().shown, vars(&[3, 1, 5, 2]));
    let text = "p cnf 5 1\nc ind 4 0\nc p show 1 4 0\n1 0\n";
    assert_eq!(read(text).unwrap().shown, vars(&[4, 1]));
}

#[test]
fn a_repeated_projected_variable_counts_once() {
    let text = "p cnf 3 0\nc p show 2 2 3 0\nc p show 3 2 0\nc ind 2 0\n";
    assert_eq!(read(text).unwrap().shown, vars(&[2, 3]));
}

#[test]
fn an_empty_show_line_gives_an_empty_projection_not_none() {
    assert_eq!(read("p cnf 3 0\nc p show 0\n").unwrap().shown, Some(vec![]));
    assert_eq!(read("p cnf 3 0\nc plain comment\n").unwrap().shown, None);
}

#[test]
fn projection_lines_may_come_before_the_header_or_after_the_clauses() {
    let text = "c p show 3 0\nc ind 2 0\np cnf 3 1\n1 0\nc ind 1 3 0\n";
    let cnf = read(text).unwrap();
    assert_eq!(cnf.shown, vars(&[3, 2, 1]));
    assert_eq!(cnf.clauses, vec![lits(&[1])]);
}

#[test]
fn a_projected_variable_before_the_header_is_range_checked_at_its_own_line() {
    let text = "c ind 1 0\nc p show 2 5 0\np cnf 4 0\n";
    let err = read(text).unwrap_err();
    assert_eq!(
        err,
        ParseError::LiteralOutOfRange {
            line: 2,
            column: 12,
            lit: 5,
            num_vars: 4
        }
    );
    assert_eq!(
        err.to_string(),
        "line 2, column 12: literal 5 is out of range: the header declares 4 variables"
    );
}

#[test]
fn a_projected_variable_after_the_header_is_range_checked_at_once() {
    assert_eq!(
        read("p cnf 4 0\nc ind 7 0\n").unwrap_err(),
        ParseError::LiteralOutOfRange {
            line: 2,
            column: 7,
            lit: 7,
            num_vars: 4
        }
    );
}

#[test]
fn a_bad_projection_token_is_reported_with_what_was_expected() {
    assert_eq!(
        message("p cnf 4 0\nc p show 1 -2 0\n"),
        "line 2, column 12: bad projection line: expected a variable number or 0, found '-2'"
    );
}

#[test]
fn unweighted_task_lines_are_accepted() {
    let cnf = read("c t mc\np cnf 1 1\n1 0\n").unwrap();
    assert_eq!(cnf.shown, None);
    let cnf = read("c t pmc\np cnf 2 1\nc p show 2 0\n1 0\n").unwrap();
    assert_eq!(cnf.shown, vars(&[2]));
}

#[test]
fn unknown_tasks_are_named_as_such() {
    for (text, message) in [
        (
            "c t smc\np cnf 1 1\n1 0\n",
            "line 1: unknown task 'smc' (expected mc, pmc, wmc or pwmc)",
        ),
        (
            "p cnf 1 1\nc t wpmc\n1 0\n",
            "line 2: unknown task 'wpmc' (expected mc, pmc, wmc or pwmc)",
        ),
    ] {
        let err = read(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text:?}");
    }
    // Tasks are read case-insensitively.
    assert_eq!(read("c t MC\np cnf 1 1\n1 0\n").unwrap().shown, None);
}

#[test]
fn other_c_p_lines_of_an_unweighted_file_are_comments_with_a_warning() {
    let cnf = read("c t mc\np cnf 1 1\nc p weights 1 0.5 0\nc p wieght 1 0\n1 0\n").unwrap();
    assert_eq!(
        cnf.warnings,
        ["line 3: 'c p weights' is neither 'c p show' nor 'c p weight': read as a comment (and 1 more such line)"]
    );
    let cnf = read("p cnf 1 1\nc p\nc anything at all\n1 0\n").unwrap();
    assert!(cnf.warnings.is_empty(), "{:?}", cnf.warnings);
}

#[test]
fn weighted_files_are_refused_never_counted_unweighted() {
    let cases: &[(&str, usize, &str)] = &[
        ("c t wmc\np cnf 1 1\n1 0\n", 1, "the task line 'c t wmc'"),
        ("c t WMC\np cnf 1 1\n1 0\n", 1, "the task line 'c t WMC'"),
        ("p cnf 1 1\nc t pwmc\n1 0\n", 2, "the task line 'c t pwmc'"),
        (
            "p cnf 1 1\nc p weight 1 0.3 0\n1 0\n",
            2,
            "the line 'c p weight ...'",
        ),
        (
            "p cnf 1 1\n1 0\nc p weight -1 0.7 0\n",
            3,
            "the line 'c p weight ...'",
        ),
        ("p wcnf 1 1\n1 0\n", 1, "the problem line 'p wcnf ...'"),
        ("p wpcnf 1 1\n1 0\n", 1, "the problem line 'p wpcnf ...'"),
        ("p cnf 1 1\nw 1 0.5 0\n1 0\n", 2, "the line 'w ...'"),
        (
            "p cnf 2 1\nc weights 0.4 0.6 0.5 0.5\n1 2 0\n",
            2,
            "the line 'c weights ...' (miniC2D's literal weights)",
        ),
    ];
    for &(text, line, what) in cases {
        let err = read(text).unwrap_err();
        assert_eq!(
            err,
            ParseError::Weighted {
                line,
                what: what.into()
            },
            "{text:?}"
        );
        assert_eq!(
            err.to_string(),
            format!("line {line}: {what} asks for a weighted model count, which this reader does not support")
        );
    }
}

#[test]
fn a_pcnf_file_takes_its_projection_from_vp_lines_spread_over_lines() {
    let text = "c MC 2020\np pcnf 5 2 3\nvp 1 4 0\nvp 5 0\n1 -4 0\n5 0\n";
    let cnf = read(text).unwrap();
    assert_eq!(
        cnf,
        Cnf {
            num_vars: 5,
            clauses: vec![lits(&[1, -4]), lits(&[5])],
            shown: vars(&[1, 4, 5]),
            warnings: vec![],
            weights: None,
            repeated: 0,
        }
    );
    let without_count = "p pcnf 5 1\nvp 2 0\n1 0\n";
    assert_eq!(read(without_count).unwrap().shown, vars(&[2]));
}

#[test]
fn a_pcnf_file_with_no_projected_variable_is_projected_onto_nothing() {
    assert_eq!(read("p pcnf 3 1 0\n1 0\n").unwrap().shown, Some(vec![]));
}

#[test]
fn a_pcnf_count_that_disagrees_with_the_vp_lines_is_an_error() {
    let text = "p pcnf 5 1 3\nvp 1 2 0\nvp 2 0\n1 0\n";
    let err = read(text).unwrap_err();
    assert_eq!(
        err,
        ParseError::ProjectionCountMismatch {
            line: 1,
            declared: 3,
            found: 2
        }
    );
    assert_eq!(
        err.to_string(),
        "line 1: the 'p pcnf' header declares 3 projected variables but the 'vp' lines list 2"
    );
}

#[test]
fn malformed_vp_lines_and_pcnf_headers_are_reported_where_they_go_wrong() {
    assert_eq!(
        message("p pcnf 3 1 1\nvp 1\n1 0\n"),
        "line 2, column 5: bad projection line: expected a variable number or 0, found 'end of line'"
    );
    assert_eq!(
        message("p pcnf 3 1 1\nvp 1 0 2\n1 0\n"),
        "line 2, column 8: bad projection line: expected end of line, found '2'"
    );
    assert_eq!(
        message("p pcnf 3 1 4\n"),
        "line 1, column 12: bad problem line: expected a projected-variable count of at most the variable count, found '4'"
    );
    assert_eq!(
        message("p cnf 3 1 1\n"),
        "line 1, column 11: bad problem line: expected end of line, found '1'"
    );
    assert_eq!(
        message("p dnf 3 1\n"),
        "line 1, column 3: bad problem line: expected 'cnf' or 'pcnf', found 'dnf'"
    );
}

#[test]
fn regression_variables_after_the_zero_of_a_projection_line_are_refused() {
    for (text, column, found) in [
        ("p cnf 2 0\nc p show 1 0 2 0\n", 14, "2"),
        ("p cnf 2 0\nc ind 1 0 2\n", 11, "2"),
        ("p cnf 2 0\nvp 1 0 2 0\n", 8, "2"),
    ] {
        let err = read(text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("line 2, column {column}: bad projection line: expected end of line, found '{found}'"),
            "{text}"
        );
    }
    // A 0 that ends the line, or no 0 at all on a comment line, is fine.
    assert_eq!(
        read("p cnf 2 0\nc p show 1 2\n").unwrap().shown,
        vars(&[1, 2])
    );
}

#[test]
fn repeated_clauses_are_dropped_when_asked_and_counted() {
    let text = "p cnf 3 6\n1 2 3 0\n3 2 1 0\n1 2 3 0\n-1 0\n1 1 2 3 0\n2 3 0\n";
    let options = ReadOptions {
        drop_repeated: true,
        ..ReadOptions::default()
    };
    let cnf = read_dimacs_with(text.as_bytes(), &options).expect("valid");
    let lits =
        |c: &[i64]| -> Vec<Lit> { c.iter().map(|&l| Lit::from_dimacs(l).unwrap()).collect() };
    // The first of each set is kept, in file order and with its literals as written.
    assert_eq!(
        cnf.clauses,
        vec![lits(&[1, 2, 3]), lits(&[-1]), lits(&[2, 3])]
    );
    assert_eq!(cnf.repeated, 3);
    assert!(cnf.warnings.is_empty(), "{:?}", cnf.warnings);
    // Without the option every clause is kept; the header counts every clause either way.
    let all = read_dimacs(text.as_bytes()).expect("valid");
    assert_eq!((all.clauses.len(), all.repeated), (6, 0));
    let more = "p cnf 3 2\n1 2 0\n1 2 0\n1 2 0\n";
    assert!(matches!(
        read_dimacs_with(more.as_bytes(), &options),
        Err(ParseError::TooManyClauses {
            line: 4,
            declared: 2
        })
    ));
}
