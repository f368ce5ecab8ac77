//! Literal weights for weighted model counting: each literal of each variable of the formula
//! (the core's 0-based [`Lit`]) may carry an exact rational weight; a literal without one
//! weighs 1.

use num_rational::BigRational;
use std::collections::BTreeMap;
use zero_one_model::Lit;

/// The weight of each literal (as in the Model Counting Competition's `c p weight LIT W
/// 0` lines, 2021 onward, which [`zero_one_model::dimacs`] reads into
/// [`Cnf::weights`](zero_one_model::dimacs::Cnf::weights)). Both literals of a variable are
/// weighted independently; a literal without a weight weighs 1, so a variable without
/// weights counts 2 when free.
///
/// ```
/// use sharpcount::{BigRational, Weights};
/// use zero_one_model::Var;
/// let x1 = Var::new(0);
/// let mut w = Weights::new();
/// w.set(x1.positive(), BigRational::new(3.into(), 10.into()));
/// w.set(x1.negative(), BigRational::new(7.into(), 10.into()));
/// assert_eq!(w.get(x1.negative()), BigRational::new(7.into(), 10.into()));
/// assert_eq!(w.get(Var::new(1).positive()), BigRational::from_integer(1.into()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    map: BTreeMap<Lit, BigRational>,
}

impl Weights {
    /// No weights: every literal weighs 1.
    pub fn new() -> Weights {
        Weights::default()
    }

    /// Gives literal `lit` the weight `weight`; returns the weight it had, if it had one.
    pub fn set(&mut self, lit: Lit, weight: BigRational) -> Option<BigRational> {
        self.map.insert(lit, weight)
    }

    /// The weight of literal `lit`: the one set, else 1.
    pub fn get(&self, lit: Lit) -> BigRational {
        self.map
            .get(&lit)
            .cloned()
            .unwrap_or_else(|| BigRational::from_integer(1.into()))
    }

    /// The literals given a weight, in increasing order of [`Lit::code`], with their
    /// weights.
    pub fn iter(&self) -> impl Iterator<Item = (Lit, &BigRational)> {
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

impl FromIterator<(Lit, BigRational)> for Weights {
    fn from_iter<I: IntoIterator<Item = (Lit, BigRational)>>(iter: I) -> Weights {
        Weights {
            map: iter.into_iter().collect(),
        }
    }
}
