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
    rhs: i64,
}

impl Bound {
    fn holds(self, sum: i128) -> bool {
        let rhs = i128::from(self.rhs);
        match self.cmp {
            Cmp::AtMost => sum <= rhs,
            Cmp::AtLeast => sum >= rhs,
            Cmp::Exactly => sum == rhs,
        }
    }

    /// [`Bound::holds`] for a sum kept in 64 bits.
    fn holds_narrow(self, sum: i64) -> bool {
        match self.cmp {
            Cmp::AtMost => sum <= self.rhs,
            Cmp::AtLeast => sum >= self.rhs,
            Cmp::Exactly => sum == self.rhs,
        }
    }
}

/// Largest total of absolute coefficients (right-hand side included) of one constraint
/// whose sums are kept in 64 bits: no sum of its terms can then wrap.
const NARROW_LIMIT: i128 = 1 << 62;

/// Occurrences of every literal in the constraints of one model, shared by every checker.
pub struct CheckIndex {
    occurs: Vec<Vec<(u32, i64)>>,
    bounds: Vec<Bound>,
    vars: usize,
    /// Whether some constraint's coefficients add up past [`NARROW_LIMIT`]: its sums are
    /// then kept in 128 bits (a sum of at most 2^32 terms of 64-bit coefficients cannot
    /// wrap), so no overflow can make a broken constraint look satisfied.
    wide: bool,
}

impl CheckIndex {
    /// Indexes the constraints of `model`.
    pub fn new(model: &Model) -> CheckIndex {
        let vars = model.num_vars();
        let mut occurs = vec![Vec::new(); 2 * vars];
        let mut bounds = Vec::with_capacity(model.constraints().len());
        let mut wide = false;
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
                    rhs: i64::from(*k),
                },
                Constraint::Linear { cmp, rhs, .. } => Bound {
                    cmp: *cmp,
                    rhs: *rhs,
                },
            };
            bounds.push(bound);
            let mut total = i128::from(bound.rhs).abs();
            match c {
                Constraint::Linear { terms, .. } => {
                    for &(a, l) in terms {
                        occurs[l.code()].push((i as u32, a));
                        total += i128::from(a).abs();
                    }
                }
                _ => {
                    for l in c.lits() {
                        occurs[l.code()].push((i as u32, 1));
                        total += 1;
                    }
                }
            }
            wide |= total >= NARROW_LIMIT;
        }
        CheckIndex {
            occurs,
            bounds,
            vars,
            wide,
        }
    }
}

/// The sums of every constraint, in the width the index asks for.
enum Sums {
    Narrow(Vec<i64>),
    Wide(Vec<i128>),
}

impl Sums {
    fn get(&self, i: usize) -> i128 {
        match self {
            Sums::Narrow(s) => i128::from(s[i]),
            Sums::Wide(s) => s[i],
        }
    }

    fn len(&self) -> usize {
        match self {
            Sums::Narrow(s) => s.len(),
            Sums::Wide(s) => s.len(),
        }
    }
}

/// Checks a sequence of assignments of one model.
pub struct Checker<'a> {
    index: &'a CheckIndex,
    sums: Sums,
    broken: usize,
    current: Vec<bool>,
}

impl<'a> Checker<'a> {
    /// A checker starting from the all-false assignment.
    pub fn new(index: &'a CheckIndex) -> Checker<'a> {
        let n = index.bounds.len();
        let sums = if index.wide {
            Sums::Wide(vec![0; n])
        } else {
            Sums::Narrow(vec![0; n])
        };
        let mut c = Checker {
            index,
            sums,
            broken: 0,
            current: vec![false; index.vars],
        };
        // All false: only negative literals are true.
        for v in 0..index.vars {
            for &(i, a) in &index.occurs[2 * v + 1] {
                match &mut c.sums {
                    Sums::Narrow(sums) => sums[i as usize] += a,
                    Sums::Wide(sums) => sums[i as usize] += i128::from(a),
                }
            }
        }
        c.broken = (0..n)
            .filter(|&i| !index.bounds[i].holds(c.sums.get(i)))
            .count();
        c
    }

    /// Adds `sign` times the weight of literal `code` to the sums of its constraints,
    /// counting the constraints it breaks or mends.
    fn shift(&mut self, code: usize, sign: i64) {
        let index = self.index;
        let mut delta: isize = 0;
        match &mut self.sums {
            Sums::Narrow(sums) => {
                for &(i, a) in &index.occurs[code] {
                    let (i, bound) = (i as usize, index.bounds[i as usize]);
                    let before = bound.holds_narrow(sums[i]);
                    sums[i] += sign * a;
                    delta += isize::from(before) - isize::from(bound.holds_narrow(sums[i]));
                }
            }
            Sums::Wide(sums) => {
                for &(i, a) in &index.occurs[code] {
                    let (i, bound) = (i as usize, index.bounds[i as usize]);
                    let before = bound.holds(sums[i]);
                    sums[i] += i128::from(sign) * i128::from(a);
                    delta += isize::from(before) - isize::from(bound.holds(sums[i]));
                }
            }
        }
        self.broken = self.broken.wrapping_add_signed(delta);
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
        (0..self.sums.len()).find(|&i| !self.index.bounds[i].holds(self.sums.get(i)))
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
    fn sums_past_64_bits_do_not_wrap_into_a_pass() {
        // 2 * i64::MAX wraps to -2 in 64 bits, which is at most i64::MAX.
        let mut m = Model::new();
        let v = m.new_vars(2);
        m.add(Constraint::Linear {
            terms: vec![(i64::MAX, v[0].positive()), (i64::MAX, v[1].positive())],
            cmp: Cmp::AtMost,
            rhs: i64::MAX,
        });
        let index = CheckIndex::new(&m);
        let mut c = Checker::new(&index);
        assert_eq!(c.check(&[true, false]), None);
        assert_eq!(c.check(&[true, true]), Some(0));
        assert!(m.check(&[true, true]).is_err());
        // Negative coefficients too: -i64::MAX - i64::MAX wraps to 2 in 64 bits.
        let mut m = Model::new();
        let v = m.new_vars(2);
        m.add(Constraint::Linear {
            terms: vec![(-i64::MAX, v[0].positive()), (-i64::MAX, v[1].positive())],
            cmp: Cmp::AtLeast,
            rhs: 0,
        });
        let index = CheckIndex::new(&m);
        let mut c = Checker::new(&index);
        assert_eq!(c.check(&[false, false]), None);
        assert_eq!(c.check(&[true, true]), Some(0));
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
