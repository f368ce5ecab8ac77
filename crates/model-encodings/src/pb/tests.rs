//! Semantic tests run for every pseudo-Boolean encoding, over many small random linear
//! constraints (at most 7 terms on at most 6 variables, so repeated and complementary
//! literals are common; weights small, large, negative and at the ends of `i64`; all three
//! comparisons):
//!
//! - for every assignment of the inputs, the CNF (auxiliaries free) is satisfiable exactly
//!   when the constraint holds;
//! - enumerating the CNF's models with blocking clauses over the inputs only finds exactly
//!   as many as there are satisfying input assignments, each one checked.

use super::*;
use crate::oracle::{bits, Oracle};
use crate::{Constraint, Var, VecSink};
use varisat::ExtendFormula;

/// A small deterministic generator (splitmix64), so a failure names a reproducible case.
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub(super) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// A random linear constraint over `vars` variables: mostly distinct variables, one term in
/// four on a variable used already (a repeated or complementary literal).
pub(super) fn random_linear(rng: &mut Rng, vars: u32, max_terms: i64) -> Constraint {
    let len = rng.range(3, max_terms);
    let regime = rng.range(0, 3);
    let mut next_var = 0;
    let terms: Vec<(i64, Lit)> = (0..len)
        .map(|_| {
            let var = if next_var == 0 || (next_var < vars && rng.range(0, 3) > 0) {
                next_var += 1;
                next_var - 1
            } else {
                rng.range(0, i64::from(next_var) - 1) as u32
            };
            let weight = match regime {
                0 => rng.range(-6, 6),
                1 => rng.range(-60, 60),
                2 => rng.range(-3, 3) << 40 | rng.range(0, 7),
                _ => [i64::MIN, i64::MAX, 1 << 62, -(1 << 62), 3, -1][rng.range(0, 5) as usize],
            };
            (weight, Var::new(var).lit(rng.next() & 1 == 0))
        })
        .collect();
    // A right side at the value of the sum under a random assignment (near it for
    // inequalities), so the bound cuts through the middle and an equation has a solution.
    let witness: Vec<bool> = (0..vars).map(|_| rng.next() & 1 == 0).collect();
    let value: i128 = terms
        .iter()
        .filter(|(_, l)| l.eval(&witness))
        .map(|&(a, _)| i128::from(a))
        .sum();
    let cmp = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][rng.range(0, 2) as usize];
    let offset = match cmp {
        Cmp::Exactly => 0,
        _ => rng.range(-2, 2),
    };
    let rhs = (value + i128::from(offset)).clamp(i64::MIN.into(), i64::MAX.into());
    Constraint::Linear {
        terms,
        cmp,
        rhs: rhs as i64,
    }
}

/// Whether `c` is left with something to encode once normalised.
pub(super) fn nontrivial(c: &Constraint) -> bool {
    let Constraint::Linear { terms, cmp, rhs } = c else {
        return false;
    };
    matches!(
        normalize(terms, *cmp, *rhs),
        Normalized::Reduced { rest: Some(_), .. }
    )
}

/// The clauses `enc` writes for `c` (over `vars` inputs), or `None` when it refuses as too
/// large, which only the weight counter may do, and only for a bound in the millions.
pub(super) fn clauses_of(enc: PbEncoding, c: &Constraint, vars: u32) -> Option<Vec<Vec<Lit>>> {
    let Constraint::Linear { terms, cmp, rhs } = c else {
        unreachable!("random_linear makes linear constraints")
    };
    let mut alloc = VarAlloc::starting_at(vars as usize);
    let mut sink = VecSink::default();
    match enc.encode_linear(terms, *cmp, *rhs, &mut alloc, &mut sink) {
        Ok(()) => Some(sink.clauses),
        Err(PbError::TooLarge { encoding, .. }) => {
            assert_eq!(encoding, PbEncoding::Swc, "{c:?}");
            let Normalized::Reduced { rest: Some(pb), .. } = normalize(terms, *cmp, *rhs) else {
                panic!("a trivial constraint cannot be too large: {c:?}");
            };
            let bound = pb.at_most_parts().iter().map(|&(_, k)| k).max();
            assert!(bound > Some(1_000_000), "{c:?}");
            None
        }
        Err(e @ PbError::Stopped { .. }) => panic!("no stop flag was set: {e}"),
    }
}

