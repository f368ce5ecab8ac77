//! The weighted count of the certified graph, as a checker computes it: each variable's
//! weights normalised to a probability `p = w(x) / (w(x) + w(¬x))` (so a variable a node
//! does not mention weighs 1 and no smoothing is needed), a product multiplying, a sum
//! adding, and the root's value scaled back by `Π (w(x) + w(¬x))`.

use super::pog::{Op, Pog};
use super::CpogError;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The weights of both literals of every variable `1..=num_vars` (1 where none is given).
pub(crate) fn literal_weights(
    num_vars: usize,
    given: &[(i32, BigRational)],
) -> Vec<(BigRational, BigRational)> {
    let mut w = vec![(BigRational::one(), BigRational::one()); num_vars + 1];
    for (lit, weight) in given {
        let v = lit.unsigned_abs() as usize;
        if *lit > 0 {
            w[v].0 = weight.clone();
        } else {
            w[v].1 = weight.clone();
        }
    }
    w
}

/// The weighted count of `pog` under `weights` (from [`literal_weights`]).
///
/// # Errors
/// [`CpogError::ZeroWeightSum`] for a variable whose two weights add up to 0.
pub(crate) fn weighted_count(
    pog: &Pog,
    weights: &[(BigRational, BigRational)],
) -> Result<BigRational, CpogError> {
    let mut p = Vec::with_capacity(weights.len());
    let mut scale = BigRational::one();
    for (v, (pos, neg)) in weights.iter().enumerate().skip(1) {
        let sum = pos + neg;
        if sum.is_zero() {
            return Err(CpogError::ZeroWeightSum { var: v as u32 });
        }
        p.push(pos / &sum);
        scale *= sum;
    }
    let lit_value = |l: i32| -> BigRational {
        let pv = &p[l.unsigned_abs() as usize - 1];
        if l > 0 {
            pv.clone()
        } else {
            BigRational::one() - pv
        }
    };
    let mut values: Vec<BigRational> = Vec::with_capacity(pog.nodes.len());
    for node in &pog.nodes {
        let child = |c: i32| -> BigRational {
            if pog.is_node(c) {
                values[(c.unsigned_abs() - pog.num_vars - 1) as usize].clone()
            } else {
                lit_value(c)
            }
        };
        let value = match node.op {
            Op::Product => node
                .children
                .iter()
                .fold(BigRational::one(), |acc, &c| acc * child(c)),
            Op::Sum => node
                .children
                .iter()
                .fold(BigRational::from_integer(BigInt::zero()), |acc, &c| {
                    acc + child(c)
                }),
        };
        values.push(value);
    }
    let root = &values[(pog.root.unsigned_abs() - pog.num_vars - 1) as usize];
    Ok(root * scale)
}

/// `r` as a decimal when it is one (a denominator of 2s and 5s), else `a/b`.
pub fn decimal(r: &BigRational) -> String {
    let (mut twos, mut fives) = (0u32, 0u32);
    let mut d = r.denom().clone();
    let (two, five) = (BigInt::from(2), BigInt::from(5));
    while (&d % &two).is_zero() {
        d /= &two;
        twos += 1;
    }
    while (&d % &five).is_zero() {
        d /= &five;
        fives += 1;
    }
    if !d.is_one() {
        return format!("{}/{}", r.numer(), r.denom());
    }
    let digits = twos.max(fives);
    let scaled = r * BigRational::from_integer(BigInt::from(10).pow(digits));
    let n = scaled.to_integer();
    if digits == 0 {
        return n.to_string();
    }
    let sign = if n < BigInt::zero() { "-" } else { "" };
    let text = n.magnitude().to_string();
    let text = format!("{text:0>width$}", width = digits as usize + 1);
    let (int, frac) = text.split_at(text.len() - digits as usize);
    format!("{sign}{int}.{frac}")
}
