//! A certified board count: F is the board's model lowered as `nqueens encode` writes it
//! (with the same comments), and the cubes are the count's own, so a
//! [`Certifier`](count_certify::Certifier) on the count's solution hook can write the
//! bundle.

use crate::{oeis, BoardSizes, CountConfig, QueensProblem, Symmetry};
use count_certify::make::{Formula, MakeError, MAX_LISTED_MODELS};
use count_certify::Certifier;
use count_engine::Problem;
use zero_one_model::StopFlag;
use zero_one_model::{CnfInfo, CnfOptions};

/// The certifier of board `n` counted with `config`, its model lowered with `options`;
/// `stop` is the count's stop flag (raised past the bundle's cap).
///
/// # Errors
/// [`MakeError::Lower`] when the model cannot be lowered with `options`.
pub fn board_certifier(
    n: usize,
    config: &CountConfig,
    options: &CnfOptions,
    stop: Option<StopFlag>,
) -> Result<Certifier, MakeError> {
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

/// Why a board count cannot be certified, known before counting ([`certifiable`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardUncertifiable {
    /// The counter's capabilities say it makes no proofs (the bitboard oracle): it has no
    /// models of the board's formula to list.
    #[error("the counter has no CNF models to certify")]
    NoProofs,
    /// A range of sizes: a bundle certifies one board.
    #[error("a certified count takes a single board size, not a range")]
    Range,
    /// A symmetry other than none: a bundle lists every solution.
    #[error("a certified count lists every solution, so it counts without symmetry, not {0}")]
    Symmetry(Symmetry),
    /// An open board whose OEIS count passes what a bundle lists ([`MAX_LISTED_MODELS`]).
    #[error("{board} has {solutions} solutions, more than the {MAX_LISTED_MODELS} models a bundle lists")]
    TooManySolutions {
        /// The board's name ([`Rules::board_name`](crate::Rules::board_name)).
        board: String,
        /// Its count in OEIS.
        solutions: u64,
    },
}

/// Whether a count of `sizes` with `config` can be certified ([`board_certifier`]), by what
/// is known before counting: a board with given or blocked squares is counted, and refused
/// by the certifier's cap if it grows past it.
///
/// # Errors
/// The first reason it cannot, in the order of [`BoardUncertifiable`]'s variants.
pub fn certifiable(sizes: &BoardSizes, config: &CountConfig) -> Result<(), BoardUncertifiable> {
    if !config.counter.capabilities().proofs {
        return Err(BoardUncertifiable::NoProofs);
    }
    let Some(n) = sizes.single() else {
        return Err(BoardUncertifiable::Range);
    };
    if config.symmetry != Symmetry::None {
        return Err(BoardUncertifiable::Symmetry(config.symmetry));
    }
    let known = oeis::variant_solutions(config.rules.variant, n).filter(|_| config.rules.is_open());
    match known {
        Some(solutions) if solutions > MAX_LISTED_MODELS => {
            Err(BoardUncertifiable::TooManySolutions {
                board: config.rules.board_name(n),
                solutions,
            })
        }
        _ => Ok(()),
    }
}
