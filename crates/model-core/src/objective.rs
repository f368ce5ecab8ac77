//! An objective function over 0-1 literals, as optimisation formats (OPB's `min:` and `max:`
//! lines) state it. It is kept as a typed value next to a model; lowering and counting do not
//! look at it.

use crate::Lit;

/// Whether an objective is to be made small or large.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sense {
    /// Make the sum as small as possible.
    Minimize,
    /// Make the sum as large as possible.
    Maximize,
}

/// `sense sum a_i * l_i`: a weighted sum of literals to minimise or maximise.
///
/// ```
/// use model_core::{Objective, Sense, Var};
/// let (x, y) = (Var::new(0), Var::new(1));
/// let cost = Objective { sense: Sense::Minimize, terms: vec![(3, x.positive()), (-2, y.negative())] };
/// assert_eq!(cost.value(&[true, false]), 1); // 3·1 - 2·1
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Minimise or maximise.
    pub sense: Sense,
    /// Coefficient and literal pairs, as written (literals may repeat).
    pub terms: Vec<(i64, Lit)>,
}

impl Objective {
    /// The sum under `assignment` (indexed by variable), in `i128`, where any number of `i64`
    /// coefficients below 2^64 terms fits.
    ///
    /// # Panics
    /// When a literal's variable is outside the assignment.
    pub fn value(&self, assignment: &[bool]) -> i128 {
        self.terms
            .iter()
            .filter(|(_, l)| l.eval(assignment))
            .map(|&(a, _)| i128::from(a))
            .sum()
    }
}
