//! Every search with every pseudo-Boolean encoding against brute force on small random
//! models with objectives.

use super::{optimize, OptimizeOptions};
use zero_one_model::{
    BackendErrorKind, Cmp, CnfOptions, Constraint, Lit, Model, Objective, Optimized, PbEncoding,
    Search, Sense, StopFlag, Var,
};

/// A small deterministic generator (xorshift64), so failures repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn lit(&mut self, vars: u32) -> Lit {
        Var::new(self.below(u64::from(vars)) as u32).lit(self.below(2) == 0)
    }

    fn coefficient(&mut self) -> i64 {
        self.below(13) as i64 - 6
    }
}

fn random_model(rng: &mut Rng, vars: u32) -> Model {
    let mut m = Model::new();
    m.new_vars(vars as usize);
    for _ in 0..rng.below(4) + 1 {
        let terms: Vec<(i64, Lit)> = (0..rng.below(4) + 1)
            .map(|_| (rng.coefficient(), rng.lit(vars)))
            .collect();
        let cmp = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][rng.below(3) as usize];
        let rhs = rng.below(9) as i64 - 4;
        m.add(Constraint::Linear { terms, cmp, rhs });
    }
    let terms = (0..rng.below(5) + 1)
        .map(|_| (rng.coefficient() * 3, rng.lit(vars)))
        .collect();
    let sense = [Sense::Minimize, Sense::Maximize][rng.below(2) as usize];
    m.try_set_objective(Objective { sense, terms }).unwrap();
    m
}

/// The optimum by trying every assignment, or `None` when infeasible.
fn brute_force(m: &Model) -> Option<i128> {
    let n = m.num_vars();
    let objective = m.objective().unwrap();
    let values = (0..1u32 << n).filter_map(|code| {
        let a: Vec<bool> = (0..n).map(|i| code >> i & 1 == 1).collect();
        m.check(&a).ok().map(|()| objective.value(&a))
    });
    match objective.sense {
        Sense::Minimize => values.min(),
        Sense::Maximize => values.max(),
    }
}

#[test]
fn every_search_and_encoding_finds_the_brute_force_optimum() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut feasible = 0;
    for round in 0..120 {
        let m = random_model(&mut rng, 5);
        let want = brute_force(&m);
        feasible += usize::from(want.is_some());
        for search in Search::ALL {
            for pb in PbEncoding::ALL {
                let options = OptimizeOptions {
                    cnf: CnfOptions {
                        pb,
                        ..CnfOptions::default()
                    },
                    search,
                    stop: None,
                };
                let mut seen = Vec::new();
                let got = optimize(&m, &options, &mut |v| seen.push(v)).unwrap();
                let why = format!("round {round}, {search}, {pb}: {m:?}");
                match (want, got) {
                    (None, Optimized::Infeasible) => {}
                    (Some(v), Optimized::Found(best)) => {
                        assert_eq!(best.value, v, "{why}");
                        assert!(best.proved, "{why}");
                        assert_eq!(best.check(&m), Ok(()), "{why}");
                        assert_eq!(seen.last(), Some(&v), "{why}");
                        // Each value heard is better than the one before.
                        let better = |a: &i128, b: &i128| match m.objective().unwrap().sense {
                            Sense::Minimize => b < a,
                            Sense::Maximize => b > a,
                        };
                        assert!(seen.windows(2).all(|w| better(&w[0], &w[1])), "{why}");
                    }
                    (want, got) => panic!("{why}: want {want:?}, got {got:?}"),
                }
            }
        }
    }
    assert!((30..100).contains(&feasible), "{feasible} of 120 feasible");
}

#[test]
fn a_raised_stop_flag_ends_before_the_first_solve() {
    let mut rng = Rng(7);
    let m = random_model(&mut rng, 4);
    let stop = StopFlag::new();
    stop.raise();
    let options = OptimizeOptions {
        stop: Some(stop),
        ..OptimizeOptions::default()
    };
    assert_eq!(
        optimize(&m, &options, &mut |_| {}).unwrap(),
        Optimized::Stopped
    );
}

#[test]
fn a_model_without_objective_or_with_huge_coefficients_is_refused() {
    let mut m = Model::new();
    let x = m.new_var("x").positive();
    let e = optimize(&m, &OptimizeOptions::default(), &mut |_| {}).unwrap_err();
    assert_eq!(e.kind(), BackendErrorKind::InvalidInput);
    m.try_set_objective(Objective {
        sense: Sense::Maximize,
        terms: vec![(i64::MIN, x)],
    })
    .unwrap();
    let e = optimize(&m, &OptimizeOptions::default(), &mut |_| {}).unwrap_err();
    assert_eq!(e.kind(), BackendErrorKind::Unsupported);
    assert!(e.to_string().contains("past 2^63"), "{e}");
}
