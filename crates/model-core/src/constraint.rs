//! Constraints as typed values. A model stores these and lowers them later, so one model can
//! go to CNF with different encodings, or to other targets.

use crate::Lit;

/// A comparison in a cardinality or linear constraint.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// Left side <= right side.
    AtMost,
    /// Left side >= right side.
    AtLeast,
    /// Left side = right side.
    Exactly,
}

impl Cmp {
    /// Whether `lhs cmp rhs` holds.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Cmp::AtMost => lhs <= rhs,
            Cmp::AtLeast => lhs >= rhs,
            Cmp::Exactly => lhs == rhs,
        }
    }
}

/// One constraint over 0-1 literals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// At least one literal is true.
    Clause(Vec<Lit>),
    /// At most one literal is true.
    AtMostOne(Vec<Lit>),
    /// Exactly one literal is true.
    ExactlyOne(Vec<Lit>),
    /// The number of true literals compared with `k`.
    Cardinality {
        /// The counted literals.
        lits: Vec<Lit>,
        /// How the count compares with `k`.
        cmp: Cmp,
        /// The bound.
        k: u32,
    },
    /// `sum a_i * l_i cmp rhs`, with integer coefficients.
    Linear {
        /// Coefficient and literal pairs.
        terms: Vec<(i64, Lit)>,
        /// How the sum compares with `rhs`.
        cmp: Cmp,
        /// The right-hand side.
        rhs: i64,
    },
}

impl Constraint {
    /// A short name of the constraint's kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Clause(_) => "clause",
            Constraint::AtMostOne(_) => "at-most-one",
            Constraint::ExactlyOne(_) => "exactly-one",
            Constraint::Cardinality { .. } => "cardinality",
            Constraint::Linear { .. } => "linear",
        }
    }

    /// Whether the constraint holds under `assignment` (indexed by variable).
    ///
    /// # Panics
    /// When a literal's variable is outside the assignment.
    pub fn holds(&self, assignment: &[bool]) -> bool {
        let count = |lits: &[Lit]| lits.iter().filter(|l| l.eval(assignment)).count();
        match self {
            Constraint::Clause(lits) => lits.iter().any(|l| l.eval(assignment)),
            Constraint::AtMostOne(lits) => count(lits) <= 1,
            Constraint::ExactlyOne(lits) => count(lits) == 1,
            Constraint::Cardinality { lits, cmp, k } => cmp.holds(count(lits) as i64, *k as i64),
            Constraint::Linear { terms, cmp, rhs } => {
                // In i128, where no sum of i64 coefficients can overflow.
                let lhs: i128 = terms
                    .iter()
                    .filter(|(_, l)| l.eval(assignment))
                    .map(|&(a, _)| i128::from(a))
                    .sum();
                let rhs = i128::from(*rhs);
                match cmp {
                    Cmp::AtMost => lhs <= rhs,
                    Cmp::AtLeast => lhs >= rhs,
                    Cmp::Exactly => lhs == rhs,
                }
            }
        }
    }

    /// The same constraint over other literals: every literal `l` becomes `f(l)` (to move a
    /// constraint into another model's numbering, say).
    pub fn map_lits(&self, mut f: impl FnMut(Lit) -> Lit) -> Constraint {
        let mut map = |l: &[Lit]| l.iter().map(|&x| f(x)).collect::<Vec<_>>();
        match self {
            Constraint::Clause(l) => Constraint::Clause(map(l)),
            Constraint::AtMostOne(l) => Constraint::AtMostOne(map(l)),
            Constraint::ExactlyOne(l) => Constraint::ExactlyOne(map(l)),
            Constraint::Cardinality { lits, cmp, k } => Constraint::Cardinality {
                lits: map(lits),
                cmp: *cmp,
                k: *k,
            },
            Constraint::Linear { terms, cmp, rhs } => Constraint::Linear {
                terms: terms.iter().map(|&(a, l)| (a, f(l))).collect(),
                cmp: *cmp,
                rhs: *rhs,
            },
        }
    }

    /// Every literal the constraint mentions.
    pub fn lits(&self) -> Box<dyn Iterator<Item = Lit> + '_> {
        match self {
            Constraint::Clause(l)
            | Constraint::AtMostOne(l)
            | Constraint::ExactlyOne(l)
            | Constraint::Cardinality { lits: l, .. } => Box::new(l.iter().copied()),
            Constraint::Linear { terms, .. } => Box::new(terms.iter().map(|(_, l)| *l)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Var;

    #[test]
    fn linear_constraint_weighs_true_literals() {
        let a = Var::new(0).positive();
        let b = Var::new(1).negative();
        let c = Constraint::Linear {
            terms: vec![(2, a), (3, b)],
            cmp: Cmp::AtMost,
            rhs: 4,
        };
        assert!(c.holds(&[true, true])); // 2 + 0
        assert!(!c.holds(&[true, false])); // 2 + 3
        assert!(c.holds(&[false, false])); // 0 + 3
    }

    #[test]
    fn linear_sums_past_i64_neither_overflow_nor_wrap() {
        let a = Var::new(0).positive();
        let c = Constraint::Linear {
            terms: vec![(i64::MAX, a), (i64::MAX, a)],
            cmp: Cmp::AtLeast,
            rhs: i64::MAX,
        };
        assert!(c.holds(&[true]));
        assert!(!c.holds(&[false]));
    }

    #[test]
    fn exactly_one_rejects_zero_and_two() {
        let lits = vec![Var::new(0).positive(), Var::new(1).positive()];
        let c = Constraint::ExactlyOne(lits);
        assert!(!c.holds(&[false, false]));
        assert!(c.holds(&[true, false]));
        assert!(!c.holds(&[true, true]));
    }
}
