//! Generalized arc consistency for at most and at least: proven for the BDD encoding (Abío
//! et al., JAIR 2012), and held by the totalizer and the weight counter too. For every partial
//! assignment of the inputs, unit propagation on the CNF alone must find a conflict when no
//! completion satisfies the constraint, and otherwise derive every input literal that all
//! satisfying completions share. Exactly k is arc consistent in none of the encodings, the
//! adder network in no comparison.

use super::tests::{clauses_of, nontrivial, random_linear, Rng};
use super::*;
use crate::Constraint;

/// Unit propagation to a fixpoint from `values` (indexed by variable, `None` open); `None`
/// on a conflict. A plain loop over the clauses: the formulas here have a few dozen.
fn unit_propagate(
    clauses: &[Vec<Lit>],
    mut values: Vec<Option<bool>>,
) -> Option<Vec<Option<bool>>> {
    let value =
        |values: &[Option<bool>], l: Lit| values[l.var().index()].map(|v| v == l.is_positive());
    loop {
        let mut changed = false;
        for clause in clauses {
            if clause.iter().any(|&l| value(&values, l) == Some(true)) {
                continue;
            }
            let mut open = clause.iter().filter(|&&l| value(&values, l).is_none());
            match (open.next(), open.next()) {
                (None, _) => return None,
                (Some(&l), None) => {
                    values[l.var().index()] = Some(l.is_positive());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(values);
        }
    }
}

/// The input values every completion of `partial` satisfying `c` shares (`None` where they
/// differ or the input is set already); `None` when no completion satisfies `c`.
fn implied(c: &Constraint, partial: &[Option<bool>]) -> Option<Vec<Option<bool>>> {
    let open: Vec<usize> = (0..partial.len())
        .filter(|&i| partial[i].is_none())
        .collect();
    let mut shared: Option<Vec<Option<bool>>> = None;
    for code in 0..1u32 << open.len() {
        let mut full: Vec<bool> = partial.iter().map(|v| v.unwrap_or(false)).collect();
        for (bit, &i) in open.iter().enumerate() {
            full[i] = code >> bit & 1 == 1;
        }
        if !c.holds(&full) {
            continue;
        }
        let this: Vec<Option<bool>> = (0..partial.len())
            .map(|i| partial[i].is_none().then_some(full[i]))
            .collect();
        shared = Some(match shared {
            None => this,
            Some(s) => s
                .iter()
                .zip(&this)
                .map(|(&a, &b)| if a == b { a } else { None })
                .collect(),
        });
    }
    shared
}

/// Every partial assignment of `inputs` variables: digit i of `code` in base 3 is variable
/// i's value (0 open, 1 false, 2 true).
fn partial(code: u32, inputs: usize) -> Vec<Option<bool>> {
    (0..inputs)
        .map(|i| match code / 3u32.pow(i as u32) % 3 {
            0 => None,
            d => Some(d == 2),
        })
        .collect()
}

/// The first partial assignment from which unit propagation on `enc`'s CNF of `c` is not
/// GAC, described; `None` when there is none (or when `enc` refuses `c` as too large).
fn gac_counterexample(enc: PbEncoding, c: &Constraint, inputs: u32) -> Option<String> {
    let clauses = clauses_of(enc, c, inputs)?;
    let total_vars = clauses
        .iter()
        .flatten()
        .map(|l| l.var().index() + 1)
        .max()
        .unwrap_or(0)
        .max(inputs as usize);
    for code in 0..3u32.pow(inputs) {
        let p = partial(code, inputs as usize);
        let mut start = p.clone();
        start.resize(total_vars, None);
        let derived = unit_propagate(&clauses, start);
        let wanted = implied(c, &p);
        let ok = match (&derived, &wanted) {
            (None, None) => true,
            (Some(d), Some(w)) => (0..inputs as usize).all(|i| p[i].is_some() || d[i] == w[i]),
            _ => false,
        };
        if !ok {
            return Some(format!(
                "{enc} {c:?} from {p:?}: derived {derived:?}, implied {wanted:?}"
            ));
        }
    }
    None
}

#[test]
fn unit_propagation_is_generalized_arc_consistent_for_at_most_and_at_least() {
    for enc in [PbEncoding::Bdd, PbEncoding::Gte, PbEncoding::Swc] {
        let mut rng = Rng::new(4);
        let mut checked = 0;
        while checked < 300 {
            let inputs = rng.range(3, 5) as u32;
            let c = random_linear(&mut rng, inputs, 6);
            if matches!(
                c,
                Constraint::Linear {
                    cmp: Cmp::Exactly,
                    ..
                }
            ) || !nontrivial(&c)
            {
                continue;
            }
            if clauses_of(enc, &c, inputs).is_none() {
                continue;
            }
            checked += 1;
            if let Some(why) = gac_counterexample(enc, &c, inputs) {
                panic!("{why}");
            }
        }
    }
}

#[test]
fn the_gac_check_finds_the_adder_is_not_arc_consistent() {
    // The check can fail: in 2x + 3y + 4z <= 4, x = 1 forces y = 0 and z = 0, which unit
    // propagation through the adder's sum bits does not find.
    let v: Vec<Lit> = (0..3).map(|i| crate::Var::new(i).positive()).collect();
    let c = Constraint::Linear {
        terms: vec![(2, v[0]), (3, v[1]), (4, v[2])],
        cmp: Cmp::AtMost,
        rhs: 4,
    };
    assert!(gac_counterexample(PbEncoding::Bdd, &c, 3).is_none());
    assert!(gac_counterexample(PbEncoding::Adder, &c, 3).is_some());
}
