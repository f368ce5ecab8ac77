//! Every malformed fixture under `fixtures/dimacs/` is rejected with the expected error and
//! line; the well-formed ones are read. A table lists every fixture with its exact message,
//! and a test checks that no fixture file is missing from it.

use model_core::Var;
use model_formats::dimacs::{read_dimacs, read_dimacs_with, Cnf, ParseError, ReadOptions};

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../../../../fixtures/dimacs/", $name))
    };
}

fn err(text: &str) -> ParseError {
    read_dimacs(text.as_bytes()).expect_err("fixture must be rejected")
}

fn strict_err(text: &str) -> ParseError {
    read_dimacs_with(
        text.as_bytes(),
        &ReadOptions {
            strict: true,
            ..ReadOptions::default()
        },
    )
    .expect_err("fixture must be rejected when reading strictly")
}

/// A row of [`REJECTED`]: the fixture's name, its text, whether it is read strictly, and the
/// exact message it is rejected with.
macro_rules! row {
    ($name:literal, $strict:literal, $message:literal) => {
        ($name, fixture!($name), $strict, $message)
    };
}

/// Every malformed fixture.
const REJECTED: &[(&str, &str, bool, &str)] = &[
    row!(
        "bad_header.cnf",
        false,
        "line 1, column 7: bad problem line: expected a variable count, found 'three'"
    ),
    row!(
        "bad_token.cnf",
        false,
        "line 2, column 3: expected a literal (a nonzero integer) or 0, found 'x'"
    ),
    row!(
        "duplicate_header.cnf",
        false,
        "line 2: second 'p' line (the first was on line 1)"
    ),
    row!(
        "empty.cnf",
        false,
        "empty input: expected a 'p cnf <variables> <clauses>' line"
    ),
    row!(
        "literal_out_of_range.cnf",
        false,
        "line 3, column 3: literal 4 is out of range: the header declares 3 variables"
    ),
    row!(
        "missing_header.cnf",
        false,
        "line 2: expected a 'p cnf <variables> <clauses>' line before any clause"
    ),
    row!(
        "negative_zero.cnf",
        false,
        "line 3, column 3: expected a literal (a nonzero integer) or 0, found '-0'"
    ),
    row!(
        "pcnf_count_mismatch.cnf",
        false,
        "line 1: the 'p pcnf' header declares 3 projected variables but the 'vp' lines list 2"
    ),
    row!(
        "too_few_clauses.cnf",
        true,
        "line 3: end of input after 2 clauses, but the header declares 3"
    ),
    row!(
        "too_many_clauses.cnf",
        false,
        "line 3: more clauses than the 1 the header declares"
    ),
    row!(
        "unterminated_clause.cnf",
        false,
        "line 3: end of input inside a clause that started on line 3: missing terminating 0"
    ),
    row!(
        "weighted_mc2020.cnf",
        false,
        "line 2: the problem line 'p wcnf ...' asks for a weighted model count, which this reader does not support"
    ),
    row!(
        "weighted_weight_line.cnf",
        false,
        "line 4: the line 'c p weight ...' asks for a weighted model count, which this reader does not support"
    ),
    row!(
        "weighted_wmc.cnf",
        false,
        "line 1: the task line 'c t wmc' asks for a weighted model count, which this reader does not support"
    ),
];

/// The fixtures that are read (each has its own test below).
const ACCEPTED: &[&str] = &[
    "byte_order_mark.cnf",
    "pcnf.cnf",
    "too_few_clauses.cnf",
    "well_formed.cnf",
];

#[test]
fn every_malformed_fixture_is_rejected_with_its_exact_message() {
    for &(name, text, strict, message) in REJECTED {
        let e = if strict { strict_err(text) } else { err(text) };
        assert_eq!(e.to_string(), message, "{name}");
    }
}

