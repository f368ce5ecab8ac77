//! A DIMACS formula as the model counter takes it (`sharpcount::Formula`): its clauses and
//! projection in DIMACS numbering, as `count --cnf --method counter` counts it. An empty
//! projection (`c p show 0`) stays empty, so the counter counts satisfiability (1 or 0).
//!
//! ```
//! use zero_one_model::dimacs::read_dimacs;
//! let cnf = read_dimacs("p cnf 3 2\nc p show 1 2 0\n1 2 0\n-1 3 0\n".as_bytes())?;
//! let formula = count_engine::counter_formula(&cnf)?;
//! let counted = sharpcount::count(&formula, &sharpcount::Options::default())?;
//! assert_eq!(counted.count, 3u32.into()); // x1 x2 in {01, 10, 11}
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use zero_one_model::dimacs::Cnf;

/// A formula with more variables than 32-bit DIMACS literals can name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the model counter takes at most {} variables; this formula declares {num_vars}",
    i32::MAX
)]
pub struct TooManyVars {
    /// The variables the formula declares.
    pub num_vars: usize,
}

/// The counter's input for `cnf`: its clauses and projection in DIMACS numbering.
///
/// # Errors
/// [`TooManyVars`] for a formula with more than `i32::MAX` variables.
pub fn counter_formula(cnf: &Cnf) -> Result<sharpcount::Formula, TooManyVars> {
    let num_vars = u32::try_from(cnf.num_vars)
        .ok()
        .filter(|&n| n <= i32::MAX as u32)
        .ok_or(TooManyVars {
            num_vars: cnf.num_vars,
        })?;
    // Every variable is below 2^31 here, so every literal fits an i32.
    let clauses = cnf
        .clauses
        .iter()
        .map(|c| c.iter().map(|l| l.to_dimacs() as i32).collect())
        .collect();
    let projection = cnf
        .shown
        .as_ref()
        .map(|s| s.iter().map(|v| v.to_dimacs() as u32).collect());
    Ok(sharpcount::Formula {
        num_vars,
        clauses,
        projection,
    })
}
