//! The values the counting search computes, abstracted: a commutative semiring (zero,
//! one, sum over the two branches of a decision, product over independent components)
//! plus the value of a literal and of a free variable. Counting is the semiring of
//! natural numbers ([`Count`], where every literal is worth one and a free variable
//! two); weighted counting that of rationals ([`crate::weight_ring::Weighted`], Sang, Beame & Kautz 2005,
//! "Solving Bayesian networks by weighted model counting": each model is worth the
//! product of its literals' weights, and component caching carries over unchanged).
//! The search is generic over the semiring, so unweighted counting is compiled for
//! [`Count`] alone and pays nothing for weights.

use crate::lit::Lit;
use num_bigint::BigUint;
use num_rational::BigRational;

/// Bytes a value holds on the heap, for the cache's memory bound.
pub(crate) trait HeapSize {
    /// An estimate of the heap bytes of `self`.
    fn heap_bytes(&self) -> usize;
}

impl HeapSize for BigUint {
    fn heap_bytes(&self) -> usize {
        (self.bits() as usize).div_ceil(64) * 8
    }
}

impl HeapSize for BigRational {
    fn heap_bytes(&self) -> usize {
        let words = |bits: u64| (bits as usize).div_ceil(64) * 8;
        words(self.numer().bits()) + words(self.denom().bits())
    }
}

/// What the search computes with.
pub(crate) trait Semiring {
    /// A component's value.
    type Value: Clone + HeapSize;
    /// Whether [`Semiring::times_literal`] can change a value; when `false` the search
    /// never calls it.
    const LITERALS: bool;
    /// The value of an unsatisfiable component.
    fn zero(&self) -> Self::Value;
    /// The value of a satisfied component without variables.
    fn one(&self) -> Self::Value;
    /// True when `v` is zero.
    fn is_zero(&self, v: &Self::Value) -> bool;
    /// The sum of the two branches of a decision.
    fn add(&mut self, a: Self::Value, b: Self::Value) -> Self::Value;
    /// Multiplies `acc` by the value `by` of an independent part.
    fn mul(&mut self, acc: &mut Self::Value, by: &Self::Value);
    /// Multiplies `acc` by the value of literal `l`, made true in a branch.
    fn times_literal(&mut self, acc: &mut Self::Value, l: Lit);
    /// Multiplies `acc` by the value of the variables `vars`, unassigned and in no
    /// residual clause (each is worth the sum of its two literals).
    fn times_free(&mut self, acc: &mut Self::Value, vars: &[u32]);
    /// `false` once what the semiring builds (a compiled formula) has outgrown its memory
    /// budget; the search then stops with [`crate::limits::Stop::MemoryLimit`].
    fn within_budget(&self) -> bool {
        true
    }
}

/// Model counting: natural numbers, a free variable doubles the count.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Count;

impl Semiring for Count {
    type Value = BigUint;
    const LITERALS: bool = false;

    fn zero(&self) -> BigUint {
        BigUint::default()
    }

    fn one(&self) -> BigUint {
        BigUint::from(1u32)
    }

    #[inline]
    fn is_zero(&self, v: &BigUint) -> bool {
        v.bits() == 0
    }

    #[inline]
    fn add(&mut self, a: BigUint, b: BigUint) -> BigUint {
        a + b
    }

    #[inline]
    fn mul(&mut self, acc: &mut BigUint, by: &BigUint) {
        *acc *= by;
    }

    #[inline]
    fn times_literal(&mut self, _acc: &mut BigUint, _l: Lit) {}

    #[inline]
    fn times_free(&mut self, acc: &mut BigUint, vars: &[u32]) {
        if !vars.is_empty() {
            *acc <<= vars.len();
        }
    }
}
