//! Helpers shared by the tests (the integration tests and the crate's own `src/tests.rs`):
//! a brute-force counter and formula builders. Formulas are written in DIMACS numbers, as
//! people write them, and handed to the counter as the one core (`zero_one_model::Clauses`).

#![allow(dead_code)]

use zero_one_model::{Clauses, Lit, Var};

/// The literal written `n` in DIMACS.
pub fn lit(n: i32) -> Lit {
    Lit::from_dimacs(n.into()).expect("a DIMACS literal is not 0")
}

/// The core of the formula written `clauses` in DIMACS numbers over `num_vars` variables,
/// projected onto the DIMACS variables `projection` when given.
pub fn formula(num_vars: u32, clauses: &[&[i32]], projection: Option<&[u32]>) -> Clauses {
    let f = formula_of(num_vars, clauses.iter().map(|c| c.to_vec()).collect());
    projected(f, projection.map(<[u32]>::to_vec))
}

/// The core of `clauses` (DIMACS numbers) over `num_vars` variables, unprojected.
pub fn formula_of(num_vars: u32, clauses: Vec<Vec<i32>>) -> Clauses {
    let lits: Vec<Vec<Lit>> = clauses
        .iter()
        .map(|c| c.iter().map(|&n| lit(n)).collect())
        .collect();
    Clauses::from_clauses(num_vars as usize, lits.iter().map(Vec::as_slice))
}

/// `f` projected onto the DIMACS variables `projection`, or `f` as it is for `None`.
pub fn projected(f: Clauses, projection: Option<Vec<u32>>) -> Clauses {
    match projection {
        Some(p) => f.with_projection(p.into_iter().map(|v| Var::new(v - 1))),
        None => f,
    }
}

/// The DIMACS variables a count of `f` is over: its projection, or all of them.
pub fn shown(f: &Clauses) -> Vec<u32> {
    match f.projection() {
        Some(p) => p.iter().map(|v| v.to_dimacs() as u32).collect(),
        None => (1..=f.num_vars() as u32).collect(),
    }
}

/// Whether the assignment `a` (bit `v` is the value of the 0-based variable `v`) satisfies
/// every clause of `f`.
pub fn satisfies(f: &Clauses, a: u64) -> bool {
    f.iter().all(|c| {
        c.iter()
            .any(|l| (a >> l.var().index() & 1 == 1) == l.is_positive())
    })
}

/// The number of assignments of all variables satisfying `f`, projected onto its
/// projection (distinct projections of the models), by enumeration.
pub fn brute_force(f: &Clauses) -> u64 {
    let n = f.num_vars();
    assert!(n <= 20, "brute force over {n} variables");
    let proj = shown(f);
    let mut seen = std::collections::HashSet::new();
    for a in 0u64..1 << n {
        if satisfies(f, a) {
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

/// `f` as a DIMACS file: `c t TASK` when given, the header, the projection, the lines
/// `extra` (weights, say), then the clauses.
pub fn dimacs(f: &Clauses, task: Option<&str>, extra: &[String]) -> String {
    let mut s = String::new();
    if let Some(task) = task {
        s += &format!("c t {task}\n");
    }
    s += &format!("p cnf {} {}\n", f.num_vars(), f.len());
    if let Some(p) = f.projection() {
        let list: Vec<String> = p.iter().map(|v| v.to_dimacs().to_string()).collect();
        s += &format!("c p show {} 0\n", list.join(" "));
    }
    for line in extra {
        s += line;
        s += "\n";
    }
    for c in f.iter() {
        let list: Vec<String> = c.iter().map(|l| l.to_dimacs().to_string()).collect();
        s += &format!("{} 0\n", list.join(" "));
    }
    s
}

/// The n-queens formula: one variable per square (row-major, 1-based), at least one
/// queen per row, at most one per row, column and diagonal.
pub fn queens(n: i32) -> Clauses {
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
    formula_of((n * n) as u32, clauses)
}

/// The pigeonhole formula: `holes + 1` pigeons in `holes` holes (unsatisfiable).
pub fn pigeonhole(holes: i32) -> Clauses {
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
    formula_of((pigeons * holes) as u32, clauses)
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
pub fn random_formula(rng: &mut Rng, n: u32, m: usize, max_width: u64) -> Clauses {
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
    formula_of(n, clauses)
}

/// A random k-CNF: `m` clauses of `k` distinct variables each, on `n` variables.
pub fn random_kcnf(rng: &mut Rng, n: u32, m: usize, k: usize) -> Clauses {
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
    formula_of(n, clauses)
}

/// A random circuit in Tseitin form: `inputs` free variables, then `gates` variables each
/// defined as AND, OR or XOR of two earlier signals (possibly negated) or as an
/// if-then-else of three, then `constraints`
/// random clauses of width 2 or 3 over all signals. Gate outputs are defined by the
/// inputs, which exercises definability and elimination.
pub fn random_circuit(rng: &mut Rng, inputs: u32, gates: u32, constraints: usize) -> Clauses {
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
        match rng.below(4) {
            0 => clauses.extend([vec![-x, a], vec![-x, b], vec![x, -a, -b]]),
            1 => clauses.extend([vec![x, -a], vec![x, -b], vec![-x, a, b]]),
            2 => {
                let c = signal(rng, g - 1);
                clauses.extend([
                    vec![-c, -a, x],
                    vec![-c, a, -x],
                    vec![c, -b, x],
                    vec![c, b, -x],
                ]);
            }
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
    formula_of(n, clauses)
}
