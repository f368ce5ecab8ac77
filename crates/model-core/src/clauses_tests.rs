//! The core's own promises: clauses read back as given, the projection kept sorted and once
//! each, sizes that follow the clauses rather than the declared variables.

use super::*;

fn lit(n: i64) -> Lit {
    Lit::from_dimacs(n).expect("a literal")
}

fn of(num_vars: usize, clauses: &[&[i64]]) -> Clauses {
    let cl: Vec<Vec<Lit>> = clauses
        .iter()
        .map(|c| c.iter().map(|&n| lit(n)).collect())
        .collect();
    Clauses::from_clauses(num_vars, cl.iter().map(Vec::as_slice))
}

#[test]
fn clauses_read_back_in_order_and_variables_cover_every_literal() {
    let f = of(2, &[&[1, -2], &[3], &[-1, 2, -4], &[]]);
    assert_eq!(f.num_vars(), 4);
    assert_eq!(f.len(), 4);
    let back: Vec<Vec<i64>> = f
        .iter()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect();
    assert_eq!(back, vec![vec![1, -2], vec![3], vec![-1, 2, -4], vec![]]);
    assert_eq!(f.units(), &[lit(3)]);
    assert!(f.has_empty_clause());
    assert_eq!(f.num_long(), 1);
    assert_eq!(f.projection(), None);
}

#[test]
fn the_projection_is_sorted_once_each_and_may_raise_the_variables() {
    let f = of(3, &[&[1, 2]]).with_projection([3, 1, 3, 9].map(|v| Var::new(v - 1)));
    assert_eq!(
        f.projection(),
        Some(&[Var::new(0), Var::new(2), Var::new(8)][..])
    );
    assert_eq!(f.num_vars(), 9);
    // A variable no clause mentions implies nothing, even beyond the clauses' variables.
    assert_eq!(f.implied(lit(-9)), &[] as &[Lit]);
    assert_eq!(f.implied(lit(-1)), &[lit(2)]);
    // Replaced, not added to; the empty projection stays empty, not "every variable".
    let f = f.with_projection([]);
    assert_eq!(f.projection(), Some(&[][..]));
}

#[test]
fn two_billion_declared_variables_cost_nothing_until_used() {
    // The layout is per variable a clause mentions: this would take gigabytes otherwise.
    let f = of(1 << 31, &[&[1, -5], &[5, 2, 3]]).with_projection([Var::new((1 << 31) - 1)]);
    assert_eq!(f.num_vars(), 1 << 31);
    assert_eq!(f.implied(lit(-1)), &[lit(-5)]);
    assert_eq!(f.implied(lit(2_000_000_000)), &[] as &[Lit]);
}

#[test]
fn a_clause_on_variable_two_billion_costs_nothing_until_propagated() {
    // The implication lists would be per literal up to variable 2^31 (96 GiB); a consumer
    // that never propagates over the core (the model counter) never lays them out.
    let top = Var::new((1 << 31) - 1);
    let f = Clauses::from_clauses(
        1 << 31,
        [&[top.negative(), lit(1)][..], &[top.positive()][..]],
    );
    assert_eq!(f.clause(0), &[top.negative(), lit(1)]);
    assert_eq!(f.units(), &[top.positive()]);
    let copy = f.clone();
    assert_eq!(copy.len(), 2);
}

#[test]
fn debug_shows_the_formula_in_dimacs_numbering() {
    let f = of(3, &[&[1, -2]]).with_projection([Var::new(2)]);
    assert_eq!(
        format!("{f:?}"),
        "Clauses { num_vars: 3, clauses: [[1, -2]], projection: Some([3]) }"
    );
}
