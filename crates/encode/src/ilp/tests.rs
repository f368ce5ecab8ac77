use super::*;
use crate::{Constraint, IntDef, Lit, Model, Var};
use proptest::prelude::*;

fn assignments(n: usize) -> impl Iterator<Item = Vec<bool>> {
    (0..1u32 << n).map(move |m| (0..n).map(|i| m >> i & 1 == 1).collect())
}

fn as_ints(a: &[bool]) -> Vec<i64> {
    a.iter().map(|&b| i64::from(b)).collect()
}

fn lit() -> impl Strategy<Value = Lit> + Clone {
    (0u32..4, any::<bool>()).prop_map(|(v, pos)| Var::new(v).lit(pos))
}

fn constraint() -> impl Strategy<Value = Constraint> {
    let lits = prop::collection::vec(lit(), 1..5);
    prop_oneof![
        lits.clone().prop_map(Constraint::Clause),
        lits.clone().prop_map(Constraint::AtMostOne),
        lits.clone().prop_map(Constraint::ExactlyOne),
        (lits.clone(), 0u32..4).prop_map(|(lits, k)| Constraint::Cardinality {
            lits,
            cmp: Cmp::AtLeast,
            k
        }),
        (prop::collection::vec((-3i64..4, lit()), 1..5), -3i64..4).prop_map(|(terms, rhs)| {
            Constraint::Linear {
                terms,
                cmp: Cmp::AtMost,
                rhs,
            }
        }),
    ]
}

proptest! {
    /// The ILP accepts exactly the assignments the 0-1 model accepts, whatever the
    /// constraint kinds, negative literals and repeated variables.
    #[test]
    fn lowering_keeps_the_solution_set(cs in prop::collection::vec(constraint(), 1..5)) {
        let mut m = Model::new();
        for i in 0..4 {
            m.new_var(format!("v{i}"));
        }
        for c in cs {
            m.add(c);
        }
        let ilp = lower_to_ilp(&m);
        for a in assignments(4) {
            prop_assert_eq!(m.check(&a).is_ok(), ilp.check(&as_ints(&a)).is_ok(), "{:?}", a);
        }
    }
}

fn three_vars_exactly_one() -> Model {
    let mut m = Model::new();
    let vars: Vec<Var> = (0..3).map(|i| m.new_var(format!("y{i}"))).collect();
    m.add(Constraint::ExactlyOne(
        vars.iter().map(|v| v.positive()).collect(),
    ));
    m.define_int(IntDef {
        name: "q".into(),
        terms: vec![(0, vars[0]), (1, vars[1]), (2, vars[2])],
        lo: 0,
        hi: 2,
    });
    m
}

#[test]
fn a_defined_integer_is_tied_to_its_sum() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    assert_eq!(ilp.integers(), 1);
    assert_eq!(ilp.vars[3].kind, VarKind::Integer { lo: 0, hi: 2 });
    assert_eq!(ilp.check(&[0, 0, 1, 2]), Ok(()));
    assert_eq!(
        ilp.check(&[0, 0, 1, 1]),
        Err(IlpViolation::Row {
            index: 1,
            activity: -1
        })
    );
    assert!(matches!(
        ilp.check(&[0, 0, 1, 3]),
        Err(IlpViolation::OutOfBounds { .. })
    ));
}

#[test]
fn a_value_off_an_integer_is_refused_not_rounded() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    assert_eq!(
        ilp.check_raw(&[1e-9, 0.0, 1.0 - 1e-9, 2.0], 1e-6),
        Ok(vec![0, 0, 1, 2])
    );
    let err = ilp.check_raw(&[0.0, 0.5, 0.5, 1.5], 1e-6).unwrap_err();
    assert_eq!(err.to_string(), "variable y1 = 0.5 is not an integer");
}

#[test]
fn no_good_excludes_exactly_one_projection() {
    for weight in [None, Some(1)] {
        let mut m = three_vars_exactly_one();
        if let Some(k) = weight {
            m.set_shown_weight(k);
        }
        let ilp = lower_to_ilp(&m);
        let blocked = [0, 1, 0, 1];
        let row = ilp.no_good(&blocked);
        for a in assignments(3) {
            let mut values = as_ints(&a);
            values.push(1);
            if ilp.check(&values).is_err() && weight.is_some() {
                continue; // the short form is exact on solutions only
            }
            assert_eq!(
                row.holds(&values),
                values != blocked,
                "{values:?} {weight:?}"
            );
        }
    }
}

#[test]
fn propagation_fixes_the_rest_of_an_exactly_one_row() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    let mut bounds: Bounds = ilp.vars.iter().map(IlpVar::bounds).collect();
    bounds[2] = (1, 1);
    propagate(&ilp, &mut bounds).unwrap();
    assert_eq!(bounds, [(0, 0), (0, 0), (1, 1), (2, 2)]);
    let mut both: Bounds = ilp.vars.iter().map(IlpVar::bounds).collect();
    both[0] = (1, 1);
    both[1] = (1, 1);
    assert_eq!(propagate(&ilp, &mut both), Err(0));
}

#[test]
fn opb_layout_spells_integers_in_bits() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    let layout = opb::OpbLayout::of(&ilp);
    // Three binaries, q in 0..=2 needs two bits and a row keeping it at most 2.
    assert_eq!((layout.vars, layout.rows), (5, 3));
    assert_eq!(
        layout.values(&[false, false, true, false, true]),
        [0, 0, 1, 2]
    );
}

#[test]
fn lp_and_opb_headers_are_exact() {
    let ilp = lower_to_ilp(&three_vars_exactly_one());
    let mut lp = Vec::new();
    lp::write_lp(&ilp, "t", &mut lp).unwrap();
    let lp = String::from_utf8(lp).unwrap();
    assert!(lp.starts_with(
        "\\ t\n\\ 4 variables (3 binary, 1 general integer), 2 rows\nMinimize\n obj: 0 y0\n\
         Subject To\n c1: + y0 + y1 + y2 = 1\n c2: - y1 - 2 y2 + q = 0\n\
         Bounds\n 0 <= q <= 2\nBinary\n y0 y1 y2\nGeneral\n q\nEnd\n"
    ));
    let mut opb = Vec::new();
    opb::write_opb(&ilp, "t", &mut opb).unwrap();
    let opb = String::from_utf8(opb).unwrap();
    assert!(opb.starts_with("* #variable= 5 #constraint= 3\n"), "{opb}");
    assert!(opb.contains("\n+1 x1 +1 x2 +1 x3 = 1 ;\n"), "{opb}");
    assert!(opb.contains("\n-1 x2 -2 x3 +1 x4 +2 x5 = 0 ;\n"), "{opb}");
    assert!(opb.ends_with("\n-1 x4 -2 x5 >= -2 ;\n"), "{opb}");
}
