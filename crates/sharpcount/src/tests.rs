//! Every combination of the internal switches against brute force, with a learnt clause
//! database small enough to be reduced many times per count.

use crate::listing::Budget;
use crate::tuning::Tuning;
use crate::weighted::count_weighted_with;
use crate::{count_with, Options};
use proptest::prelude::*;

#[path = "../tests/it/common/mod.rs"]
pub(crate) mod common;
#[path = "../tests/it/common/weighted.rs"]
mod weighted;

use common::{brute_force, random_circuit, random_kcnf, shown, Rng};
use weighted::{brute_force_weighted, random_weights};

fn tunings() -> Vec<Tuning> {
    let mut out = Vec::new();
    for bits in 0..32u32 {
        out.push(Tuning {
            learnt_min: 8,
            tree_order: bits & 1 != 0,
            definability: bits & 2 != 0,
            elimination: bits & 4 != 0,
            simplification: bits & 8 != 0,
            implicit_bcp: bits & 16 != 0,
            dynamic_blocking: (bits / 3) % 2 == 0,
            // Half the combinations eliminate again with 3-literal resolvents at any width.
            retry_width: if (bits / 5) % 2 == 0 { 0 } else { u32::MAX },
            short_resolvent: 3,
            // On in half the combinations, spread over the others; a budget this small
            // lists some formulas to the end and gives up on others.
            listing: (bits.count_ones() % 2 == 1).then_some(Budget {
                models: 4,
                conflicts: 40,
            }),
        });
    }
    out
}

