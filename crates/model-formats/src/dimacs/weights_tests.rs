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
    let cnf = read("c t wmc\np cnf 1 0\nc p weight -1 2 0\n").unwrap();
    assert_eq!(cnf.warnings.len(), 1);
    assert!(cnf.warnings[0].starts_with("line 3: literal -1 has a weight but 1 has none"));
}

/// The regression of issue 30: one warning per lone weight, sorted as text (line 10 before
/// line 3). They are one warning now, in line order, the list capped.
#[test]
fn lone_weights_are_one_warning_in_line_order_capped() {
    let mut text = String::from("p cnf 12 0\n");
    for v in 1..=12 {
        text += &format!("c p weight {v} 0.5 0\n");
    }
    let cnf = read(&text).unwrap();
    assert_eq!(
        cnf.warnings,
        [
            "line 2: no 'c t' task line: counted as weighted, as its 'c p weight' lines ask",
            "lines 2-13: 12 literals have a weight but their negations none, so those weigh 1 \
             (some counters, Ganak among them, take 1 - w instead): 1 (line 2), 2 (line 3), \
             3 (line 4), 4 (line 5), 5 (line 6) and 7 more"
        ]
    );
    // Two: listed both, the lower line first whatever the literals.
    let cnf = read("c t wmc\np cnf 9 0\nc p weight 9 2 0\nc p weight -1 3 0\n").unwrap();
    assert_eq!(cnf.warnings.len(), 1);
    assert!(
        cnf.warnings[0].starts_with("lines 3-4: 2 literals have a weight")
            && cnf.warnings[0].ends_with(": 9 (line 3), -1 (line 4)"),
        "{:?}",
        cnf.warnings
    );
}

#[test]
fn bad_weight_lines_say_where_and_why() {
    let cases: &[(&str, &str)] = &[
        ("p cnf 2 0\nc p weight 1 0.3.1 0\n", "line 2, column 14: bad weight line: expected a decimal weight such as 0.25, 3, 1e-5 or -2.5E3, found '0.3.1'"),
        ("p cnf 2 0\nc p weight 3 0.5 0\n", "line 2, column 12: literal 3 is out of range: the header declares 2 variables"),
        ("p cnf 2 0\nc p weight 1 0.5 0\nc p weight 1 0.5 0\n", "line 3: literal 1 already has a weight (line 2)"),
        ("p cnf 2 0\nc p weight 0 0.5 0\n", "line 2, column 12: bad weight line: expected a nonzero literal, found '0'"),
        ("p cnf 2 0\nc p weight 1\n", "line 2, column 13: bad weight line: expected 'c p weight LIT WEIGHT 0', found 'end of line'"),
        ("p cnf 2 0\nc p weight\n", "line 2, column 11: bad weight line: expected 'c p weight LIT WEIGHT 0', found 'end of line'"),
        // The closing 0 is required: a truncated line is not read as weight 0.
        ("p cnf 2 0\nc p weight 1 0\n", "line 2, column 15: bad weight line: expected 'c p weight LIT WEIGHT 0', found 'end of line'"),
        ("p cnf 2 0\nc p weight 1 0.5\n", "line 2, column 17: bad weight line: expected 'c p weight LIT WEIGHT 0', found 'end of line'"),
        ("p cnf 2 0\nc p weight 1 1 2\n", "line 2, column 16: bad weight line: expected '0' ending the line, found '2'"),
    ];
    for &(text, message) in cases {
        let err = read(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text:?}");
        assert_eq!(err.line(), Some(text.lines().count()), "{text:?}");
    }
    let err = read("c p weight 1 1 0\np cnf 1 0\n").unwrap_err();
    assert_eq!(err, ParseError::WeightBeforeHeader { line: 1 });
    assert_eq!(
        err.to_string(),
        "line 1: a weight line before the 'p cnf' header"
    );
}

