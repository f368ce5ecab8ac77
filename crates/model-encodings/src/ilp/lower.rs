//! Lowering a 0-1 [`Model`] to an [`IlpModel`]. Every constraint kind is linear as it stands
//! once a negative literal `¬x` is written `1 - x`: a clause is `sum >= 1`, an at-most-one
//! `sum <= 1`, and so on; no auxiliary variable is needed. Each [`crate::IntDef`] becomes a
//! general integer `q` with the row `q - sum a_i x_i = 0`.
//!
//! An objective with a constant (what `¬x = 1 - x` leaves) gets one more binary,
//! [`OBJECTIVE_CONSTANT`], fixed to 1 by a row and carrying the constant as its coefficient:
//! LP, MPS and OPB readers disagree on a constant in the objective (or take none), and a
//! comment is lost on them, so an export read back would have another optimum.

use super::names::legal_names;
use super::{IlpModel, IlpVar, Row, VarKind};
use crate::{Cmp, Constraint, Lit, Model};

/// The name of the binary fixed to 1 that carries the objective's constant, when it has one.
pub const OBJECTIVE_CONSTANT: &str = "objective_constant";

/// Lowers `model` to an ILP over the same variables (same indices), plus one integer per
/// defined integer, with the model's objective.
pub fn lower_to_ilp(model: &Model) -> IlpModel {
    let n = model.num_vars();
    let mut raw: Vec<String> = (0..n as u32)
        .map(|i| model.name(crate::Var::new(i)).into_owned())
        .collect();
    raw.extend(model.ints().iter().map(|d| d.name.clone()));
    let mut objective = model.objective().map(super::IlpObjective::of);
    let constant = objective.as_ref().map_or(0, |o| o.offset);
    if constant != 0 {
        raw.push(OBJECTIVE_CONSTANT.to_string());
    }
    let names = legal_names(raw);
    let mut vars: Vec<IlpVar> = Vec::with_capacity(names.len());
    for (i, name) in names.into_iter().enumerate() {
        let kind = match i.checked_sub(n).and_then(|k| model.ints().get(k)) {
            None => VarKind::Binary,
            Some(def) => VarKind::Integer {
                lo: def.lo,
                hi: def.hi,
            },
        };
        vars.push(IlpVar { name, kind });
    }
    // Rows no assignment can break (a one-square diagonal's at-most-one) are left out.
    let mut rows: Vec<Row> = model
        .constraints()
        .iter()
        .map(row_of)
        .filter(|r| !always_holds(r))
        .collect();
    for (k, def) in model.ints().iter().enumerate() {
        let mut terms = vec![(1, n + k)];
        terms.extend(def.terms.iter().map(|&(a, v)| (-a, v.index())));
        rows.push(normalized(terms, Cmp::Exactly, 0));
    }
    if let Some(o) = objective.as_mut().filter(|_| constant != 0) {
        let one = vars.len() - 1;
        rows.push(Row {
            terms: vec![(1, one)],
            cmp: Cmp::AtLeast,
            rhs: 1,
        });
        o.terms.push((constant, one));
        o.offset = 0;
    }
    IlpModel {
        vars,
        rows,
        model_vars: n,
        projection: model.shown().iter().map(|v| v.index()).collect(),
        projection_weight: model.shown_weight(),
        objective,
    }
}

fn row_of(c: &Constraint) -> Row {
    let unit = |lits: &[Lit]| lits.iter().map(|&l| (1, l)).collect::<Vec<_>>();
    let (terms, cmp, rhs) = match c {
        Constraint::Clause(l) => (unit(l), Cmp::AtLeast, 1),
        Constraint::AtMostOne(l) => (unit(l), Cmp::AtMost, 1),
        Constraint::ExactlyOne(l) => (unit(l), Cmp::Exactly, 1),
        Constraint::Cardinality { lits, cmp, k } => (unit(lits), *cmp, i64::from(*k)),
        Constraint::Linear { terms, cmp, rhs } => (terms.clone(), *cmp, *rhs),
    };
    let mut rhs = rhs;
    let mut vars = Vec::with_capacity(terms.len());
    for (a, lit) in terms {
        if lit.is_positive() {
            vars.push((a, lit.var().index()));
        } else {
            // a * (1 - x): the constant moves to the right side.
            rhs -= a;
            vars.push((-a, lit.var().index()));
        }
    }
    normalized(vars, cmp, rhs)
}

/// Whether every 0-1 assignment satisfies `row` (binaries only: integers come later).
fn always_holds(row: &Row) -> bool {
    // In 128 bits: a row's coefficients may add up past 64.
    let max: i128 = row.terms.iter().map(|&(a, _)| i128::from(a.max(0))).sum();
    let min: i128 = row.terms.iter().map(|&(a, _)| i128::from(a.min(0))).sum();
    let rhs = i128::from(row.rhs);
    match row.cmp {
        Cmp::AtMost => max <= rhs,
        Cmp::AtLeast => min >= rhs,
        Cmp::Exactly => min == max && min == rhs,
    }
}

/// Sorts terms by variable, merges repeated variables and drops zero coefficients.
fn normalized(mut terms: Vec<(i64, usize)>, cmp: Cmp, rhs: i64) -> Row {
    terms.sort_unstable_by_key(|&(_, i)| i);
    let mut merged: Vec<(i64, usize)> = Vec::with_capacity(terms.len());
    for (a, i) in terms {
        // A repeated variable's coefficients are added while the sum fits 64 bits; past
        // that the variable keeps a second term (every ILP format adds repeated terms).
        match merged.last_mut() {
            Some(last) if last.1 == i && last.0.checked_add(a).is_some() => last.0 += a,
            _ => merged.push((a, i)),
        }
    }
    merged.retain(|&(a, _)| a != 0);
    Row {
        terms: merged,
        cmp,
        rhs,
    }
}
