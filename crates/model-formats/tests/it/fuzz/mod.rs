//! Shared by the readers' property tests: how many cases to run, and random mutations of a
//! well-formed input (bytes inserted, deleted, flipped or replaced, tokens that broke readers
//! before spliced in, lines repeated, the input cut short).
//!
//! Every test runs thousands of cases by default; `NQUEENS_FUZZ_CASES=1000000` runs that
//! many instead (see `bench/fuzz.sh`).

#![allow(dead_code)] // each test file uses part of it

use proptest::prelude::*;
use proptest::test_runner::Config;

/// `default` cases, or `NQUEENS_FUZZ_CASES` when it is set.
pub fn cases(default: u32) -> u32 {
    std::env::var("NQUEENS_FUZZ_CASES")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

/// A proptest configuration running [`cases`]`(default)` cases.
pub fn config(default: u32) -> Config {
    Config {
        cases: cases(default),
        // A failing case is shrunk and printed; millions of passing ones leave no trace.
        failure_persistence: None,
        ..Config::default()
    }
}

/// One change to an input. Positions are taken modulo the input's length (plus one).
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Insert these bytes.
    Insert(usize, Vec<u8>),
    /// Delete up to this many bytes.
    Delete(usize, usize),
    /// XOR one byte with a mask.
    Flip(usize, u8),
    /// Overwrite one byte.
    Replace(usize, u8),
    /// Insert one of the interesting tokens.
    Splice(usize, usize),
    /// Repeat the line holding this position.
    DuplicateLine(usize),
    /// Cut the input here.
    Truncate(usize),
}

/// Tokens that sit at the edges of what readers accept.
pub const EDGE_TOKENS: &[&str] = &[
    "0",
    "-0",
    "+0",
    "1",
    "-1",
    "00",
    "01",
    "+1",
    "-",
    "+",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\u{FEFF}",
    "\u{0}",
    "\u{FFFD}",
    "é",
    "2147483647",
    "2147483648",
    "2147483649",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1e3",
    "0x10",
    "NaN",
    "inf",
    "-inf",
    "1.5",
    ".",
    "*",
    "**",
    "%",
    "c",
    "p",
    "cnf",
    "pcnf",
    "wcnf",
    "p cnf ",
    "c p show ",
    "c ind ",
    "vp ",
    "w ",
    "c t wmc",
    "c p weight ",
    "s ",
    "v ",
    "s SATISFIABLE",
    "s UNSATISFIABLE",
    "s UNKNOWN",
    "SAT",
    "UNSAT",
    "INDET",
    "x",
    "x0",
    "-x1",
    "x18446744073709551616",
    "Status:",
    "Column name",
    "objective value",
    "Optimal",
    "Infeasible",
    "INTEGER OPTIMAL",
    "EMPTY",
];

fn edit() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, b)| Mutation::Insert(at, b)),
        (any::<usize>(), 1usize..16).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), 1u8..=255).prop_map(|(at, m)| Mutation::Flip(at, m)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Replace(at, b)),
        (any::<usize>(), 0..EDGE_TOKENS.len()).prop_map(|(at, t)| Mutation::Splice(at, t)),
        (any::<usize>(), 0..EDGE_TOKENS.len()).prop_map(|(at, t)| Mutation::Splice(at, t)),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// One to six mutations.
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(edit(), 1..7)
}

/// Applies `m` to `bytes`.
pub fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let at = |p: usize, len: usize| p % (len + 1);
    let len = bytes.len();
    match m {
        Mutation::Insert(p, b) => {
            let i = at(*p, len);
            bytes.splice(i..i, b.iter().copied());
        }
        Mutation::Delete(p, n) => {
            let i = at(*p, len);
            bytes.drain(i..(i + n).min(len));
        }
        Mutation::Flip(p, mask) if len > 0 => bytes[p % len] ^= mask,
        Mutation::Replace(p, b) if len > 0 => bytes[p % len] = *b,
        Mutation::Splice(p, t) => {
            let i = at(*p, len);
            bytes.splice(i..i, EDGE_TOKENS[*t].bytes());
        }
        Mutation::DuplicateLine(p) if len > 0 => {
            let i = p % len;
            let start = bytes[..i]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |s| s + 1);
            let end = bytes[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(len, |e| i + e + 1);
            let line = bytes[start..end].to_vec();
            bytes.splice(end..end, line);
        }
        Mutation::Truncate(p) => bytes.truncate(at(*p, len)),
        _ => {}
    }
}

/// `text` after `ms`, as bytes (a mutation may leave UTF-8).
pub fn mutate(text: &str, ms: &[Mutation]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for m in ms {
        apply(&mut bytes, m);
    }
    bytes
}

/// The 1-based number of the last line of `bytes` (an unterminated last line counts).
pub fn last_line(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count() + usize::from(bytes.last() != Some(&b'\n'))
}