#[test]
fn the_task_line_decides_whether_the_file_is_weighted() {
    let err = |text: &str| read(text).unwrap_err().to_string();
    // An unweighted task with a weight line, after it or before it.
    assert_eq!(
        err("c t mc\np cnf 3 2\nc p weight 1 0.5 0\n1 2 0\n-2 3 0\n"),
        "line 3: the task line 'c t mc' asks for an unweighted count, but line 3 gives a weight (the task line is line 1)"
    );
    assert_eq!(
        err("p cnf 3 1\nc p show 1 0\nc p weight 1 0.5 0\nc t PMC\n1 2 0\n"),
        "line 3: the task line 'c t pmc' asks for an unweighted count, but line 3 gives a weight (the task line is line 4)"
    );
    // Two different tasks; the same one twice is fine.
    assert_eq!(
        err("c t wmc\nc t pwmc\np cnf 1 0\n"),
        "line 2: the task line 'c t pwmc' contradicts the task line 'c t wmc' on line 1"
    );
    assert_eq!(
        read("c t wmc\nc t WMC\np cnf 1 0\n").unwrap().weights,
        Some(vec![])
    );
    // No task line: the weight lines make it weighted, with a warning.
    let cnf = read("p cnf 1 0\nc p weight 1 0.5 0\nc p weight -1 0.5 0\n").unwrap();
    assert_eq!(cnf.weights.map(|w| w.len()), Some(2));
    assert_eq!(
        cnf.warnings,
        ["line 2: no 'c t' task line: counted as weighted, as its 'c p weight' lines ask"]
    );
    // Tasks are read case-insensitively.
    assert_eq!(read("c t Wmc\np cnf 1 0\n").unwrap().weights, Some(vec![]));
    assert_eq!(
        err("c t wmcc\np cnf 1 0\n"),
        "line 1: unknown task 'wmcc' (expected mc, pmc, wmc or pwmc)"
    );
}

#[test]
fn a_projected_task_without_a_projection_warns_it_counts_every_variable() {
    let cnf = read("c t pwmc\np cnf 1 0\n").unwrap();
    assert_eq!(cnf.shown, None);
    assert_eq!(
        cnf.warnings,
        ["line 1: the task line 'c t pwmc' asks for a projected count, but the file has no 'c p show' line: counted over all variables"]
    );
    assert!(read("c t pwmc\np cnf 1 0\nc p show 1 0\n")
        .unwrap()
        .warnings
        .is_empty());
}

#[test]
fn a_misspelt_weight_line_in_a_weighted_file_is_refused() {
    for (text, line, keyword) in [
        ("c t wmc\np cnf 1 0\nc p weights 1 0.5 0\n", 3, "weights"),
        (
            "c t pwmc\np cnf 1 0\nc p show 1 0\nc p wieght 1 0.5 0\n",
            4,
            "wieght",
        ),
        // Weighted by its weight lines alone.
        (
            "p cnf 1 0\nc p Weight -1 0.5 0\nc p weight 1 0.5 0\n",
            2,
            "Weight",
        ),
    ] {
        let err = read(text).unwrap_err();
        assert_eq!(
            err,
            ParseError::UnknownWeightedLine {
                line,
                keyword: keyword.into()
            },
            "{text:?}"
        );
        assert_eq!(
            err.to_string(),
            format!("line {line}: 'c p {keyword}' is neither 'c p show' nor 'c p weight', in a weighted file (a misspelt weight line?)")
        );
    }
    // Ordinary comments stay comments.
    let cnf = read(
        "c t wmc\nc generated by hand\np cnf 1 0\nc p weight 1 0.5 0\nc p weight -1 0.5 0\nc t\n",
    )
    .unwrap();
    assert!(cnf.warnings.is_empty(), "{:?}", cnf.warnings);
}

#[test]
fn forms_other_than_the_competitions_2021_stay_refused() {
    for text in [
        "p wcnf 1 1\n1 0\n",
        "p cnf 1 1\nw 1 0.5 0\n1 0\n",
        "p cnf 2 1\nc weights 0.4 0.6 0.5 0.5\n1 2 0\n",
    ] {
        assert!(
            matches!(read(text), Err(ParseError::Weighted { .. })),
            "{text:?}"
        );
    }
}
