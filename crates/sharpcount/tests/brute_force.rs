//! The count equals brute-force enumeration on random small formulas, with and without a
//! projection (including an empty one), with empty clauses, duplicates and tautologies.

mod common;

use common::brute_force;
use proptest::prelude::*;
use sharpcount::{count, Formula, Options};

fn formula_strategy() -> impl Strategy<Value = Formula> {
    (1u32..=14).prop_flat_map(|n| {
        let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, neg)| if neg { -v } else { v });
        let clause = prop::collection::vec(lit, 0..=4)
            .prop_filter("mostly non-empty", |c| !c.is_empty() || rand_bit(c));
        let clauses = prop::collection::vec(clause, 0..=40);
        let projection = prop_oneof![
            2 => Just(None),
            3 => prop::collection::vec(1..=n, 0..=n as usize).prop_map(Some),
        ];
        (Just(n), clauses, projection).prop_map(|(num_vars, clauses, projection)| Formula {
            num_vars,
            clauses,
            projection,
        })
    })
}

/// Lets about one empty clause in twenty through (the filter sees only the clause).
fn rand_bit(_c: &[i32]) -> bool {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    N.fetch_add(1, Ordering::Relaxed) % 20 == 0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn count_equals_brute_force(f in formula_strategy()) {
        let got = count(&f, &Options::default()).map(|c| c.count);
        let want = brute_force(&f);
        prop_assert_eq!(got.ok(), Some(want.into()), "formula {:?}", f);
    }

    #[test]
    fn tiny_cache_gives_the_same_count(f in formula_strategy()) {
        let got = count(&f, &Options::default().with_cache_mb(0)).map(|c| c.count);
        prop_assert_eq!(got.ok(), Some(brute_force(&f).into()), "formula {:?}", f);
    }
}
