//! How large a formula a symmetry search takes: refused before any allocation for its graph,
//! which has two vertices per variable and one per clause, each with a list of neighbours
//! (two edges per literal occurrence).

use thiserror::Error;
use zero_one_model::Lit;

/// The most variables a symmetry search takes.
pub const MAX_SEARCH_VARS: usize = 1 << 22;

/// The most literal occurrences a symmetry search takes.
pub const MAX_SEARCH_LITERALS: usize = 1 << 26;

/// A formula too large to search for symmetries.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{vars} variables and {literals} literals: a symmetry search takes at most {MAX_SEARCH_VARS} variables and {MAX_SEARCH_LITERALS} literals")]
pub struct TooLarge {
    /// The formula's variables.
    pub vars: usize,
    /// Its literal occurrences.
    pub literals: usize,
}

/// Refuses a formula of `vars` variables and `clauses` too large for [`crate::find`].
///
/// # Errors
/// [`TooLarge`] past [`MAX_SEARCH_VARS`] variables or [`MAX_SEARCH_LITERALS`] literals.
pub fn check_size(vars: usize, clauses: &[Vec<Lit>]) -> Result<(), TooLarge> {
    let literals: usize = clauses.iter().map(Vec::len).sum();
    if vars > MAX_SEARCH_VARS || literals > MAX_SEARCH_LITERALS {
        return Err(TooLarge { vars, literals });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_inclusive() {
        assert!(check_size(MAX_SEARCH_VARS, &[]).is_ok());
        let e = check_size(MAX_SEARCH_VARS + 1, &[]).unwrap_err();
        assert!(e
            .to_string()
            .starts_with(&format!("{} variables and 0 literals", MAX_SEARCH_VARS + 1)));
    }
}
