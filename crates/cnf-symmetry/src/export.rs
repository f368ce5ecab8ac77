//! A model's symmetries broken for a file written for other solvers (`nqueens encode
//! --break-symmetry`): the formula is sized first, since the search refines partitions of a
//! literal-clause graph that grows with its literals.

use crate::{break_symmetries, Breaking, Broken, DEFAULT_BUDGET};
use count_engine::EngineError;
use thiserror::Error;
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
