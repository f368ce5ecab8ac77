//! A certified board count: F is the board's model lowered as `nqueens encode` writes it
//! (with the same comments), and the cubes are the count's own, so a
//! [`Certifier`](count_certify::Certifier) on the count's solution hook can write the
//! bundle.

use crate::{CountConfig, QueensProblem};
use count_certify::make::{Formula, MakeError};
use count_certify::Certifier;
use count_engine::Problem;
use std::sync::atomic::AtomicBool;
use zero_one_model::{CnfInfo, CnfOptions};

/// The certifier of board `n` counted with `config`, its model lowered with `options`;
/// `stop` is the count's stop flag (raised past the bundle's cap).
///
/// # Errors
/// [`MakeError::Lower`] when the model cannot be lowered with `options`.
pub fn board_certifier<'s>(
    n: usize,
    config: &CountConfig,
    options: &CnfOptions,
    stop: Option<&'s AtomicBool>,
) -> Result<Certifier<'s>, MakeError> {
    let formulation = config.formulation.build_with(n, &config.rules);
    let model = formulation.model();
    let formula = Formula::lower(model, options)?;
    // The variables the comments name, from the lowering (not a second pass).
    let info = CnfInfo {
        model_vars: model.num_vars(),
        aux_vars: formula.num_vars - model.num_vars(),
        ..CnfInfo::default()
    };
    let comments = crate::file_comments(n, formulation.as_ref(), options, &info);
    let formula = formula.with_comments(comments);
    let problem = QueensProblem::with_rules(
        n,
        config.formulation,
        &config.rules,
        config.symmetry,
        config.depth_for(n),
    );
    let cubes = problem.cubes().into_iter().map(|c| c.lits).collect();
    Ok(Certifier::new(formula, model, cubes, stop))
}
