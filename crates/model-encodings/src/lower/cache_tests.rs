//! Lowering through the core's seam: `Clauses::lower` projects onto the shown variables,
//! and a model keeps one lowering per choice of encodings until it changes
//! (`Model::lowered`, the cache `model-core` keeps for whichever `CnfLowering` asks).

use crate::{AmoEncoding, CnfOptions};
use model_core::{Clauses, Constraint, IntDef, Lit, Model, Var};
use std::sync::Arc;

#[test]
fn a_lowered_model_is_projected_onto_its_shown_variables() {
    let mut m = Model::new();
    let x = m.new_vars(6);
    m.add(Constraint::AtMostOne(
        x.iter().map(|v| v.positive()).collect(),
    ));
    let options = CnfOptions {
        amo: AmoEncoding::Ladder,
        ..CnfOptions::default()
    };
    let f = Clauses::lower(&m, &options).expect("lowers");
    // The ladder adds auxiliaries; only the model's own six variables count.
    assert!(f.num_vars() > 6, "{f:?}");
    assert_eq!(f.projection(), Some(&x[..]));
    m.show([x[2], x[0]]);
    let f = Clauses::lower(&m, &options).expect("lowers");
    assert_eq!(f.projection(), Some(&[x[0], x[2]][..]));
}

/// The clauses of a lowering, with its variables and projection.
fn listed(c: &Clauses) -> (usize, Vec<Vec<Lit>>, Option<Vec<Var>>) {
    (
        c.num_vars(),
        c.iter().map(<[Lit]>::to_vec).collect(),
        c.projection().map(<[Var]>::to_vec),
    )
}

/// `m` lowered afresh, listed.
fn fresh(m: &Model, options: &CnfOptions) -> (usize, Vec<Vec<Lit>>, Option<Vec<Var>>) {
    listed(&Clauses::lower(m, options).unwrap())
}

#[test]
fn a_model_is_lowered_once_per_encoding_until_it_changes() {
    let mut m = Model::new();
    let v = m.new_vars(4);
    m.add(Constraint::AtMostOne(
        v.iter().map(|x| x.positive()).collect(),
    ));
    let pairwise = CnfOptions::default();
    let first = m.lowered(&pairwise).unwrap();
    assert!(Arc::ptr_eq(&first, &m.lowered(&pairwise).unwrap()));
    // A clone shares what was lowered; another encoding is lowered on its own.
    let copy = m.clone();
    assert!(Arc::ptr_eq(&first, &copy.lowered(&pairwise).unwrap()));
    let other = CnfOptions {
        amo: AmoEncoding::Sequential,
        ..CnfOptions::default()
    };
    let sequential = m.lowered(&other).unwrap();
    assert!(!Arc::ptr_eq(&first, &sequential));
    assert!(
        sequential.num_vars() > first.num_vars(),
        "auxiliary variables"
    );
    // Every change forgets: a constraint, a variable, the projection, an integer.
    let mut changed = m.clone();
    changed.add(Constraint::Clause(vec![v[0].positive()]));
    let after = changed.lowered(&pairwise).unwrap();
    assert!(!Arc::ptr_eq(&first, &after));
    assert_eq!(listed(&after), fresh(&changed, &pairwise));
    let mut changed = m.clone();
    changed.new_var("e");
    assert_eq!(changed.lowered(&pairwise).unwrap().num_vars(), 5);
    let mut changed = m.clone();
    changed.show([v[0]]);
    assert_eq!(
        listed(&changed.lowered(&pairwise).unwrap()),
        fresh(&changed, &pairwise)
    );
    let mut changed = m.clone();
    changed.define_int(IntDef {
        name: "sum".into(),
        terms: v.iter().map(|&x| (1, x)).collect(),
        lo: 1,
        hi: 1,
    });
    assert_eq!(
        listed(&changed.lowered(&pairwise).unwrap()),
        fresh(&changed, &pairwise)
    );
    // The original is as it was.
    assert!(Arc::ptr_eq(&first, &m.lowered(&pairwise).unwrap()));
}

#[test]
fn a_model_of_clauses_alone_shares_one_lowering_whatever_the_encodings() {
    let mut m = Model::new();
    let v = m.new_vars(3);
    m.add(Constraint::Clause(vec![v[0].positive(), v[1].negative()]));
    let sequential = CnfOptions {
        amo: AmoEncoding::Sequential,
        ..CnfOptions::default()
    };
    let a = m.lowered(&CnfOptions::default()).unwrap();
    assert!(Arc::ptr_eq(&a, &m.lowered(&sequential).unwrap()));
}
