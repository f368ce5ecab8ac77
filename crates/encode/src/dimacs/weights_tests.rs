//! Reading weighted model counting files with `ReadOptions::weights`.

use super::{read_dimacs_with, ParseError, ReadOptions};
use crate::Lit;
use num_rational::BigRational;

fn read(text: &str) -> Result<super::Cnf, ParseError> {
    let options = ReadOptions {
        weights: true,
        ..ReadOptions::default()
    };
    read_dimacs_with(text.as_bytes(), &options)
}

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn a_competition_wmc_file_reads_its_weights_exactly() {
    let text =
        "c t pwmc\np cnf 2 1\nc p show 1 0\nc p weight 1 0.3 0\nc p weight -1 7e-1 0\n1 2 0\n";
    let cnf = read(text).unwrap();
    let lit = |l| Lit::from_dimacs(l).unwrap();
    assert_eq!(
        cnf.weights,
        Some(vec![(lit(1), r(3, 10)), (lit(-1), r(7, 10))])
    );
    assert!(cnf.warnings.is_empty(), "{:?}", cnf.warnings);
}

#[test]
fn a_task_line_alone_is_weighted_and_a_plain_file_is_not() {
    assert_eq!(read("c t wmc\np cnf 1 0\n").unwrap().weights, Some(vec![]));
    assert_eq!(read("c t mc\np cnf 1 0\n").unwrap().weights, None);
}

#[test]
fn a_lone_literal_weight_warns_that_its_negation_weighs_one() {
    let cnf = read("p cnf 1 0\nc p weight -1 2 0\n").unwrap();
    assert_eq!(cnf.warnings.len(), 1);
    assert!(cnf.warnings[0].starts_with("line 2: literal -1 has a weight but 1 has none"));
}

#[test]
fn bad_weight_lines_say_where_and_why() {
    let cases: &[(&str, &str)] = &[
        ("p cnf 2 0\nc p weight 1 0.3.1 0\n", "line 2, column 14: bad weight line: expected a decimal weight such as 0.25, 3, 1e-5 or -2.5E3, found '0.3.1'"),
        ("p cnf 2 0\nc p weight 3 0.5 0\n", "line 2, column 12: literal 3 is out of range: the header declares 2 variables"),
        ("p cnf 2 0\nc p weight 1 0.5 0\nc p weight 1 0.5 0\n", "line 3: literal 1 already has a weight (line 2)"),
        ("p cnf 2 0\nc p weight 0 0.5 0\n", "line 2, column 12: bad weight line: expected a nonzero literal, found '0'"),
        ("p cnf 2 0\nc p weight 1\n", "line 2, column 13: bad weight line: expected a weight, found 'end of line'"),
        ("p cnf 2 0\nc p weight 1 1 2\n", "line 2, column 16: bad weight line: expected '0' ending the line, found '2'"),
    ];
    for &(text, message) in cases {
        let err = read(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text:?}");
        assert_eq!(err.line(), Some(text.lines().count()), "{text:?}");
    }
    assert_eq!(
        read("c p weight 1 1 0\np cnf 1 0\n").unwrap_err(),
        ParseError::MissingHeader { line: 1 }
    );
}

#[test]
fn forms_other_than_the_competitions_2021_stay_refused() {
    for text in [
        "p wcnf 1 1\n1 0\n",
        "p cnf 1 1\nw 1 0.5 0\n1 0\n",
        "p cnf 2 1\nc weights 0.4 0.6 0.5 0.5\n1 2 0\n",
        "c t wpmc\np cnf 1 0\n",
    ] {
        assert!(
            matches!(read(text), Err(ParseError::Weighted { .. })),
            "{text:?}"
        );
    }
}
