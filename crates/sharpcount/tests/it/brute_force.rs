//! The count equals brute-force enumeration on random small formulas, with and without a
//! projection (including an empty one), with empty clauses, duplicates and tautologies.

use crate::common::{brute_force, formula_of, projected};
use proptest::prelude::*;
use sharpcount::{count, Options};
use zero_one_model::Clauses;

fn formula_strategy() -> impl Strategy<Value = Clauses> {
    (1u32..=14).prop_flat_map(|n| {
        let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, neg)| if neg { -v } else { v });
        // About one clause in forty is empty.
        let width = prop_oneof![1 => Just(0usize), 39 => 1usize..=4];
        let clause = width.prop_flat_map(move |w| prop::collection::vec(lit.clone(), w));
        let clauses = prop::collection::vec(clause, 0..=40);
        let projection = prop_oneof![
            2 => Just(None),
            3 => prop::collection::vec(1..=n, 0..=n as usize).prop_map(Some),
        ];
        (Just(n), clauses, projection).prop_map(|(num_vars, clauses, projection)| {
            projected(formula_of(num_vars, clauses), projection)
        })
    })
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
