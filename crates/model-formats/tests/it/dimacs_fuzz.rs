//! The DIMACS reader under generated, mutated and random input: it never panics; it reads a
//! formula whose every literal and shown variable is within its header and which reads back
//! the same once written out, or it refuses with an error naming a line of the input (only an
//! empty input has none) in one line of bounded length. Reading strictly never accepts what
//! the lenient reader refuses, nor reads it differently.
//!
//! `NQUEENS_FUZZ_CASES=1000000 cargo test --release -p zero-one-model --test it dimacs_fuzz::`
//! runs a million cases per test.

use crate::fuzz;

use crate::fuzz::{config, last_line, mutate, mutations};
use model_formats::dimacs::{read_dimacs, read_dimacs_with, Cnf, ParseError, ReadOptions};
use proptest::prelude::*;
use std::collections::HashSet;

/// A well-formed file before it is written out.
#[derive(Clone, Debug)]
struct Spec {
    num_vars: u32,
    /// Clauses of nonzero DIMACS literals.
    clauses: Vec<Vec<i64>>,
    /// A projection line (`c p show`, `c ind` or, under `p pcnf`, `vp`) and its variables.
    show: Option<(u8, Vec<u32>)>,
    /// Clauses per line (0: one line per clause).
    per_line: usize,
    /// Comment lines, each before the clause at this index (modulo the count).
    comments: Vec<usize>,
    crlf: bool,
    bom: bool,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1u32..40).prop_flat_map(|n| {
        let lit = (1..=i64::from(n), any::<bool>()).prop_map(|(v, p)| if p { v } else { -v });
        (
            prop::collection::vec(prop::collection::vec(lit, 0..6), 0..12),
            prop::option::of((0u8..3, prop::collection::vec(1..=n, 0..6))),
            0usize..3,
            prop::collection::vec(any::<usize>(), 0..3),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(clauses, show, per_line, comments, crlf, bom)| Spec {
                num_vars: n,
                clauses,
                show,
                per_line,
                comments,
                crlf,
                bom,
            })
    })
}

fn render(s: &Spec) -> String {
    let nl = if s.crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    if s.bom {
        out.push('\u{FEFF}');
    }
    out.push_str(&format!("c generated{nl}"));
    let pcnf = matches!(s.show, Some((2, _)));
    let kind = if pcnf { "pcnf" } else { "cnf" };
    out.push_str(&format!("p {kind} {} {}{nl}", s.num_vars, s.clauses.len()));
    if let Some((k, vars)) = &s.show {
        let prefix = ["c p show", "c ind", "vp"][usize::from(*k)];
        let vars: Vec<String> = vars.iter().map(u32::to_string).collect();
        out.push_str(&format!("{prefix} {} 0{nl}", vars.join(" ")));
    }
    for (i, c) in s.clauses.iter().enumerate() {
        let at_line_start = out.ends_with('\n');
        if at_line_start && s.comments.iter().any(|&k| k % s.clauses.len() == i) {
            out.push_str(&format!("c a comment{nl}"));
        }
        for l in c {
            out.push_str(&format!("{l} "));
        }
        out.push('0');
        let end_line = s.per_line == 0 || (i + 1) % s.per_line == 0;
        out.push_str(if end_line { nl } else { " " });
    }
    out.push_str(nl);
    out
}

/// Writes `cnf` back as plain DIMACS.
fn write_back(cnf: &Cnf) -> String {
    let mut out = format!("p cnf {} {}\n", cnf.num_vars, cnf.clauses.len());
    if let Some(shown) = &cnf.shown {
        out.push_str("c p show");
        for v in shown {
            out.push_str(&format!(" {}", v.to_dimacs()));
        }
        out.push_str(" 0\n");
    }
    for c in &cnf.clauses {
        for l in c {
            out.push_str(&format!("{} ", l.to_dimacs()));
        }
        out.push_str("0\n");
    }
    out
}

fn check_error(e: &ParseError, input: &[u8]) -> Result<(), TestCaseError> {
    let message = e.to_string();
    prop_assert!(!message.contains('\n'), "{message:?}");
    prop_assert!(message.chars().count() <= 300, "{message}");
    match e.line() {
        Some(line) => prop_assert!(
            (1..=last_line(input)).contains(&line),
            "line {line} of {}: {message}",
            last_line(input)
        ),
        None => prop_assert!(
            *e == ParseError::EmptyInput && input.is_empty(),
            "{message}"
        ),
    }
    Ok(())
}

fn check_cnf(cnf: &Cnf) -> Result<(), TestCaseError> {
    for l in cnf.clauses.iter().flatten() {
        prop_assert!(l.var().index() < cnf.num_vars);
    }
    if let Some(shown) = &cnf.shown {
        prop_assert!(shown.iter().all(|v| v.index() < cnf.num_vars));
        prop_assert_eq!(shown.iter().collect::<HashSet<_>>().len(), shown.len());
    }
    let again = read_dimacs(write_back(cnf).as_bytes());
    prop_assert!(again.is_ok(), "{again:?}");
    let again = again.unwrap();
    prop_assert_eq!(&again.clauses, &cnf.clauses);
    prop_assert_eq!(&again.shown, &cnf.shown);
    prop_assert_eq!(again.num_vars, cnf.num_vars);
    Ok(())
}

/// Reads `input` both ways and checks everything the module doc promises.
fn check(input: &[u8]) -> Result<(), TestCaseError> {
    let lenient = read_dimacs(input);
    let strict = read_dimacs_with(
        input,
        &ReadOptions {
            strict: true,
            ..ReadOptions::default()
        },
    );
    for read in [&lenient, &strict] {
        match read {
            Ok(cnf) => check_cnf(cnf)?,
            Err(e) => check_error(e, input)?,
        }
    }
    if let Ok(s) = &strict {
        prop_assert_eq!(lenient.as_ref().ok(), Some(s));
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn well_formed_files_read_back_to_what_was_written(s in spec()) {
        let text = render(&s);
        let cnf = read_dimacs(text.as_bytes());
        prop_assert!(cnf.is_ok(), "{:?}\n{text}", cnf);
        let cnf = cnf.unwrap();
        let clauses: Vec<Vec<i64>> = cnf
            .clauses
            .iter()
            .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
            .collect();
        prop_assert_eq!(clauses, s.clauses.clone());
        prop_assert_eq!(cnf.shown.is_some(), s.show.is_some());
        check(text.as_bytes())?;
    }

    #[test]
    fn mutated_files_give_a_formula_or_an_error_on_a_line(s in spec(), ms in mutations()) {
        check(&mutate(&render(&s), &ms))?;
    }

    #[test]
    fn random_text_gives_a_formula_or_an_error_on_a_line(
        parts in prop::collection::vec(
            prop_oneof![
                prop::sample::select(fuzz::EDGE_TOKENS.to_vec()).prop_map(str::to_string),
                "[-0-9 \n]{1,12}",
                any::<u8>().prop_map(|b| char::from(b).to_string()),
            ],
            0..40,
        )
    ) {
        check(parts.concat().as_bytes())?;
    }

    #[test]
    fn random_bytes_give_a_formula_or_an_error_on_a_line(
        bytes in prop::collection::vec(any::<u8>(), 0..200)
    ) {
        check(&bytes)?;
    }
}
