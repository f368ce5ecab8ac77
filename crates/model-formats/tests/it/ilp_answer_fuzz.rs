//! The ILP answer reader (glpsol `-o`, CBC `solu`, OPB competition output) under generated,
//! mutated and random answers: it never panics; an answer written from values reads back to
//! those values in every format; anything it accepts gives one value per ILP variable; an
//! error points at a line of the answer (or 0, the answer as a whole) in one line.
//!
//! `NQUEENS_FUZZ_CASES=1000000 cargo test --release -p zero-one-model --test it ilp_answer_fuzz::`
//! runs a million cases per test.

use crate::fuzz;

use crate::fuzz::{config, last_line, mutate, mutations};
use model_core::{Constraint, IntDef, Model};
use model_encodings::ilp::{lower_to_ilp, IlpModel, VarKind};
use model_formats::ilp::{read_answer, IlpAnswer};
use proptest::prelude::*;

/// A model of `n` binaries, one exactly-one over the first `k` of them, and (with `int`) an
/// integer defined as their weighted sum.
fn ilp(n: usize, k: usize, int: bool) -> IlpModel {
    let mut m = Model::new();
    let v = m.new_vars(n);
    m.add(Constraint::ExactlyOne(
        v[..k.clamp(1, n)].iter().map(|x| x.positive()).collect(),
    ));
    if int {
        m.define_int(IntDef {
            name: "weighted".into(),
            terms: v
                .iter()
                .enumerate()
                .map(|(i, &x)| (i as i64 + 1, x))
                .collect(),
            lo: 0,
            hi: (n * (n + 1) / 2) as i64,
        });
    }
    lower_to_ilp(&m)
}

/// Values within each variable's bounds, from random picks.
fn values(model: &IlpModel, picks: &[u64]) -> Vec<i64> {
    model
        .vars
        .iter()
        .zip(picks.iter().cycle())
        .map(|(v, &p)| {
            let (lo, hi) = v.bounds();
            lo + (p % (hi - lo + 1) as u64) as i64
        })
        .collect()
}

fn glpk(model: &IlpModel, values: &[i64]) -> String {
    let mut out = format!(
        "Problem:    t\nRows:       {}\nColumns:    {}\nNon-zeros:  0\n\
         Status:     INTEGER OPTIMAL\nObjective:  obj = 0 (MINimum)\n\n\
         \x20  No. Column name       Activity     Lower bound   Upper bound\n\
         ------ ------------    ------------- ------------- -------------\n",
        model.rows.len(),
        model.vars.len()
    );
    for (i, (v, x)) in model.vars.iter().zip(values).enumerate() {
        let (lo, hi) = v.bounds();
        out.push_str(&format!(
            "{:>6} {:<12} *  {x:>13} {lo:>13} {hi:>13}\n",
            i + 1,
            v.name
        ));
    }
    out.push_str("\nEnd of output\n");
    out
}

fn cbc(model: &IlpModel, values: &[i64]) -> String {
    let mut out = String::from("Optimal - objective value 0.00000000\n");
    for (i, (v, x)) in model.vars.iter().zip(values).enumerate() {
        if *x != 0 || i % 2 == 0 {
            out.push_str(&format!("{i:>7} {:<20} {x:>10} {:>20}\n", v.name, 0));
        }
    }
    out
}

fn opb(model: &IlpModel, values: &[i64]) -> String {
    let mut out = String::from("c a PB solver\ns SATISFIABLE\nv");
    let mut next = 1;
    for (v, &x) in model.vars.iter().zip(values) {
        let (bits, offset) = match v.kind {
            VarKind::Binary => (1, x),
            VarKind::Integer { lo, hi } => (64 - ((hi - lo) as u64).leading_zeros(), x - lo),
        };
        for j in 0..bits {
            let sign = if offset >> j & 1 == 1 { "" } else { "-" };
            out.push_str(&format!(" {sign}x{next}"));
            next += 1;
        }
    }
    out.push('\n');
    out
}

/// The three formats, written from `values`.
fn answers(model: &IlpModel, values: &[i64]) -> [String; 3] {
    [glpk(model, values), cbc(model, values), opb(model, values)]
}

fn check(input: &[u8], model: &IlpModel) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(input);
    match read_answer(&text, model) {
        Ok(IlpAnswer::Values(v)) => prop_assert_eq!(v.len(), model.vars.len()),
        Ok(_) => {}
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains('\n'), "{message:?}");
            prop_assert!(e.line <= last_line(input), "{message}");
        }
    }
    Ok(())
}

fn model_and_values() -> impl Strategy<Value = (IlpModel, Vec<i64>)> {
    (
        1usize..7,
        0usize..7,
        any::<bool>(),
        prop::collection::vec(any::<u64>(), 1..8),
    )
        .prop_map(|(n, k, int, picks)| {
            let model = ilp(n, k, int);
            let values = values(&model, &picks);
            (model, values)
        })
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn written_answers_read_back_to_their_values((model, values) in model_and_values()) {
        let expected: Vec<f64> = values.iter().map(|&x| x as f64).collect();
        for text in answers(&model, &values) {
            let read = read_answer(&text, &model);
            prop_assert_eq!(read, Ok(IlpAnswer::Values(expected.clone())), "{}", text);
        }
    }

    #[test]
    fn mutated_answers_give_every_value_or_an_error(
        (model, values) in model_and_values(),
        format in 0usize..3,
        ms in mutations(),
    ) {
        let text = &answers(&model, &values)[format];
        check(&mutate(text, &ms), &model)?;
    }

    #[test]
    fn random_text_gives_every_value_or_an_error(
        (model, _) in model_and_values(),
        parts in prop::collection::vec(
            prop_oneof![
                prop::sample::select(fuzz::EDGE_TOKENS.to_vec()).prop_map(str::to_string),
                "[-0-9 \nsvxy*]{1,12}",
                any::<u8>().prop_map(|b| char::from(b).to_string()),
            ],
            0..40,
        ),
    ) {
        check(parts.concat().as_bytes(), &model)?;
    }
}
