//! Exact decimal numbers as weights are written in model counting files ("0.3", "1e-5",
//! "2.5E3", "-0.1"): read into exact rationals, and rationals written back, exactly when
//! their denominator divides a power of ten and else as a fraction, or rounded to 17
//! significant digits.

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// The largest decimal exponent read: beyond it a weight would take megabytes of digits.
pub const MAX_EXPONENT: i64 = 10_000;

/// Why a token is not a decimal number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecimalError {
    /// Not of the form `[+-]digits[.digits][(e|E)[+-]digits]`.
    #[error("expected a decimal number such as 0.25, 3, 1e-5 or -2.5E3")]
    Malformed,
    /// The exponent is beyond ±[`MAX_EXPONENT`].
    #[error("the exponent is beyond ±{MAX_EXPONENT}")]
    ExponentTooLarge,
}

/// The exact value of a decimal number: an optional sign, digits with at most one point
/// (at least one digit in all), and an optional exponent `e` or `E` with optional sign.
///
/// ```
/// use model_core::decimal::parse;
/// use num_rational::BigRational;
/// assert_eq!(parse("0.3").unwrap(), BigRational::new(3.into(), 10.into()));
/// assert_eq!(parse("-2.5E3").unwrap(), BigRational::from_integer((-2500).into()));
/// assert!(parse("0x1p3").is_err());
/// ```
///
/// # Errors
/// [`DecimalError`] when the token is not such a number or its exponent is too large.
pub fn parse(token: &str) -> Result<BigRational, DecimalError> {
    let (negative, rest) = match token.as_bytes().first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.len() + frac.len() == 0 || !digits(int) || !digits(frac) {
        return Err(DecimalError::Malformed);
    }
    let mut exp: i64 = match exponent {
        None => 0,
        Some(e) => {
            let body = e.strip_prefix(['+', '-']).unwrap_or(e);
            if body.is_empty() || !digits(body) {
                return Err(DecimalError::Malformed);
            }
            let magnitude: i64 = body.trim_start_matches('0').parse().unwrap_or(
                if body.trim_start_matches('0').is_empty() {
                    0
                } else {
                    i64::MAX
                },
            );
            if magnitude > MAX_EXPONENT {
                return Err(DecimalError::ExponentTooLarge);
            }
            if e.starts_with('-') {
                -magnitude
            } else {
                magnitude
            }
        }
    };
    exp -= frac.len() as i64;
    let all: String = [int, frac].concat();
    let n: BigUint = all.parse().unwrap_or_default();
    let sign = if negative { Sign::Minus } else { Sign::Plus };
    let n = BigInt::from_biguint(sign, n);
    let ten = |k: u64| BigInt::from(10u32).pow(k as u32);
    Ok(if exp >= 0 {
        BigRational::from_integer(n * ten(exp as u64))
    } else {
        BigRational::new(n, ten(exp.unsigned_abs()))
    })
}

/// `x` written exactly: as a decimal when its denominator divides a power of ten
/// (`"1.3"`, `"-0.0625"`, `"42"`), else as a fraction `p/q`.
///
/// ```
/// use model_core::decimal::{exact, parse};
/// use num_rational::BigRational;
/// assert_eq!(exact(&parse("1.30").unwrap()), "1.3");
/// assert_eq!(exact(&BigRational::new(1.into(), 3.into())), "1/3");
/// ```
pub fn exact(x: &BigRational) -> String {
    let d = x.denom().magnitude().clone();
    let (mut rest, mut twos, mut fives) = (d, 0u64, 0u64);
    let (two, five) = (BigUint::from(2u32), BigUint::from(5u32));
    while (&rest % &two).is_zero() {
        rest /= &two;
        twos += 1;
    }
    while (&rest % &five).is_zero() {
        rest /= &five;
        fives += 1;
    }
    if !rest.is_one() {
        return format!("{}/{}", x.numer(), x.denom());
    }
    let k = twos.max(fives);
    let scaled =
        (x.numer().magnitude() * BigUint::from(10u32).pow(k as u32)) / x.denom().magnitude();
    let mut digits = scaled.to_string();
    let sign = if x.is_negative() { "-" } else { "" };
    if k == 0 {
        return format!("{sign}{digits}");
    }
    let k = k as usize;
    if digits.len() <= k {
        digits = format!("{}{digits}", "0".repeat(k + 1 - digits.len()));
    }
    let (int, frac) = digits.split_at(digits.len() - k);
    format!("{sign}{int}.{frac}")
}