#[test]
fn every_encoding_accepts_exactly_the_assignments_meeting_the_constraint() {
    for enc in PbEncoding::ALL {
        let mut rng = Rng::new(1);
        let (mut encoded, mut nontrivial_cases) = (0, 0);
        for case in 0..1500 {
            let vars = rng.range(3, 7) as u32;
            let c = random_linear(&mut rng, vars, 7);
            let Some(clauses) = clauses_of(enc, &c, vars) else {
                continue;
            };
            encoded += 1;
            nontrivial_cases += usize::from(nontrivial(&c));
            let mut oracle = Oracle::new(&clauses);
            for code in 0..1u32 << vars {
                let a = bits(code, vars as usize);
                assert_eq!(
                    oracle.extends(&a),
                    c.holds(&a),
                    "{enc} case {case}: {c:?} {a:?}"
                );
            }
        }
        // The weight counter refuses only the huge bounds, not most cases; and most cases
        // leave something to encode.
        assert!(encoded > 1000, "{enc}: {encoded}");
        assert!(nontrivial_cases > 350, "{enc}: {nontrivial_cases}");
    }
}

/// Cases the random ones rarely hit: a constant zero bit in the middle of the adder's sum
/// where k has a one (4a + 4b + 4c + 4d + e = 6), a bound in a gap between reachable sums, a
/// knapsack, weights past i64 once merged, and every literal twice and complemented.
fn handpicked() -> Vec<(Constraint, u32)> {
    let x: Vec<Lit> = (0..7).map(|i| Var::new(i).positive()).collect();
    let linear = |terms: Vec<(i64, Lit)>, cmp, rhs| Constraint::Linear { terms, cmp, rhs };
    let fours = |e| vec![(4, x[0]), (4, x[1]), (4, x[2]), (4, x[3]), (e, x[4])];
    let mut cases = Vec::new();
    for cmp in [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly] {
        for rhs in [6, 9, 13] {
            cases.push((linear(fours(1), cmp, rhs), 5));
            cases.push((linear(fours(3), cmp, rhs), 5));
        }
        let knapsack = vec![
            (23, x[0]),
            (31, x[1]),
            (29, x[2]),
            (44, x[3]),
            (53, x[4]),
            (38, x[5]),
            (63, x[6]),
        ];
        cases.push((linear(knapsack, cmp, 165), 7));
        let huge = vec![
            (i64::MAX, x[0]),
            (i64::MAX, x[0]),
            (i64::MAX - 1, x[1]),
            (i64::MIN, !x[2]),
        ];
        cases.push((linear(huge, cmp, i64::MAX), 3));
        let twice = vec![
            (5, x[0]),
            (3, !x[0]),
            (-2, x[1]),
            (7, !x[1]),
            (4, x[2]),
            (4, x[2]),
            (1, x[3]),
        ];
        cases.push((linear(twice, cmp, 9), 4));
    }
    cases
}

#[test]
fn every_encoding_gets_the_handpicked_cases_right() {
    for enc in PbEncoding::ALL {
        for (c, vars) in handpicked() {
            // Only the weight counter may refuse, and only the huge bounds.
            let Some(clauses) = clauses_of(enc, &c, vars) else {
                continue;
            };
            let mut oracle = Oracle::new(&clauses);
            for code in 0..1u32 << vars {
                let a = bits(code, vars as usize);
                assert_eq!(oracle.extends(&a), c.holds(&a), "{enc}: {c:?} {a:?}");
            }
        }
    }
}

/// The models of `clauses` projected onto the first `inputs` variables, enumerated with
/// blocking clauses over those only; each projection must satisfy `c`.
fn projected_count(clauses: &[Vec<Lit>], inputs: usize, c: &Constraint) -> u64 {
    let mut solver = varisat::Solver::new();
    let to_varisat = |l: Lit| varisat::Lit::from_index(l.var().index(), l.is_positive());
    for clause in clauses {
        solver.add_clause(&clause.iter().map(|&l| to_varisat(l)).collect::<Vec<_>>());
    }
    let mut count = 0;
    while solver
        .solve()
        .expect("varisat does not fail on small formulas")
    {
        let model = solver.model().expect("a model after a satisfiable answer");
        // An input the solver has not seen is free; taking it false is one of its models.
        let mut values = vec![false; inputs];
        for l in model.iter().filter(|l| l.index() < inputs) {
            values[l.index()] = l.is_positive();
        }
        assert!(c.holds(&values), "{c:?}: {values:?}");
        count += 1;
        let block: Vec<varisat::Lit> = (0..inputs)
            .map(|i| varisat::Lit::from_index(i, !values[i]))
            .collect();
        solver.add_clause(&block);
    }
    count
}

