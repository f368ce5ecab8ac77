//! The normal form every pseudo-Boolean encoding starts from: `sum w_i l_i cmp k` with
//! positive weights on distinct variables, nothing trivial left.
//!
//! Getting there (as in Eén & Sörensson, "Translating pseudo-Boolean constraints into SAT",
//! JSAT 2006, section 4): a negative coefficient is a negated literal (`a·l = a + |a|·¬l` for
//! a < 0), repeated and complementary literals are merged (`a·x + b·¬x = (a-b)·x + b`), a
//! literal whose weight alone breaks the bound is forced false and one without which the
//! bound cannot be reached is forced true, and the weights are divided by their greatest
//! common divisor. Arithmetic is in `i128`: the sum of any number of `i64` coefficients below
//! 2^64 terms stays under 2^127, so nothing here can overflow or wrap.

use crate::{Cmp, Lit, Var};
use std::collections::HashMap;

/// A linear constraint in normal form: `sum w_i l_i cmp k` where every weight is positive,
/// every variable occurs once, the terms go by decreasing weight (then by literal), and the
/// constraint is neither always true nor always false by counting alone:
/// `1 <= k <= total - 1`, and no single literal is forced (for at most k every `w_i <= k`,
/// for at least k every `w_i <= total - k`, for exactly k both).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbConstraint {
    terms: Vec<(i128, Lit)>,
    cmp: Cmp,
    k: i128,
    total: i128,
}

impl PbConstraint {
    /// Weight and literal pairs, by decreasing weight.
    pub fn terms(&self) -> &[(i128, Lit)] {
        &self.terms
    }

    /// How the weighted sum compares with [`PbConstraint::k`].
    pub fn cmp(&self) -> Cmp {
        self.cmp
    }

    /// The bound.
    pub fn k(&self) -> i128 {
        self.k
    }

    /// The sum of all weights.
    pub fn total(&self) -> i128 {
        self.total
    }

    /// The constraint as one or two "at most" constraints `sum w_i l_i <= k` with every
    /// `w_i <= k`: itself for at most k; over the negated literals with bound `total - k` for
    /// at least k (`sum w_i l_i >= k` is `sum w_i ¬l_i <= total - k`); both for exactly k.
    pub fn at_most_parts(&self) -> Vec<(Vec<(i128, Lit)>, i128)> {
        let negated = || self.terms.iter().map(|&(w, l)| (w, !l)).collect();
        match self.cmp {
            Cmp::AtMost => vec![(self.terms.clone(), self.k)],
            Cmp::AtLeast => vec![(negated(), self.total - self.k)],
            Cmp::Exactly => vec![
                (self.terms.clone(), self.k),
                (negated(), self.total - self.k),
            ],
        }
    }

    /// When every weight is 1: the literals, the comparison and the bound, a cardinality
    /// constraint.
    pub fn as_cardinality(&self) -> Option<(Vec<Lit>, Cmp, usize)> {
        if self.terms.iter().any(|&(w, _)| w != 1) {
            return None;
        }
        let k = usize::try_from(self.k).ok()?;
        Some((self.terms.iter().map(|&(_, l)| l).collect(), self.cmp, k))
    }

    /// Whether the constraint holds under `assignment` (indexed by variable).
    ///
    /// # Panics
    /// When a literal's variable is outside the assignment.
    pub fn holds(&self, assignment: &[bool]) -> bool {
        let sum: i128 = self
            .terms
            .iter()
            .filter(|(_, l)| l.eval(assignment))
            .map(|&(w, _)| w)
            .sum();
        match self.cmp {
            Cmp::AtMost => sum <= self.k,
            Cmp::AtLeast => sum >= self.k,
            Cmp::Exactly => sum == self.k,
        }
    }
}

/// What a linear constraint comes to after normalisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Normalized {
    /// No assignment satisfies it.
    False,
    /// Every literal of `units` must be true, and `rest`, when there is one, must hold; with no
    /// units and no rest the constraint always holds.
    Reduced {
        /// Literals the constraint forces.
        units: Vec<Lit>,
        /// What is left to encode.
        rest: Option<PbConstraint>,
    },
}

