//! The reader on hostile or odd input: byte-order marks, empty input, signed zeros, huge
//! tokens, and headers whose numbers are too large to trust.

use super::header::MAX_VARS;
use super::read::MAX_RESERVED_CLAUSES;
use super::*;
use crate::EXCERPT_CHARS;
use crate::{Lit, Var};

fn read(text: &str) -> Result<Cnf, ParseError> {
    read_dimacs(text.as_bytes())
}

#[test]
fn a_byte_order_mark_is_skipped_and_columns_count_from_after_it() {
    let cnf = read("\u{FEFF}p cnf 1 1\n1 0\n").unwrap();
    assert_eq!(cnf.clauses, vec![vec![Var::new(0).positive()]]);
    let cnf = read("\u{FEFF}c comment first\np cnf 1 0\n").unwrap();
    assert_eq!(cnf.num_vars, 1);
    assert_eq!(
        read("\u{FEFF}p cnf x 1\n").unwrap_err().to_string(),
        "line 1, column 7: bad problem line: expected a variable count, found 'x'"
    );
}

#[test]
fn a_byte_order_mark_after_the_first_line_is_not_skipped() {
    assert_eq!(
        read("p cnf 1 1\n\u{FEFF}1 0\n").unwrap_err(),
        ParseError::BadToken {
            line: 2,
            column: 1,
            found: "\u{FEFF}1".into()
        }
    );
}

#[test]
fn empty_input_says_so_instead_of_naming_line_zero() {
    let err = read("").unwrap_err();
    assert_eq!(err, ParseError::EmptyInput);
    assert_eq!(err.line(), None);
    assert_eq!(
        err.to_string(),
        "empty input: expected a 'p cnf <variables> <clauses>' line"
    );
    assert_eq!(
        read("\n").unwrap_err(),
        ParseError::MissingHeader { line: 1 }
    );
    assert_eq!(
        read("\u{FEFF}").unwrap_err(),
        ParseError::MissingHeader { line: 1 }
    );
}

#[test]
fn a_huge_declared_clause_count_allocates_no_more_than_the_cap() {
    let cnf = read("p cnf 1 18446744073709551615\n1 0\n").unwrap();
    assert_eq!(cnf.clauses.len(), 1);
    assert!(
        cnf.clauses.capacity() <= MAX_RESERVED_CLAUSES as usize,
        "{}",
        cnf.clauses.capacity()
    );
    assert_eq!(
        cnf.warnings,
        vec!["line 1: the header declares 18446744073709551615 clauses but the file holds 1; counting the 1 found"]
    );
}

#[test]
fn a_signed_zero_is_a_bad_literal_token_not_a_clause_end() {
    for (text, column, found) in [
        ("p cnf 2 1\n1 -0\n", 3, "-0"),
        ("p cnf 2 1\n1 0 -0\n", 5, "-0"),
        ("p cnf 2 1\n1 +0 0\n", 3, "+0"),
        ("p cnf 2 1\n-00 1 0\n", 1, "-00"),
    ] {
        assert_eq!(
            read(text).unwrap_err(),
            ParseError::BadToken {
                line: 2,
                column,
                found: found.into()
            },
            "{text:?}"
        );
    }
    assert_eq!(
        read("p cnf 2 1\n1 -0\n").unwrap_err().to_string(),
        "line 2, column 3: expected a literal (a nonzero integer) or 0, found '-0'"
    );
}

#[test]
fn a_huge_token_is_quoted_only_in_part() {
    let huge = "x".repeat(1 << 20);
    let cut = format!("{}…", "x".repeat(EXCERPT_CHARS));
    let cases = [
        format!("p cnf 1 1\n1 {huge} 0\n"),
        format!("p cnf {huge} 1\n"),
        format!("p cnf 1 1\nc p show {huge} 0\n"),
        format!("p {huge}\n"),
    ];
    for text in &cases {
        let err = read(text).unwrap_err();
        let shown = err.to_string();
        assert!(shown.contains(&format!("'{cut}'")), "{}", &shown[..200]);
        assert!(shown.len() < 200, "{} bytes", shown.len());
    }
    let task = format!("c t {huge}\np cnf 1 0\n");
    assert!(read(&task).unwrap_err().to_string().len() < 200);
}

#[test]
fn an_excerpt_is_cut_on_a_character_boundary() {
    let token = "é".repeat(EXCERPT_CHARS + 1);
    let err = read(&format!("p cnf 1 1\n{token} 0\n")).unwrap_err();
    assert_eq!(
        err,
        ParseError::BadToken {
            line: 2,
            column: 1,
            found: format!("{}…", "é".repeat(EXCERPT_CHARS))
        }
    );
    let exact = "é".repeat(EXCERPT_CHARS);
    let err = read(&format!("p cnf 1 1\n{exact} 0\n")).unwrap_err();
    assert_eq!(
        err,
        ParseError::BadToken {
            line: 2,
            column: 1,
            found: exact
        }
    );
}

#[test]
fn the_largest_variable_count_a_lit_can_hold_is_accepted() {
    assert_eq!(MAX_VARS, 1 << 31);
    let text = format!("p cnf {MAX_VARS} 1\n-{MAX_VARS} 1 0\n");
    let cnf = read(&text).unwrap();
    let last = Var::new((MAX_VARS - 1) as u32);
    assert_eq!(
        cnf.clauses,
        vec![vec![last.negative(), Var::new(0).positive()]]
    );
    assert_eq!(cnf.clauses[0][0].to_dimacs(), -(MAX_VARS as i64));
    assert_eq!(Lit::from_dimacs(-(MAX_VARS as i64)), Some(last.negative()));
}

#[test]
fn a_variable_count_beyond_what_a_lit_can_hold_is_a_bad_header() {
    let err = read("p cnf 2147483649 1\n1 0\n").unwrap_err();
    assert_eq!(
        err,
        ParseError::BadHeader {
            line: 1,
            column: 7,
            expected: "a variable count of at most 2147483648",
            found: "2147483649".into()
        }
    );
    assert_eq!(
        read("p cnf 99999999999999999999999 1\n").unwrap_err().to_string(),
        "line 1, column 7: bad problem line: expected a variable count, found '99999999999999999999999'"
    );
}

#[test]
fn a_projected_variable_beyond_what_a_lit_can_hold_is_refused_before_the_header() {
    assert_eq!(
        read("c ind 4294967297 0\np cnf 1 0\n").unwrap_err().to_string(),
        "line 1, column 7: bad projection line: expected a variable number of at most 2147483648, found '4294967297'"
    );
}
