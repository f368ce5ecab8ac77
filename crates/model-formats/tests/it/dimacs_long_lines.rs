//! The DIMACS reader cuts a line at [`MAX_LINE_BYTES`] instead of buffering it whole: input
//! with no newline (`/dev/zero`, a binary file) is refused after reading a bounded amount,
//! naming the line, and a line just within the bound is still read.

use model_formats::dimacs::{read_dimacs, ParseError, MAX_LINE_BYTES};
use std::io::{BufReader, Read};

/// An endless source of one byte that counts what was read from it.
struct Endless {
    byte: u8,
    read: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        buf.fill(self.byte);
        self.read += buf.len();
        Ok(buf.len())
    }
}

#[test]
fn endless_input_without_a_newline_is_refused_after_a_bounded_read() {
    for byte in [0u8, b'1', b' ', b'c'] {
        let mut source = Endless { byte, read: 0 };
        let err = read_dimacs(BufReader::new(&mut source)).unwrap_err();
        assert_eq!(
            err,
            ParseError::LineTooLong {
                line: 1,
                limit: MAX_LINE_BYTES
            }
        );
        assert!(
            source.read <= MAX_LINE_BYTES + (64 << 10),
            "{}",
            source.read
        );
    }
}

#[test]
fn the_line_that_is_too_long_is_named() {
    let head = "p cnf 1 1\nc fine\n".as_bytes();
    let source = head.chain(Endless {
        byte: b'x',
        read: 0,
    });
    let err = read_dimacs(BufReader::new(source)).unwrap_err();
    assert_eq!(err.line(), Some(3));
    assert_eq!(
        err.to_string(),
        format!("line 3: longer than {MAX_LINE_BYTES} bytes (a clause or comment line is far shorter; is this a DIMACS file?)")
    );
}

#[test]
fn a_line_just_within_the_bound_is_read() {
    let mut text = b"p cnf 2 1\nc ".to_vec();
    text.resize(10 + MAX_LINE_BYTES - 1, b'x');
    text.extend_from_slice(b"\n1 -2 0\n");
    let cnf = read_dimacs(&text[..]).unwrap();
    assert_eq!(cnf.clauses.len(), 1);
}