/// Brings `sum a_i l_i cmp rhs` to normal form.
///
/// ```
/// use model_encodings::pb::{normalize, Normalized};
/// use model_core::{Cmp, Var};
/// let (x, y, z) = (Var::new(0).positive(), Var::new(1).positive(), Var::new(2).positive());
/// // 5x - 2y + 3z <= 4 is 5x + 3z + 2¬y <= 6, since -2y = 2¬y - 2.
/// let Normalized::Reduced { units, rest } = normalize(&[(5, x), (-2, y), (3, z)], Cmp::AtMost, 4)
/// else { panic!("satisfiable") };
/// assert!(units.is_empty());
/// let rest = rest.unwrap();
/// assert_eq!(rest.terms(), &[(5, x), (3, z), (2, !y)]);
/// assert_eq!((rest.cmp(), rest.k()), (Cmp::AtMost, 6));
/// // 4x + 4y = 6 has no solution: the weights' divisor 4 does not divide 6.
/// assert_eq!(normalize(&[(4, x), (4, y)], Cmp::Exactly, 6), Normalized::False);
/// ```
pub fn normalize(terms: &[(i64, Lit)], cmp: Cmp, rhs: i64) -> Normalized {
    let (terms, rhs) = positive_terms(terms, i128::from(rhs));
    let total: i128 = terms.iter().map(|&(w, _)| w).sum();
    let (lo, hi) = match cmp {
        Cmp::AtMost => (0, rhs),
        Cmp::AtLeast => (rhs, total),
        Cmp::Exactly => (rhs, rhs),
    };
    let mut bounds = Bounds {
        lo: lo.max(0),
        hi: hi.min(total),
        total,
    };
    let mut units = Vec::new();
    let mut first_free = 0;
    // Terms go by decreasing weight, so the forced ones form a prefix; the threshold
    // min(hi, total - lo) only falls as literals are fixed.
    while bounds.lo <= bounds.hi && first_free < terms.len() {
        let (w, l) = terms[first_free];
        if w > bounds.hi {
            units.push(!l);
            bounds.total -= w;
        } else if w > bounds.total - bounds.lo {
            units.push(l);
            bounds.total -= w;
            bounds.lo -= w;
            bounds.hi -= w;
        } else {
            break;
        }
        bounds.lo = bounds.lo.max(0);
        bounds.hi = bounds.hi.min(bounds.total);
        first_free += 1;
    }
    if bounds.lo > bounds.hi {
        return Normalized::False;
    }
    let mut terms = terms[first_free..].to_vec();
    if bounds.lo == 0 && bounds.hi == bounds.total {
        return Normalized::Reduced { units, rest: None };
    }
    let g = terms.iter().fold(0, |g, &(w, _)| gcd(g, w));
    for t in &mut terms {
        t.0 /= g;
    }
    // lo rounds up and hi down: the sum is a multiple of g.
    let (lo, hi, total) = ((bounds.lo + g - 1) / g, bounds.hi / g, bounds.total / g);
    let (cmp, k) = match (lo, hi) {
        (lo, hi) if lo > hi => return Normalized::False,
        (0, hi) => (Cmp::AtMost, hi),
        (lo, hi) if hi == total => (Cmp::AtLeast, lo),
        (lo, _) => (Cmp::Exactly, lo),
    };
    let rest = PbConstraint {
        terms,
        cmp,
        k,
        total,
    };
    Normalized::Reduced {
        units,
        rest: Some(rest),
    }
}

/// The current interval `lo..=hi` of the weighted sum of the remaining terms, and their
/// total weight.
struct Bounds {
    lo: i128,
    hi: i128,
    total: i128,
}

