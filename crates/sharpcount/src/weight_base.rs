//! The base `D` weighted values are scaled by ([`crate::weight_ring`]): every weight's
//! denominator divides a power of `D`, so a weight is an integer over `D^k`, and sums and
//! products stay integers over powers of `D` without a gcd.
//!
//! `D` is the product of the primes of the denominators (their radical) where those primes
//! are small, which keeps the integers as short as the weights allow: the competition's
//! decimals get `D = 10` and `k` their number of digits. The least common multiple of the
//! denominators, the base used before, pads every weight to the longest denominator: once
//! preprocessing merged the weights of equivalent literals (products of several decimals,
//! `10^8` each), the lcm was `10^96` and past the bound on bases, so the whole count fell
//! back to reduced rationals and a gcd per operation (MC2022 track 2, file 035: 13 s, 90%
//! of it in gcds).

use crate::exact::gcd;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Primes up to this bound are found by trial division in the denominators' lcm; the part
/// of the lcm left without them goes into `D` whole.
const SMALL_PRIME_BOUND: u32 = 1000;

/// The base for the denominators `denoms` (each at least 1), or `None` when it would take
/// more than `max_bits` bits.
pub(crate) fn common_base<'d>(
    denoms: impl Iterator<Item = &'d BigInt>,
    max_bits: u64,
) -> Option<BigInt> {
    let mut lcm = BigInt::one();
    for d in denoms {
        if !(&lcm % d).is_zero() {
            lcm = lcm.lcm(d);
        }
    }
    let mut base = BigInt::one();
    for p in (2..SMALL_PRIME_BOUND).filter(|&p| is_prime(p)) {
        if lcm.is_one() {
            break;
        }
        let p = BigInt::from(p);
        if (&lcm % &p).is_zero() {
            base *= &p;
            while (&lcm % &p).is_zero() {
                lcm /= &p;
            }
        }
    }
    base *= lcm;
    (base.bits() <= max_bits).then_some(base)
}

fn is_prime(p: u32) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

/// The least `k` with `d` dividing `base^k`, for `d` whose primes all divide `base` (as
/// [`common_base`] makes it); `None` otherwise.
pub(crate) fn exponent(d: &BigInt, base: &BigInt) -> Option<u32> {
    let mut rest = d.clone();
    let mut k = 0u32;
    // Each step divides out every prime of `rest` that `base` has, at least once.
    while !rest.is_one() {
        let g = rest.gcd(base);
        if g.is_one() {
            return None;
        }
        rest /= g;
        k = k.checked_add(1)?;
    }
    Some(k)
}

/// `n / base^e` as a reduced numerator and denominator. The common factor can only hold
/// primes of `base`, so it is divided out by gcds against `base` (a few words) instead of
/// one gcd of two numbers as long as the count, whose binary algorithm takes time
/// quadratic in their length (a third of a second for a count of 40,000 digits).
pub(crate) fn reduce(mut n: BigInt, base: &BigInt, e: u32) -> (BigInt, BigInt) {
    let mut d = num_traits::pow(base.clone(), e as usize);
    if n.is_zero() {
        return (n, BigInt::one());
    }
    loop {
        // Every common factor of n and d = base^e has its primes in base; each round divides
        // out gcd(n, base, d), Euclid's division first bringing n down to base's size.
        let g = gcd(&gcd(n.magnitude(), base.magnitude()), d.magnitude());
        if g.is_one() {
            return (n, d);
        }
        let g = BigInt::from(g);
        n /= &g;
        d /= &g;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(n: i64) -> BigInt {
        BigInt::from(n)
    }

    #[test]
    fn decimals_get_base_ten() {
        let denoms = [
            big(100_000_000),
            big(10_000_000_000_000_000),
            big(2),
            big(1),
        ];
        let base = common_base(denoms.iter(), 256).expect("small");
        assert_eq!(base, big(10));
        assert_eq!(exponent(&big(100_000_000), &base), Some(8));
        assert_eq!(exponent(&big(1), &base), Some(0));
        assert_eq!(exponent(&big(3), &base), None);
    }

    #[test]
    fn a_large_prime_joins_the_base_whole() {
        // 1,000,003 is prime, past the trial division's bound.
        let denoms = [big(1_000_003 * 1_000_003), big(12)];
        let base = common_base(denoms.iter(), 256).expect("small");
        assert_eq!(base, big(6 * 1_000_003 * 1_000_003));
        assert_eq!(exponent(&denoms[0], &base), Some(1));
        assert_eq!(exponent(&big(8), &base), Some(3));
        assert!(common_base(denoms.iter(), 20).is_none());
    }

    #[test]
    fn reduction_divides_out_the_common_factor() {
        // 1250 / 10^4 = 1/8.
        assert_eq!(reduce(big(1250), &big(10), 4), (big(1), big(8)));
        assert_eq!(reduce(big(-7), &big(10), 2), (big(-7), big(100)));
        assert_eq!(reduce(big(0), &big(10), 3), (big(0), big(1)));
        assert_eq!(reduce(big(300), &big(6), 2), (big(25), big(3)));
    }
}
