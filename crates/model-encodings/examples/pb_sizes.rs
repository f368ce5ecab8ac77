//! Sizes of every pseudo-Boolean encoding on 20 constraints: 10 with random weights (some
//! negative) and all three comparisons, 10 knapsack-like (`sum w_i x_i <= c`, weights in the
//! thousands, capacity about half the total). Prints one row per constraint, auxiliary
//! variables and clauses per encoding ('-' where the encoding passes its size limit), then
//! the totals over the constraints every encoding managed. Then, as a first look at
//! propagation, the time varisat takes to enumerate up to 500 solutions (blocking the inputs
//! only) of 8 small models, each 8 random weighted constraints over 32 variables with a
//! hidden solution.
//! Deterministic: rerun with `cargo run --release -p zero-one-model --example pb_sizes`.

use model_core::{Cmp, Lit, Var};
use model_encodings::pb::{normalize, Normalized};
use model_encodings::PbEncoding;
use std::time::Instant;
use varisat::ExtendFormula;

/// splitmix64, so every run measures the same constraints.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

struct Case {
    name: String,
    terms: Vec<(i64, Lit)>,
    cmp: Cmp,
    rhs: i64,
}

fn cases() -> Vec<Case> {
    let mut rng = Rng(2024);
    let mut out = Vec::new();
    for i in 0..10 {
        let n = rng.range(10, 40);
        let max = [10, 100, 1000][i % 3];
        let terms: Vec<(i64, Lit)> = (0..n)
            .map(|v| (rng.range(-max, max), Var::new(v as u32).positive()))
            .filter(|&(a, _)| a != 0)
            .collect();
        let positive: i64 = terms.iter().map(|&(a, _)| a.max(0)).sum();
        let cmp = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][i % 3];
        out.push(Case {
            name: format!("random n={n} a<={max} {cmp:?}"),
            rhs: positive / 3,
            terms,
            cmp,
        });
    }
    for i in 0..10 {
        let n = 10 + 5 * i as i64;
        let terms: Vec<(i64, Lit)> = (0..n)
            .map(|v| (rng.range(1000, 9999), Var::new(v as u32).positive()))
            .collect();
        let total: i64 = terms.iter().map(|&(a, _)| a).sum();
        out.push(Case {
            name: format!("knapsack n={n}"),
            rhs: total / 2,
            terms,
            cmp: Cmp::AtMost,
        });
    }
    out
}

fn main() {
    print!("| constraint |");
    for enc in PbEncoding::ALL {
        print!(" {enc} vars | {enc} clauses |");
    }
    println!();
    println!("|---|{}", "---:|".repeat(2 * PbEncoding::ALL.len()));
    let mut totals = [(0usize, 0u64, 0f64); 4];
    let mut all_managed = 0;
    for case in cases() {
        let Normalized::Reduced { rest: Some(pb), .. } = normalize(&case.terms, case.cmp, case.rhs)
        else {
            println!("| {} | trivial |", case.name);
            continue;
        };
        print!("| {} |", case.name);
        let sizes: Vec<_> = PbEncoding::ALL
            .iter()
            .map(|enc| {
                let start = Instant::now();
                let size = enc.size(&pb).ok();
                (size, start.elapsed().as_secs_f64())
            })
            .collect();
        for (size, _) in &sizes {
            match size {
                Some((clauses, _, aux)) => print!(" {aux} | {clauses} |"),
                None => print!(" - | - |"),
            }
        }
        println!();
        if sizes.iter().all(|(s, _)| s.is_some()) {
            all_managed += 1;
            for (t, (size, secs)) in totals.iter_mut().zip(&sizes) {
                let (clauses, _, aux) = size.unwrap_or_default();
                *t = (t.0 + aux, t.1 + clauses, t.2 + secs);
            }
        }
    }
    println!();
    println!("Totals over the {all_managed} constraints every encoding managed:");
    for (enc, (aux, clauses, secs)) in PbEncoding::ALL.iter().zip(totals) {
        println!(
            "- {enc}: {aux} auxiliaries, {clauses} clauses, {:.1} ms to encode",
            secs * 1e3
        );
    }
    enumerate_all(500);
}

/// Enumerates up to `cap` solutions of `models` with each encoding; prints the seconds.
fn enumerate_all(cap: usize) {
    println!();
    println!("Enumerating up to {cap} solutions of 8 models (8 constraints, 32 variables):");
    for enc in PbEncoding::ALL {
        let start = Instant::now();
        let mut found = 0;
        for seed in 0..8 {
            found += enumerate(enc, seed, cap);
        }
        println!(
            "- {enc}: {found} solutions in {:.1} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}

fn enumerate(enc: PbEncoding, seed: u64, cap: usize) -> usize {
    let n = 32;
    let mut rng = Rng(seed);
    let witness: Vec<bool> = (0..n).map(|_| rng.next() & 1 == 0).collect();
    let mut vars = model_core::VarAlloc::starting_at(n);
    let mut sink = model_core::VecSink::default();
    for i in 0..8 {
        let mut terms: Vec<(i64, Lit)> = Vec::new();
        for v in 0..n {
            if rng.next() & 1 == 0 {
                terms.push((rng.range(-60, 60), Var::new(v as u32).positive()));
            }
        }
        // The value under a hidden solution: every model has one.
        let value: i64 = terms
            .iter()
            .filter(|&&(_, l)| witness[l.var().index()])
            .map(|&(a, _)| a)
            .sum();
        let cmp = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly][i % 3];
        enc.encode_linear(&terms, cmp, value, &mut vars, &mut sink)
            .expect("small weights stay under the limit");
    }
    let mut solver = varisat::Solver::new();
    let to_varisat = |l: Lit| varisat::Lit::from_index(l.var().index(), l.is_positive());
    for c in &sink.clauses {
        solver.add_clause(&c.iter().map(|&l| to_varisat(l)).collect::<Vec<_>>());
    }
    let mut found = 0;
    while found < cap && solver.solve().unwrap_or(false) {
        let model = solver.model().unwrap_or_default();
        let block: Vec<varisat::Lit> = model
            .iter()
            .filter(|l| l.index() < n)
            .map(|&l| !l)
            .collect();
        solver.add_clause(&block);
        found += 1;
    }
    found
}
