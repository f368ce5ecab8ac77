//! The SAT solver answer reader under generated, mutated and random output: it never panics;
//! a competition or MiniSat answer it was written from reads back to the same model (or
//! verdict); anything it accepts is a complete model of the formula's size; what it refuses
//! is named in one line, at a line of the output where it names one.
//!
//! `NQUEENS_FUZZ_CASES=1000000 cargo test --release -p zero-one-model --test it solver_output_fuzz::`
//! runs a million cases per test.

use crate::fuzz;

use crate::fuzz::{config, last_line, mutate, mutations};
use model_formats::solver_output::{parse_solver_output, OutputError, SolverAnswer};
use proptest::prelude::*;

/// An answer before it is printed.
#[derive(Clone, Debug)]
struct Answer {
    /// `None` for UNSAT, else the model.
    model: Option<Vec<bool>>,
    minisat: bool,
    /// Literals per `v` line (competition format).
    per_line: usize,
    /// Comment lines before the status.
    comments: usize,
    /// Swaps applied to the literals' order (solvers print them in any order).
    shuffle: Vec<usize>,
}

fn answer() -> impl Strategy<Value = Answer> {
    (
        prop::option::weighted(0.8, prop::collection::vec(any::<bool>(), 0..24)),
        any::<bool>(),
        1usize..8,
        0usize..3,
        prop::collection::vec(any::<usize>(), 0..24),
    )
        .prop_map(|(model, minisat, per_line, comments, shuffle)| Answer {
            model,
            minisat,
            per_line,
            comments,
            shuffle,
        })
}

fn literals(model: &[bool], shuffle: &[usize]) -> Vec<i64> {
    let mut lits: Vec<i64> = (1..=model.len() as i64)
        .map(|v| if model[v as usize - 1] { v } else { -v })
        .collect();
    for (i, &k) in shuffle.iter().enumerate() {
        if !lits.is_empty() {
            let (a, b) = (i % lits.len(), k % lits.len());
            lits.swap(a, b);
        }
    }
    lits
}

fn render(a: &Answer) -> String {
    let mut out = String::new();
    if a.minisat {
        match &a.model {
            None => out.push_str("UNSAT\n"),
            Some(m) => {
                out.push_str("SAT\n");
                for l in literals(m, &a.shuffle) {
                    out.push_str(&format!("{l} "));
                }
                out.push_str("0\n");
            }
        }
        return out;
    }
    for _ in 0..a.comments {
        out.push_str("c some solver chatter\n");
    }
    match &a.model {
        None => out.push_str("s UNSATISFIABLE\n"),
        Some(m) => {
            out.push_str("s SATISFIABLE\n");
            let mut lits: Vec<String> =
                literals(m, &a.shuffle).iter().map(i64::to_string).collect();
            lits.push("0".into());
            for chunk in lits.chunks(a.per_line) {
                out.push_str(&format!("v {}\n", chunk.join(" ")));
            }
        }
    }
    out
}

fn error_line(e: &OutputError) -> Option<usize> {
    match e {
        OutputError::TwoStatuses { line }
        | OutputError::BadStatus { line, .. }
        | OutputError::BadLiteral { line, .. }
        | OutputError::OutOfRange { line, .. } => Some(*line),
        _ => None,
    }
}

/// Parses `input` (as a caller would after a lossy UTF-8 conversion) and checks the promises.
fn check(input: &[u8], num_vars: usize) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(input);
    match parse_solver_output(&text, num_vars) {
        Ok(SolverAnswer::Sat(model)) => prop_assert_eq!(model.len(), num_vars),
        Ok(_) => {}
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains('\n'), "{message:?}");
            if let Some(line) = error_line(&e) {
                prop_assert!((1..=last_line(input)).contains(&line), "{message}");
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn printed_answers_read_back_to_the_same_model(a in answer()) {
        let text = render(&a);
        let num_vars = a.model.as_ref().map_or(5, Vec::len);
        let expected = match &a.model {
            Some(m) => SolverAnswer::Sat(m.clone()),
            None => SolverAnswer::Unsat,
        };
        prop_assert_eq!(parse_solver_output(&text, num_vars), Ok(expected), "{}", text);
    }

    #[test]
    fn mutated_answers_give_a_complete_model_or_an_error(
        a in answer(),
        ms in mutations(),
        extra in 0usize..3,
    ) {
        let num_vars = a.model.as_ref().map_or(5, Vec::len);
        let input = mutate(&render(&a), &ms);
        check(&input, num_vars)?;
        check(&input, num_vars + extra)?;
        check(&input, num_vars.saturating_sub(extra))?;
    }

    #[test]
    fn random_text_gives_a_complete_model_or_an_error(
        parts in prop::collection::vec(
            prop_oneof![
                prop::sample::select(fuzz::EDGE_TOKENS.to_vec()).prop_map(str::to_string),
                "[-0-9 \nsv]{1,12}",
                any::<u8>().prop_map(|b| char::from(b).to_string()),
            ],
            0..40,
        ),
        num_vars in 0usize..12,
    ) {
        check(parts.concat().as_bytes(), num_vars)?;
    }
}
