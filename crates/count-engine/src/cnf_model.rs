//! The model of a DIMACS formula, as `count cnf` counts it, for any library user: the
//! variables that matter (those of the clauses and of the projection), renumbered densely,
//! with a count whose free variables alone would put it beyond [`MAX_COUNT_BITS`] refused
//! with its size, in a moment and a few megabytes, and an empty projection (`c p show 0`)
//! counting satisfiability (1 or 0), not every variable.
//!
//! ```
//! use zero_one_model::dimacs::read_dimacs;
//! use count_engine::{cnf_model, run, Depth, ModelProblem, RunOptions};
//! use varisat_enum::VarisatBackend;
//!
//! // Three models over x1, x2; projected onto nothing: satisfiable, so 1.
//! let cnf = read_dimacs("p cnf 2 1\nc p show 0\n1 2 0\n".as_bytes())?;
//! let model = cnf_model(cnf)?;
//! let problem = ModelProblem::new(&model, Depth::Levels(0), "doc")?;
//! let outcome = run(&problem, &VarisatBackend::default(), &RunOptions::default())?;
//! assert_eq!(outcome.count, 1u32.into());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::MAX_COUNT_BITS;
use std::fmt;
use zero_one_model::dimacs::Cnf;
use zero_one_model::{Constraint, Lit, Model, Var};

/// A count refused for its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooBig {
    /// Projected variables in no clause: each doubles the count.
    pub free: u64,
}

/// The decimal digits of `2^bits`.
fn digits(bits: u64) -> u64 {
    (bits as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1
}

impl fmt::Display for TooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // In bits: 2^(2^22) and the limit have the same number of decimal digits.
        write!(
            f,
            "{} projected variables occur in no clause, so the count is 2^{} times the count \
             of the clauses, which needs {} bits if they are satisfiable; a count may have at \
             most {MAX_COUNT_BITS} bits (about {} decimal digits)",
            self.free,
            self.free,
            self.free + 1,
            digits(MAX_COUNT_BITS - 1),
        )
    }
}

impl std::error::Error for TooBig {}

/// The variables a count of `cnf` needs, as ascending 0-based indices, or `None` when it needs
/// every variable the header declares. Unprojected, every variable is needed, and those in no
/// clause are free; projected, a variable in no clause and not shown changes nothing.
///
/// # Errors
/// [`TooBig`] when the free projected variables alone give the count [`MAX_COUNT_BITS`] bits.
pub fn needed(cnf: &Cnf) -> Result<Option<Vec<u32>>, TooBig> {
    let index = |v: zero_one_model::Var| v.index() as u32;
    let mut used: Vec<u32> = cnf
        .clauses
        .iter()
        .flatten()
        .map(|l| index(l.var()))
        .collect();
    used.sort_unstable();
    used.dedup();
    let free = match &cnf.shown {
        // The reader checked every literal against the header: `used` is within it.
        None => (cnf.num_vars - used.len()) as u64,
        Some(shown) => shown
            .iter()
            .filter(|&&v| used.binary_search(&index(v)).is_err())
            .count() as u64,
    };
    if free >= MAX_COUNT_BITS {
        return Err(TooBig { free });
    }
    let Some(shown) = &cnf.shown else {
        // Here num_vars = used + free: no more than the file's literals and MAX_COUNT_BITS.
        return Ok(None);
    };
    let mut kept = used;
    kept.extend(shown.iter().map(|&v| index(v)));
    kept.sort_unstable();
    kept.dedup();
    Ok((kept.len() < cnf.num_vars).then_some(kept))
}

/// The model of `cnf`: one variable per DIMACS variable, one clause constraint per clause.
/// With `kept` ([`needed`]), only those variables, renumbered in order. An empty projection
/// (`c p show 0`) stays empty: the count is 1 when the clauses are satisfiable, 0 when not.
///
/// # Panics
/// When `kept` leaves out a variable of a clause or of the projection.
pub fn model_of(cnf: Cnf, kept: Option<&[u32]>) -> Model {
    let mut model = Model::new();
    let renumber = |v: Var| match kept {
        Some(kept) => Var::new(
            kept.binary_search(&(v.index() as u32))
                .expect("every clause and shown variable is kept") as u32,
        ),
        None => v,
    };
    model.new_vars(kept.map_or(cnf.num_vars, <[u32]>::len));
    let lit = |l: Lit| renumber(l.var()).lit(l.is_positive());
    for c in cnf.clauses {
        model.add(Constraint::Clause(c.into_iter().map(lit).collect()));
    }
    let shown = cnf
        .shown
        .map(|s| s.into_iter().map(renumber).collect::<Vec<_>>());
    if let Some(shown) = shown {
        model.show(shown);
    }
    model
}

