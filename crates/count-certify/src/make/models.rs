//! Full models: a validated solution assigns the model's variables; the auxiliary variables
//! an encoding added to F need values too. Each is completed with one varisat solve under
//! assumptions (one solver per thread, kept between solves; propagation usually decides),
//! and every completed model is checked against every clause of F ([`check`]).

use super::formula::Formula;
use super::MakeError;
use varisat::{ExtendFormula, Solver};

/// Completes solutions to models of one formula.
pub struct Completer<'f> {
    formula: &'f Formula,
    /// A solver over F when it has variables past the solutions' (auxiliary ones).
    solver: Option<Solver<'static>>,
    assumptions: Vec<varisat::Lit>,
}

impl<'f> Completer<'f> {
    /// A completer for solutions that assign the first `vars` variables of `formula` (more
    /// values than it has variables are ignored).
    pub fn new(formula: &'f Formula, vars: usize) -> Self {
        let solver = (formula.num_vars > vars).then(|| {
            let mut s = Solver::new();
            let mut buf = Vec::new();
            for c in &formula.clauses {
                buf.clear();
                buf.extend(
                    c.iter()
                        .map(|l| varisat::Lit::from_index(l.var().index(), l.is_positive())),
                );
                s.add_clause(&buf);
            }
            s
        });
        Completer {
            formula,
            solver,
            assumptions: Vec::new(),
        }
    }

    /// The full assignment that extends `solution` to a model of F (to be [`check`]ed).
    ///
    /// # Errors
    /// [`MakeError::BadModel`] (with `cube`) when no model of F extends the solution; a
    /// solver failure.
    pub fn complete(&mut self, solution: &[bool], cube: usize) -> Result<Vec<bool>, MakeError> {
        let bad = |reason: String| MakeError::BadModel { cube, reason };
        let n = self.formula.num_vars;
        let mut model: Vec<bool> = solution.iter().copied().take(n).collect();
        if let Some(solver) = &mut self.solver {
            self.assumptions.clear();
            self.assumptions.extend(
                model
                    .iter()
                    .enumerate()
                    .map(|(v, &b)| varisat::Lit::from_index(v, b)),
            );
            solver.assume(&self.assumptions);
            if !solver.solve()? {
                return Err(bad(
                    "no values of the auxiliary variables extend it to a model of the formula"
                        .into(),
                ));
            }
            let values = solver.model().unwrap_or_default();
            model.resize(n, false);
            for l in values {
                if l.index() < n {
                    model[l.index()] = l.is_positive();
                }
            }
        }
        if model.len() != n {
            return Err(bad(format!(
                "{} values for a formula of {n} variables",
                model.len()
            )));
        }
        Ok(model)
    }
}

/// Checks the completed `models` of cube `cube` against every clause of `formula`.
///
/// # Errors
/// [`MakeError::BadModel`] for the first model that breaks a clause.
pub fn check(formula: &Formula, models: &[Vec<bool>], cube: usize) -> Result<(), MakeError> {
    match formula.first_false_among(models) {
        Some((_, i)) => Err(MakeError::BadModel {
            cube,
            reason: format!("it breaks clause {} of the formula", i + 1),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::{AmoEncoding, CnfOptions, Constraint, Model};

    #[test]
    fn auxiliary_variables_are_completed_and_checked() {
        let mut m = Model::new();
        let v = m.new_vars(5);
        m.add(Constraint::ExactlyOne(
            v.iter().map(|x| x.positive()).collect(),
        ));
        let f = Formula::lower(&m, &CnfOptions::with_amo(AmoEncoding::Sequential)).unwrap();
        assert!(f.num_vars > 5);
        let mut c = Completer::new(&f, 5);
        let full = c.complete(&[false, false, true, false, false], 0).unwrap();
        assert_eq!(full.len(), f.num_vars);
        assert_eq!(&full[..5], &[false, false, true, false, false]);
        let e = c
            .complete(&[true, false, true, false, false], 3)
            .unwrap_err();
        assert!(matches!(e, MakeError::BadModel { cube: 3, .. }), "{e}");
    }

    #[test]
    fn a_solution_breaking_a_clause_is_refused() {
        let lit = |n| zero_one_model::Lit::from_dimacs(n).unwrap();
        let f = Formula::new(2, vec![vec![lit(1), lit(2)]], None).unwrap();
        let mut c = Completer::new(&f, 2);
        let good = c.complete(&[true, false], 0).unwrap();
        assert_eq!(good, vec![true, false]);
        let bad = c.complete(&[false, false], 0).unwrap();
        assert!(check(&f, &[good.clone(), good.clone()], 0).is_ok());
        let e = check(&f, &[good, bad], 0).unwrap_err();
        assert!(e.to_string().contains("clause 1"), "{e}");
    }
}
