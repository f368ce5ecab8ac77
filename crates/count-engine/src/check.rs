//! Checking every solution against every constraint, at the cost of what changed: each
//! constraint keeps the weighted sum of its true literals, and a new assignment updates only
//! the constraints of the variables whose values differ from the previous one. Consecutive
//! solutions of a search differ in few variables, so this is much cheaper than evaluating
//! the whole model per solution, and exactly as strict: a solution passes only when every
//! constraint holds for its sums.

use zero_one_model::{Cmp, Constraint, Model};

/// What a constraint requires of the sum of its true literals' weights.
#[derive(Copy, Clone, Debug)]
struct Bound {
    cmp: Cmp,
    rhs: i128,
}

impl Bound {
    /// Sums are kept in 128 bits: a sum of at most 2^32 terms of 64-bit coefficients cannot
    /// wrap, so no overflow can make a broken constraint look satisfied.
    fn holds(self, sum: i128) -> bool {
        match self.cmp {
            Cmp::AtMost => sum <= self.rhs,
            Cmp::AtLeast => sum >= self.rhs,
            Cmp::Exactly => sum == self.rhs,
        }
    }
}

/// Occurrences of every literal in the constraints of one model, shared by every checker.
pub struct CheckIndex {
    occurs: Vec<Vec<(u32, i128)>>,
    bounds: Vec<Bound>,
    vars: usize,
}

impl CheckIndex {
    /// Indexes the constraints of `model`.
    pub fn new(model: &Model) -> CheckIndex {
        let vars = model.num_vars();
        let mut occurs = vec![Vec::new(); 2 * vars];
        let mut bounds = Vec::with_capacity(model.constraints().len());
        for (i, c) in model.constraints().iter().enumerate() {
            let bound = match c {
                Constraint::Clause(_) => Bound {
                    cmp: Cmp::AtLeast,
                    rhs: 1,
                },
                Constraint::AtMostOne(_) => Bound {
                    cmp: Cmp::AtMost,
                    rhs: 1,
                },
                Constraint::ExactlyOne(_) => Bound {
                    cmp: Cmp::Exactly,
                    rhs: 1,
                },
                Constraint::Cardinality { cmp, k, .. } => Bound {
                    cmp: *cmp,
                    rhs: i128::from(*k),
                },
                Constraint::Linear { cmp, rhs, .. } => Bound {
                    cmp: *cmp,
                    rhs: i128::from(*rhs),
                },
            };
            bounds.push(bound);
            match c {
                Constraint::Linear { terms, .. } => {
                    for &(a, l) in terms {
                        occurs[l.code()].push((i as u32, i128::from(a)));
                    }
                }
                _ => {
                    for l in c.lits() {
                        occurs[l.code()].push((i as u32, 1));
                    }
                }
            }
        }
        CheckIndex {
            occurs,
            bounds,
            vars,
        }
    }
}

/// Checks a sequence of assignments of one model.
pub struct Checker<'a> {
    index: &'a CheckIndex,
    sums: Vec<i128>,
    broken: usize,
    current: Vec<bool>,
}

impl<'a> Checker<'a> {
    /// A checker starting from the all-false assignment.
    pub fn new(index: &'a CheckIndex) -> Checker<'a> {
        let sums = vec![0i128; index.bounds.len()];
        // All false: only negative literals are true.
        let mut c = Checker {
            index,
            sums,
            broken: 0,
            current: vec![false; index.vars],
        };
        for v in 0..index.vars {
            for &(i, a) in &index.occurs[2 * v + 1] {
                c.sums[i as usize] += a;
            }
        }
        c.broken = (0..c.sums.len())
            .filter(|&i| !index.bounds[i].holds(c.sums[i]))
            .count();
        c
    }

    fn shift(&mut self, code: usize, sign: i128) {
        for &(i, a) in &self.index.occurs[code] {
            let i = i as usize;
            let bound = self.index.bounds[i];
            let before = bound.holds(self.sums[i]);
            self.sums[i] += sign * a;
            let after = bound.holds(self.sums[i]);
            match (before, after) {
                (true, false) => self.broken += 1,
                (false, true) => self.broken -= 1,
                _ => {}
            }
        }
    }

    /// Moves to `assignment` (one value per model variable) and returns the index of a
    /// constraint it breaks, if any.
    ///
    /// # Panics
    /// Never for an assignment of the model's length; callers check the length first.
    pub fn check(&mut self, assignment: &[bool]) -> Option<usize> {
        for (v, &value) in assignment.iter().enumerate().take(self.index.vars) {
            if value != self.current[v] {
                let (now_true, now_false) = if value {
                    (2 * v, 2 * v + 1)
                } else {
                    (2 * v + 1, 2 * v)
                };
                self.shift(now_false, -1);
                self.shift(now_true, 1);
                self.current[v] = value;
            }
        }
        if self.broken == 0 {
            return None;
        }
        (0..self.sums.len()).find(|&i| !self.index.bounds[i].holds(self.sums[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use zero_one_model::{Lit, Var};

    fn model_strategy() -> impl Strategy<Value = Model> {
        let lit = (0u32..6, any::<bool>()).prop_map(|(v, p)| Var::new(v).lit(p));
        let cmp = prop_oneof![Just(Cmp::AtMost), Just(Cmp::AtLeast), Just(Cmp::Exactly)];
        let constraint = prop_oneof![
            prop::collection::vec(lit.clone(), 0..4).prop_map(Constraint::Clause),
            prop::collection::vec(lit.clone(), 1..4).prop_map(Constraint::AtMostOne),
            prop::collection::vec(lit.clone(), 1..4).prop_map(Constraint::ExactlyOne),
            (
                prop::collection::vec(lit.clone(), 1..4),
                cmp.clone(),
                0u32..3
            )
                .prop_map(|(lits, cmp, k)| Constraint::Cardinality { lits, cmp, k }),
            (prop::collection::vec((-3i64..4, lit), 1..4), cmp, -3i64..5)
                .prop_map(|(terms, cmp, rhs)| Constraint::Linear { terms, cmp, rhs }),
        ];
        prop::collection::vec(constraint, 0..8).prop_map(|cs| {
            let mut m = Model::new();
            m.new_vars(6);
            for c in cs {
                m.add(c);
            }
            m
        })
    }

    proptest! {
        /// Along any sequence of assignments, the checker accepts exactly what the model's
        /// own check accepts, and names a constraint that really is broken.
        #[test]
        fn agrees_with_the_models_own_check(
            model in model_strategy(),
            seq in prop::collection::vec(prop::collection::vec(any::<bool>(), 6), 1..12),
        ) {
            let index = CheckIndex::new(&model);
            let mut checker = Checker::new(&index);
            for a in &seq {
                let verdict = checker.check(a);
                prop_assert_eq!(verdict.is_none(), model.check(a).is_ok());
                if let Some(i) = verdict {
                    prop_assert!(!model.constraints()[i].holds(a));
                }
            }
        }
    }

    #[test]
    fn repeated_literals_count_twice_as_the_model_does() {
        let mut m = Model::new();
        let v = m.new_vars(1);
        let x: Lit = v[0].positive();
        m.add(Constraint::AtMostOne(vec![x, x]));
        let index = CheckIndex::new(&m);
        let mut c = Checker::new(&index);
        assert_eq!(c.check(&[false]), None);
        assert_eq!(c.check(&[true]), Some(0));
        assert!(m.check(&[true]).is_err());
    }
}
