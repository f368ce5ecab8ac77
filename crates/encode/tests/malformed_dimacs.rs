//! Every malformed fixture under `fixtures/dimacs/` is rejected with the expected error and
//! line; the well-formed one is read.

use nqueens_encode::dimacs::{read_dimacs, ParseError};

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../../../fixtures/dimacs/", $name))
    };
}

fn err(text: &str) -> ParseError {
    read_dimacs(text.as_bytes()).expect_err("fixture must be rejected")
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
fn header_clause_count_mismatches_are_caught_both_ways() {
    assert_eq!(
        err(fixture!("too_few_clauses.cnf")),
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
