//! A cube's proof section from our own DPLL search instead of a CDCL refutation: the cube is
//! enumerated again by `dpll_enum`'s search with its lemmas recorded
//! ([`dpll_enum::search::Search::with_proof`]): one short lemma ¬(cube ∧ decisions) per
//! node of the decision tree, each RUP from F, the blocking clauses of the cube's models and
//! the lemmas before it, the last one the cube lemma ¬cube. The models this search finds must
//! be exactly the models the count listed for the cube (on S): the second enumeration also
//! checks the first.

use super::formula::Formula;
use super::proof::Section;
use super::MakeError;
use dpll_enum::search::{ProofStep, Search, Step};
use std::collections::HashSet;
use std::sync::Arc;
use zero_one_model::{CnfOptions, Constraint, Lit, Model, StopFlag, Var};

/// F and `extra` clauses as the DPLL search reads them: in F's numbering, projected onto S.
pub fn dpll_formula(
    formula: &Formula,
    extra: &[Vec<Lit>],
) -> Result<Arc<dpll_enum::Formula>, MakeError> {
    let mut model = Model::new();
    model.new_vars(formula.num_vars);
    for c in formula.clauses.iter().chain(extra) {
        model.add(Constraint::Clause(c.clone()));
    }
    if formula.has_empty_projection() {
        return Err(MakeError::Input(
            "an empty projection has no DPLL trace".into(),
        ));
    }
    if let Some(s) = &formula.projection {
        model.show(s.iter().copied());
    }
    Ok(Arc::new(dpll_enum::Formula::new(
        &model,
        &CnfOptions::default(),
    )?))
}

/// The proof section of `cube`, checking that the search finds exactly `expected` (the
/// projections onto `shown` of the cube's listed models).
///
/// # Errors
/// [`MakeError::MissedModel`] when the search finds a model the count did not list, or
/// does not find one it listed; [`MakeError::Interrupted`] when `stop` is raised.
pub fn section(
    f: &Arc<dpll_enum::Formula>,
    (index, cube): (usize, &[Lit]),
    shown: &[Var],
    expected: &HashSet<Vec<u64>>,
    stop: Option<&StopFlag>,
) -> Result<Section, MakeError> {
    let mut search = Search::with_proof(Arc::clone(f), cube);
    let mut found = 0usize;
    loop {
        match search.next_model(u64::MAX, stop) {
            Step::Model(m) => {
                let key = projection_key(shown, |v| m[v.index()]);
                if !expected.contains(&key) {
                    return Err(MakeError::MissedModel { cube: index });
                }
                found += 1;
            }
            Step::Done => break,
            Step::Stopped => return Err(MakeError::Interrupted),
            Step::OverBudget => unreachable!("no budget"),
        }
    }
    if found != expected.len() {
        return Err(MakeError::MissedModel { cube: index });
    }
    let steps = search.take_proof();
    let mut text = Vec::with_capacity(steps.len() * 16);
    for step in &steps {
        match step {
            ProofStep::Add(lits) => line(&mut text, false, lits),
            ProofStep::Delete(lits) => line(&mut text, true, lits),
        }
    }
    Ok(Section {
        text,
        lines: steps.len() as u64,
    })
}

/// The values of `shown` packed 64 to a word: a model's key on the projection.
pub fn projection_key(shown: &[Var], value: impl Fn(Var) -> bool) -> Vec<u64> {
    let mut key = vec![0u64; shown.len().div_ceil(64)];
    for (i, &v) in shown.iter().enumerate() {
        key[i / 64] |= u64::from(value(v)) << (i % 64);
    }
    key
}

/// Appends one DRAT line (a deletion with `delete`).
pub(super) fn line(text: &mut Vec<u8>, delete: bool, lits: &[Lit]) {
    if delete {
        text.extend_from_slice(b"d ");
    }
    for l in lits {
        text.extend_from_slice(itoa::Buffer::new().format(l.to_dimacs()).as_bytes());
        text.push(b' ');
    }
    text.extend_from_slice(b"0\n");
}
