//! Random pseudo-Boolean files with their brute-force counts, for the OPB tests.

/// A random OPB instance (fixed seed): `vars` variables, `rows` constraints of 2..=6 terms
/// with weights in -9..=9 (and ~ literals), mostly inequalities, and the brute-force count of its solutions.
pub fn random_opb(seed: u64, vars: usize, rows: usize) -> (String, u64) {
    let mut s = seed;
    let mut next = |m: u64| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) % m
    };
    // Each constraint: terms (weight, var, negated), comparison, bound.
    let mut cons = Vec::new();
    for _ in 0..rows {
        let k = 2 + next(5) as usize;
        let terms: Vec<(i64, usize, bool)> = (0..k)
            .map(|_| {
                (
                    next(19) as i64 - 9,
                    next(vars as u64) as usize,
                    next(2) == 0,
                )
            })
            .collect();
        let cmp = [">=", "<=", ">=", "<=", "="][next(5) as usize];
        let rhs = next(5) as i64 - 2;
        cons.push((terms, cmp, rhs));
    }
    let mut text = format!("* #variable= {vars} #constraint= {rows}\nmin: +1 x1 ;\n");
    for (terms, cmp, rhs) in &cons {
        for (a, v, neg) in terms {
            let lit = if *neg { "~x" } else { "x" };
            text += &format!("{a:+} {lit}{} ", v + 1);
        }
        text += &format!("{cmp} {rhs} ;\n");
    }
    let count = (0..1u64 << vars)
        .filter(|bits| {
            cons.iter().all(|(terms, cmp, rhs)| {
                let sum: i64 = terms
                    .iter()
                    .map(|&(a, v, neg)| a * i64::from(((bits >> v) & 1 == 1) != neg))
                    .sum();
                match *cmp {
                    ">=" => sum >= *rhs,
                    "<=" => sum <= *rhs,
                    _ => sum == *rhs,
                }
            })
        })
        .count() as u64;
    (text, count)
}
