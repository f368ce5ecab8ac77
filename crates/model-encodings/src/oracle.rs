//! Test support: a varisat instance over lowered clauses that answers "is there an
//! extension of this assignment of the first variables?" (auxiliaries left free). The
//! semantic test suites of every encoding use it.

use crate::Lit;
use varisat::{ExtendFormula, Solver};

/// Clauses loaded once, queried under many input assignments.
pub(crate) struct Oracle(Solver<'static>);

impl Oracle {
    /// Loads `clauses`.
    pub(crate) fn new(clauses: &[Vec<Lit>]) -> Oracle {
        let mut solver = Solver::new();
        for c in clauses {
            let c: Vec<_> = c
                .iter()
                .map(|l| varisat::Lit::from_index(l.var().index(), l.is_positive()))
                .collect();
            solver.add_clause(&c);
        }
        Oracle(solver)
    }

    /// Whether the clauses are satisfiable with variable i set to `inputs[i]`.
    pub(crate) fn extends(&mut self, inputs: &[bool]) -> bool {
        let assumptions: Vec<_> = inputs
            .iter()
            .enumerate()
            .map(|(i, &v)| varisat::Lit::from_index(i, v))
            .collect();
        self.0.assume(&assumptions);
        self.0
            .solve()
            .expect("varisat does not fail on small formulas")
    }
}

/// The assignment of `n` inputs spelled by the bits of `code`.
pub(crate) fn bits(code: u32, n: usize) -> Vec<bool> {
    (0..n).map(|i| code >> i & 1 == 1).collect()
}
