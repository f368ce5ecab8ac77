//! The literal weights of a weighted formula (`c t wmc`, then `c p weight LIT W 0` lines,
//! `W` a decimal such as `0.25` or `-3`, or a fraction `a/b`), and the weighted count of a
//! checked graph: each variable's weights made a probability `w(x) / (w(x) + w(¬x))`, a
//! product multiplying and a sum adding them, the root scaled back by `Π (w(x) + w(¬x))`.
//! A literal without a weight weighs 1.

use super::count::Node;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// A weight as written: a decimal or a fraction.
pub fn parse_weight(text: &str) -> Option<BigRational> {
    if let Some((a, b)) = text.split_once('/') {
        let (a, b): (BigInt, BigInt) = (a.parse().ok()?, b.parse().ok()?);
        return (!b.is_zero()).then(|| BigRational::new(a, b));
    }
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty() && frac.is_empty()
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let n: BigInt = format!("{int}{frac}0").parse().ok()?;
    let d = BigInt::from(10).pow(frac.len() as u32 + 1);
    let r = BigRational::new(n, d);
    Some(if neg { -r } else { r })
}

/// The weights of `formula` (its text), or `None` when it is no `c t wmc` file.
///
/// # Errors
/// A `c p weight` line that is not `c p weight LIT W 0`, with its 1-based line.
pub fn read_weights(formula: &str) -> Result<Option<Vec<(i32, BigRational)>>, String> {
    let mut weighted = false;
    let mut weights = Vec::new();
    for (n, line) in formula.lines().enumerate() {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w[..] == ["c", "t", "wmc"] {
            weighted = true;
        }
        if w.len() >= 3 && w[..3] == ["c", "p", "weight"] {
            let bad = || format!("line {}: expected `c p weight LIT W 0`", n + 1);
            let [_, _, _, lit, weight, "0"] = w[..] else {
                return Err(bad());
            };
            let lit: i32 = lit.parse().map_err(|_| bad())?;
            weights.push((lit, parse_weight(weight).ok_or_else(bad)?));
        }
    }
    Ok(weighted.then_some(weights))
}

/// The weighted count of the graph `nodes` (counted in `order`, the root `root`) over
/// `variables` variables.
///
/// # Errors
/// A variable whose two weights add up to 0.
pub(crate) fn weighted_count(
    nodes: &[Option<Node>],
    order: &[usize],
    root: i32,
    variables: u32,
    given: &[(i32, BigRational)],
) -> Result<BigRational, String> {
    let n = variables as usize;
    let (mut pos, mut neg) = (
        vec![BigRational::one(); n + 1],
        vec![BigRational::one(); n + 1],
    );
    for (l, w) in given {
        let v = l.unsigned_abs() as usize;
        if v == 0 || v > n {
            return Err(format!("a weight for literal {l}, outside the formula"));
        }
        if *l > 0 {
            pos[v] = w.clone();
        } else {
            neg[v] = w.clone();
        }
    }
    let mut prob = vec![BigRational::zero(); n + 1];
    let mut scale = BigRational::one();
    for v in 1..=n {
        let sum = &pos[v] + &neg[v];
        if sum.is_zero() {
            return Err(format!("the weights of variable {v} add up to 0"));
        }
        prob[v] = &pos[v] / &sum;
        scale *= sum;
    }
    let first = variables + 1;
    let mut value: Vec<Option<BigRational>> = vec![None; nodes.len()];
    for &i in order {
        let node = nodes[i].as_ref().expect("a checked node");
        let child = |c: i32| -> BigRational {
            let v = c.unsigned_abs();
            if v < first {
                let p = &prob[v as usize];
                if c > 0 {
                    p.clone()
                } else {
                    BigRational::one() - p
                }
            } else {
                value[(v - first) as usize]
                    .clone()
                    .expect("a child before its parent")
            }
        };
        let x = if node.product {
            node.children
                .iter()
                .fold(BigRational::one(), |a, &c| a * child(c))
        } else {
            node.children
                .iter()
                .fold(BigRational::zero(), |a, &c| a + child(c))
        };
        value[i] = Some(x);
    }
    let r = value[(root.unsigned_abs() - first) as usize]
        .clone()
        .expect("the root");
    Ok(r * scale)
}
