//! F, the CNF as counted, and S, its projection: what a bundle certifies the count of.

use super::MakeError;
use zero_one_model::{lower_to_cnf, CnfOptions, Lit, Model, Var, VecSink};

/// A CNF formula with a projection, in DIMACS's variable order (variable `i` is DIMACS
/// `i + 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    /// Variables in the `p cnf` line.
    pub num_vars: usize,
    /// The clauses, in order.
    pub clauses: Vec<Vec<Lit>>,
    /// The projection S, ascending and without repeats; `None` when the formula has none
    /// (S is then every variable, and no `c p show` line is written).
    pub projection: Option<Vec<Var>>,
    /// Comment lines for the bundle's CNF files (which board, how it was lowered); no part
    /// of F.
    pub comments: Vec<String>,
}

impl Formula {
    /// A formula from its parts; the projection is sorted and repeats are dropped.
    ///
    /// # Errors
    /// [`MakeError::Input`] when a clause or the projection mentions a variable at or past
    /// `num_vars`.
    pub fn new(
        num_vars: usize,
        clauses: Vec<Vec<Lit>>,
        projection: Option<Vec<Var>>,
    ) -> Result<Formula, MakeError> {
        let projection = projection.map(|mut s| {
            s.sort_unstable();
            s.dedup();
            s
        });
        let inside = |v: Var| v.index() < num_vars;
        if !(clauses.iter().flatten().all(|l| inside(l.var()))
            && projection.iter().flatten().all(|&v| inside(v)))
        {
            return Err(MakeError::Input(format!(
                "a clause or the projection mentions a variable past the formula's {num_vars}"
            )));
        }
        Ok(Formula {
            num_vars,
            clauses,
            projection,
            comments: Vec::new(),
        })
    }

    /// This formula with `comments` for its files.
    pub fn with_comments(self, comments: Vec<String>) -> Formula {
        Formula { comments, ..self }
    }

    /// Whether the projection is empty (the count is then 1 or 0: satisfiability).
    pub fn has_empty_projection(&self) -> bool {
        self.projection.as_ref().is_some_and(Vec::is_empty)
    }

    /// `model` lowered to CNF with `options`, exactly as
    /// [`write_model`](zero_one_model::dimacs::write_model) writes it: model variable `i` is
    /// variable `i` of the formula, auxiliary variables come after them, and the projection
    /// is the model's shown variables.
    ///
    /// # Errors
    /// [`MakeError::Lower`] when the model cannot be lowered with `options`.
    pub fn lower(model: &Model, options: &CnfOptions) -> Result<Formula, MakeError> {
        let mut sink = VecSink::default();
        let info = lower_to_cnf(model, options, &mut sink)?;
        Formula::new(info.vars(), sink.clauses, Some(model.shown()))
    }

    /// The projection S: the shown variables, or every variable.
    pub fn shown(&self) -> Vec<Var> {
        match &self.projection {
            Some(s) => s.clone(),
            None => (0..self.num_vars as u32).map(Var::new).collect(),
        }
    }

    /// The first clause that `assignment` (one value per variable) falsifies.
    pub fn first_false(&self, assignment: &[bool]) -> Option<usize> {
        self.clauses
            .iter()
            .position(|c| !c.iter().any(|l| l.eval(assignment)))
    }

    /// The first of `assignments` (one value per variable each) that falsifies a clause, and
    /// the first clause it falsifies. They are evaluated 64 at a time, one bit per
    /// assignment in a word per variable: a clause costs a few word operations for all 64.
    pub fn first_false_among(&self, assignments: &[Vec<bool>]) -> Option<(usize, usize)> {
        for (batch, chunk) in assignments.chunks(64).enumerate() {
            let mut values = vec![0u64; self.num_vars];
            for (k, a) in chunk.iter().enumerate() {
                for (v, _) in a
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b)
                    .take(self.num_vars)
                {
                    values[v] |= 1 << k;
                }
            }
            let all = u64::MAX >> (64 - chunk.len());
            let mut broken = 0u64;
            for c in &self.clauses {
                let satisfied = c.iter().fold(0u64, |acc, l| {
                    let v = values[l.var().index()];
                    acc | if l.is_positive() { v } else { !v }
                });
                broken |= !satisfied & all;
            }
            if broken != 0 {
                let k = broken.trailing_zeros() as usize;
                let clause = self.first_false(&chunk[k]).unwrap_or(0);
                return Some((batch * 64 + k, clause));
            }
        }
        None
    }
}

/// The negation of `assignment` restricted to `shown`: the clause that blocks it. The
/// negations of its true variables come first, then the false variables, each part in the
/// order of `shown`: checkers that watch a clause's first two literals (rate, drat-trim) then
/// watch literals that differ from model to model, instead of those of `shown`'s first two
/// variables for every blocking clause (long watch lists, slow to visit and to delete from).
pub fn blocking_clause(shown: &[Var], assignment: impl Fn(Var) -> bool) -> Vec<Lit> {
    let trues = shown
        .iter()
        .filter(|&&v| assignment(v))
        .map(|v| v.negative());
    let falses = shown
        .iter()
        .filter(|&&v| !assignment(v))
        .map(|v| v.positive());
    trues.chain(falses).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_batched_check_finds_the_first_broken_model_past_a_batch() {
        let lit = |n| Lit::from_dimacs(n).unwrap();
        // x1 ∨ ¬x2, and x3.
        let f = Formula::new(3, vec![vec![lit(1), lit(-2)], vec![lit(3)]], None).unwrap();
        let good = vec![true, true, true];
        let mut models = vec![good.clone(); 130];
        assert_eq!(f.first_false_among(&models), None);
        models[100] = vec![false, true, true];
        models[120] = vec![true, true, false];
        assert_eq!(f.first_false_among(&models), Some((100, 0)));
        models[70] = vec![false, false, false];
        assert_eq!(f.first_false_among(&models), Some((70, 1)));
        for (i, m) in models.iter().enumerate() {
            let alone = f.first_false_among(std::slice::from_ref(m));
            assert_eq!(alone.map(|(_, c)| c), f.first_false(m), "model {i}");
        }
    }
}
