//! microlp's optimum against brute force on small random models with objectives.

use crate::optimize;
use zero_one_model::{Cmp, Constraint, Lit, Model, Objective, Optimized, Sense, StopFlag, Var};

/// xorshift64: failures repeat.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn random_model(s: &mut u64, vars: u32) -> Model {
    let mut m = Model::new();
    m.new_vars(vars as usize);
    let lit = |s: &mut u64| Var::new((next(s) % u64::from(vars)) as u32).lit(next(s) & 1 == 0);
    for _ in 0..next(s) % 4 + 1 {
        let terms: Vec<(i64, Lit)> = (0..next(s) % 4 + 1)
            .map(|_| ((next(s) % 13) as i64 - 6, lit(s)))
            .collect();
        let cmp = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][(next(s) % 3) as usize];
        m.add(Constraint::Linear {
            terms,
            cmp,
            rhs: (next(s) % 9) as i64 - 4,
        });
    }
    let terms = (0..next(s) % 5 + 1)
        .map(|_| ((next(s) % 13) as i64 - 6, lit(s)))
        .collect();
    let sense = [Sense::Minimize, Sense::Maximize][(next(s) % 2) as usize];
    m.try_set_objective(Objective { sense, terms }).unwrap();
    m
}

fn brute_force(m: &Model) -> Option<i128> {
    let n = m.num_vars();
    let o = m.objective().unwrap();
    let values = (0..1u32 << n).filter_map(|code| {
        let a: Vec<bool> = (0..n).map(|i| code >> i & 1 == 1).collect();
        m.check(&a).ok().map(|()| o.value(&a))
    });
    match o.sense {
        Sense::Minimize => values.min(),
        Sense::Maximize => values.max(),
    }
}

#[test]
fn microlp_finds_the_brute_force_optimum() {
    let mut s = 0x2545_f491_4f6c_dd1d;
    for round in 0..80 {
        let m = random_model(&mut s, 5);
        match (brute_force(&m), optimize(&m, None).unwrap()) {
            (None, Optimized::Infeasible) => {}
            (Some(v), Optimized::Found(best)) => {
                assert_eq!((best.value, best.proved), (v, true), "round {round}: {m:?}");
                assert_eq!(best.check(&m), Ok(()));
            }
            (want, got) => panic!("round {round}: want {want:?}, got {got:?}: {m:?}"),
        }
    }
}

#[test]
fn a_raised_stop_flag_and_a_missing_objective_are_answered() {
    let mut s = 11;
    let mut m = random_model(&mut s, 3);
    let stop = StopFlag::new();
    stop.raise();
    assert_eq!(optimize(&m, Some(&stop)).unwrap(), Optimized::Stopped);
    m.clear_objective();
    let e = optimize(&m, None).unwrap_err();
    assert_eq!(e.kind(), zero_one_model::BackendErrorKind::InvalidInput);
}
