//! Exact rational arithmetic that stays fast when numbers get large. `num-rational`
//! reduces every result by `num-bigint`'s gcd, Stein's binary algorithm, whose work is
//! bits × words: against a small number it shifts the large one a bit at a time, so that
//! multiplying a weight of a thousand digits by one million-digit product took seconds
//! (the product of 1,000 free variables weighted `1e999`: 78 s). Here the gcd first
//! divides the larger number by the smaller (Euclid), which brings them to comparable
//! sizes in one step, and results are built already reduced.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The greatest common divisor of `a` and `b` (`gcd(0, 0) = 0`): Euclid's division steps
/// while the two differ by more than a word, Stein's algorithm once they are close.
pub(crate) fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut a, mut b) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    while !b.is_zero() {
        if b.is_one() {
            return b;
        }
        if a.bits() - b.bits() < 64 {
            return a.gcd(&b);
        }
        a %= &b;
        std::mem::swap(&mut a, &mut b);
    }
    a
}

/// `n / d` reduced, with a positive denominator; `d` must not be zero.
pub(crate) fn ratio(n: BigInt, d: BigInt) -> BigRational {
    debug_assert!(!d.is_zero());
    let g = BigInt::from(gcd(n.magnitude(), d.magnitude()));
    let (mut n, mut d) = if g.is_one() { (n, d) } else { (n / &g, d / &g) };
    if d.sign() == num_bigint::Sign::Minus {
        n = -n;
        d = -d;
    }
    BigRational::new_raw(n, d)
}

/// `a · b`, both reduced, reduced crosswise (numerator of each against the denominator of
/// the other), as `num-rational` does, with [`gcd`].
pub(crate) fn mul(a: &BigRational, b: &BigRational) -> BigRational {
    if a.is_zero() || b.is_zero() {
        return BigRational::zero();
    }
    let g1 = BigInt::from(gcd(a.numer().magnitude(), b.denom().magnitude()));
    let g2 = BigInt::from(gcd(b.numer().magnitude(), a.denom().magnitude()));
    let n = (a.numer() / &g1) * (b.numer() / &g2);
    let d = (a.denom() / &g2) * (b.denom() / &g1);
    BigRational::new_raw(n, d)
}

/// `a + b`, reduced.
pub(crate) fn add(a: &BigRational, b: &BigRational) -> BigRational {
    if a.denom() == b.denom() {
        return ratio(a.numer() + b.numer(), a.denom().clone());
    }
    let n = a.numer() * b.denom() + b.numer() * a.denom();
    ratio(n, a.denom() * b.denom())
}

/// The product of `factors`, exactly: numerators and denominators multiplied pairwise in
/// a balanced tree and the fraction reduced once at the end. Multiplying one factor at a
/// time reduces a growing fraction by a gcd each step, which takes time cubic in the number
/// of factors (minutes for two thousand weights of forty digits).
pub(crate) fn product(factors: impl Iterator<Item = BigRational>) -> BigRational {
    fn tree(mut xs: Vec<BigInt>) -> BigInt {
        while xs.len() > 1 {
            let mut next = Vec::with_capacity(xs.len().div_ceil(2));
            let mut it = xs.into_iter();
            while let Some(a) = it.next() {
                next.push(match it.next() {
                    Some(b) => a * b,
                    None => a,
                });
            }
            xs = next;
        }
        xs.pop().unwrap_or_else(BigInt::one)
    }
    let (numers, denoms): (Vec<BigInt>, Vec<BigInt>) = factors.map(|f| f.into_raw()).unzip();
    ratio(tree(numers), tree(denoms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    proptest! {
        #[test]
        fn arithmetic_agrees_with_num_rational(
            a in -1_000_000i64..1_000_000, b in 1i64..1_000_000,
            c in -1_000_000i64..1_000_000, d in 1i64..1_000_000,
            shift in 0usize..300,
        ) {
            // Large and small numbers together, as free-variable products make them.
            let big = BigRational::from_integer(BigInt::from(a) << shift);
            for (x, y) in [(r(a, b), r(c, d)), (big.clone(), r(c, d)), (r(c, d), big)] {
                prop_assert_eq!(mul(&x, &y), &x * &y);
                prop_assert_eq!(add(&x, &y), &x + &y);
                prop_assert_eq!(product([x.clone(), y.clone()].into_iter()), &x * &y);
            }
            let (ua, ub) = (BigUint::from(a.unsigned_abs()) << shift, BigUint::from(b as u64));
            prop_assert_eq!(gcd(&ua, &ub), ua.gcd(&ub));
        }
    }

    #[test]
    fn the_product_of_a_thousand_huge_weights_is_exact() {
        // (10^999 + 1)^1000 / 1: every gcd is against 1, which Stein's algorithm took
        // a bit at a time.
        let w = BigRational::from_integer(BigInt::from(10u32).pow(999) + 1);
        let p = product(std::iter::repeat_n(w.clone(), 1000));
        assert!(p.denom().is_one());
        assert_eq!(p.numer(), &w.numer().pow(1000));
        assert_eq!(mul(&p, &r(1, 1)), p);
        assert_eq!(
            gcd(&BigUint::from(0u32), &BigUint::from(0u32)),
            BigUint::zero()
        );
        assert_eq!(ratio(BigInt::from(6), BigInt::from(-4)), r(-3, 2));
    }
}
