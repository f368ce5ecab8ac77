//! Checking assignments, naming, blocking clauses and the checked forms of the builders.

use super::*;

#[test]
fn check_names_the_broken_constraint() {
    let mut m = Model::new();
    let a = m.new_var("a");
    let b = m.new_var("b");
    m.add(Constraint::Clause(vec![a.positive()]));
    m.add(Constraint::AtMostOne(vec![a.positive(), b.positive()]));
    assert_eq!(m.check(&[true, false]), Ok(()));
    assert_eq!(
        m.check(&[true, true]),
        Err(Violation::Constraint {
            index: 1,
            kind: "at-most-one"
        })
    );
    assert!(matches!(
        m.check(&[true]),
        Err(Violation::WrongLength { .. })
    ));
}

#[test]
fn unnamed_variables_get_names_from_the_namer() {
    let mut m = Model::new();
    let a = m.new_var("a");
    let vars = m.new_vars(3);
    assert_eq!(m.num_vars(), 4);
    assert_eq!(vars, [Var::new(1), Var::new(2), Var::new(3)]);
    assert_eq!(m.name(vars[0]), "v2");
    m.set_namer(Arc::new(|v: Var| format!("x{}", v.index())));
    assert_eq!(m.name(Var::new(3)), "x3");
    assert_eq!(m.name(a), "a");
}

#[test]
fn blocking_clause_is_false_exactly_at_the_blocked_projection() {
    let mut m = Model::new();
    let a = m.new_var("a");
    let b = m.new_var("b");
    let _aux = m.new_var("aux");
    m.show([a, b]);
    let clause = m.blocking_clause(&[true, false, true]).unwrap();
    assert_eq!(clause, vec![a.negative(), b.positive()]);
    m.add(Constraint::ExactlyOne(vec![a.positive(), b.positive()]));
    m.set_shown_weight(1);
    assert_eq!(
        m.blocking_clause(&[true, false, true]),
        Ok(vec![a.negative()])
    );
    assert_eq!(
        m.blocking_clause(&[true, true, true]),
        Err(Violation::ShownWeight {
            declared: 1,
            found: 2
        })
    );
    assert!(matches!(
        m.blocking_clause(&[true, false]),
        Err(Violation::WrongLength {
            expected: 3,
            found: 2
        })
    ));
    assert!(!Constraint::Clause(clause.clone()).holds(&[true, false, false]));
    assert!(Constraint::Clause(clause).holds(&[true, true, true]));
}

#[test]
fn try_add_refuses_a_stranger_variable_and_leaves_the_model_unchanged() {
    let mut m = Model::new();
    let a = m.new_var("a");
    let stranger = Var::new(1);
    let bad = Constraint::AtMostOne(vec![a.positive(), stranger.negative()]);
    assert_eq!(
        m.try_add(bad),
        Err(ModelError::VarOutsideModel {
            var: stranger,
            num_vars: 1
        })
    );
    assert!(m.constraints().is_empty());
    assert_eq!(
        m.try_show([a, stranger]),
        Err(ModelError::VarOutsideModel {
            var: stranger,
            num_vars: 1
        })
    );
    assert_eq!(
        m.shown(),
        vec![a],
        "nothing shown: every variable is the projection"
    );
}

#[test]
#[should_panic(expected = "variable #4 is outside the model")]
fn add_panics_with_the_variable_named() {
    Model::new().add(Constraint::Clause(vec![Var::new(4).positive()]));
}

#[test]
fn try_define_int_refuses_strangers_and_empty_ranges() {
    let mut m = Model::new();
    let a = m.new_var("a");
    let def = |terms, lo, hi| IntDef {
        name: "q".into(),
        terms,
        lo,
        hi,
    };
    assert_eq!(
        m.try_define_int(def(vec![(1, Var::new(9))], 0, 1)),
        Err(ModelError::VarOutsideModel {
            var: Var::new(9),
            num_vars: 1
        })
    );
    let empty = m.try_define_int(def(vec![(1, a)], 2, 1)).unwrap_err();
    assert_eq!(empty.to_string(), "integer 'q' has an empty range 2..=1");
    assert!(m.ints().is_empty());
    assert_eq!(m.try_define_int(def(vec![(1, a)], 0, 1)), Ok(()));
    assert_eq!(m.ints().len(), 1);
}

/// The regression: `show([])` did nothing, and the projection stayed every variable.
#[test]
fn showing_nothing_makes_the_projection_empty() {
    let mut m = Model::new();
    let a = m.new_var("a");
    assert_eq!(m.shown(), vec![a], "never shown: every variable");
    m.show([]);
    assert!(m.shown().is_empty());
    m.show([a]);
    assert_eq!(m.shown(), vec![a]);
}

/// The regression: `show([b, a, b])` showed `b` twice, so `shown()` was not a set.
#[test]
fn a_variable_shown_twice_is_shown_once() {
    let mut m = Model::new();
    let a = m.new_var("a");
    let b = m.new_var("b");
    m.show([b, a, b]);
    m.show([a]);
    assert_eq!(m.shown(), vec![b, a]);
}

/// The regression (issue 31): a shown weight of 1 on `x1 ∨ x2` over three variables (six
/// solutions, of weights 1 to 3) was taken on trust, and the backends that block with the
/// short clauses it allows counted 2.
#[test]
fn a_shown_weight_the_constraints_do_not_prove_is_refused() {
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
    let refused = m.try_set_shown_weight(1).unwrap_err();
    assert_eq!(refused, ModelError::ShownWeightUnproven { k: 1 });
    assert!(
        refused.to_string().contains("exactly 1 true shown"),
        "{refused}"
    );
    assert_eq!(m.shown_weight(), None);
}

#[test]
fn disjoint_exactly_one_rows_prove_a_shown_weight_and_a_later_show_can_drop_it() {
    let mut m = Model::new();
    let v = m.new_vars(4);
    m.add(Constraint::ExactlyOne(vec![
        v[0].positive(),
        v[1].positive(),
    ]));
    // Overlaps the first row: skipped, the rows below still cover the rest.
    m.add(Constraint::ExactlyOne(vec![
        v[0].positive(),
        v[2].positive(),
    ]));
    m.add(Constraint::Cardinality {
        lits: vec![v[2].positive(), v[3].positive()],
        cmp: Cmp::Exactly,
        k: 1,
    });
    assert!(m.try_set_shown_weight(3).is_err(), "the bounds sum to 2");
    assert_eq!(m.try_set_shown_weight(2), Ok(()));
    assert_eq!(m.shown_weight(), Some(2));
    // Showing a subset breaks the cover: the promise is dropped, not kept unchecked.
    m.show([v[0], v[1]]);
    assert_eq!(m.shown_weight(), None);
    let mut negative = Model::new();
    let w = negative.new_vars(2);
    negative.add(Constraint::ExactlyOne(vec![
        w[0].negative(),
        w[1].negative(),
    ]));
    assert!(
        negative.try_set_shown_weight(1).is_err(),
        "¬x rows count false ones"
    );
}