#[test]
fn every_fixture_file_is_in_a_table() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/dimacs");
    let mut listed: Vec<&str> = REJECTED
        .iter()
        .map(|r| r.0)
        .chain(ACCEPTED.iter().copied())
        .collect();
    listed.sort_unstable();
    listed.dedup();
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort_unstable();
    assert_eq!(files, listed);
}

#[test]
fn missing_header_points_at_the_first_clause_line() {
    assert_eq!(
        err(fixture!("missing_header.cnf")),
        ParseError::MissingHeader { line: 2 }
    );
}

#[test]
fn literal_out_of_range_gives_line_column_and_message() {
    let e = err(fixture!("literal_out_of_range.cnf"));
    assert_eq!(
        e,
        ParseError::LiteralOutOfRange {
            line: 3,
            column: 3,
            lit: 4,
            num_vars: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "line 3, column 3: literal 4 is out of range: the header declares 3 variables"
    );
}

#[test]
fn header_clause_count_mismatches_are_caught_both_ways_when_strict() {
    assert_eq!(
        strict_err(fixture!("too_few_clauses.cnf")),
        ParseError::TooFewClauses {
            line: 3,
            declared: 3,
            found: 2
        }
    );
    let e = err(fixture!("too_many_clauses.cnf"));
    assert_eq!(
        e,
        ParseError::TooManyClauses {
            line: 3,
            declared: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "line 3: more clauses than the 1 the header declares"
    );
}

#[test]
fn unterminated_clause_names_where_it_started() {
    let e = err(fixture!("unterminated_clause.cnf"));
    assert_eq!(
        e,
        ParseError::UnterminatedClause {
            line: 3,
            started: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "line 3: end of input inside a clause that started on line 3: missing terminating 0"
    );
}

#[test]
fn bad_tokens_and_headers_give_line_and_column() {
    assert_eq!(
        err(fixture!("bad_token.cnf")),
        ParseError::BadToken {
            line: 2,
            column: 3,
            found: "x".into()
        }
    );
    let e = err(fixture!("bad_header.cnf"));
    assert_eq!(
        e.to_string(),
        "line 1, column 7: bad problem line: expected a variable count, found 'three'"
    );
    assert_eq!(
        err(fixture!("duplicate_header.cnf")),
        ParseError::DuplicateHeader { line: 2, first: 1 }
    );
}

#[test]
fn well_formed_fixture_is_read() {
    let cnf = read_dimacs(fixture!("well_formed.cnf").as_bytes()).unwrap();
    assert_eq!(cnf.num_vars, 3);
    assert_eq!(cnf.clauses.len(), 2);
    assert_eq!(cnf.clauses[0].len(), 3);
}

#[test]
fn too_few_clauses_is_read_with_a_warning_when_not_strict() {
    let cnf = read_dimacs(fixture!("too_few_clauses.cnf").as_bytes()).unwrap();
    assert_eq!(cnf.clauses.len(), 2);
    assert_eq!(
        cnf.warnings,
        vec!["line 1: the header declares 3 clauses but the file holds 2; counting the 2 found"]
    );
}

#[test]
fn mc2020_pcnf_fixture_is_read_with_its_vp_projection() {
    let cnf = read_dimacs(fixture!("pcnf.cnf").as_bytes()).unwrap();
    let v = |n| Var::from_dimacs(n).unwrap();
    assert_eq!(cnf.num_vars, 4);
    assert_eq!(cnf.clauses.len(), 2);
    assert_eq!(cnf.shown, Some(vec![v(1), v(2), v(4)]));
    assert!(cnf.warnings.is_empty());
}

#[test]
fn byte_order_mark_fixture_reads_like_the_same_file_without_it() {
    let with_bom = fixture!("byte_order_mark.cnf");
    let without = with_bom
        .strip_prefix('\u{FEFF}')
        .expect("the fixture starts with a BOM");
    let cnf: Cnf = read_dimacs(with_bom.as_bytes()).unwrap();
    assert_eq!(cnf, read_dimacs(without.as_bytes()).unwrap());
    assert_eq!(cnf.clauses.len(), 1);
}
