//! What the OPB reader accepts, and the exact message of everything it refuses.

use super::*;
use crate::{Cmp, Constraint, Sense, Var};

fn lit(k: u32) -> crate::Lit {
    Var::new(k - 1).positive()
}

#[test]
fn a_competition_file_reads_into_linear_constraints_and_an_objective() {
    let text = "\u{feff}* #variable= 4 #constraint= 3 #product= 0 sizeproduct= 0\r\n\
                * a comment\r\n\
                max: +1 x1 2 x2 -3 ~x4 ;\r\n\
                +3 x1 -2 x2 >= 1 ;\n\
                \t-1 ~x3 +1 x4\n\
                  <= 0;\n\
                * between\n\
                +1 x1 +1 x2 +1 x3 +1 x4 = 2 ;\n";
    let opb = read_opb(text.as_bytes()).unwrap();
    assert_eq!(opb.model.num_vars(), 4);
    assert_eq!(opb.model.name(Var::new(3)), "x4");
    let objective = opb.model.objective().unwrap();
    assert_eq!(objective.sense, Sense::Maximize);
    assert_eq!(objective.terms, [(1, lit(1)), (2, lit(2)), (-3, !lit(4))]);
    assert_eq!(
        opb.model.constraints(),
        [
            Constraint::Linear {
                terms: vec![(3, lit(1)), (-2, lit(2))],
                cmp: Cmp::AtLeast,
                rhs: 1
            },
            Constraint::Linear {
                terms: vec![(-1, !lit(3)), (1, lit(4))],
                cmp: Cmp::AtMost,
                rhs: 0
            },
            Constraint::Linear {
                terms: vec![(1, lit(1)), (1, lit(2)), (1, lit(3)), (1, lit(4))],
                cmp: Cmp::Exactly,
                rhs: 2
            },
        ]
    );
}

#[test]
fn an_empty_objective_and_the_ends_of_i64_are_accepted() {
    let text = "* #variable= 1 #constraint= 1\nmin: ;\n-9223372036854775808 x1 >= -9223372036854775808 ;\n";
    let opb = read_opb(text.as_bytes()).unwrap();
    assert_eq!(opb.model.objective().map(|o| o.terms.len()), Some(0));
    assert_eq!(
        opb.model.constraints()[0],
        Constraint::Linear {
            terms: vec![(i64::MIN, lit(1))],
            cmp: Cmp::AtLeast,
            rhs: i64::MIN
        }
    );
}

/// A right-hand side of 2^63 (a `<=` row with -2^63 written negated) is read as the row
/// negated, whose right-hand side -2^63 fits; a coefficient -2^63 becomes two terms. Past
/// 2^63 it is refused as before.
#[test]
fn a_right_hand_side_of_2_pow_63_is_read_as_the_row_negated() {
    let text = "* #variable= 2 #constraint= 2\n+1 x1 -9223372036854775808 x2 >= 9223372036854775808 ;\n+1 x1 = +9223372036854775808 ;\n";
    let opb = read_opb(text.as_bytes()).unwrap();
    assert_eq!(
        opb.model.constraints(),
        [
            Constraint::Linear {
                terms: vec![(-1, lit(1)), (i64::MAX, lit(2)), (1, lit(2))],
                cmp: Cmp::AtMost,
                rhs: i64::MIN
            },
            Constraint::Linear {
                terms: vec![(-1, lit(1))],
                cmp: Cmp::Exactly,
                rhs: i64::MIN
            },
        ]
    );
    let past = "* #variable= 1 #constraint= 1\n+1 x1 >= 9223372036854775809 ;\n";
    assert_eq!(
        read_opb(past.as_bytes()).unwrap_err().to_string(),
        "line 2, column 10: the number '9223372036854775809' does not fit in 64 bits (signed)"
    );
}

