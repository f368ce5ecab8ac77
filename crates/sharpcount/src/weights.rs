//! Literal weights for weighted model counting, in DIMACS numbering: each literal of each
//! variable may carry an exact rational weight; a literal without one weighs 1.

use num_rational::BigRational;
use std::collections::BTreeMap;

/// The weight of each literal (as in the Model Counting Competition's `c p weight LIT W
/// 0` lines, 2021 onward). Both literals of a variable are weighted independently; a
/// literal without a weight weighs 1, so a variable without weights counts 2 when free.
///
/// ```
/// use sharpcount::{BigRational, Weights};
/// let mut w = Weights::new();
/// w.set(1, BigRational::new(3.into(), 10.into()));
/// w.set(-1, BigRational::new(7.into(), 10.into()));
/// assert_eq!(w.get(-1), BigRational::new(7.into(), 10.into()));
/// assert_eq!(w.get(2), BigRational::from_integer(1.into()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    map: BTreeMap<i32, BigRational>,
}

impl Weights {
    /// No weights: every literal weighs 1.
    pub fn new() -> Weights {
        Weights::default()
    }

    /// Gives literal `lit` (DIMACS numbering) the weight `weight`; returns the weight it
    /// had, if it had one.
    pub fn set(&mut self, lit: i32, weight: BigRational) -> Option<BigRational> {
        self.map.insert(lit, weight)
    }

    /// The weight of literal `lit`: the one set, else 1.
    pub fn get(&self, lit: i32) -> BigRational {
        self.map
            .get(&lit)
            .cloned()
            .unwrap_or_else(|| BigRational::from_integer(1.into()))
    }

    /// The literals given a weight, in increasing order, with their weights.
    pub fn iter(&self) -> impl Iterator<Item = (i32, &BigRational)> {
        self.map.iter().map(|(&l, w)| (l, w))
    }

    /// Number of literals given a weight.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when no literal has a weight.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl FromIterator<(i32, BigRational)> for Weights {
    fn from_iter<I: IntoIterator<Item = (i32, BigRational)>>(iter: I) -> Weights {
        Weights {
            map: iter.into_iter().collect(),
        }
    }
}
