use crate::oracle::{bits, Oracle};
use crate::{
    cnf_size, lower_to_cnf, CnfOptions, Constraint, IntDef, Model, PbEncoding, Var, VecSink,
};
use proptest::prelude::*;

fn int(name: &str, terms: Vec<(i64, Var)>, lo: i64, hi: i64) -> IntDef {
    IntDef {
        name: name.into(),
        terms,
        lo,
        hi,
    }
}

/// Every assignment of the model's variables extends to a model of the lowered CNF exactly
/// when [`Model::check`] accepts it (integer ranges included).
fn lowers_exactly(m: &Model, opts: &CnfOptions) {
    let mut sink = VecSink::default();
    let info = lower_to_cnf(m, opts, &mut sink).unwrap();
    assert_eq!(cnf_size(m, opts).unwrap(), info);
    let mut oracle = Oracle::new(&sink.clauses);
    let n = m.num_vars();
    for code in 0..1u32 << n {
        let a = bits(code, n);
        assert_eq!(
            oracle.extends(&a),
            m.check(&a).is_ok(),
            "{a:?} under {opts:?}"
        );
    }
}

fn clauses(m: &Model) -> usize {
    let mut sink = VecSink::default();
    lower_to_cnf(m, &CnfOptions::default(), &mut sink).unwrap();
    sink.clauses.len()
}

/// The fault this pins: a range the CNF lowering dropped let varisat list assignments the
/// model refuses (three true variables of an integer declared in 0..=1).
#[test]
fn a_range_the_model_does_not_imply_is_lowered() {
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.define_int(int("x", v.iter().map(|&v| (1, v)).collect(), 0, 1));
    assert!(clauses(&m) > 0);
    lowers_exactly(&m, &CnfOptions::default());
}

#[test]
fn implied_ranges_add_no_clause() {
    // By the coefficients alone.
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.define_int(int("sum", v.iter().map(|&v| (1, v)).collect(), 0, 3));
    assert_eq!(clauses(&m), 0);
    // By a one-hot constraint (values 0, 1, 2) and an at-most-one (0 allowed too).
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::ExactlyOne(
        v.iter().map(|v| v.positive()).collect(),
    ));
    m.define_int(int(
        "direct",
        (0..3).map(|i| (i, v[i as usize])).collect(),
        0,
        2,
    ));
    assert_eq!(
        clauses(&m),
        clauses(&{
            let mut plain = Model::new();
            let v = plain.new_vars(3);
            plain.add(Constraint::ExactlyOne(
                v.iter().map(|v| v.positive()).collect(),
            ));
            plain
        })
    );
    let mut m = Model::new();
    let v = m.new_vars(2);
    m.add(Constraint::AtMostOne(
        v.iter().map(|v| v.positive()).collect(),
    ));
    m.define_int(int("amo", vec![(1, v[0]), (2, v[1])], 0, 2));
    assert_eq!(clauses(&m), 1);
    // By clauses that exclude the values 5..=7 of a 3-bit log encoding.
    let mut m = Model::new();
    let b = m.new_vars(3);
    for value in 5..8 {
        let clause = (0..3).map(|t| b[t].lit(value >> t & 1 == 0)).collect();
        m.add(Constraint::Clause(clause));
    }
    m.define_int(int("log", (0..3).map(|t| (1 << t, b[t])).collect(), 0, 4));
    assert_eq!(clauses(&m), 3);
    lowers_exactly(&m, &CnfOptions::default());
}

#[test]
fn a_one_hot_constraint_that_allows_an_out_of_range_value_implies_nothing() {
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::ExactlyOne(
        v.iter().map(|v| v.positive()).collect(),
    ));
    m.define_int(int(
        "direct",
        (0..3).map(|i| (i, v[i as usize])).collect(),
        1,
        2,
    ));
    assert!(clauses(&m) > 1);
    lowers_exactly(&m, &CnfOptions::default());
}

proptest! {
    /// Random integers (repeated variables and negative coefficients included) beside random
    /// clauses and one-hot constraints lower exactly with every pseudo-Boolean encoding.
    #[test]
    fn ranges_lower_exactly(
        ints in prop::collection::vec(
            (prop::collection::vec((-3i64..=3, 0usize..5), 1..5), -4i64..=4, 0i64..=5),
            1..3,
        ),
        clause_list in prop::collection::vec(prop::collection::vec((0usize..5, any::<bool>()), 1..4), 0..4),
        one_hot in prop::option::of(prop::collection::btree_set(0usize..5, 2..5)),
    ) {
        let mut m = Model::new();
        let v = m.new_vars(5);
        for c in clause_list {
            m.add(Constraint::Clause(c.into_iter().map(|(i, s)| v[i].lit(s)).collect()));
        }
        if let Some(set) = one_hot {
            m.add(Constraint::ExactlyOne(set.into_iter().map(|i| v[i].positive()).collect()));
        }
        for (k, (terms, lo, width)) in ints.into_iter().enumerate() {
            let terms = terms.into_iter().map(|(a, i)| (a, v[i])).collect();
            m.define_int(int(&format!("i{k}"), terms, lo, lo + width));
        }
        for pb in PbEncoding::ALL {
            lowers_exactly(&m, &CnfOptions { pb, ..CnfOptions::default() });
        }
    }
}