/// `x` rounded to `digits` significant digits (at least 1) in scientific notation
/// (`"1.3000000000000000e0"`, `"-6.25e-2"` with 3 digits: `"-6.25e-2"`); `"0"` for zero.
///
/// ```
/// use model_core::decimal::{parse, scientific};
/// assert_eq!(scientific(&parse("1234.5").unwrap(), 3), "1.23e3");
/// assert_eq!(scientific(&parse("-0.000999999").unwrap(), 2), "-1.0e-3");
/// ```
pub fn scientific(x: &BigRational, digits: u32) -> String {
    if x.is_zero() {
        return "0".into();
    }
    let digits = digits.max(1);
    let (n, d) = (x.numer().magnitude(), x.denom().magnitude());
    // An estimate of floor(log10 |x|), corrected below.
    let mut e = ((n.bits() as f64 - d.bits() as f64) * std::f64::consts::LOG10_2).floor() as i64;
    let ten = |k: i64| BigUint::from(10u32).pow(k as u32);
    // |x| / 10^e as a fraction (num, den).
    let scaled = |e: i64| {
        if e >= 0 {
            (n.clone(), d * ten(e))
        } else {
            (n * ten(-e), d.clone())
        }
    };
    loop {
        let (a, b) = scaled(e);
        if a < b {
            e -= 1;
        } else if a >= &b * 10u32 {
            e += 1;
        } else {
            break;
        }
    }
    let shift = i64::from(digits) - 1;
    let (a, b) = scaled(e - shift);
    // Round half up.
    let mut m = (&a * 2u32 + &b) / (&b * 2u32);
    if m == ten(shift + 1) {
        m = ten(shift);
        e += 1;
    }
    let s = m.to_string();
    let sign = if x.is_negative() { "-" } else { "" };
    let (lead, tail) = s.split_at(1);
    if tail.is_empty() {
        format!("{sign}{lead}e{e}")
    } else {
        format!("{sign}{lead}.{tail}e{e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn decimals_read_exactly() {
        let cases = [
            ("0.3", r(3, 10)),
            ("1e-5", r(1, 100_000)),
            ("2.5E3", r(2500, 1)),
            ("-0.1", r(-1, 10)),
            ("+7", r(7, 1)),
            (".5", r(1, 2)),
            ("5.", r(5, 1)),
            ("0", r(0, 1)),
            ("1.25e+2", r(125, 1)),
            ("0001.000", r(1, 1)),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn non_decimals_are_refused() {
        for text in [
            "", "-", ".", "1e", "e5", "1.2.3", "0x10", "inf", "NaN", "1e+-2", "1,5", "--1",
        ] {
            assert_eq!(parse(text), Err(DecimalError::Malformed), "{text:?}");
        }
        assert_eq!(parse("1e10001"), Err(DecimalError::ExponentTooLarge));
        assert_eq!(
            parse("1e99999999999999999999999"),
            Err(DecimalError::ExponentTooLarge)
        );
    }

    #[test]
    fn exact_and_scientific_forms() {
        assert_eq!(exact(&r(13, 10)), "1.3");
        assert_eq!(exact(&r(-1, 16)), "-0.0625");
        assert_eq!(exact(&r(42, 1)), "42");
        assert_eq!(exact(&r(2, 3)), "2/3");
        assert_eq!(scientific(&r(13, 10), 17), "1.3000000000000000e0");
        assert_eq!(scientific(&r(2, 3), 17), "6.6666666666666667e-1");
        assert_eq!(scientific(&r(-999, 1), 2), "-1.0e3");
        assert_eq!(scientific(&r(1, 1), 1), "1e0");
    }

    proptest! {
        #[test]
        fn exact_decimals_read_back(n in any::<i64>(), k in 0u32..30, twos in 0u32..20) {
            let x = BigRational::new(n.into(), BigInt::from(10u32).pow(k) * BigInt::from(2u32).pow(twos));
            prop_assert_eq!(parse(&exact(&x)), Ok(x));
        }

        #[test]
        fn scientific_is_within_half_a_unit(n in any::<i64>(), d in 1i64..=i64::MAX) {
            let x = BigRational::new(n.into(), d.into());
            let s = scientific(&x, 17);
            let back = parse(&s).expect("reads back");
            let err = (back - &x).abs();
            prop_assert!(err * BigRational::from_integer(BigInt::from(10u64).pow(16)) <= x.abs(), "{}", s);
        }
    }
}
