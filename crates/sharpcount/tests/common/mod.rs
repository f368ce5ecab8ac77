//! Helpers shared by the tests (the integration tests and the crate's own `src/tests.rs`):
//! a brute-force counter and formula builders.

#![allow(dead_code)]

// Each includer names `Formula` at its root: `use sharpcount::Formula` in the integration
// tests, the type itself inside the crate (src/tests.rs includes this file).
use crate::Formula;

/// The number of assignments of all variables satisfying `f`, projected onto
/// `f.projection` (distinct projections of the models), by enumeration.
pub fn brute_force(f: &Formula) -> u64 {
    let n = f.num_vars;
    assert!(n <= 20, "brute force over {n} variables");
    let proj: Vec<u32> = match &f.projection {
        None => (1..=n).collect(),
        Some(p) => {
            let mut p = p.clone();
            p.sort_unstable();
            p.dedup();
            p
        }
    };
    let mut seen = std::collections::HashSet::new();
    for a in 0u64..1 << n {
        let sat = f.clauses.iter().all(|c| {
            c.iter().any(|&l| {
                let bit = a >> (l.unsigned_abs() - 1) & 1 == 1;
                bit == (l > 0)
            })
        });
        if sat {
            let key: u64 = proj
                .iter()
                .enumerate()
                .map(|(i, &v)| (a >> (v - 1) & 1) << i)
                .sum();
            seen.insert(key);
        }
    }
    seen.len() as u64
}

/// The n-queens formula: one variable per square (row-major, 1-based), at least one
/// queen per row, at most one per row, column and diagonal.
pub fn queens(n: i32) -> Formula {
    let var = |r: i32, c: i32| r * n + c + 1;
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    for r in 0..n {
        clauses.push((0..n).map(|c| var(r, c)).collect());
    }
    let squares: Vec<(i32, i32)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    for (i, &(r1, c1)) in squares.iter().enumerate() {
        for &(r2, c2) in &squares[i + 1..] {
            if r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs() {
                clauses.push(vec![-var(r1, c1), -var(r2, c2)]);
            }
        }
    }
    Formula {
        num_vars: (n * n) as u32,
        clauses,
        projection: None,
    }
}

/// The pigeonhole formula: `holes + 1` pigeons in `holes` holes (unsatisfiable).
pub fn pigeonhole(holes: i32) -> Formula {
    let pigeons = holes + 1;
    let var = |p: i32, h: i32| p * holes + h + 1;
    let mut clauses: Vec<Vec<i32>> = (0..pigeons)
        .map(|p| (0..holes).map(|h| var(p, h)).collect())
        .collect();
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    Formula {
        num_vars: (pigeons * holes) as u32,
        clauses,
        projection: None,
    }
}

/// A small deterministic generator (xorshift64*), so tests need no extra dependency.
pub struct Rng(pub u64);

impl Rng {
    /// The next value below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound
    }
}

/// A random formula on `n` variables with `m` clauses of width 2..=`max_width`.
pub fn random_formula(rng: &mut Rng, n: u32, m: usize, max_width: u64) -> Formula {
    let clauses = (0..m)
        .map(|_| {
            let w = 2 + rng.below(max_width - 1);
            (0..w)
                .map(|_| {
                    let v = 1 + rng.below(n as u64) as i32;
                    if rng.below(2) == 0 {
                        v
                    } else {
                        -v
                    }
                })
                .collect()
        })
        .collect();
    Formula {
        num_vars: n,
        clauses,
        projection: None,
    }
}

/// A random k-CNF: `m` clauses of `k` distinct variables each, on `n` variables.
pub fn random_kcnf(rng: &mut Rng, n: u32, m: usize, k: usize) -> Formula {
    let clauses = (0..m)
        .map(|_| {
            let mut c: Vec<i32> = Vec::with_capacity(k);
            while c.len() < k {
                let v = 1 + rng.below(n as u64) as i32;
                if c.iter().all(|l| l.abs() != v) {
                    c.push(if rng.below(2) == 0 { v } else { -v });
                }
            }
            c
        })
        .collect();
    Formula {
        num_vars: n,
        clauses,
        projection: None,
    }
}

/// A random circuit in Tseitin form: `inputs` free variables, then `gates` variables each
/// defined as AND, OR or XOR of two earlier signals (possibly negated), then `constraints`
/// random clauses of width 2 or 3 over all signals. Gate outputs are defined by the
/// inputs, which exercises definability and elimination.
pub fn random_circuit(rng: &mut Rng, inputs: u32, gates: u32, constraints: usize) -> Formula {
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let signal = |rng: &mut Rng, below: u32| {
        let v = 1 + rng.below(below as u64) as i32;
        if rng.below(2) == 0 {
            v
        } else {
            -v
        }
    };
    for g in inputs + 1..=inputs + gates {
        let (a, b, x) = (signal(rng, g - 1), signal(rng, g - 1), g as i32);
        match rng.below(3) {
            0 => clauses.extend([vec![-x, a], vec![-x, b], vec![x, -a, -b]]),
            1 => clauses.extend([vec![x, -a], vec![x, -b], vec![-x, a, b]]),
            _ => clauses.extend([
                vec![-x, a, b],
                vec![-x, -a, -b],
                vec![x, -a, b],
                vec![x, a, -b],
            ]),
        }
    }
    let n = inputs + gates;
    for _ in 0..constraints {
        let w = 2 + rng.below(2);
        clauses.push((0..w).map(|_| signal(rng, n)).collect());
    }
    Formula {
        num_vars: n,
        clauses,
        projection: None,
    }
}