/// Terms with positive weights on distinct variables, sorted by decreasing weight, and the
/// right-hand side with every constant moved over.
fn positive_terms(terms: &[(i64, Lit)], mut rhs: i128) -> (Vec<(i128, Lit)>, i128) {
    // The coefficient of each variable's positive literal, in order of first mention.
    let mut index: HashMap<Var, usize> = HashMap::new();
    let mut coef: Vec<(Var, i128)> = Vec::new();
    for &(a, l) in terms {
        let a = i128::from(a);
        let slot = *index.entry(l.var()).or_insert_with(|| {
            coef.push((l.var(), 0));
            coef.len() - 1
        });
        if l.is_positive() {
            coef[slot].1 += a;
        } else {
            // a·¬x = a - a·x
            rhs -= a;
            coef[slot].1 -= a;
        }
    }
    let mut out: Vec<(i128, Lit)> = coef
        .into_iter()
        .filter(|&(_, c)| c != 0)
        .map(|(v, c)| {
            if c > 0 {
                (c, v.positive())
            } else {
                // c·x = c - c·¬x, with -c > 0
                rhs -= c;
                (-c, v.negative())
            }
        })
        .collect();
    out.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    (out, rhs)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(i: u32) -> Lit {
        Var::new(i).positive()
    }

    fn rest(n: Normalized) -> (Vec<Lit>, PbConstraint) {
        match n {
            Normalized::Reduced {
                units,
                rest: Some(r),
            } => (units, r),
            other => panic!("expected a constraint left, got {other:?}"),
        }
    }

    #[test]
    fn complementary_literals_cancel_into_a_constant() {
        // 3x + 3¬x + 2y >= 4  is  3 + 2y >= 4: y forced.
        let n = normalize(&[(3, lit(0)), (3, !lit(0)), (2, lit(1))], Cmp::AtLeast, 4);
        assert_eq!(
            n,
            Normalized::Reduced {
                units: vec![lit(1)],
                rest: None
            }
        );
    }

    #[test]
    fn duplicate_literals_add_up() {
        // 2x + 2x + 3y <= 5: 4x + 3y <= 5, at most one of them.
        let (units, r) = rest(normalize(
            &[(2, lit(0)), (2, lit(0)), (3, lit(1))],
            Cmp::AtMost,
            5,
        ));
        assert!(units.is_empty());
        assert_eq!(r.terms(), &[(4, lit(0)), (3, lit(1))]);
        assert_eq!((r.cmp(), r.k(), r.total()), (Cmp::AtMost, 5, 7));
    }

    #[test]
    fn forced_literals_peel_off_until_none_is_forced() {
        // 10x + 6y + z + w >= 12: x (else 8 < 12), then 6y + z + w >= 2 is left.
        let (units, r) = rest(normalize(
            &[(10, lit(0)), (6, lit(1)), (1, lit(2)), (1, lit(3))],
            Cmp::AtLeast,
            12,
        ));
        assert_eq!(units, vec![lit(0)]);
        assert_eq!((r.cmp(), r.k(), r.total()), (Cmp::AtLeast, 2, 8));
        // 10x + 6y + z <= 7: x false; then 6y + z <= 7 always holds.
        let n = normalize(&[(10, lit(0)), (6, lit(1)), (1, lit(2))], Cmp::AtMost, 7);
        assert_eq!(
            n,
            Normalized::Reduced {
                units: vec![!lit(0)],
                rest: None
            }
        );
    }

    #[test]
    fn bounds_out_of_reach_are_false_and_the_divisor_rounds_inwards() {
        assert_eq!(
            normalize(&[(3, lit(0))], Cmp::AtLeast, 4),
            Normalized::False
        );
        assert_eq!(
            normalize(&[(3, lit(0))], Cmp::AtMost, -1),
            Normalized::False
        );
        assert_eq!(
            normalize(&[], Cmp::Exactly, 0),
            Normalized::Reduced {
                units: vec![],
                rest: None
            }
        );
        // 4x + 4y + 4z >= 5 is x + y + z >= 2.
        let (_, r) = rest(normalize(
            &[(4, lit(0)), (4, lit(1)), (4, lit(2))],
            Cmp::AtLeast,
            5,
        ));
        assert_eq!(
            r.as_cardinality(),
            Some((vec![lit(0), lit(1), lit(2)], Cmp::AtLeast, 2))
        );
    }

    #[test]
    fn extreme_coefficients_neither_overflow_nor_wrap() {
        // i64::MIN·¬x three times is 3·2^63·x - 3·2^63 >= -2^63: only x = 1 meets it.
        let x = lit(0);
        let n = normalize(
            &[(i64::MIN, !x), (i64::MIN, !x), (i64::MIN, !x)],
            Cmp::AtLeast,
            i64::MIN,
        );
        assert_eq!(
            n,
            Normalized::Reduced {
                units: vec![x],
                rest: None
            }
        );
        let (_, r) = rest(normalize(
            &[(i64::MAX, x), (i64::MAX, lit(1)), (i64::MAX, lit(2))],
            Cmp::AtMost,
            i64::MAX,
        ));
        assert_eq!((r.k(), r.total()), (1, 3));
    }
}