/// Projected formulas whose elimination adds long resolvents, eliminated again with
/// short ones (the cap and the width past which it is tried lowered to reach these
/// sizes), count right whether the second formula is kept or not: each unprojected
/// variable links two random clauses over the projected ones, whose resolvent is a
/// clique of up to six of them.
#[test]
fn elimination_again_with_short_resolvents_counts_right() {
    let mut rng = Rng(0x005e_ed0f_5407);
    let t = Tuning {
        listing: None,
        retry_width: 2,
        short_resolvent: 3,
        ..Tuning::default()
    };
    let (mut kept, mut dropped) = (0, 0);
    for _ in 0..60 {
        let (shown, hidden) = (10u32, 6u32);
        let mut clauses = Vec::new();
        for u in shown + 1..=shown + hidden {
            for sign in [1, -1] {
                let mut c = vec![sign * u as i32];
                while c.len() < 4 {
                    let v = 1 + rng.below(u64::from(shown)) as i32;
                    if c.iter().all(|l| l.abs() != v) {
                        c.push(if rng.below(2) == 0 { v } else { -v });
                    }
                }
                clauses.push(c);
            }
        }
        let f = common::formula_of(shown + hidden, clauses);
        let f = common::projected(f, Some((1..=shown).collect()));
        let c = count_with(&f, &Options::default(), &t).expect("counted");
        assert_eq!(c.count, brute_force(&f).into(), "{f:?}");
        if c.stats.preprocess.short_resolvents {
            kept += 1;
        } else {
            dropped += 1;
        }
    }
    assert!(kept > 0 && dropped > 0, "kept {kept}, dropped {dropped}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn every_switch_combination_counts_right(
        seed in any::<u64>(),
        n in 8u32..=18,
        ratio in 10u64..=45,
        projected in prop::option::of(0u32..=18),
    ) {
        let mut rng = Rng(seed | 1);
        let m = (u64::from(n) * ratio / 10) as usize;
        let f = random_kcnf(&mut rng, n, m, 3);
        let f = common::projected(f, projected.map(|k| (1..=k.min(n)).collect()));
        let want = brute_force(&f);
        for t in tunings() {
            let got = count_with(&f, &Options::default(), &t).map(|c| c.count);
            prop_assert_eq!(got.ok(), Some(want.into()), "{:?} on {:?}", t, f);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn every_switch_combination_counts_circuits_right(
        seed in any::<u64>(),
        inputs in 2u32..=8,
        gates in 1u32..=10,
        constraints in 0usize..=6,
        projected in prop::option::of(0u32..=18),
    ) {
        let mut rng = Rng(seed | 1);
        let f = random_circuit(&mut rng, inputs, gates, constraints);
        let n = f.num_vars() as u32;
        // Project onto a prefix (inputs first) or onto the gate outputs.
        let f = common::projected(f, projected.map(|k| {
            if k % 2 == 0 { (1..=k.min(n)).collect() } else { (inputs + 1..=n).collect() }
        }));
        let want = brute_force(&f);
        for t in tunings() {
            let got = count_with(&f, &Options::default(), &t).map(|c| c.count);
            prop_assert_eq!(got.ok(), Some(want.into()), "{:?} on {:?}", t, f);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_switch_combination_counts_weighted_right(
        seed in any::<u64>(),
        n in 6u32..=14,
        ratio in 10u64..=40,
        projected in prop::option::of(0u32..=14),
        circuit in any::<bool>(),
    ) {
        let mut rng = Rng(seed | 1);
        let f = if circuit {
            random_circuit(&mut rng, 2 + n / 3, n - n / 3 - 2, 3)
        } else {
            random_kcnf(&mut rng, n, (u64::from(n) * ratio / 10) as usize, 3)
        };
        let n = f.num_vars() as u32;
        let f = common::projected(f, projected.map(|k| (1..=k.min(n)).collect()));
        // Weights on some shown variables only, so that others stay unit-weighted.
        let some: Vec<u32> = shown(&f).into_iter().filter(|_| rng.below(3) != 0).collect();
        let w = random_weights(&some, |k| rng.below(k));
        let want = brute_force_weighted(&f, &w);
        for t in tunings() {
            let got = count_weighted_with(&f, &w, &Options::default(), &t).map(|c| c.value);
            prop_assert_eq!(got.ok(), Some(want.clone()), "{:?} on {:?} with {:?}", t, f, w);
        }
    }
}

#[test]
fn learnt_clause_reduction_keeps_counts_right() {
    // Random 3-CNF near the threshold: many conflicts, so a tiny database is reduced
    // often, with reasons locked and clauses reused.
    let mut rng = Rng(0x5eed);
    let t = Tuning {
        learnt_min: 4,
        listing: None,
        ..Tuning::default()
    };
    let mut reductions_seen = false;
    for _ in 0..40 {
        let f = random_kcnf(&mut rng, 18, 72, 3);
        let c = count_with(&f, &Options::default(), &t).expect("counted");
        assert_eq!(c.count, brute_force(&f).into(), "{f:?}");
        reductions_seen |= c.stats.learnt_clauses > 8;
    }
    assert!(reductions_seen, "no formula learnt enough to reduce");
}

#[test]
fn long_clauses_count_right_in_closed_form() {
    // (x1 ∨ … ∨ x12)(¬x1 ∨ … ∨ ¬x12) and a mixed-sign variant: once one variable is set,
    // what is left is one clause, counted without branching on it; projected onto a prefix
    // (some literals unprojected) and weighted too.
    let pos: Vec<i32> = (1..=12).collect();
    let neg: Vec<i32> = pos.iter().map(|v| -v).collect();
    let mixed: Vec<i32> = (1..=12).map(|v| if v % 4 == 0 { -v } else { v }).collect();
    let mut rng = Rng(0xc1a05e);
    for clauses in [
        vec![pos.clone(), neg.clone()],
        vec![mixed, neg, vec![3, 13]],
    ] {
        for projection in [None, Some((1..=6).collect::<Vec<u32>>())] {
            let f = common::projected(common::formula_of(13, clauses.clone()), projection);
            let want = brute_force(&f);
            for t in tunings() {
                let got = count_with(&f, &Options::default(), &t).map(|c| c.count);
                assert_eq!(got.ok(), Some(want.into()), "{t:?} on {f:?}");
            }
            let w = random_weights(&shown(&f), |k| rng.below(k));
            let got = count_weighted_with(&f, &w, &Options::default(), &Tuning::default());
            assert_eq!(
                got.map(|c| c.value).ok(),
                Some(brute_force_weighted(&f, &w))
            );
        }
    }
}

#[test]
fn failed_literal_probes_imply_literals_and_keep_counts_right() {
    // Random 3-CNF near the threshold, where branches meet conflicts: the probes find
    // failed literals, and the counts equal brute force's and those without probes.
    let mut rng = Rng(0xfa11ed);
    let on = Tuning {
        listing: None,
        ..Tuning::default()
    };
    let off = Tuning {
        implicit_bcp: false,
        ..on
    };
    let mut implied = 0;
    for _ in 0..30 {
        let f = random_kcnf(&mut rng, 18, 76, 3);
        let with = count_with(&f, &Options::default(), &on).expect("counted");
        let without = count_with(&f, &Options::default(), &off).expect("counted");
        assert_eq!(with.count, brute_force(&f).into(), "{f:?}");
        assert_eq!(with.count, without.count, "{f:?}");
        assert_eq!(without.stats.failed_probes, 0);
        implied += with.stats.failed_probes;
    }
    assert!(
        implied > 0,
        "no probe failed on 30 formulas near the threshold"
    );
}

/// Counts 60 random circuits (6 inputs, 12 gates, `constraints` constraints) built from
/// `seed`, each projected as `projection` says, without listing; asserts each count
/// against brute force and returns the sum of `stat` over the counts.
fn circuits_counted(
    seed: u64,
    constraints: usize,
    mut projection: impl FnMut(&mut Rng) -> Option<Vec<u32>>,
    stat: impl Fn(&crate::stats::PreprocessStats) -> u64,
) -> u64 {
    let mut rng = Rng(seed);
    let t = Tuning {
        listing: None,
        ..Tuning::default()
    };
    let mut total = 0;
    for _ in 0..60 {
        let f = random_circuit(&mut rng, 6, 12, constraints);
        let f = common::projected(f, projection(&mut rng));
        let c = count_with(&f, &Options::default(), &t).expect("counted");
        assert_eq!(c.count, brute_force(&f).into(), "{f:?}");
        total += stat(&c.stats.preprocess);
    }
    total
}

#[test]
fn variables_all_others_define_are_eliminated_and_counts_stay_right() {
    // Circuits with a few constraints: after the independent support is fixed, some
    // variables all the others define are eliminated (inputs among them); brute force
    // agrees, and the step is undone where it would widen the decomposition.
    let redefined = circuits_counted(0xdef1, 3, |_| None, |p| p.redefined_vars);
    assert!(redefined > 0, "no variable redefined in 60 circuits");
}

#[test]
fn variables_gates_define_are_eliminated_and_counts_stay_right() {
    // Circuits projected onto their inputs: the gate outputs are eliminated with only the
    // resolvents of their gate clauses (AND, OR, XOR, if-then-else); brute force agrees.
    let gated = circuits_counted(0x6a7e, 2, |_| Some((1..=6).collect()), |p| p.gate_vars);
    assert!(
        gated > 0,
        "no variable eliminated by its gate in 60 circuits"
    );
}

#[test]
fn clauses_blocked_on_unprojected_literals_go_and_counts_stay_right() {
    // Circuits projected onto a few of their signals: the gates above the projection are
    // blocked on their outputs and go; brute force agrees.
    let project = |rng: &mut Rng| Some((1..=3 + rng.below(8) as u32).collect());
    let blocked = circuits_counted(0xb10c, 2, project, |p| p.blocked_clauses);
    assert!(blocked > 0, "no clause blocked in 60 projected circuits");
}

#[test]
fn clauses_blocked_during_the_search_are_switched_off_and_counts_stay_right() {
    // Random 3-CNF projected onto a third of its variables, without the preprocessing that
    // would drop blocked clauses before the search: as variables are assigned, more
    // clauses become blocked on unprojected ones. Brute force agrees, with and without.
    let mut rng = Rng(0xd1b1);
    let mut switched = 0;
    for _ in 0..80 {
        let n = 12 + rng.below(7) as u32;
        let f = random_kcnf(&mut rng, n, (n as usize * 3) / 2, 3);
        let f = common::projected(f, Some((1..=n / 3).collect()));
        let want = brute_force(&f);
        for dynamic_blocking in [true, false] {
            let t = Tuning {
                listing: None,
                elimination: false,
                dynamic_blocking,
                ..Tuning::default()
            };
            let c = count_with(&f, &Options::default(), &t).expect("counted");
            assert_eq!(c.count, want.into(), "{f:?}");
            switched += c.stats.blocked_in_search;
            if !dynamic_blocking {
                assert_eq!(c.stats.blocked_in_search, 0);
            }
        }
    }
    assert!(
        switched > 0,
        "no clause switched off in 80 projected formulas"
    );
}

#[test]
fn backbone_literals_a_search_reaches_are_fixed() {
    // x1 ∨ C for every clause C of three pigeons in two holes (x2..x7): x1 holds in every
    // model, but neither propagation, probing nor subsumption shows it; a search does.
    let pigeons = [[2, 3], [4, 5], [6, 7]];
    let mut clauses: Vec<Vec<i32>> = pigeons.iter().map(|p| vec![1, p[0], p[1]]).collect();
    for (a, pa) in pigeons.iter().enumerate() {
        for pb in &pigeons[a + 1..] {
            // Pigeons a and b not both in the same hole.
            for (x, y) in pa.iter().zip(pb) {
                clauses.push(vec![1, -x, -y]);
            }
        }
    }
    clauses.push(vec![-1, 8, 9]);
    let f = common::formula_of(9, clauses);
    let t = Tuning {
        listing: None,
        ..Tuning::default()
    };
    let c = count_with(&f, &Options::default(), &t).expect("counted");
    assert_eq!(c.count, brute_force(&f).into());
    assert!(c.stats.preprocess.backbone >= 1, "{:?}", c.stats.preprocess);
}

#[test]
fn listing_counts_few_models_and_hands_many_to_the_search() {
    // Near the threshold (few models) the listing gives the count; past its budget of
    // models or conflicts the search does, from scratch. Either way brute force agrees,
    // projected or not.
    let mut rng = Rng(0x1157);
    let budget = Budget {
        models: 8,
        conflicts: 10_000,
    };
    let t = Tuning {
        listing: Some(budget),
        ..Tuning::default()
    };
    let (mut listed, mut searched) = (0, 0);
    for i in 0..60 {
        let m = if i % 2 == 0 { 64 } else { 40 };
        let f = random_kcnf(&mut rng, 16, m, 3);
        let f = common::projected(f, (i % 3 == 0).then(|| (1..=10).collect()));
        let want = brute_force(&f);
        let c = count_with(&f, &Options::default(), &t).expect("counted");
        assert_eq!(c.count, want.into(), "{f:?}");
        if c.stats.listing_counted {
            // Projected variables in no clause are counted apart, as a power of two.
            let free = c.stats.preprocess.free_vars;
            assert_eq!(c.stats.listed_models << free, want, "{f:?}");
            assert_eq!(c.stats.components, 0, "the search ran: {f:?}");
            listed += u32::from(want > 0);
        } else if want == 0 {
            // Preprocessing alone found no model: neither the listing nor the search ran.
            assert_eq!(c.stats.listed_models, 0, "{f:?}");
        } else {
            assert!(want > budget.models, "gave up on {want} models: {f:?}");
            assert_eq!(c.stats.listed_models, budget.models + 1, "{f:?}");
            searched += 1;
        }
    }
    assert!(
        listed > 5 && searched > 5,
        "listed {listed}, searched {searched}"
    );
}
