//! Whether a DIMACS formula can be certified at all, decided before counting: a bundle lists
//! every model over every variable, so a formula too wide, or one whose projection alone
//! gives it more models than a bundle lists, is refused up front.

use crate::make::{Formula, MakeError, MAX_LISTED_MODELS};
use zero_one_model::dimacs::Cnf;

/// The most variables a certified formula may have: every model lists them all.
pub const MAX_CERTIFIED_VARS: usize = 10_000_000;

/// Why a formula cannot be certified.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Uncertifiable {
    /// More variables than [`MAX_CERTIFIED_VARS`].
    #[error("{}", self.said("the formula", "a bundle"))]
    TooManyVars {
        /// Variables the formula declares.
        vars: usize,
    },
    /// Projection variables in no clause give it more models than
    /// [`MAX_LISTED_MODELS`], if it has any.
    #[error("{}", self.said("the formula", "a bundle"))]
    FreeProjection {
        /// Projection variables in no clause.
        free: usize,
    },
    /// A clause or the projection names a variable past those declared.
    #[error(transparent)]
    Invalid(#[from] MakeError),
}

impl Uncertifiable {
    /// Why, naming the formula and the bundle as the caller does (`'x.cnf'`, `a --certify
    /// bundle`).
    ///
    /// ```
    /// use count_certify::Uncertifiable;
    /// let e = Uncertifiable::FreeProjection { free: 70 };
    /// assert!(e.said("'x.cnf'", "a --certify bundle").starts_with("'x.cnf' has 70 projected"));
    /// ```
    pub fn said(&self, formula: &str, bundle: &str) -> String {
        match self {
            Uncertifiable::TooManyVars { vars } => format!(
                "{formula} declares {vars} variables: {bundle} lists every model in full, over at most {MAX_CERTIFIED_VARS}"
            ),
            Uncertifiable::FreeProjection { free } => format!(
                "{formula} has {free} projected variables in no clause, so at least 2^{free} models if any, more than the {MAX_LISTED_MODELS} models {bundle} lists"
            ),
            Uncertifiable::Invalid(e) => e.to_string(),
        }
    }
}

/// F for a certified count of `cnf`: its clauses as read, in its own numbering, and its
/// projection.
///
/// # Errors
/// [`Uncertifiable`] for more than [`MAX_CERTIFIED_VARS`] variables, for projection
/// variables in no clause that alone give more models than a bundle lists, or for a
/// clause or projection outside the declared variables.
pub fn formula_of(cnf: &Cnf) -> Result<Formula, Uncertifiable> {
    if cnf.num_vars > MAX_CERTIFIED_VARS {
        return Err(Uncertifiable::TooManyVars { vars: cnf.num_vars });
    }
    let formula = Formula::new(cnf.num_vars, cnf.clauses.clone(), cnf.shown.clone())?;
    let mut used = vec![false; cnf.num_vars];
    for l in cnf.clauses.iter().flatten() {
        used[l.var().index()] = true;
    }
    let free = formula.shown().iter().filter(|v| !used[v.index()]).count();
    if free >= 64 || 1u64 << free > MAX_LISTED_MODELS {
        return Err(Uncertifiable::FreeProjection { free });
    }
    Ok(formula)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::dimacs::read_dimacs;

    fn cnf(text: &str) -> Cnf {
        read_dimacs(text.as_bytes()).unwrap()
    }

    #[test]
    fn a_projection_free_of_clauses_past_the_cap_is_refused() {
        // 23 free projected variables: 2^23 = 8,388,608 models fit; 24 do not.
        assert_eq!(formula_of(&cnf("p cnf 24 1\n1 0\n")).unwrap().num_vars, 24);
        assert!(matches!(
            formula_of(&cnf("p cnf 25 1\n1 0\n")),
            Err(Uncertifiable::FreeProjection { free: 24 })
        ));
        // The same variables outside the projection are no models of their own.
        let hidden = cnf("p cnf 25 1\nc p show 1 0\n1 0\n");
        assert_eq!(formula_of(&hidden).unwrap().shown().len(), 1);
    }

    #[test]
    fn formulas_past_the_variable_cap_are_refused() {
        let huge = cnf(&format!("p cnf {} 0\nc p show 0\n", MAX_CERTIFIED_VARS + 1));
        assert!(matches!(
            formula_of(&huge),
            Err(Uncertifiable::TooManyVars { vars }) if vars == MAX_CERTIFIED_VARS + 1
        ));
    }
}