/// The model `count cnf` counts: [`model_of`] over the variables [`needed`].
///
/// # Errors
/// [`TooBig`] when the free projected variables alone give the count more than
/// [`MAX_COUNT_BITS`] bits.
pub fn cnf_model(cnf: Cnf) -> Result<Model, TooBig> {
    let kept = needed(&cnf)?;
    Ok(model_of(cnf, kept.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::dimacs::read_dimacs;

    fn needed_of(text: &str) -> Result<Option<Vec<u32>>, TooBig> {
        needed(&read_dimacs(text.as_bytes()).unwrap())
    }

    #[test]
    fn a_projected_file_keeps_the_clause_and_shown_variables_only() {
        let kept = needed_of("p cnf 2147483647 1\nc p show 7 0\n1 -3 0\n").unwrap();
        assert_eq!(kept, Some(vec![0, 2, 6]));
        assert_eq!(
            needed_of("p cnf 3 1\nc p show 2 0\n1 -3 0\n").unwrap(),
            None
        );
    }

    #[test]
    fn an_unprojected_file_needs_every_variable() {
        assert_eq!(needed_of("p cnf 40 1\n1 0\n").unwrap(), None);
    }

    /// The regression: `show([])` did nothing, so `c p show 0` counted every variable.
    #[test]
    fn an_empty_projection_counts_satisfiability_through_the_library() {
        let count = |text: &str| {
            let cnf = read_dimacs(text.as_bytes()).unwrap();
            // The obvious conversion, by hand, and the library's.
            let mut model = Model::new();
            model.new_vars(cnf.num_vars);
            for c in &cnf.clauses {
                model.add(Constraint::Clause(c.clone()));
            }
            model.show(cnf.shown.clone().unwrap());
            assert!(model.shown().is_empty());
            let library = cnf_model(cnf).unwrap();
            assert!(library.shown().is_empty());
            let varisat = varisat_enum::VarisatBackend::default();
            let dpll = dpll_enum::DpllBackend::default();
            let backends: [&dyn zero_one_model::Backend; 2] = [&varisat, &dpll];
            let counts: Vec<_> = [model, library]
                .iter()
                .flat_map(|m| {
                    let problem =
                        crate::ModelProblem::new(m, crate::Depth::Levels(0), "t").unwrap();
                    backends.map(|b| {
                        crate::run(&problem, b, &crate::RunOptions::default())
                            .unwrap()
                            .count
                    })
                })
                .collect();
            assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
            counts[0].clone()
        };
        assert_eq!(count("p cnf 2 1\nc p show 0\n1 2 0\n"), 1u32.into());
        assert_eq!(count("p cnf 1 2\nc p show 0\n1 0\n-1 0\n"), 0u32.into());
    }

    #[test]
    fn free_variables_beyond_the_count_limit_are_refused_with_the_digits() {
        let err = needed_of("p cnf 2147483647 1\n1 0\n").unwrap_err();
        assert_eq!(err.free, 2147483646);
        let text = err.to_string();
        assert!(text.contains("which needs 2147483647 bits"), "{text}");
        assert!(
            text.contains("a count may have at most 4194304 bits (about 1262612 decimal digits)"),
            "{text}"
        );
        // Projected, only the shown free variables count.
        let shown = format!("p cnf {MAX_COUNT_BITS} 0\nc p show 1 0\n");
        assert_eq!(needed_of(&shown).unwrap(), Some(vec![0]));
        let err = needed_of(&format!("p cnf {MAX_COUNT_BITS} 0\n")).unwrap_err();
        assert_eq!(err.free, MAX_COUNT_BITS);
        // The regression: the message said 1262612 digits were beyond 1262612 digits.
        assert!(
            err.to_string()
                .contains("which needs 4194305 bits if they are satisfiable; a count may have at most 4194304 bits"),
            "{err}"
        );
        assert_eq!(
            needed_of(&format!("p cnf {} 0\n", MAX_COUNT_BITS - 1)).unwrap(),
            None
        );
    }
}
