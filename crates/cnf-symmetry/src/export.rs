//! A model's symmetries broken for a file written for other solvers (`nqueens encode
//! --break-symmetry`): the formula is sized first, since the search refines partitions of a
//! literal-clause graph that grows with its literals.

use crate::{break_symmetries, check_size, Breaking, Broken, TooLarge, DEFAULT_BUDGET};
use count_engine::EngineError;
use thiserror::Error;
use zero_one_model::dimacs::Cnf;
use zero_one_model::{cnf_size, CnfOptions, LowerError, Model};

/// The most literals a formula may have for [`break_for_export`].
pub const MAX_BREAK_LITERALS: u64 = 20_000_000;

/// Why [`break_for_export`] wrote no constraints.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BreakError {
    /// The model does not lower to CNF with the options given.
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// The lowered formula is past [`MAX_BREAK_LITERALS`].
    #[error("the formula has {literals} literals, more than the {MAX_BREAK_LITERALS} a symmetry search is run on")]
    TooLarge {
        /// Its literal occurrences.
        literals: u64,
    },
    /// The symmetry search or the constraints failed.
    #[error(transparent)]
    Break(#[from] EngineError),
}

/// `model` lowered with `options`, its symmetries found (within [`DEFAULT_BUDGET`]) and one
/// lex-leader constraint added per element of their group ([`Breaking::EveryElement`]).
///
/// ```
/// use zero_one_model::{CnfOptions, Constraint, Model};
/// // x ∨ y: swapping x and y is a symmetry, broken by one constraint.
/// let mut m = Model::new();
/// let v = m.new_vars(2);
/// m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
/// let broken = cnf_symmetry::break_for_export(&m, &CnfOptions::default())?;
/// assert_eq!(broken.group.order(), 2);
/// # Ok::<(), cnf_symmetry::BreakError>(())
/// ```
///
/// # Errors
/// [`BreakError::Lower`], [`BreakError::TooLarge`] (before any search) or
/// [`BreakError::Break`].
pub fn break_for_export(model: &Model, options: &CnfOptions) -> Result<Broken, BreakError> {
    let literals = cnf_size(model, options)?.literals;
    if literals > MAX_BREAK_LITERALS {
        return Err(BreakError::TooLarge { literals });
    }
    let broken = break_symmetries(model, options, DEFAULT_BUDGET, Breaking::EveryElement)?;
    Ok(broken)
}

/// Why [`break_cnf`] broke nothing.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BreakCnfError {
    /// The formula is too large for the symmetry search.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The symmetry search or the constraints failed.
    #[error(transparent)]
    Break(#[from] EngineError),
}

/// A DIMACS formula with its symmetries broken, for external solvers to search one model
/// per orbit: the file as a model (its projection kept), its symmetries found within
/// `budget` search nodes and one lex-leader constraint added per element of their group.
/// [`Broken::describe`] gives the comment lines, [`Broken::summary`] one line.
///
/// # Errors
/// [`BreakCnfError::TooLarge`] (before any search) or [`BreakCnfError::Break`].
pub fn break_cnf(cnf: Cnf, budget: u64) -> Result<Broken, BreakCnfError> {
    check_size(cnf.num_vars, &cnf.clauses)?;
    let model = count_engine::model_of(cnf, None);
    let options = CnfOptions::default();
    Ok(break_symmetries(
        &model,
        &options,
        budget,
        Breaking::EveryElement,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::Constraint;

    #[test]
    fn a_swap_is_broken_with_constraints_beyond_the_formula() {
        let mut m = Model::new();
        let v = m.new_vars(2);
        m.add(Constraint::Clause(vec![v[0].positive(), v[1].positive()]));
        let broken = break_for_export(&m, &CnfOptions::default()).unwrap();
        assert_eq!(broken.group.order(), 2);
        assert!(broken.model.constraints().len() > m.constraints().len());
    }

    #[test]
    fn a_file_keeps_its_clauses_and_gains_the_swaps_constraint() {
        let cnf = zero_one_model::dimacs::read_dimacs("p cnf 2 1\n1 2 0\n".as_bytes()).unwrap();
        let broken = break_cnf(cnf, DEFAULT_BUDGET).unwrap();
        assert_eq!(broken.group.order(), 2);
        assert!(broken.model.constraints().len() > 1);
        let header = format!("p cnf {} 0\n", crate::MAX_SEARCH_VARS + 1);
        let wide = zero_one_model::dimacs::read_dimacs(header.as_bytes()).unwrap();
        assert!(matches!(
            break_cnf(wide, 1),
            Err(BreakCnfError::TooLarge(_))
        ));
    }

    #[test]
    fn the_refusal_of_a_large_formula_says_its_size_and_the_limit() {
        let e = BreakError::TooLarge {
            literals: MAX_BREAK_LITERALS + 1,
        };
        assert_eq!(
            e.to_string(),
            "the formula has 20000001 literals, more than the 20000000 a symmetry search is run on"
        );
    }
}
