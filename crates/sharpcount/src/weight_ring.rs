//! Weighted model counting over exact rationals, at close to the speed of integers.
//!
//! Reducing every sum and product by a gcd (what `num-rational` does) made weighted counts
//! several times slower than unweighted ones: the competition's weights are decimals, whose
//! products hardly reduce, so the gcds found nothing and cost most of the time. When every
//! literal weight's denominator divides a power of a small common base `D` (see
//! [`crate::weight_base`]: `10` for decimals), a weight is `n / D^k` and a value is kept
//! as `n / D^e`, an integer over a power of `D`: a product multiplies the integers and
//! adds the exponents, a sum brings the smaller exponent up by a cached power of `D`, and
//! no gcd is taken until the count is done. The representation is exact for any search
//! order; a `D` past [`MAX_BASE_BITS`] falls back to reduced rationals ([`crate::exact`]).

use crate::exact;
use crate::lit::Lit;
use crate::semiring::{HeapSize, Semiring};
use crate::weight_base;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The largest common denominator kept as a base of powers: past it (weights with many
/// different large denominators) values are reduced rationals.
pub(crate) const MAX_BASE_BITS: u64 = 256;

/// A weighted count as the search carries it.
#[derive(Clone, Debug)]
pub(crate) enum WeightValue {
    /// `n / D^e` for the ring's common denominator `D`.
    Scaled(BigInt, u32),
    /// A reduced rational.
    Ratio(BigRational),
}

impl HeapSize for WeightValue {
    fn heap_bytes(&self) -> usize {
        match self {
            WeightValue::Scaled(n, _) => (n.bits() as usize).div_ceil(64) * 8,
            WeightValue::Ratio(r) => r.heap_bytes(),
        }
    }
}

/// The literal weights, scaled to integers over powers of a common base or kept as
/// rationals.
#[derive(Clone, Debug)]
enum Lits {
    /// Each literal's weight as `(n, k)`, `w(l) = n / D^k`; the same for each variable left
    /// free (the sum of its two literals' weights); `D` and its powers (`powers[i] = D^i`).
    Scaled {
        lits: Vec<(BigInt, u32)>,
        free: Vec<(BigInt, u32)>,
        base: BigInt,
        powers: Vec<BigInt>,
    },
    /// The weights as they are.
    Ratio(Vec<BigRational>),
}

/// Weighted model counting over exact rationals: the weight of each literal of each
/// (search) variable, indexed by [`Lit::code`].
#[derive(Clone, Debug)]
pub(crate) struct Weighted {
    lits: Lits,
    /// Whether both literals of each variable weigh 1 (multiplications skipped).
    unit: Vec<bool>,
}

impl Weighted {
    /// Literal weights `lits` indexed by [`Lit::code`] (two per variable).
    pub(crate) fn new(lits: Vec<BigRational>) -> Weighted {
        let unit: Vec<bool> = lits.chunks(2).map(|w| w.iter().all(One::is_one)).collect();
        let weighted = || {
            lits.iter()
                .zip(unit.iter().flat_map(|&u| [u, u]))
                .filter(|(_, u)| !u)
                .map(|(w, _)| w)
        };
        let Some(base) = weight_base::common_base(weighted().map(|w| w.denom()), MAX_BASE_BITS)
        else {
            return Weighted {
                lits: Lits::Ratio(lits),
                unit,
            };
        };
        let mut powers = vec![BigInt::one()];
        let scaled: Option<Vec<(BigInt, u32)>> = lits
            .iter()
            .map(|w| {
                let k = weight_base::exponent(w.denom(), &base)?;
                Some((w.numer() * (power(&mut powers, &base, k) / w.denom()), k))
            })
            .collect();
        let Some(scaled) = scaled else {
            return Weighted {
                lits: Lits::Ratio(lits),
                unit,
            };
        };
        let free = scaled
            .chunks(2)
            .map(|pair| {
                let ((a, ka), (b, kb)) = (&pair[0], &pair[1]);
                let k = *ka.max(kb);
                let a = a * power(&mut powers, &base, k - ka);
                (a + b * power(&mut powers, &base, k - kb), k)
            })
            .collect();
        Weighted {
            lits: Lits::Scaled {
                lits: scaled,
                free,
                base,
                powers,
            },
            unit,
        }
    }

    /// The common base `D` of the scaled values, if values are scaled.
    pub(crate) fn base(&self) -> Option<BigInt> {
        match &self.lits {
            Lits::Scaled { base, .. } => Some(base.clone()),
            Lits::Ratio(_) => None,
        }
    }
}

impl WeightValue {
    /// The exact value, reduced; `base` is the ring's [`Weighted::base`].
    pub(crate) fn exact(self, base: Option<&BigInt>) -> BigRational {
        match (self, base) {
            (WeightValue::Ratio(r), _) => r,
            (WeightValue::Scaled(n, e), Some(base)) => {
                let (n, d) = weight_base::reduce(n, base, e);
                BigRational::new_raw(n, d)
            }
            (WeightValue::Scaled(n, _), None) => BigRational::from_integer(n),
        }
    }
}

/// `D^i`, from the cache of powers (grown as needed).
fn power(powers: &mut Vec<BigInt>, base: &BigInt, i: u32) -> BigInt {
    while powers.len() <= i as usize {
        let next = powers.last().expect("D^0 is cached") * base;
        powers.push(next);
    }
    powers[i as usize].clone()
}

impl Semiring for Weighted {
    type Value = WeightValue;
    const LITERALS: bool = true;

    fn zero(&self) -> WeightValue {
        match self.lits {
            Lits::Scaled { .. } => WeightValue::Scaled(BigInt::zero(), 0),
            Lits::Ratio(_) => WeightValue::Ratio(BigRational::zero()),
        }
    }

    fn one(&self) -> WeightValue {
        match self.lits {
            Lits::Scaled { .. } => WeightValue::Scaled(BigInt::one(), 0),
            Lits::Ratio(_) => WeightValue::Ratio(BigRational::one()),
        }
    }

    fn is_zero(&self, v: &WeightValue) -> bool {
        match v {
            WeightValue::Scaled(n, _) => n.is_zero(),
            WeightValue::Ratio(r) => r.is_zero(),
        }
    }

    fn add(&mut self, a: WeightValue, b: WeightValue) -> WeightValue {
        match (a, b, &mut self.lits) {
            (
                WeightValue::Scaled(a, ea),
                WeightValue::Scaled(b, eb),
                Lits::Scaled { base, powers, .. },
            ) => {
                if a.is_zero() {
                    return WeightValue::Scaled(b, eb);
                }
                if b.is_zero() {
                    return WeightValue::Scaled(a, ea);
                }
                match ea.cmp(&eb) {
                    std::cmp::Ordering::Equal => WeightValue::Scaled(a + b, ea),
                    std::cmp::Ordering::Less => {
                        WeightValue::Scaled(a * power(powers, base, eb - ea) + b, eb)
                    }
                    std::cmp::Ordering::Greater => {
                        WeightValue::Scaled(b * power(powers, base, ea - eb) + a, ea)
                    }
                }
            }
            (WeightValue::Ratio(a), WeightValue::Ratio(b), _) => {
                WeightValue::Ratio(exact::add(&a, &b))
            }
            _ => unreachable!("one search holds values of one kind"),
        }
    }

    fn mul(&mut self, acc: &mut WeightValue, by: &WeightValue) {
        match (acc, by) {
            (WeightValue::Scaled(a, ea), WeightValue::Scaled(b, eb)) => {
                if !(b.is_one() && *eb == 0) {
                    *a *= b;
                    *ea += eb;
                }
            }
            (WeightValue::Ratio(a), WeightValue::Ratio(b)) => {
                if !b.is_one() {
                    *a = exact::mul(a, b);
                }
            }
            _ => unreachable!("one search holds values of one kind"),
        }
    }

    fn times_literal(&mut self, acc: &mut WeightValue, l: Lit) {
        if self.unit[l.var() as usize] {
            return;
        }
        match (acc, &self.lits) {
            (WeightValue::Scaled(a, e), Lits::Scaled { lits, .. }) => {
                let (n, k) = &lits[l.code()];
                *a *= n;
                *e += k;
            }
            (WeightValue::Ratio(a), Lits::Ratio(lits)) => *a = exact::mul(a, &lits[l.code()]),
            _ => unreachable!("one search holds values of one kind"),
        }
    }

    fn times_free(&mut self, acc: &mut WeightValue, vars: &[u32]) {
        let mut doubled = 0usize;
        for &v in vars {
            if self.unit[v as usize] {
                doubled += 1;
                continue;
            }
            let p = Lit::new(v, false);
            match (&mut *acc, &self.lits) {
                (WeightValue::Scaled(a, e), Lits::Scaled { free, .. }) => {
                    let (n, k) = &free[v as usize];
                    *a *= n;
                    *e += k;
                }
                (WeightValue::Ratio(a), Lits::Ratio(lits)) => {
                    let free = exact::add(&lits[p.code()], &lits[(!p).code()]);
                    *a = exact::mul(a, &free);
                }
                _ => unreachable!("one search holds values of one kind"),
            }
        }
        if doubled > 0 {
            match acc {
                WeightValue::Scaled(a, _) => *a <<= doubled,
                WeightValue::Ratio(a) => {
                    let power = BigRational::from_integer(BigInt::one() << doubled);
                    *a = exact::mul(a, &power);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn merged_decimal_weights_stay_scaled() {
        // Twelve equivalent literals of weight 0.99738246 merged into one, beside weights
        // in thirds: the lcm of the denominators is 3 · 10^96, past the bound on bases,
        // which sent the whole count to reduced rationals; the base is now 30.
        let merged = (0..12).fold(r(1, 1), |acc, _| acc * r(99_738_246, 100_000_000));
        let lits = vec![
            merged.clone(),
            r(261_754, 100_000_000),
            r(1, 3),
            r(2, 3),
            r(1, 1),
            r(1, 1),
        ];
        let mut ring = Weighted::new(lits.clone());
        assert_eq!(ring.base(), Some(BigInt::from(30)));
        // (w(x0) + w(¬x0)) · w(¬x1) · (x2 free), against the rationals.
        let (mut a, mut b) = (ring.one(), ring.one());
        ring.times_literal(&mut a, Lit::new(0, false));
        ring.times_literal(&mut b, Lit::new(0, true));
        let mut value = ring.add(a, b);
        ring.times_literal(&mut value, Lit::new(1, true));
        ring.times_free(&mut value, &[2]);
        let want = (merged + r(261_754, 100_000_000)) * r(2, 3) * r(2, 1);
        assert_eq!(value.exact(ring.base().as_ref()), want);
    }
}