#[test]
fn projected_model_counts_equal_the_satisfying_input_assignments() {
    for enc in PbEncoding::ALL {
        let mut rng = Rng::new(2);
        for case in 0..800 {
            let vars = rng.range(3, 7) as u32;
            let c = random_linear(&mut rng, vars, 7);
            let Some(clauses) = clauses_of(enc, &c, vars) else {
                continue;
            };
            let expected = (0..1u32 << vars)
                .filter(|&code| c.holds(&bits(code, vars as usize)))
                .count() as u64;
            assert_eq!(
                projected_count(&clauses, vars as usize, &c),
                expected,
                "{enc} case {case}: {c:?}"
            );
        }
    }
}

#[test]
fn size_predicts_what_encode_writes_and_allocates() {
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let c = random_linear(&mut rng, 12, 12);
        let Constraint::Linear { terms, cmp, rhs } = &c else {
            unreachable!()
        };
        let Normalized::Reduced { rest: Some(pb), .. } = normalize(terms, *cmp, *rhs) else {
            continue;
        };
        for enc in PbEncoding::ALL {
            let Ok(size) = enc.size(&pb) else { continue };
            let mut alloc = VarAlloc::starting_at(12);
            let mut sink = crate::CountingSink::default();
            enc.encode(&pb, &mut alloc, &mut sink).unwrap();
            assert_eq!(
                size,
                (sink.clauses, sink.literals, alloc.num_vars() - 12),
                "{enc} {c:?}"
            );
        }
    }
}

#[test]
fn a_constraint_past_the_limit_is_refused_by_every_encoding_but_the_adder() {
    // 24 distinct large weights: the BDD and the totalizer grow with the reachable sums, the
    // weight counter with the bound.
    let terms: Vec<(i64, Lit)> = (0..24u32)
        .map(|i| {
            (
                (1 << 30) + (i64::from(i) * 7919) % 1000,
                Var::new(i).positive(),
            )
        })
        .collect();
    let Normalized::Reduced { rest: Some(pb), .. } = normalize(&terms, Cmp::AtMost, 12 << 30)
    else {
        panic!("not trivial")
    };
    for enc in PbEncoding::ALL {
        let mut alloc = VarAlloc::starting_at(24);
        let result = enc.encode_within(
            &pb,
            10_000,
            None,
            &mut alloc,
            &mut crate::CountingSink::default(),
        );
        match enc {
            PbEncoding::Adder => assert_eq!(result, Ok(())),
            _ => assert_eq!(
                result,
                Err(PbError::TooLarge {
                    encoding: enc,
                    limit: 10_000
                })
            ),
        }
    }
}

#[test]
fn names_parse_back_and_unknown_names_are_rejected() {
    for enc in PbEncoding::ALL {
        assert_eq!(enc.name().parse::<PbEncoding>(), Ok(enc));
    }
    assert_eq!(
        "bdds".parse::<PbEncoding>().unwrap_err().to_string(),
        "unknown pseudo-Boolean encoding 'bdds' (expected one of: bdd, gte, swc, adder)"
    );
}

/// The regression of a tour: a 60-term knapsack with 6-digit weights made the BDD grow to
/// gigabytes (its memo) before the clause limit; it is now refused at the memo bound, and
/// the adder encodes it.
#[test]
fn a_bdd_whose_memo_passes_its_bound_is_refused_before_gigabytes() {
    let mut s = 5u64;
    let terms: Vec<(i64, Lit)> = (0..60u32)
        .map(|i| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (100_000 + (s >> 33) as i64 % 900_000, Var::new(i).positive())
        })
        .collect();
    let capacity = terms.iter().map(|&(w, _)| w).sum::<i64>() / 2;
    let mut alloc = VarAlloc::starting_at(60);
    let mut sink = VecSink::default();
    let started = std::time::Instant::now();
    let err = PbEncoding::Bdd
        .encode_linear(&terms, Cmp::AtMost, capacity, &mut alloc, &mut sink)
        .unwrap_err();
    assert_eq!(
        err,
        PbError::TooLarge {
            encoding: PbEncoding::Bdd,
            limit: super::bdd::MAX_MEMO as u64
        }
    );
    eprintln!("refused after {:?}", started.elapsed());
    let mut alloc = VarAlloc::starting_at(60);
    let mut sink = VecSink::default();
    PbEncoding::Adder
        .encode_linear(&terms, Cmp::AtMost, capacity, &mut alloc, &mut sink)
        .unwrap();
}