/// Every refusal: the input and the exact message.
const REFUSED: &[(&str, &str)] = &[
    ("", "empty input: expected the header '* #variable= N #constraint= M'"),
    (
        "+1 x1 >= 1 ;\n",
        "line 1: expected the header '* #variable= N #constraint= M', found '+1 x1 >= 1 ;'",
    ),
    (
        "* #variable= three #constraint= 1\n",
        "line 1, column 14: bad header: expected the variable count, found 'three'",
    ),
    (
        "* #variable= 3 #constraints= 1\n",
        "line 1, column 16: bad header: expected '#constraint=', found '#constraints='",
    ),
    (
        "* #variable= 99999999 #constraint= 0\n",
        "line 1: the header declares 99999999 variables, more than this reader accepts (16777216)",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 x2 >= 1 ;\n",
        "line 2, column 7: product terms are not supported: 'x2' follows another literal with no coefficient between them",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 +1 x3 >= 1 ;\n",
        "line 2, column 10: variable 'x3' is out of range: the header declares 2 variables",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x0 >= 1 ;\n",
        "line 2, column 4: variable 'x0' is out of range: the header declares 2 variables",
    ),
    (
        "* #variable= 2 #constraint= 1\n+9223372036854775808 x1 >= 1 ;\n",
        "line 2, column 1: the number '+9223372036854775808' does not fit in 64 bits (signed)",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 >= 99999999999999999999999999999999999999999999 ;\n",
        "line 2, column 10: the number '9999999999999999999999999999999999999999…' does not fit in 64 bits (signed)",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 > 1 ;\n",
        "line 2, column 7: expected a coefficient or a relational operator (>=, <=, =), found '>'",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 y1 >= 1 ;\n",
        "line 2, column 4: expected a literal (x1, ~x1, ...) after the coefficient, found 'y1'",
    ),
    (
        "* #variable= 2 #constraint= 1\n3x1 >= 1 ;\n",
        "line 2, column 1: expected a coefficient, a relational operator, 'min:' or 'max:', found '3x1'",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 >= x2 ;\n",
        "line 2, column 10: expected an integer right-hand side, found 'x2'",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 >= 1 2 ;\n",
        "line 2, column 12: expected ';' after the right-hand side, found '2'",
    ),
    (
        "* #variable= 2 #constraint= 1\nmin: +1 x1 >= 1 ;\n",
        "line 2, column 12: expected a coefficient or ';', found '>='",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 >= 1 ;\nmin: +1 x2 ;\n",
        "line 3, column 1: the objective must come once, before every constraint",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1\n+1 x2 >= 1\n",
        "line 3: end of input inside a statement that started on line 2: missing ';'",
    ),
    (
        "* #variable= 2 #constraint= 1\n+1 x1 >= 1 ;\n+1 x2 >= 1 ;\n",
        "line 3: more constraints than the 1 the header declares",
    ),
    (
        "* #variable= 2 #constraint= 2\n+1 x1 >= 1 ;\n",
        "line 2: end of input after 1 constraints, but the header declares 2",
    ),
    (
        "* #variable= 1 #constraint= 1\n+1 x1 >= 1 ; garbage\u{7}\tafter;\n",
        "line 2, column 14: expected a coefficient, a relational operator, 'min:' or 'max:', found 'garbage\\u{7}'",
    ),
];

#[test]
fn every_malformed_input_is_refused_with_its_exact_message() {
    for (text, message) in REFUSED {
        let err = read_opb(text.as_bytes()).expect_err(text);
        assert_eq!(err.to_string(), *message, "{text:?}");
    }
}

#[test]
fn a_line_past_the_limit_is_refused_without_reading_it_whole() {
    let mut text = b"* #variable= 1 #constraint= 1\n".to_vec();
    text.resize(text.len() + MAX_LINE_BYTES + 10, b' ');
    let err = read_opb(&text[..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: longer than 8388608 bytes (an OPB line is one constraint or comment; is this an OPB file?)"
    );
}

#[test]
fn a_read_error_keeps_its_source() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let err = read_opb(std::io::BufReader::new(Failing)).unwrap_err();
    assert_eq!(err.to_string(), "read error after line 0");
    let source = std::error::Error::source(&err).map(|s| s.to_string());
    assert_eq!(source.as_deref(), Some("disk on fire"));
}
